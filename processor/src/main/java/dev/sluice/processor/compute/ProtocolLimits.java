package dev.sluice.processor.compute;

/**
 * The signal limits of the scheduling protocol (seed 000): a node produces at most
 * {@code MAX_SIGNALS_PER_VEC} signals from one run's worth of data and at most
 * {@code MAX_SIGNALS_PER_SIG} from handling one signal. The runtime keeps its own copy of these in
 * its {@code Protocol} class; the two must stay equal.
 */
public final class ProtocolLimits {
  public static final int MAX_SIGNALS_PER_VEC = 2, MAX_SIGNALS_PER_SIG = 1;

  private ProtocolLimits() {}
}
