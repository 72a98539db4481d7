package dev.sluice.fuzz.flow;

import java.util.Random;

/**
 * Random control flow over {@code int}s: a static method {@code static int fK(int x, int y)} of
 * nested {@code if}s, {@code else if} chains (with and without a last {@code else}), {@code for},
 * {@code while}, {@code do} and {@code while (true)} loops left by {@code break}, {@code continue} and
 * {@code return}, and {@code return}s anywhere a block may end. The arithmetic is only {@code + - * ^ &} and shifts by constants, which the kernel
 * computes as Java does, so a difference is the statements' shape, not the values. Every loop has a
 * bound (a counter stepped first, so that {@code continue} cannot skip it), so every method ends. javac's rules hold: a {@code return}, {@code break} or
 * {@code continue} ends its block, and nothing follows a statement that cannot complete.
 */
final class FlowGenerator {
  /** Deepest nesting of statements ({@code -Dfuzz.depth}, 4 by default). */
  static final int DEPTH = Integer.getInteger("fuzz.depth", 4);

  private final Random r;
  private final StringBuilder b = new StringBuilder();
  private int loops;
  private int loopDepth;
  /** Per loop depth: whether the innermost loop there has a break, or a continue, of its own so far. */
  private final boolean[] breaks = new boolean[DEPTH + 2];
  private final boolean[] continues = new boolean[DEPTH + 2];

  /**
   * The draws of boolean {@code ?:} and {@code !} around conditions, a stream of their own, so that the
   * methods of seeds run before them keep their statements (outside-in helper-113 found a boolean
   * {@code ?:} as an {@code if}'s test that the kernel could not build).
   */
  private final Random booleans;

  /**
   * The draws of a {@code for} loop's counter type ({@code byte} or {@code short} one time in four), a
   * stream of its own likewise (outside-in helper-118 found a {@code byte} counter declared in the
   * init and left by a {@code break} refused: its {@code ++} was not an assignment the kernel could guard).
   */
  private final Random counters;

  FlowGenerator(Random r, Random booleans, Random counters) {
    this.r = r;
    this.booleans = booleans;
    this.counters = counters;
  }

  /** The method {@code name}, with its declaration. */
  String method(String name) {
    b.setLength(0);
    loops = 0;
    loopDepth = 0;
    b.append("    static int ").append(name).append("(int x, int y) {\n");
    b.append("      int a = x ^ 5;\n      int c = y + 3;\n      int s = 0;\n");
    boolean open = block(DEPTH, "      ", 2 + r.nextInt(3));
    if (open) {
      b.append("      return s * 31 + a * 7 + c;\n");
    }
    b.append("    }\n");
    return b.toString();
  }

  /** {@code n} statements at most; whether the block can complete normally (javac's rule). */
  private boolean block(int depth, String in, int n) {
    for (int k = 0; k < n; k++) {
      if (!statement(depth, in, k == n - 1)) {
        return false;
      }
    }
    return true;
  }

  /** One statement; whether it can complete normally. {@code last}: it may end the block by leaving it. */
  private boolean statement(int depth, String in, boolean last) {
    int pick = depth <= 1 ? r.nextInt(3) : r.nextInt(12);
    if (last && r.nextInt(4) == 0) {
      return exit(in);
    }
    return switch (pick) {
      case 0, 1, 2 -> assign(in);
      case 3, 4, 5 -> chain(depth, in);
      case 6 -> openIf(depth, in);
      case 7 -> forLoop(depth, in);
      case 8 -> whileLoop(depth, in);
      case 9 -> doLoop(depth, in);
      case 10 -> endlessLoop(depth, in);
      default -> chain(depth, in);
    };
  }

