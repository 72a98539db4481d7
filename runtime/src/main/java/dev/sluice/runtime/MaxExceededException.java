package dev.sluice.runtime;

/** A node pushed more items to a channel in one call (of run or a handler) than the channel's {@code @Max}. */
public final class MaxExceededException extends RuntimeException {
  /**
   * A push past {@code max} on {@code channel}.
   *
   * @param channel the channel's name
   * @param max its {@code @Max}
   */
  public MaxExceededException(String channel, int max) {
    super("pushed more than @Max(" + max + ") items to channel '" + channel + "' in one call");
  }
}
