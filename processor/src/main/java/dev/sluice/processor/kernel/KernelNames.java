package dev.sluice.processor.kernel;

/**
 * The names the kernel writer and the body translator agree on. Everything the kernel declares
 * starts with a prefix a node body cannot collide with: translated bodies keep the user's local names,
 * and the kernel's own locals and parameters start with {@code sl_}.
 */
public final class KernelNames {
  private KernelNames() {}

  /** Lane method parameters: the group, the lane and the item's queue slot. */
  public static final String G = "sl_g";
  public static final String LANE = "sl_lane";
  public static final String SLOT = "sl_slot";

  /** Kernel field holding {@code @Param} field {@code field} of stage {@code stage}. */
  public static String param(String stage, String field) {
    return "p_" + stage + "_" + field;
  }

  /**
   * Kernel field holding the length of {@code @Param} array {@code field} of {@code stage}: the array the
   * device holds has at least one element (OpenCL has no empty buffers), so its own length is not the field's.
   */
  public static String paramLength(String stage, String field) {
    return "pn_" + stage + "_" + field;
  }

  /** Global per-group copy of {@code @State} field {@code field} of {@code stage}. */
  public static String state(String stage, String field) {
    return "sv_" + stage + "_" + field;
  }

  /** {@code @Local} per-lane partial of {@code @Reduce} field {@code field} of {@code stage}. */
  public static String reducePartial(String stage, String field) {
    return "red_" + stage + "_" + field;
  }

  /** Global per-group slot of {@code @Reduce} field {@code field} of {@code stage}. */
  public static String reduceSlot(String stage, String field) {
    return "rs_" + stage + "_" + field;
  }

  /** The method that stages one push on channel {@code channel} of {@code stage}. */
  public static String push(String stage, String channel) {
    return "push_" + stage + "_" + channel;
  }

  /** The method that stages one raise of user signal {@code tag} by {@code stage}. */
  public static String raise(String stage, String tag) {
    return "raise_" + stage + "_" + tag;
  }

  /** The local holding component {@code component} of record parameter {@code param}. */
  public static String component(String param, String component) {
    return "sl_" + param + "_" + component;
  }

  /** A static helper method copied into the kernel. */
  public static String helper(String owner, String method) {
    return "h_" + owner.replace('.', '_') + "_" + method;
  }
}
