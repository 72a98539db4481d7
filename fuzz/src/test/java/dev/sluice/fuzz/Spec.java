package dev.sluice.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** One generated pipeline: its graph, node bodies, settings and input, as plain data. */
final class Spec {
  final long seed;
  final String pkg;
  final String name = "P";
  /** {@code @Pipeline} settings; 0 = the default (not written). */
  int width;
  int queueScale;
  int signalQueue;
  final List<Ty.Rec> records = new ArrayList<>();
  final List<Ty.Rec> tags = new ArrayList<>();
  final List<Stage> stages = new ArrayList<>();
  final List<SinkSpec> sinks = new ArrayList<>();
  /** Static helpers, in the order made: a helper calls only earlier ones. */
  final List<Helper> helpers = new ArrayList<>();
  /** The features this pipeline uses, for the failure's one-line description. */
  final Set<String> used = new TreeSet<>();
  List<Object> input = List.of();
  /**
   * The one stage that may fail on some items ({@code "errors"}), or null: the run then fails at it,
   * on every back end, if the reference fails there for any item.
   */
  Stage failing;
  /** Whether the input is {@code from, from + 1, ...} of an int or long source, so runRange can run it. */
  boolean range;
  /** {@code @Pipeline(gpu = false)}: its bodies may leave the GPU subset, and OpenCL must refuse it. */
  boolean cpuOnly;

  Spec(long seed) {
    this.seed = seed;
    this.pkg = "fz" + Long.toUnsignedString(seed, 36);
  }

  Stage source() {
    return stages.get(0);
  }

  List<Edge> consumers(Channel c) {
    List<Edge> out = new ArrayList<>();
    for (Stage s : stages) {
      for (Channel in : s.inputs) {
        if (in == c) {
          out.add(new Edge(c, s, null));
        }
      }
    }
    for (SinkSpec k : sinks) {
      if (k.from == c) {
        out.add(new Edge(c, null, k));
      }
    }
    return out;
  }

  /** An edge from a channel to a node stage or a sink. */
  record Edge(Channel from, Stage to, SinkSpec sink) {}

  enum Kind { SOURCE, TRANSFORM, ENUMERATOR }

  /** A stage: the source, a transform node or an enumerator. */
  static final class Stage {
    final int id;
    final String name;
    final Kind kind;
    final List<Channel> inputs = new ArrayList<>();
    /** The enumerators (stage ids) of the regions this stage is in, outermost first. */
    final List<Integer> stack;
    Ty inType;
    final List<Channel> channels = new ArrayList<>();
    // enumerator
    Expr count;
    /**
     * An enumerator's statements in {@code count} before its {@code return}: updates of its
     * {@code @Reduce} fields ({@code countreduce}), run once per parent opened; empty for other stages.
     */
    final List<Stmt> countBody = new ArrayList<>();
    int parentBuffer;
    int maxElements;
    // transform
    final List<Field> fields = new ArrayList<>();
    Ty parentType;
    boolean usesParent;
    final List<Stmt> run = new ArrayList<>();
    List<Stmt> begin;
    List<Stmt> end;
    final Map<Ty.Rec, List<Stmt>> userHandlers = new LinkedHashMap<>();
    final List<Ty.Rec> raises = new ArrayList<>();

    Stage(int id, String name, Kind kind, List<Integer> stack) {
      this.id = id;
      this.name = name;
      this.kind = kind;
      this.stack = List.copyOf(stack);
    }

    String className() {
      return "N" + name.substring(1);
    }

    boolean inRegion() {
      return !stack.isEmpty();
    }

    Field field(String name) {
      return fields.stream().filter(f -> f.name.equals(name)).findFirst().orElseThrow();
    }

    boolean hasRunPush() {
      return run.stream().anyMatch(s -> s instanceof Stmt.Push || s instanceof Stmt.LoopPush || s instanceof Stmt.Scan
          || s instanceof Stmt.Declare);
    }
  }

  /** An output channel of a stage. The source's and an enumerator's is their only one. */
  static final class Channel {
    final Stage owner;
    final String name;
    final Ty ty;
    int max;
    final boolean aggregate;
    /** The regions its items are in (the owner's, one less for {@code @Aggregate}). */
    final List<Integer> stack;