  /** {@code return}, or inside a loop {@code break} or {@code continue}: never completes. */
  private boolean exit(String in) {
    int pick = loopDepth > 0 ? r.nextInt(3) : 0;
    if (pick == 0) {
      b.append(in).append("return ").append(expr(2)).append(";\n");
    } else if (pick == 1) {
      b.append(in).append("break;\n");
      breaks[loopDepth] = true;
    } else {
      b.append(in).append("continue;\n");
      continues[loopDepth] = true;
    }
    return false;
  }

  private boolean assign(String in) {
    String v = new String[] {"a", "c", "s", "s"}[r.nextInt(4)];
    String op = new String[] {"=", "+=", "^=", "-="}[r.nextInt(4)];
    b.append(in).append(v).append(' ').append(op).append(' ').append(expr(2)).append(";\n");
    return true;
  }

  /** {@code if (c) {..}} with no {@code else}: the shape whose false branch jumps furthest. */
  private boolean openIf(int depth, String in) {
    b.append(in).append("if (").append(cond()).append(") {\n");
    block(depth - 1, in + "  ", 1 + r.nextInt(2));
    b.append(in).append("}\n");
    return true;
  }

  /** {@code if} / {@code else if} ... with 1 to 5 branches, a last {@code else} or not. */
  private boolean chain(int depth, String in) {
    int branches = 1 + r.nextInt(5);
    boolean lastElse = r.nextBoolean();
    boolean open = false;
    b.append(in).append("if (").append(cond()).append(") {\n");
    open |= block(depth - 1, in + "  ", 1 + r.nextInt(2));
    for (int k = 1; k < branches; k++) {
      b.append(in).append("} else if (").append(cond()).append(") {\n");
      open |= block(depth - 1, in + "  ", 1 + r.nextInt(2));
    }
    if (lastElse) {
      b.append(in).append("} else {\n");
      open |= block(depth - 1, in + "  ", 1 + r.nextInt(2));
    }
    b.append(in).append("}\n");
    // without a last else the chain can always fall through
    return open || !lastElse;
  }

  private boolean forLoop(int depth, String in) {
    String i = "i" + (++loops);
    String type = counters.nextInt(4) != 0 ? "int" : counters.nextBoolean() ? "byte" : "short";
    b.append(in).append("for (").append(type).append(" ").append(i).append(" = 0; ").append(i).append(" < ")
        .append(1 + r.nextInt(5)).append("; ").append(i).append("++) {\n");
    enter();
    b.append(in).append("  s += ").append(i).append(" * ").append(1 + r.nextInt(9)).append(";\n");
    block(depth - 1, in + "  ", 1 + r.nextInt(3));
    loopDepth--;
    b.append(in).append("}\n");
    return true;
  }

  /** A counter stepped first, so that a {@code continue} cannot skip it. */
  private boolean whileLoop(int depth, String in) {
    String w = "w" + (++loops);
    b.append(in).append("int ").append(w).append(" = 0;\n");
    b.append(in).append("while (").append(w).append(" < ").append(1 + r.nextInt(5)).append(") {\n");
    b.append(in).append("  ").append(w).append("++;\n");
    enter();
    block(depth - 1, in + "  ", 1 + r.nextInt(3));
    loopDepth--;
    b.append(in).append("}\n");
    return true;
  }

  /** {@code do} with its counter stepped first; a body that cannot complete never reaches the test. */
  private boolean doLoop(int depth, String in) {
    String d = "d" + (++loops);
    b.append(in).append("int ").append(d).append(" = 0;\n");
    b.append(in).append("do {\n");
    b.append(in).append("  ").append(d).append("++;\n");
    enter();
    boolean body = block(depth - 1, in + "  ", 1 + r.nextInt(3));
    boolean left = breaks[loopDepth] || continues[loopDepth];
    loopDepth--;
    b.append(in).append("} while (").append(d).append(" < ").append(1 + r.nextInt(4)).append(");\n");
    // javac (JLS 14.22): a do completes when its body can, or a continue of its own reaches the test,
    // or a break of its own leaves it
    return body || left;
  }

