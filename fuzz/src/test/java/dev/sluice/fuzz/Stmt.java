package dev.sluice.fuzz;

import java.util.ArrayList;
import java.util.List;

/** A statement of a generated node body: printed as Java, executed by the reference interpreter. */
abstract class Stmt {
  /** Where an executed statement's effects go. */
  interface Effects {
    void push(Spec.Channel channel, Object value);

    void raise(Ty.Rec tag, Object value);
  }

  abstract void java(StringBuilder b, String indent);

  abstract void exec(Expr.Env env, Effects fx);

  /** The most pushes it makes to {@code channel}. */
  int pushes(Spec.Channel channel) {
    return 0;
  }

  static Object build(Ty ty, List<Expr> comps, Expr.Env env) {
    if (!ty.isRecord()) {
      return comps.get(0).eval(env);
    }
    List<Object> v = new ArrayList<>();
    for (Expr e : comps) {
      v.add(e.eval(env));
    }
    return List.copyOf(v);
  }

  static String valueJava(Ty ty, List<Expr> comps) {
    if (comps == null) {
      return "x";
    }
    if (!ty.isRecord()) {
      return comps.get(0).java();
    }
    StringBuilder b = new StringBuilder("new ").append(ty.rec.name).append("(");
    for (int k = 0; k < comps.size(); k++) {
      b.append(k > 0 ? ", " : "").append(comps.get(k).java());
    }
    return b.append(")").toString();
  }

  /** {@code [if (guard)] ch.push(value)}; comps == null pushes the item itself. */
  static final class Push extends Stmt {
    final Spec.Channel ch;
    final List<Expr> comps;
    final Expr.Cond guard;

    Push(Spec.Channel ch, List<Expr> comps, Expr.Cond guard) {
      this.ch = ch;
      this.comps = comps;
      this.guard = guard;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent);
      if (guard != null) {
        b.append("if ").append(guard.java()).append(" ");
      }
      b.append(ch.name).append(".push(").append(valueJava(ch.ty, comps)).append(");\n");
    }

    void exec(Expr.Env env, Effects fx) {
      if (guard == null || guard.test(env)) {
        fx.push(ch, comps == null ? env.item : build(ch.ty, comps, env));
      }
    }