    Channel(Stage owner, String name, Ty ty, int max, boolean aggregate, List<Integer> stack) {
      this.owner = owner;
      this.name = name;
      this.ty = ty;
      this.max = max;
      this.aggregate = aggregate;
      this.stack = List.copyOf(stack);
    }

    /** The {@code @From} text naming it. */
    String ref() {
      return owner.channels.size() == 1 ? owner.name : owner.name + "." + name;
    }

    @Override
    public String toString() {
      return owner.name + "." + name;
    }
  }

  static final class SinkSpec {
    final String name;
    final Channel from;

    SinkSpec(String name, Channel from) {
      this.name = name;
      this.from = from;
    }
  }

  enum Role { PARAM, PARAM_ARRAY, STATE, REDUCE }

  /** A field of a node. */
  static final class Field {
    final String name;
    final Role role;
    final Prim type;
    /** {@code @Reduce}: the operator's name in {@code ReduceOp}. */
    String op;
    /** {@code @Reduce} reset in END (read by handlers), else never reset nor read. */
    boolean perParent;
    /** {@code @Param}: value per variant (a boxed scalar or a primitive array); {@code @State}: initial value. */
    Object[] variants;

    Field(String name, Role role, Prim type) {
      this.name = name;
      this.role = role;
      this.type = type;
    }

    /** The reduction's identity. */
    Object identity() {
      return switch (op) {
        case "SUM", "OR", "XOR" -> type.box(0);
        case "PRODUCT" -> type.box(1);
        case "AND" -> type.box(-1);
        case "MIN" -> switch (type) {
          case INT -> Integer.MAX_VALUE; case LONG -> Long.MAX_VALUE;
          case FLOAT -> Float.POSITIVE_INFINITY; case DOUBLE -> Double.POSITIVE_INFINITY;
        };
        case "MAX" -> switch (type) {
          case INT -> Integer.MIN_VALUE; case LONG -> Long.MIN_VALUE;
          case FLOAT -> Float.NEGATIVE_INFINITY; case DOUBLE -> Double.NEGATIVE_INFINITY;
        };
        default -> throw new IllegalStateException(op);
      };
    }

    /** The identity as Java text, for a handler's reset. */
    String identityJava() {
      return switch (op) {
        case "SUM", "OR", "XOR" -> type.literal(0);
        case "PRODUCT" -> type.literal(1);
        case "AND" -> type.literal(-1);
        case "MIN" -> switch (type) {
          case INT -> "Integer.MAX_VALUE"; case LONG -> "Long.MAX_VALUE";
          case FLOAT -> "Float.POSITIVE_INFINITY"; case DOUBLE -> "Double.POSITIVE_INFINITY";
        };
        case "MAX" -> switch (type) {
          case INT -> "Integer.MIN_VALUE"; case LONG -> "Long.MIN_VALUE";
          case FLOAT -> "Float.NEGATIVE_INFINITY"; case DOUBLE -> "Double.NEGATIVE_INFINITY";
        };
        default -> throw new IllegalStateException(op);
      };
    }
  }

  /** A one-line description: seed, settings, stages and the features they use. */
  String describe() {
    StringBuilder b = new StringBuilder();
    b.append("seed ").append(seed).append(" [").append(String.join(",", used)).append("] ");
    for (Stage s : stages) {
      if (s.kind == Kind.SOURCE) {
        b.append(s.name).append(":").append(s.inType);
      } else {
        b.append(" ").append(s.name).append(s.kind == Kind.ENUMERATOR ? "=enum(" : "(");
        for (int i = 0; i < s.inputs.size(); i++) {
          b.append(i > 0 ? "+" : "").append(s.inputs.get(i));
        }
        b.append(")");
        if (s.inRegion()) {
          b.append("@r").append(s.stack.size());
        }
      }
    }
    for (SinkSpec k : sinks) {
      b.append(" ").append(k.name).append("<-").append(k.from);
    }
    return b.toString();
  }
}
