package dev.sluice.runtime.input;

/**
 * The iterator behind {@link InputCursor#stream} threw: its throwable, whatever it is (a checked
 * exception too, which an {@code Iterator} can throw without declaring it), and the items it had
 * given before. Each driver turns it into the run's {@link dev.sluice.runtime.PipelineException},
 * which names the pipeline and its source and has the iterator's throwable as its cause.
 */
public final class InputFailure extends RuntimeException {
  private final long itemsBefore;

  InputFailure(long itemsBefore, Throwable cause) {
    super("the input iterator threw", cause);
    this.itemsBefore = itemsBefore;
  }

  /** Input items in the arrays the iterator gave before it failed. */
  public long itemsBefore() {
    return itemsBefore;
  }
}
