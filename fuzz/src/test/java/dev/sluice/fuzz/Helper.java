package dev.sluice.fuzz;

import java.lang.reflect.Array;
import java.util.HashMap;
import java.util.List;

/**
 * A static helper method of a generated pipeline, called from node bodies (and from later helpers):
 * a private one in the node class that calls it, or a shared one in the pipeline's class {@code H}.
 * Its scalar parameters are {@code x}, {@code y}, {@code z}, perhaps followed by an array {@code a};
 * its body has one of three shapes:
 *
 * <ul>
 *   <li>{@link Shape#RETURN}: {@code return e;}
 *   <li>{@link Shape#IF}: {@code if (c) { return e; } return f;}
 *   <li>{@link Shape#LOOP}: {@code T v = e; for (int i = 0; i < n; i++) { [if (skip) continue;]
 *       v = f; [if (stop) break; / return v;] } return g;}, {@code n} over the parameters or
 *       {@code a.length}.
 * </ul>
 *
 * The locals are named {@code v} and {@code i}, as the callers' block locals and loop indices are.
 */
final class Helper {
  enum Shape { RETURN, IF, LOOP }

  /** What {@code stop} does: leave the loop for the final return, or return {@code v} at once. */
  enum Stop { BREAK, RETURN }

  static final List<String> SCALARS = List.of("x", "y", "z");
  static final String ARRAY = "a";

  final String name;
  /** The node class it is a private method of, or null for the shared class {@code H}. */
  final Spec.Stage owner;
  final Prim type;
  final List<Prim> params;
  /** The element type of the array parameter {@code a}, or null without one. */
  final Prim array;
  final Shape shape;
  Expr first;
  Expr second;
  Expr.Cond cond;
  Expr count;
  boolean overArray;
  Expr.Cond skip;
  Expr.Cond stop;
  Stop stopDoes;
  Expr after;

  Helper(String name, Spec.Stage owner, Prim type, List<Prim> params, Prim array, Shape shape) {
    this.name = name;
    this.owner = owner;
    this.type = type;
    this.params = params;
    this.array = array;
    this.shape = shape;
  }

  /** The largest absolute value it returns: every result is fitted to its type's item bound. */
  double bound() {
    return type.itemBound;
  }

  /** Its value for these arguments, with Java's semantics. */
  Object call(List<Object> args, Object arrayArg) {
    Expr.Env env = new Expr.Env();
    env.params = new HashMap<>();
    if (array != null) {
      env.params.put(ARRAY, arrayArg);
    }
    for (int k = 0; k < params.size(); k++) {
      env.locals.put(SCALARS.get(k), args.get(k));
    }
    switch (shape) {
      case RETURN:
        return first.eval(env);
      case IF:
        return cond.test(env) ? first.eval(env) : second.eval(env);
      default:
        env.locals.put("v", first.eval(env));
        for (int i = 0; i < (overArray ? Array.getLength(arrayArg) : (Integer) count.eval(env)); i++) {
          env.locals.put("i", i);
          if (skip != null && skip.test(env)) {
            continue;
          }
          env.locals.put("v", second.eval(env));
          if (stop != null && stop.test(env)) {
            if (stopDoes == Stop.RETURN) {
              return env.locals.get("v");
            }
            break;
          }
        }
        return after.eval(env);
    }
  }

  /** The method, indented by {@code indent}. */
  void java(StringBuilder b, String indent) {
    String t = type.java;
    String in = indent + "  ";
    b.append("\n").append(indent).append(owner != null ? "private static " : "static ").append(t).append(" ")
        .append(name).append("(");
    for (int k = 0; k < params.size(); k++) {
      b.append(k > 0 ? ", " : "").append(params.get(k).java).append(" ").append(SCALARS.get(k));
    }
    if (array != null) {
      b.append(params.isEmpty() ? "" : ", ").append(array.array()).append(" ").append(ARRAY);
    }
    b.append(") {\n");
    switch (shape) {
      case RETURN -> b.append(in).append("return ").append(first.java()).append(";\n");
      case IF -> {
        b.append(in).append("if ").append(cond.java()).append(" {\n");
        b.append(in).append("  return ").append(first.java()).append(";\n");
        b.append(in).append("}\n");
        b.append(in).append("return ").append(second.java()).append(";\n");
      }
      case LOOP -> {
        b.append(in).append(t).append(" v = ").append(first.java()).append(";\n");
        b.append(in).append("for (int i = 0; i < ").append(overArray ? ARRAY + ".length" : count.java())
            .append("; i++) {\n");
        if (skip != null) {
          b.append(in).append("  if ").append(skip.java()).append(" {\n");
          b.append(in).append("    continue;\n");
          b.append(in).append("  }\n");
        }
        b.append(in).append("  v = ").append(second.java()).append(";\n");
        if (stop != null) {
          b.append(in).append("  if ").append(stop.java()).append(" {\n");
          b.append(in).append("    ").append(stopDoes == Stop.RETURN ? "return v;" : "break;").append("\n");
          b.append(in).append("  }\n");
        }
        b.append(in).append("}\n");
        b.append(in).append("return ").append(after.java()).append(";\n");
      }
    }
    b.append(indent).append("}\n");
  }

  /** A call of it, as {@link Expr}. */
  static final class Call extends Expr {
    final Helper helper;
    /** The class the call is written in: the helper's own node, another node, or {@code H}. */
    final boolean qualified;
    final List<Expr> args;
    /** The array argument's name in the caller (a {@code @Param} array, or the calling helper's {@code a}). */
    final String arrayArg;

    Call(Helper helper, boolean qualified, List<Expr> args, String arrayArg) {
      super(helper.type, helper.bound());
      this.helper = helper;
      this.qualified = qualified;
      this.args = args;
      this.arrayArg = arrayArg;
    }

    @Override
    String java() {
      StringBuilder b = new StringBuilder(qualified ? "H." : "").append(helper.name).append("(");
      for (int k = 0; k < args.size(); k++) {
        b.append(k > 0 ? ", " : "").append(args.get(k).java());
      }
      if (arrayArg != null) {
        b.append(args.isEmpty() ? "" : ", ").append(arrayArg);
      }
      return b.append(")").toString();
    }

    @Override
    Object eval(Env env) {
      List<Object> values = args.stream().map(e -> e.eval(env)).toList();
      return helper.call(values, arrayArg == null ? null : env.params.get(arrayArg));
    }
  }
}