  private void enter() {
    loopDepth++;
    breaks[loopDepth] = false;
    continues[loopDepth] = false;
  }

  /**
   * {@code while (true)} left by a {@code break} at its bound, or else only by {@code return}: then
   * nothing may follow it (javac), and the method needs no return after it.
   */
  private boolean endlessLoop(int depth, String in) {
    String e = "e" + (++loops);
    boolean bounded = r.nextInt(3) != 0;
    b.append(in).append("int ").append(e).append(" = 0;\n");
    b.append(in).append("while (true) {\n");
    b.append(in).append("  ").append(e).append("++;\n");
    if (bounded) {
      b.append(in).append("  if (").append(e).append(" > ").append(1 + r.nextInt(4)).append(") {\n");
      b.append(in).append("    break;\n");
      b.append(in).append("  }\n");
    } else {
      b.append(in).append("  if (").append(e).append(" > ").append(1 + r.nextInt(4)).append(") {\n");
      b.append(in).append("    return ").append(expr(2)).append(";\n");
      b.append(in).append("  }\n");
    }
    enter();
    block(depth - 1, in + "  ", 1 + r.nextInt(2));
    boolean left = breaks[loopDepth];
    loopDepth--;
    b.append(in).append("}\n");
    // javac: while (true) completes only by a break of its own
    return bounded || left;
  }

  /** A condition; one in four wrapped in a {@code !} or made a branch of a boolean {@code ?:}. */
  private String cond() {
    String c = cond(r);
    if (booleans.nextInt(4) != 0) {
      return c;
    }
    return switch (booleans.nextInt(4)) {
      case 0 -> "!(" + c + ")";
      case 1 -> "(" + cond(booleans) + ") ? (" + c + ") : (" + cond(booleans) + ")";
      case 2 -> "(" + c + ") ? " + booleans.nextBoolean() + " : (" + cond(booleans) + ")";
      default -> "((" + c + ") ? (" + cond(booleans) + ") : (" + cond(booleans) + ")) " + (booleans.nextBoolean() ? "&&" : "||")
          + " (" + cond(booleans) + ")";
    };
  }

  /** A comparison, or two joined by {@code &&} or {@code ||}, drawn from {@code from}. */
  private String cond(Random from) {
    String c = switch (from.nextInt(5)) {
      case 0 -> "(" + var(from) + " & " + (1 + from.nextInt(7)) + ") == " + from.nextInt(2);
      case 1 -> var(from) + " > " + (from.nextInt(41) - 20);
      case 2 -> var(from) + " < " + var(from);
      case 3 -> "(" + var(from) + " ^ " + var(from) + ") % " + (2 + from.nextInt(3)) + " == 0";
      default -> var(from) + " != " + (from.nextInt(9) - 4);
    };
    if (from.nextInt(5) == 0) {
      return "(" + c + ") " + (from.nextBoolean() ? "&&" : "||") + " (" + (from == r ? cond() : cond(from)) + ")";
    }
    return c;
  }

  private String expr(int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return r.nextInt(3) == 0 ? String.valueOf(r.nextInt(100) - 50) : var();
    }
    return switch (r.nextInt(6)) {
      case 0 -> "(" + expr(depth - 1) + " + " + expr(depth - 1) + ")";
      case 1 -> "(" + expr(depth - 1) + " - " + expr(depth - 1) + ")";
      case 2 -> "(" + expr(depth - 1) + " * " + (r.nextInt(9) - 4) + ")";
      case 3 -> "(" + expr(depth - 1) + " ^ " + expr(depth - 1) + ")";
      case 4 -> "(" + expr(depth - 1) + " >> " + (1 + r.nextInt(30)) + ")";
      default -> "(" + expr(depth - 1) + " & " + expr(depth - 1) + ")";
    };
  }

  private String var() {
    return var(r);
  }

  private String var(Random from) {
    return new String[] {"x", "y", "a", "c", "s"}[from.nextInt(5)];
  }
}
