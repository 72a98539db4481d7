package dev.sluice.processor.kernel;

import com.squareup.javapoet.TypeName;
import javax.lang.model.type.TypeMirror;

/**
 * The names the kernel writer and the body translator agree on. The user's locals and parameters are
 * printed with the prefix {@code u_} ({@link #user}), which no name of the kernel's own has; the
 * kernel's own locals and parameters start with {@code sl_}, which a node body may not use.
 */
public final class KernelNames {
  private KernelNames() {}

  /** What every name of the kernel's own locals and parameters starts with; a node body may not use it. */
  public static final String PREFIX = "sl_";

  /**
   * A name the user wrote (a stage, channel, field, tag or component), as a part of a generated name:
   * each {@code _} in it becomes {@code _0}. Generated names join their parts with {@code _} ({@code
   * "push_" + stage + "_" + channel}); inside a part a {@code _} is then always followed by {@code 0},
   * while a joining one is followed by a name's first character or by a number that does not start with
   * 0, so different parts never make one name: stage {@code a} with channel {@code b_c} gives {@code
   * push_a_b_0c}, stage {@code a_b} with channel {@code c} gives {@code push_a_0b_c}. A name without
   * {@code _} (Java's usual camelCase) is kept as it is.
   */
  public static String part(String name) {
    return name.replace("_", "_0");
  }

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
  /**
   * Kernel method: whether the lane's group has not failed a check; loops that can fail test it, so
   * that a failure ends them as Java's exception would.
   */
  public static final String GOING = "sl_going";
  /** Kernel method: {@code Math.pow} with Java's special cases. */
  public static final String POW = "sl_pow";
  /** Kernel method: {@code Math.exp}, NaN for a NaN that PoCL would fold into 0. */
  public static final String EXP = "sl_exp";
  /** Kernel method: {@code Math.atan}, {@code ±π/2} for an infinity PoCL would fold to a float's. */
  public static final String ATAN = "sl_atan";
  /**
   * Kernel methods: {@code Math.atan2} and {@code Math.IEEEremainder} with double parameters (Aparapi
   * prints a NaN or infinite double constant as OpenCL's float {@code NAN}/{@code INFINITY}, which
   * makes a two-argument built-in's call ambiguous).
   */
  public static final String ATAN2 = "sl_atan2";
  public static final String IEEE_REMAINDER = "sl_IEEEremainder";

  /** Local of a lane method: the capacity of the queue it reads, per group (read from the plan). */
  public static final String CAPACITY = "sl_cap";

  /** Local of a lane method: the capacity of edge {@code edge}'s target queue, per group (read from the plan). */
  public static String edgeCapacity(int edge) {
    return CAPACITY + edge;
  }

  /** The arguments that give a check or a helper the lane's context: group, stage, item slot. */
  public static final String CONTEXT = G + ", " + STAGE + ", " + SLOT;

  /** The parameter after array parameter {@code array} of a helper: its length. */
  public static String length(String array) {
    return PREFIX + "len_" + array;
  }

  /** Kernel field holding {@code @Param} field {@code field} of stage {@code stage}. */
  public static String param(String stage, String field) {
    return "p_" + part(stage) + "_" + part(field);
  }

  /**
   * Kernel field holding the length of {@code @Param} array {@code field} of {@code stage}: the array the
   * device holds has at least one element (OpenCL has no empty buffers), so its own length is not the field's.
   */
  public static String paramLength(String stage, String field) {
    return "pn_" + part(stage) + "_" + part(field);
  }

  /** Global per-group copy of {@code @State} field {@code field} of {@code stage}. */
  public static String state(String stage, String field) {
    return "sv_" + part(stage) + "_" + part(field);
  }

  /** {@code @Local} per-lane partial of {@code @Reduce} field {@code field} of {@code stage}. */
  public static String reducePartial(String stage, String field) {
    return "red_" + part(stage) + "_" + part(field);
  }

  /** Global per-group slot of {@code @Reduce} field {@code field} of {@code stage}. */
  public static String reduceSlot(String stage, String field) {
    return "rs_" + part(stage) + "_" + part(field);
  }

  /** The method that stages one push on channel {@code channel} of {@code stage}. */
  public static String push(String stage, String channel) {
    return "push_" + part(stage) + "_" + part(channel);
  }

  /** The method that stages one raise of user signal {@code tag} by {@code stage}. */
  public static String raise(String stage, String tag) {
    return "raise_" + part(stage) + "_" + part(tag);
  }

  /**
   * The kernel field's type for a {@code @Param} of {@code type}: its own, but {@code int} for a
   * {@code boolean} or {@code short}, which Aparapi cannot pass as kernel arguments (a boolean aborted
   * the JVM on PoCL, a short was refused as an invalid argument). {@link #paramRead} reads it back.
   */
  public static TypeName paramType(TypeMirror type) {
    return switch (type.getKind()) {
      case BOOLEAN, SHORT -> TypeName.INT;
      default -> TypeName.get(type);
    };
  }

  /** A read of {@code @Param} field {@code field} (kernel field {@code name}) with the field's own type. */
  public static String paramRead(TypeMirror type, String name) {
    return switch (type.getKind()) {
      case BOOLEAN -> "(" + name + " != 0)";
      case SHORT -> "((short) " + name + ")";
      default -> name;
    };
  }

  /** The prefix of every name the user wrote that the kernel prints: no name of the kernel's own starts with it. */
  public static final String USER = "u_";