    int pushes(Spec.Channel c) {
      return c == ch ? 1 : 0;
    }
  }

  /**
   * {@code for (int i = 0; i < count; i++) ch.push(value(i))}, count in 0..most; with {@link #exits},
   * a {@code continue} when {@code skip} holds and a {@code break} when {@code stop} does (before or
   * after the push), and perhaps as {@code { int i = -1; while (i + 1 < count) { i++; ... } }}; or
   * as {@code { int i = -1; if (0 < count) { do { i++; ... } while (i + 1 < count); } }} (whose
   * {@code continue} goes to the condition), the same loop.
   */
  static final class LoopPush extends Stmt {
    final Spec.Channel ch;
    final Expr count;
    final int most;
    List<Expr> comps;
    /**
     * Statements at the start of every pass ({@code compound}: updates of a local declared before the
     * loop, {@link Declare}, which the pushes read); empty for most loops.
     */
    final List<Stmt> pre = new ArrayList<>();
    Expr.Cond skip;
    Expr.Cond stop;
    boolean stopFirst;
    boolean asWhile;
    boolean asDoWhile;

    LoopPush(Spec.Channel ch, Expr count, int most, List<Expr> comps) {
      this.ch = ch;
      this.count = count;
      this.most = most;
      this.comps = comps;
    }

    /** Gives the loop its exits (either condition may be null). */
    void exits(Expr.Cond skip, Expr.Cond stop, boolean stopFirst, boolean asWhile) {
      this.skip = skip;
      this.stop = stop;
      this.stopFirst = stopFirst;
      this.asWhile = asWhile;
    }

    void java(StringBuilder b, String indent) {
      String in = indent + "  ";
      if (asDoWhile) {
        b.append(indent).append("{\n");
        b.append(in).append("int i = -1;\n");
        b.append(in).append("if (0 < ").append(count.java()).append(") {\n");
        b.append(in).append("  do {\n");
        b.append(in).append("    i++;\n");
        body(b, in + "    ");
        b.append(in).append("  } while (i + 1 < ").append(count.java()).append(");\n");
        b.append(in).append("}\n");
        b.append(indent).append("}\n");
      } else if (asWhile) {
        b.append(indent).append("{\n");
        b.append(in).append("int i = -1;\n");
        b.append(in).append("while (i + 1 < ").append(count.java()).append(") {\n");
        b.append(in).append("  i++;\n");
        body(b, in + "  ");
        b.append(in).append("}\n");
        b.append(indent).append("}\n");
      } else {
        b.append(indent).append("for (int i = 0; i < ").append(count.java()).append("; i++) {\n");
        body(b, in);
        b.append(indent).append("}\n");
      }
    }

    private void body(StringBuilder b, String indent) {
      pre.forEach(st -> st.java(b, indent));
      if (skip != null) {
        b.append(indent).append("if ").append(skip.java()).append(" {\n");
        b.append(indent).append("  continue;\n");
        b.append(indent).append("}\n");
      }
      if (stop != null && stopFirst) {
        b.append(indent).append("if ").append(stop.java()).append(" break;\n");
      }
      b.append(indent).append(ch.name).append(".push(").append(valueJava(ch.ty, comps)).append(");\n");
      if (stop != null && !stopFirst) {
        b.append(indent).append("if ").append(stop.java()).append(" break;\n");
      }
    }

    void exec(Expr.Env env, Effects fx) {
      int n = (Integer) count.eval(env);
      if (n < 0 || n > most) {
        throw new IllegalStateException("generator bug: loop count " + n + " outside 0.." + most);
      }
      for (int i = 0; i < n; i++) {
        env.loop = i;
        for (Stmt st : pre) {
          st.exec(env, fx);
        }
        if (skip != null && skip.test(env)) {
          continue;
        }
        if (stop != null && stopFirst && stop.test(env)) {
          break;
        }
        fx.push(ch, build(ch.ty, comps, env));
        if (stop != null && !stopFirst && stop.test(env)) {
          break;
        }
      }
    }

    int pushes(Spec.Channel c) {
      return c == ch ? most : 0;
    }
  }

  /**
   * {@code { T v = value; if (cond) { then } else { otherwise } }}, or with no condition
   * {@code { T v = value; then }}: a block with a local that its statements may read. Every such
   * block names its local {@code v}, so a body with two has blocks side by side that declare the same
   * name, possibly of different types.
   */
  static final class Branch extends Stmt {
    static final String LOCAL = "v";

    final Expr value;
    final Expr.Cond cond;
    final List<Stmt> then;
    final List<Stmt> otherwise;
    /**
     * How {@code v} gets its value ({@code late}): {@code T v = value;} (empty), or declared with no
     * value and assigned {@code value} in each branch of an {@code if (value < k0) ... else ...}, or of
     * an {@code if / else if (value < k1) / else} chain (one threshold or two). The value is pure, so
     * every form gives {@code v} the same value.
     */
    final int[] late;

    Branch(Expr value, Expr.Cond cond, List<Stmt> then, List<Stmt> otherwise, int[] late) {
      this.value = value;
      this.cond = cond;
      this.then = then;
      this.otherwise = otherwise;
      this.late = late;
    }

    void java(StringBuilder b, String indent) {
      String in = indent + "  ";
      b.append(indent).append("{\n");
      if (late.length == 0) {
        b.append(in).append(value.type.java).append(" ").append(LOCAL).append(" = ").append(value.java()).append(";\n");
      } else {
        b.append(in).append(value.type.java).append(" ").append(LOCAL).append(";\n");
        b.append(in);
        for (int k : late) {
          b.append("if (").append(value.java()).append(" < ").append(k).append(") {\n");
          b.append(in).append("  ").append(LOCAL).append(" = ").append(value.java()).append(";\n");
          b.append(in).append("} else ");
        }
        b.append("{\n").append(in).append("  ").append(LOCAL).append(" = ").append(value.java()).append(";\n");
        b.append(in).append("}\n");
      }
      if (cond == null) {
        then.forEach(st -> st.java(b, in));
        b.append(indent).append("}\n");
        return;
      }
      b.append(in).append("if ").append(cond.java()).append(" {\n");
      then.forEach(st -> st.java(b, in + "  "));
      if (otherwise.isEmpty()) {
        b.append(in).append("}\n");
      } else {
        b.append(in).append("} else {\n");
        otherwise.forEach(st -> st.java(b, in + "  "));
        b.append(in).append("}\n");
      }
      b.append(indent).append("}\n");
    }

    void exec(Expr.Env env, Effects fx) {
      env.locals.put(LOCAL, value.eval(env));
      try {
        for (Stmt st : cond == null || cond.test(env) ? then : otherwise) {
          st.exec(env, fx);
        }
      } finally {
        env.locals.remove(LOCAL);
      }
    }

    int pushes(Spec.Channel c) {
      return Math.max(then.stream().mapToInt(st -> st.pushes(c)).sum(),
          otherwise.stream().mapToInt(st -> st.pushes(c)).sum());
    }
  }

  /**
   * {@code for (int j = 0; j < count; j++) { inner; [if (stop) break;] }}: a loop around a loop of
   * pushes, whose count and values may read {@code j}; the outer {@code break} follows the inner
   * loop, so the kernel has an outer loop's flag around an inner loop's.
   */
  static final class Nest extends Stmt {
    static final String INDEX = "j";

    final Expr count;
    final int most;
    final LoopPush inner;
    final Expr.Cond stop;

    Nest(Expr count, int most, LoopPush inner, Expr.Cond stop) {
      this.count = count;
      this.most = most;
      this.inner = inner;
      this.stop = stop;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent).append("for (int ").append(INDEX).append(" = 0; ").append(INDEX).append(" < ")
          .append(count.java()).append("; ").append(INDEX).append("++) {\n");
      inner.java(b, indent + "  ");
      if (stop != null) {
        b.append(indent).append("  if ").append(stop.java()).append(" break;\n");
      }
      b.append(indent).append("}\n");
    }

    void exec(Expr.Env env, Effects fx) {
      int n = (Integer) count.eval(env);
      if (n < 0 || n > most) {
        throw new IllegalStateException("generator bug: loop count " + n + " outside 0.." + most);
      }
      try {
        for (int j = 0; j < n; j++) {
          env.locals.put(INDEX, j);
          inner.exec(env, fx);
          if (stop != null && stop.test(env)) {
            break;
          }
        }
      } finally {
        env.locals.remove(INDEX);
      }
    }

    int pushes(Spec.Channel c) {
      return most * inner.pushes(c);
    }
  }

  /**
   * A push after a loop whose trip count is data-dependent:
   * {@code { int lim = bound; int acc = 0; int q; <loop over q = 0 .. lim adding term(q) to acc>;
   * acc += q; push }},
   * {@code bound} in 0..31 or 0..63. The loop has one of six forms, most of them left by a
   * {@code break} that the kernel writes as a flag: {@code for (;;)} with the test first,
   * {@code while (true)}, a {@code for} to 64 with the test last, {@code while (q <= lim)}, a
   * do-while, and {@code for (q = 0; q <= lim; q++)} with perhaps a {@code continue}. PoCL's
   * vectorized work-group loops once ran the first form one pass too long for bounds 14 and 30,
   * which the counter read after the loop shows.
   */
  static final class Scan extends Stmt {
    static final String INDEX = "q";
    static final String LIMIT = "lim";
    static final String SUM = "acc";
    static final int FORMS = 6;

    final Expr bound;
    final int form;
    final Expr term;
    final Expr.Cond skip;
    final Push push;

    Scan(Expr bound, int form, Expr term, Expr.Cond skip, Push push) {
      this.bound = bound;
      this.form = form;
      this.term = term;
      this.skip = form == 5 ? skip : null;
      this.push = push;
    }

    void java(StringBuilder b, String indent) {
      String in = indent + "  ";
      String add = in + "  " + SUM + " += " + term.java() + ";\n";
      b.append(indent).append("{\n");
      b.append(in).append("int ").append(LIMIT).append(" = ").append(bound.java()).append(";\n");
      b.append(in).append("int ").append(SUM).append(" = 0;\n");
      String q = INDEX;
      switch (form) {
        case 0 -> b.append(in).append("int ").append(q).append(";\n")
            .append(in).append("for (").append(q).append(" = 0; ; ").append(q).append("++) {\n")
            .append(in).append("  if (").append(q).append(" > ").append(LIMIT).append(") break;\n").append(add)
            .append(in).append("}\n");
        case 1 -> b.append(in).append("int ").append(q).append(" = 0;\n")
            .append(in).append("while (true) {\n")
            .append(in).append("  if (").append(q).append(" > ").append(LIMIT).append(") break;\n").append(add)
            .append(in).append("  ").append(q).append("++;\n")
            .append(in).append("}\n");
        case 2 -> b.append(in).append("int ").append(q).append(";\n")
            .append(in).append("for (").append(q).append(" = 0; ").append(q).append(" < 64; ").append(q)
            .append("++) {\n").append(add)
            .append(in).append("  if (").append(q).append(" >= ").append(LIMIT).append(") break;\n")
            .append(in).append("}\n");
        case 3 -> b.append(in).append("int ").append(q).append(" = 0;\n")
            .append(in).append("while (").append(q).append(" <= ").append(LIMIT).append(") {\n").append(add)
            .append(in).append("  ").append(q).append("++;\n")
            .append(in).append("}\n");
        case 4 -> b.append(in).append("int ").append(q).append(" = 0;\n")
            .append(in).append("do {\n").append(add)
            .append(in).append("  ").append(q).append("++;\n")
            .append(in).append("} while (").append(q).append(" <= ").append(LIMIT).append(");\n");
        default -> {
          b.append(in).append("int ").append(q).append(";\n");
          b.append(in).append("for (").append(q).append(" = 0; ").append(q).append(" <= ").append(LIMIT)
              .append("; ").append(q).append("++) {\n");
          if (skip != null) {
            b.append(in).append("  if ").append(skip.java()).append(" continue;\n");
          }
          b.append(add).append(in).append("}\n");
        }
      }
      b.append(in).append(SUM).append(" += ").append(q).append(";\n");
      push.java(b, in);
      b.append(indent).append("}\n");
    }

    void exec(Expr.Env env, Effects fx) {
      int lim = (Integer) bound.eval(env);
      if (lim < 0 || lim > 63) {
        throw new IllegalStateException("generator bug: scan bound " + lim + " outside 0..63");
      }
      env.locals.put(LIMIT, lim);
      int acc = 0;
      try {
        // every form adds term(q) for q = 0 .. lim, the last skipping where skip holds
        for (int q = 0; q <= lim; q++) {
          env.locals.put(INDEX, q);
          if (skip != null && skip.test(env)) {
            continue;
          }
          acc += (Integer) term.eval(env);
        }
        env.locals.remove(INDEX);
        // the counter after the loop: one past the bound, but the for to 64 breaks before its update
        acc += form == 2 ? lim : lim + 1;
        env.locals.put(SUM, acc);
        push.exec(env, fx);
      } finally {
        env.locals.remove(INDEX);
        env.locals.remove(LIMIT);
        env.locals.remove(SUM);
      }
    }

    int pushes(Spec.Channel c) {
      return push.pushes(c);
    }
  }

  /**
   * The type of a variable that a compound assignment updates: a local of any numeric type Java
   * allows in node code ({@code char} is outside the GPU subset), or a {@code @State} field. A
   * {@code byte}, {@code short} or {@code int} holds an {@code Integer} in the reference and reads as
   * an {@code int} ({@link #prim}), as Java promotes it.
   */
  enum Var {
    BYTE("byte", Prim.INT, 128), SHORT("short", Prim.INT, 32768), INT("int", Prim.INT, 2147483648.0),
    LONG("long", Prim.LONG, 9223372036854775808.0), FLOAT("float", Prim.FLOAT, Double.POSITIVE_INFINITY),
    DOUBLE("double", Prim.DOUBLE, Double.POSITIVE_INFINITY);

    final String java;
    /** What a read of it is in an expression: its unary promotion. */
    final Prim prim;
    /** The largest absolute value it can hold. */
    final double max;

    Var(String java, Prim prim, double max) {
      this.java = java;
      this.prim = prim;
      this.max = max;
    }

    static Var of(Prim p) {
      return switch (p) { case INT -> INT; case LONG -> LONG; case FLOAT -> FLOAT; case DOUBLE -> DOUBLE; };
    }

    boolean integral() {
      return prim.integral();
    }

    /** Java's conversion of a boxed primitive to this type: {@code (byte)} of a floating value through {@code int}. */
    Object narrow(Object v) {
      return switch (this) {
        case BYTE -> Expr.Narrow.narrow("byte", v);
        case SHORT -> Expr.Narrow.narrow("short", v);
        default -> prim.cast(v);
      };
    }
  }

  /**
   * {@code name op= rhs;} ({@code rhs} printed without its outer parentheses) or {@code name++;},
   * {@code ++name;}, {@code name--;}, {@code --name;} ({@code rhs} null, {@code op} the statement's
   * operator with {@code "pre"} or {@code "post"}): on a {@link Declare}'s local or a {@code @State}
   * field. Java computes {@code name = (T) (name op (rhs))} in the binary numeric promotion of the
   * two types; a shift promotes each operand alone and keeps the left one's type.
   */
  static final class Update extends Stmt {
    final String name;
    final boolean field;
    final Var var;
    final String op;
    final Expr rhs;

    Update(String name, boolean field, Var var, String op, Expr rhs) {
      this.name = name;
      this.field = field;
      this.var = var;
      this.op = op;
      this.rhs = rhs;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent);
      switch (op) {
        case "pre++" -> b.append("++").append(name);
        case "pre--" -> b.append("--").append(name);
        case "post++" -> b.append(name).append("++");
        case "post--" -> b.append(name).append("--");
        default -> b.append(name).append(" ").append(op).append("= ").append(rhs.bare());
      }
      b.append(";\n");
    }

    void exec(Expr.Env env, Effects fx) {
      java.util.Map<String, Object> where = field ? env.fields : env.locals;
      Object cur = where.get(name);
      Object next;
      switch (op) {
        case "pre++", "post++" -> next = Expr.arithmetic("+", var.prim, cur, 1);
        case "pre--", "post--" -> next = Expr.arithmetic("-", var.prim, cur, 1);
        case "<<", ">>", ">>>" -> next = Expr.Bin.apply(op, var.prim, cur, rhs.eval(env));
        default -> next = Expr.arithmetic(op, Expr.promote(var.prim, rhs.type), cur, rhs.eval(env));
      }
      where.put(name, var.narrow(next));
    }
  }

  /**
   * {@code { T name = init; statements }}: a block with a local of any numeric type ({@link Var}) that
   * its statements update ({@link Update}) and its pushes read; {@code compound}.
   */
  static final class Declare extends Stmt {
    static final String LOCAL = "u";

    final Var var;
    final Expr init;
    final List<Stmt> body;

    Declare(Var var, Expr init, List<Stmt> body) {
      this.var = var;
      this.init = init;
      this.body = body;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent).append("{\n");
      b.append(indent).append("  ").append(var.java).append(" ").append(LOCAL).append(" = ").append(init.java())
          .append(";\n");
      body.forEach(st -> st.java(b, indent + "  "));
      b.append(indent).append("}\n");
    }

    void exec(Expr.Env env, Effects fx) {
      env.locals.put(LOCAL, var.narrow(init.eval(env)));
      try {
        for (Stmt st : body) {
          st.exec(env, fx);
        }
      } finally {
        env.locals.remove(LOCAL);
      }
    }

    int pushes(Spec.Channel c) {
      return body.stream().mapToInt(st -> st.pushes(c)).sum();
    }
  }

  /** A {@code @Reduce} update with its operator, in run. */
  static final class Reduce extends Stmt {
    final Spec.Field f;
    final Expr e;
    final boolean swapped;

    Reduce(Spec.Field f, Expr e, boolean swapped) {
      this.f = f;
      this.e = e;
      this.swapped = swapped;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent);
      String n = f.name;
      switch (f.op) {
        case "SUM" -> b.append(n).append(" += ").append(e.java());
        case "PRODUCT" -> b.append(n).append(" *= ").append(e.java());
        case "AND" -> b.append(n).append(" &= ").append(e.java());
        case "OR" -> b.append(n).append(" |= ").append(e.java());
        case "XOR" -> b.append(n).append(" ^= ").append(e.java());
        case "MIN", "MAX" -> {
          String m = f.op.equals("MIN") ? "Math.min(" : "Math.max(";
          b.append(n).append(" = ").append(m)
              .append(swapped ? e.java() + ", " + n : n + ", " + e.java()).append(")");
        }
        default -> throw new IllegalStateException(f.op);
      }
      b.append(";\n");
    }

    void exec(Expr.Env env, Effects fx) {
      Object cur = env.fields.get(f.name);
      Object v = e.eval(env);
      String op = switch (f.op) {
        case "SUM" -> "+"; case "PRODUCT" -> "*"; case "AND" -> "&"; case "OR" -> "|"; case "XOR" -> "^";
        case "MIN" -> "min"; case "MAX" -> "max";
        default -> throw new IllegalStateException(f.op);
      };
      env.fields.put(f.name, Expr.Bin.apply(op, f.type, cur, v));
    }
  }

  /** {@code field = value} in a handler ({@code @State}, or a {@code @Reduce} reset). */
  static final class Assign extends Stmt {
    final Spec.Field f;
    final Expr e;

    Assign(Spec.Field f, Expr e) {
      this.f = f;
      this.e = e;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent).append(f.name).append(" = ").append(e == null ? f.identityJava() : e.java()).append(";\n");
    }

    void exec(Expr.Env env, Effects fx) {
      env.fields.put(f.name, e == null ? f.identity() : e.eval(env));
    }
  }

  /**
   * {@code if (cond) { throw new IllegalStateException(MESSAGE + ...); }}: a CPU-only pipeline's
   * own exception, which the run must pass on as the cause.
   */
  static final class Throw extends Stmt {
    static final String MESSAGE = "bad item ";

    /** What the reference throws for it. */
    static final class Thrown extends RuntimeException {
      Thrown() {
        super(MESSAGE, null, false, false);
      }
    }

    final Expr.Cond cond;
    final Expr shown;

    Throw(Expr.Cond cond, Expr shown) {
      this.cond = cond;
      this.shown = shown;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent).append("if ").append(cond.java()).append(" {\n");
      b.append(indent).append("  throw new IllegalStateException(\"").append(MESSAGE).append("\" + ").append(shown.java())
          .append(");\n");
      b.append(indent).append("}\n");
    }

    void exec(Expr.Env env, Effects fx) {
      if (cond.test(env)) {
        throw new Thrown();
      }
    }
  }

  /** {@code [if (guard)] g.raise(new Tag(...))}. */
  static final class Raise extends Stmt {
    final String param;
    final Ty.Rec tag;
    final List<Expr> comps;
    final Expr.Cond guard;

    Raise(String param, Ty.Rec tag, List<Expr> comps, Expr.Cond guard) {
      this.param = param;
      this.tag = tag;
      this.comps = comps;
      this.guard = guard;
    }

    void java(StringBuilder b, String indent) {
      b.append(indent);
      if (guard != null) {
        b.append("if ").append(guard.java()).append(" ");
      }
      b.append(param).append(".raise(").append(valueJava(Ty.of(tag), comps)).append(");\n");
    }

    void exec(Expr.Env env, Effects fx) {
      if (guard == null || guard.test(env)) {
        fx.raise(tag, build(Ty.of(tag), comps, env));
      }
    }
  }
}
