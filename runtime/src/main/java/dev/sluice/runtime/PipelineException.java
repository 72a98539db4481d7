package dev.sluice.runtime;

/**
 * A run failed on bad input or in user code. The message names the pipeline, the node, and the item
 * being processed; the cause is the original exception. The pipeline object stays usable: every run
 * starts from fresh queues and node instances.
 */
public class PipelineException extends RuntimeException {
  private final String pipeline;
  private final String node;
  private final String item;
  private final String detail;

  /**
   * A failure of {@code node} in {@code pipeline} while it processed {@code item} (null when none).
   *
   * @param pipeline the pipeline's name
   * @param node the stage's name
   * @param item the item as text, or null
   * @param message what went wrong
   * @param cause the exception that user code or the run threw, or null
   */
  public PipelineException(String pipeline, String node, String item, String message, Throwable cause) {
    super("pipeline " + pipeline + ", node '" + node + "'"
        + (item == null ? "" : ", item " + item) + ": " + message, cause);
    this.pipeline = pipeline;
    this.node = node;
    this.item = item;
    this.detail = message;
  }

  /** The name of the pipeline whose run failed. */
  public String pipeline() {
    return pipeline;
  }

  /** The name of the stage that failed (the source's, for a failure reading the input). */
  public String node() {
    return node;
  }

  /** The item being processed when the run failed, as text, or null. */
  public String item() {
    return item;
  }

  /** What went wrong, as the message says it after the pipeline, the node and the item. */
  public String detail() {
    return detail;
  }
}