  /**
   * The kernel's name for a local or parameter the user named {@code name}. Every such name is
   * printed with {@link #USER} before it, so that none can hide a field or method of the kernel
   * ({@code plan}, {@code ctl}, {@code q_stage}, ...) in its Java source, nor be an OpenCL C keyword
   * or built-in function ({@code half}, {@code global}, {@code sin}, ...) in the OpenCL Aparapi
   * writes from it.
   */
  public static String user(String name) {
    return USER + name;
  }

  /**
   * The kernel's name for the {@code k}th local called {@code name} in one method ({@code k} from 2):
   * Java lets blocks side by side declare the same name, but the kernel's bytecode has no blocks, and
   * Aparapi can declare both in one C scope. A digit after the last underscore keeps it apart from
   * {@link #component}'s names.
   */
  public static String sibling(String name, int k) {
    return PREFIX + part(name) + "_" + k;
  }

  /** The local holding component {@code component} of record parameter {@code param}. */
  public static String component(String param, String component) {
    return PREFIX + part(param) + "_" + part(component);
  }

  /** The {@code k}th method of the chain that gives Aparapi one more sorting round per helper (from 1). */
  public static String order(int k) {
    return PREFIX + "order" + k;
  }

  /** The flag that {@code break} sets in the {@code n}th loop of a body that has one (see {@link LoopExits}). */
  public static String loopBreak(int n) {
    return PREFIX + "break" + n;
  }

  /** The flag that {@code continue} sets in the {@code n}th loop of a body that has one (see {@link LoopExits}). */
  public static String loopNext(int n) {
    return PREFIX + "next" + n;
  }

  /**
   * Whether the {@code n}th loop of a body, a {@code do}-{@code while} with a {@code break}, goes
   * round again: its condition, unless the body broke out.
   */
  public static String loopAgain(int n) {
    return PREFIX + "again" + n;
  }

  /** A static helper method copied into the kernel. */
  public static String helper(String owner, String method) {
    return "h_" + part(owner).replace('.', '_') + "_" + part(method);
  }

  // ---------------------------------------------------------------- the kernel's buffers, per stage

  /** Input queue of {@code stage}: one array per column, {@code suffix} the column's ({@link #queue(String)} + suffix). */
  public static String queue(String stage) {
    return "q_" + part(stage);
  }

  /** A lane's staged pushes on channel {@code channel} of {@code stage}. */
  public static String staging(String stage, String channel) {
    return "st_" + part(stage) + "_" + part(channel);
  }

  /** Open parents of region {@code region}, by parent-buffer slot. */
  public static String parents(int region) {
    return "par_" + region;
  }

  /** The device's buffer of sink {@code sink}. */
  public static String sinkBuffer(String sink) {
    return "sink_" + part(sink);
  }

  /** Payloads of user signal {@code tag} in flight. */
  public static String pool(String tag) {
    return "pl_" + part(tag);
  }

  /** The payloads of {@code tag} that {@code stage}'s lanes raised in this run. */
  public static String raisedPayload(String stage, String tag) {
    return "rp_" + part(stage) + "_" + part(tag);
  }

  /** How many {@code tag} signals {@code stage} has raised per group: its next payload slot. */
  public static String raisedCount(String stage, String tag) {
    return "rn_" + part(stage) + "_" + part(tag);
  }

  /** The signal kind of user tag {@code tag} (a kernel field set from the plan). */
  public static String signalKind(String tag) {
    return "k_" + part(tag);
  }

  // ---------------------------------------------------------------- host-side fields the driver and Result read

  /** Host field: the initial value of {@code @State} {@code field} of {@code stage}, from a fresh node object. */
  public static String stateInit(String stage, String field) {
    return "init_" + part(stage) + "_" + part(field);
  }

  /** Host field: the per-group values of {@code array} after the last slice that completed. */
  public static String kept(String array) {
    return array + "_kept";
  }

  /** Host field: the items sink {@code sink} gathered over the slices (read by the generated {@code Result}). */
  public static String sinkItems(String sink) {
    return "acc_" + part(sink);
  }

  /** Host field: {@code @Reduce} {@code field} of {@code stage} combined over the groups (read by {@code Result}). */
  public static String reduceResult(String stage, String field) {
    return "result_" + part(stage) + "_" + part(field);
  }

  // ---------------------------------------------------------------- the kernel's methods, per stage

  /** Every lane's part of a run of {@code stage}. */
  public static String lanes(String stage) {
    return "lanes_" + part(stage);
  }

  /** A node's translated {@code run}, for one lane's item. */
  public static String runBody(String stage) {
    return "run_" + part(stage);
  }

  /** Lane 0 opens the next parent of enumerator {@code stage}. */
  public static String open(String stage) {
    return "open_" + part(stage);
  }

  /** An enumerator's translated {@code count}. */
  public static String count(String stage) {
    return "count_" + part(stage);
  }

  /** Lane 0 runs a handler of {@code stage}. */
  public static String signal(String stage) {
    return "signal_" + part(stage);
  }

  /** Handler number {@code handler} of {@code stage}, translated. */
  public static String handler(String stage, int handler) {
    return "handle_" + part(stage) + "_" + handler;
  }

  /** Lane 0's prefix sums and reservations after a run of {@code stage}. */
  public static String reserve(String stage) {
    return "reserve_" + part(stage);
  }

  /** Every lane copies its staged items of {@code stage} to the target queues. */
  public static String scatter(String stage) {
    return "scatter_" + part(stage);
  }
}
