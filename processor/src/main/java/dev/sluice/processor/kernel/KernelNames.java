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
  /** A local of every translated body, and a parameter of every helper: the stage's index, for errors. */
  public static final String STAGE = "sl_stage";

  /** Java's arithmetic where OpenCL C differs (a runtime class the kernel calls). */
  public static final String ARITH = "dev.sluice.runtime.opencl.JavaArithmetic";
  /** Kernel method: an array index checked against the length; out of bounds fails the run. */
  public static final String INDEX = "sl_index";
  /** Kernel methods: an int / long divisor checked for zero, which fails the run. */
  public static final String DIVISOR_INT = "sl_divisorI";
  public static final String DIVISOR_LONG = "sl_divisorL";
  /** Kernel method: {@code Math.pow} with Java's special cases. */
  public static final String POW = "sl_pow";
  /**
   * Kernel methods: {@code Math.atan2} and {@code Math.IEEEremainder} with double parameters (Aparapi
   * prints a NaN or infinite double constant as OpenCL's float {@code NAN}/{@code INFINITY}, which
   * makes a two-argument built-in's call ambiguous).
   */
  public static final String ATAN2 = "sl_atan2";
  public static final String IEEE_REMAINDER = "sl_IEEEremainder";

  /** The arguments that give a check or a helper the lane's context: group, stage, item slot. */
  public static final String CONTEXT = G + ", " + STAGE + ", " + SLOT;

  /** The parameter after array parameter {@code array} of a helper: its length. */
  public static String length(String array) {
    return "sl_len_" + array;
  }

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
