package dev.sluice.fuzz.expr;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.fuzz.InProcessCompiler;
import dev.sluice.fuzz.OneNodeRun;
import dev.sluice.fuzz.SeedList;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The expression fuzzer: random Java expressions over edge values, computed by a node's {@code run}
 * on the JVM (the CPU back end runs the node's own bytecode) and in the OpenCL kernel the processor
 * translates it to, compared bit for bit (floating results by their bits, every NaN as one, as Java
 * has one NaN); an expression under a transcendental {@code Math} function within {@link #allowance}.
 *
 * <p>{@code mvn verify} runs the fixed seeds plus one that changes with every commit
 * ({@link dev.sluice.fuzz.FreshSeed}; {@code -Dfuzz.fresh=true} makes it random, {@code =false}
 * leaves it out), printed; {@code -Dfuzz.count=N} runs N seeds from a random one;
 * {@code -Dfuzz.seed=S} replays seed S alone, {@code -Dfuzz.count=N} runs N seeds from it (the long
 * profile). One seed is one generated pipeline of {@link #EXPRESSIONS} expressions and {@link #COMPOUNDS}
 * compound assignments, each evaluated on {@link #TUPLES} tuples of variable values.
 */
class ExpressionFuzzTest {
  static final int EXPRESSIONS = 32;
  /**
   * Compound assignments per seed ({@code T c = e1; c op= e2;}, e2 of any type and without its outer
   * parentheses, so Java narrows the whole of it back to T), after the expressions and drawn from a
   * generator of their own, so that each seed's expressions stay what they were before these were
   * added (helper-58: the kernel dropped the parentheses around such a right-hand side).
   */
  static final int COMPOUNDS = 8;
  /**
   * Narrowing compound assignments per seed, after those: a {@code byte}, {@code short}, {@code int} or
   * {@code long} target, any operator Java allows there (shifts and bitwise ones with an integral
   * right-hand side; an integral divisor made nonzero as a bare {@code b != 0 ? b : 7}), from a third
   * generator, so that the cases before them stay what they were.
   */
  static final int NARROWING = 4;
  /** Cases per tuple: the expressions, then the compound assignments, then the narrowing ones. */
  static final int CASES = EXPRESSIONS + COMPOUNDS + NARROWING;
  static final int TUPLES = 40;
  static final int DEPTH = 4;
  /** Longest one seed's OpenCL build and run may take (a few seconds each, measured). */
  static final Duration LIMIT = Duration.ofSeconds(180);
  /**
   * Seeds every run checks: 1 to 3, then seeds that found a bug (docs/fuzzing.md): PoCL's {@code rint}
   * of a large constant, where -2307936636492560441 took the wrong branch and 209 never finished; and
   * PoCL's {@code ceil} of a constant NaN, where 1050 gave a number; and a product under a cast to its own
   * type, which OpenCL fused with the subtraction around it (6013); and PoCL's {@code exp} of a NaN that
   * is a constant after inlining, which gave 0 (621713855821); and its {@code atan} of a constant
   * infinity, a float's π/2 (-4073774672893661306); and {@code Long.MIN_VALUE} shifted, which Aparapi
   * prints as a literal OpenCL C reads as a wider type (9023); and a compound assignment whose
   * right-hand side lost its parentheses in the kernel (111: {@code int += boolean} in the kernel class);
   * and {@code ~2147483647}, which the constant folder made a long, so {@code Integer.MIN_VALUE} reached
   * the kernel as a literal OpenCL C reads as a long (3027). And a seed where the JVM is the one off
   * the specification (99409: HotSpot's {@code Math.pow(-0.0, y)} for an odd {@code y} between 2^51
   * and 2^52, {@link #transcendentalOk}).
   */
  static final long[] FIXED = {1, 2, 3, -2307936636492560441L, 209, 1050, 6013, 9023, 621713855821L, -4073774672893661306L,
      111, 3027, 99409};

  /**
   * One generated pipeline: its source, the source of its {@code Strict} class (each transcendental
   * expression computed with {@code StrictMath}, see {@link #check}), and per expression its text and
   * whether it is transcendental.
   */
  record Case(long seed, String pkg, String source, String strictSource, List<String> expressions, List<Integer> ulps,
      List<Boolean> floating, Object[] values) {}

  /** The parameters of a {@code Strict} method: the variables of one tuple, in {@link #tuple}'s order. */
  private static final String VARIABLES = "int i0, int i1, long l0, long l1, float f0, float f1, double d0, double d1";

  static Case generate(long seed) {
    Random r = new Random(seed);
    ExprGenerator g = new ExprGenerator(r);
    String pkg = "fz" + Long.toUnsignedString(seed);
    List<String> exprs = new ArrayList<>();
    List<Integer> ulps = new ArrayList<>();
    List<Boolean> floating = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    StringBuilder strict = new StringBuilder();
    for (int j = 0; j < EXPRESSIONS; j++) {
      String e;
      boolean isFloat;
      boolean transcendental = r.nextInt(8) == 0;
      String f = ExprGenerator.TRANSCENDENTAL[r.nextInt(ExprGenerator.TRANSCENDENTAL.length)];
      if (transcendental) {
        e = g.transcendental(f, DEPTH - 1);
        isFloat = true;
      } else {
        ExprGenerator.Type t = g.anyType();
        e = g.exact(t, DEPTH);
        isFloat = !t.integral();
      }
      if (transcendental) {
        // the same expression on StrictMath (the inner functions are exact, the same in both classes)
        strict.append("  static double t").append(j).append("(").append(VARIABLES).append(") {\n    return (double) (")
            .append(e.replaceAll("\\bMath\\.", "StrictMath.")).append(");\n  }\n");
      }
      exprs.add(e);
      ulps.add(transcendental ? allowance(f) : 0);
      floating.add(isFloat);
      body.append("      out.push(new Res(k * ").append(CASES).append(" + ").append(j).append(", ")
          .append(isFloat ? "0L, (double) (" + e + ")" : "(long) (" + e + "), 0.0").append("));\n");
    }
    // a seed of its own, mixed (Random's constructor xors 0x5DEECE66D in: a seed xor that constant would
    // give it the state 'seed' itself, and nearby seeds the same first draws)
    Random cr = new Random(seed * 0x9E3779B97F4A7C15L + 1);
    ExprGenerator cg = new ExprGenerator(cr);
    for (int j = EXPRESSIONS; j < EXPRESSIONS + COMPOUNDS; j++) {
      ExprGenerator.Type t = cg.anyType();
      ExprGenerator.Type rt = cg.anyType();
      // an integral division by zero would throw: / and % only where one side is floating
      String[] ops = t.integral() && rt.integral() ? new String[] {"+", "-", "*", "&", "|", "^"}
          : new String[] {"+", "-", "*", "/", "%"};
      String c = "c" + j;
      String e = t.java + " " + c + " = " + cg.exact(t, DEPTH - 1) + "; " + c + " " + ops[cr.nextInt(ops.length)] + "= "
          + ExprGenerator.bare(cg.exact(rt, DEPTH - 1)) + ";";
      exprs.add(e);
      ulps.add(0);
      floating.add(!t.integral());
      body.append("      {\n        ").append(e).append("\n        out.push(new Res(k * ").append(CASES).append(" + ")
          .append(j).append(", ").append(t.integral() ? "(long) " + c + ", 0.0" : "0L, (double) " + c).append("));\n      }\n");
    }
    Random nr = new Random(seed * 0xC2B2AE3D27D4EB4FL + 7);
    ExprGenerator ng = new ExprGenerator(nr);
    for (int j = EXPRESSIONS + COMPOUNDS; j < CASES; j++) {
      String[] targets = {"byte", "short", "int", "long"};
      String t = targets[nr.nextInt(targets.length)];
      ExprGenerator.Type rt = ng.anyType();
      String[] ops = rt.integral() ? new String[] {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", ">>>"}
          : new String[] {"+", "-", "*", "/", "%"};
      String op = ops[nr.nextInt(ops.length)];
      String rhs;
      if (rt.integral() && (op.equals("/") || op.equals("%"))) {
        String d = ng.exact(rt, DEPTH - 2);
        rhs = d + " != 0 ? " + d + " : " + (rt == ExprGenerator.Type.LONG ? "7L" : "7");
      } else {
        rhs = ExprGenerator.bare(ng.exact(rt, DEPTH - 1));
      }
      String init = t.equals("long") ? ng.exact(ExprGenerator.Type.LONG, DEPTH - 1)
          : "(" + t + ") (" + ng.exact(ExprGenerator.Type.INT, DEPTH - 1) + ")";
      String c = "c" + j;
      String e = t + " " + c + " = " + init + "; " + c + " " + op + "= " + rhs + ";";
      exprs.add(e);
      ulps.add(0);
      floating.add(false);
      body.append("      {\n        ").append(e).append("\n        out.push(new Res(k * ").append(CASES).append(" + ")
          .append(j).append(", (long) ").append(c).append(", 0.0));\n      }\n");
    }
    String source = """
        package PKG;

        import dev.sluice.*;

        @Pipeline
        public interface Exprs {
          @Source int in();
          @From("in") Eval eval();
          @Sink @From("eval") Res out();

          record Res(int k, long bits, double real) {}

          @Node
          final class Eval {
            @Param final int[] pi0;
            @Param final int[] pi1;
            @Param final long[] pl0;
            @Param final long[] pl1;
            @Param final float[] pf0;
            @Param final float[] pf1;
            @Param final double[] pd0;
            @Param final double[] pd1;

            Eval(int[] pi0, int[] pi1, long[] pl0, long[] pl1, float[] pf0, float[] pf1, double[] pd0, double[] pd1) {
              this.pi0 = pi0;
              this.pi1 = pi1;
              this.pl0 = pl0;
              this.pl1 = pl1;
              this.pf0 = pf0;
              this.pf1 = pf1;
              this.pd0 = pd0;
              this.pd1 = pd1;
            }

            public void run(int k, @Max(N) Out<Res> out) {
              int i0 = pi0[k];
              int i1 = pi1[k];
              long l0 = pl0[k];
              long l1 = pl1[k];
              float f0 = pf0[k];
              float f1 = pf1[k];
              double d0 = pd0[k];
              double d1 = pd1[k];
        BODY    }
          }
        }
        """.replace("PKG", pkg).replace("(N)", "(" + CASES + ")").replace("BODY", body);
    String strictSource = "package " + pkg + ";\n\n/** The transcendental expressions of Exprs on StrictMath. */\n"
        + "final class Strict {\n" + strict + "}\n";
    return new Case(seed, pkg, source, strictSource, exprs, ulps, floating, values(r));
  }

  /** The variables' values per tuple: edge values first, then random ones. */
  private static Object[] values(Random r) {
    int[][] ints = new int[2][TUPLES];
    long[][] longs = new long[2][TUPLES];
    float[][] floats = new float[2][TUPLES];
    double[][] doubles = new double[2][TUPLES];
    int[] ie = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1, 31, 32, 33, 63, 64, -33, 46341, 65536};
    long[] le = {Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1, 32, 63, 64, 65,
        4294967296L, 3037000500L};
    float[] fe = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, -2.5f, 2.5f, 0.5f, -0.5f,
        1e20f, Float.MAX_VALUE, Float.MIN_VALUE, 2.14748365E9f, 0.49999997f};
    double[] de = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, -2.5, 2.5, 0.5, -0.5,
        1e300, Double.MAX_VALUE, Double.MIN_VALUE, 9.223372036854775807E18, 0.49999999999999994, 1.0, -1.0};
    for (int v = 0; v < 2; v++) {
      for (int k = 0; k < TUPLES; k++) {
        boolean edge = r.nextInt(3) != 0;
        ints[v][k] = edge ? ie[r.nextInt(ie.length)] : r.nextInt();
        longs[v][k] = edge ? le[r.nextInt(le.length)] : r.nextBoolean() ? r.nextLong() : r.nextInt(200) - 100;
        floats[v][k] = edge ? fe[r.nextInt(fe.length)] : (float) (r.nextGaussian() * Math.pow(10, r.nextInt(20) - 5));
        doubles[v][k] = edge ? de[r.nextInt(de.length)] : r.nextGaussian() * Math.pow(10, r.nextInt(40) - 10);
      }
    }
    return new Object[] {ints[0], ints[1], longs[0], longs[1], floats[0], floats[1], doubles[0], doubles[1]};
  }

  /** Results by case number {@code k * CASES + j}: {@code {bits, real's bits}}. */
  static Map<Integer, long[]> run(InProcessCompiler.Compiled compiled, Case c, Device device) throws Exception {
    Map<Integer, long[]> m = new LinkedHashMap<>();
    for (Object res : OneNodeRun.run(compiled, c.pkg() + ".ExprsPipeline", c.pkg() + ".Exprs$Eval", "eval", c.values(),
        device, TUPLES)) {
      Class<?> rc = res.getClass();
      m.put((Integer) rc.getMethod("k").invoke(res), new long[] {(Long) rc.getMethod("bits").invoke(res),
          Double.doubleToLongBits((Double) rc.getMethod("real").invoke(res))});
    }
    return m;
  }

  /**
   * Ulps a transcendental function's device result may be from the JVM's: 1, except {@code tan}, 3.
   * Measured on PoCL: its tan(1.0) is 0x3ff8eb245cbee3a4, 1.7 ulp from the exact value (the JVM's is
   * 0.3 ulp away), outside Java's own 1-ulp bound, and tan(370217.072186633) is 3 ulp from the JVM's
   * (outside-in helper-50: 16 of 600,000 random arguments); docs/user-guide.md says so.
   */
  static int allowance(String function) {
    return function.equals("tan") ? 3 : 1;
  }

  /**
   * Whether a transcendental expression's device result is right: within {@code ulps} of the JVM's
   * {@code Math} result, or, where that result is itself outside {@code ulps} of {@code StrictMath}'s
   * (the specification's own algorithm), within {@code ulps} of that. HotSpot's {@code Math.pow}
   * takes the parity of some {@code y} of magnitude 2^51 to 2^52 wrongly, so {@code pow(-0.0, y)} and
   * {@code pow(-Infinity, y)} get the wrong sign there (seed 99409: {@code pow(-0.0,
   * -4.503599627370465E15)} is {@code Infinity} on the JVM, {@code -Infinity} by the specification and
   * on the device); docs/user-guide.md says so.
   */
  static boolean transcendentalOk(long java, long strict, long device, int ulps) {
    return within(java, device, ulps) || !within(java, strict, ulps) && within(strict, device, ulps);
  }

  /** Whether the device's result is the JVM's within {@code ulps} (exact for NaN, infinities, zeros). */
  static boolean within(long java, long device, int ulps) {
    double j = Double.longBitsToDouble(java);
    double d = Double.longBitsToDouble(device);
    if (Double.isNaN(j) || Double.isInfinite(j) || j == 0 || Double.isNaN(d) || Double.isInfinite(d) || d == 0) {
      return java == device;
    }
    return (j < 0) == (d < 0) && Math.abs(java - device) <= ulps;
  }

  /** Every mismatch of the cases' kernels against the JVM, as text (empty: none). */
  static String check(List<Case> cases) throws Exception {
    Map<String, String> sources = new LinkedHashMap<>();
    for (Case c : cases) {
      sources.put(c.pkg() + "/Exprs.java", c.source());
      sources.put(c.pkg() + "/Strict.java", c.strictSource());
    }
    InProcessCompiler.Compiled compiled = InProcessCompiler.compile(sources);
    Device cl = OpenClAvailable.device();
    StringBuilder wrong = new StringBuilder();
    for (Case c : cases) {
      Map<Integer, long[]> jvm = run(compiled, c, Device.cpu());
      // a kernel that never finishes fails the seed (the stuck thread is a daemon) instead of the build
      Map<Integer, long[]> dev = assertTimeoutPreemptively(LIMIT, () -> run(compiled, c, cl),
          () -> "seed " + c.seed() + ": the OpenCL run did not finish in " + LIMIT.toSeconds() + " s");
      for (Map.Entry<Integer, long[]> e : jvm.entrySet()) {
        int k = e.getKey() / CASES;
        int j = e.getKey() % CASES;
        long[] a = e.getValue();
        long[] b = dev.get(e.getKey());
        int ulps = c.ulps().get(j);
        long strict = ulps > 0 ? strict(compiled, c, j, k) : 0;
        boolean ok = b != null && (ulps > 0 ? a[0] == b[0] && transcendentalOk(a[1], strict, b[1], ulps)
            : a[0] == b[0] && a[1] == b[1]);
        if (!ok) {
          wrong.append("\nseed ").append(c.seed()).append(" expression ").append(j).append(" tuple ").append(k)
              .append(": ").append(c.expressions().get(j)).append("\n  with ").append(tuple(c, k)).append("\n  JVM ")
              .append(show(a, c.floating().get(j))).append(", OpenCL ").append(b == null ? "missing" : show(b, c.floating().get(j)));
          if (ulps > 0 && strict != a[1]) {
            wrong.append(", StrictMath ").append(show(new long[] {0, strict}, true));
          }
        }
      }
    }
    if (wrong.length() == 0) {
      compiled.delete();
    } else {
      wrong.append("\n(sources in ").append(compiled.sources()).append(")");
    }
    return wrong.toString();
  }

  /** Transcendental expression {@code j} of {@code c} at tuple {@code k}, on StrictMath, as bits. */
  private static long strict(InProcessCompiler.Compiled compiled, Case c, int j, int k) throws Exception {
    Class<?>[] types = {int.class, int.class, long.class, long.class, float.class, float.class, double.class, double.class};
    Object[] args = new Object[types.length];
    for (int v = 0; v < types.length; v++) {
      args[v] = Array.get(c.values()[v], k);
    }
    java.lang.reflect.Method m = compiled.load(c.pkg() + ".Strict").getDeclaredMethod("t" + j, types);
    m.setAccessible(true);
    return Double.doubleToLongBits((Double) m.invoke(null, args));
  }

  private static String show(long[] r, boolean floating) {
    return floating ? Double.longBitsToDouble(r[1]) + " (0x" + Long.toHexString(r[1]) + ")" : String.valueOf(r[0]);
  }

  private static String tuple(Case c, int k) {
    String[] names = {"i0", "i1", "l0", "l1", "f0", "f1", "d0", "d1"};
    StringBuilder b = new StringBuilder();
    for (int v = 0; v < names.length; v++) {
      b.append(v == 0 ? "" : ", ").append(names[v]).append(" = ").append(Array.get(c.values()[v], k));
    }
    return b.toString();
  }

  @Test
  void kernelsComputeWhatTheJvmComputes() throws Exception {
    List<Long> seeds = SeedList.choose(FIXED, "expression fuzzer");
    String wrong = SeedList.checkInBatches(seeds, ExpressionFuzzTest::generate, ExpressionFuzzTest::check);
    System.out.println("expression fuzzer: " + seeds.size() + " seeds (" + seeds.size() * EXPRESSIONS
        + " expressions and " + seeds.size() * (COMPOUNDS + NARROWING) + " compound assignments x " + TUPLES + " tuples), from " + seeds);
    assertTrue(wrong.length() == 0, "kernel and JVM differ (replay one seed with -Dfuzz.seed=S):" + wrong);
  }
}
