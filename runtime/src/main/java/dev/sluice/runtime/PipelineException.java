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

  public PipelineException(String pipeline, String node, String item, String message, Throwable cause) {
    super("pipeline " + pipeline + ", node '" + node + "'"
        + (item == null ? "" : ", item " + item) + ": " + message, cause);
    this.pipeline = pipeline;
    this.node = node;
    this.item = item;
  }

  public String pipeline() {
    return pipeline;
  }

  public String node() {
    return node;
  }

  /** The item being processed when the run failed, as text, or null. */
  public String item() {
    return item;
  }
}
