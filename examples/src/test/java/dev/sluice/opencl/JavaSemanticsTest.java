package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Kernels compute what Java computes (issue 12, point 5), and node code that throws in Java ends the
 * run with the CPU's {@link PipelineException} on the device too (point 6). Each case runs on the
 * CPU back end and on OpenCL; both must give Java's own answer.
 */
class JavaSemanticsTest {
  static final int[] INTS = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -65, -33, -32, -31, -2, -1, 0, 1, 2, 31, 32,
      33, 63, 64, 65, 46341, 65536, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
  static final long[] LONGS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE, -4294967296L, -65, -64, -63, -33,
      -1, 0, 1, 2, 31, 32, 33, 63, 64, 65, 3037000500L, 4294967295L, Integer.MAX_VALUE, Long.MAX_VALUE - 1,
      Long.MAX_VALUE};
  static final float[] FLOATS = {Float.NaN, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -0.0f, 0.0f, -2.5f, 2.5f,
      -0.5f, 0.5f, 0.49999997f, -1.5f, 1e20f, -1e20f, 2.14748365E9f, -2.14748365E9f, 9.223372E18f, Float.MAX_VALUE,
      Float.MIN_VALUE, 3.0f, -7.25f, 8388609f};
  static final double[] DOUBLES = {Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, -0.0, 0.0, -2.5, 2.5,
      -0.5, 0.5, 0.49999999999999994, 1e300, -1e300, 2147483647.5, -2147483648.5, 9.223372036854775807E18,
      -9.223372036854775808E18, 4503599627370497.0, Double.MAX_VALUE, Double.MIN_VALUE, 1.0, -1.0, 3.0, -7.25, 1e-300};

  private static Semantics.Probe probe(int op) {
    return new Semantics.Probe(op, INTS, LONGS, FLOATS, DOUBLES);
  }

  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  private static SemanticsPipeline.Result run(Device device, int op) {
    int n = Math.max(Math.max(INTS.length, LONGS.length), Math.max(FLOATS.length, DOUBLES.length));
    return SemanticsPipeline.builder().probe(() -> probe(op)).device(device).build().run(upTo(n * n));
  }

  /** Case k's result: its integer bits and its floating bits, every NaN as one (Java has one NaN). */
  private static TreeMap<Integer, String> results(SemanticsPipeline.Result r) {
    TreeMap<Integer, String> m = new TreeMap<>();
    for (Semantics.Probed p : r.out()) {
      m.put(p.k(), p.bits() + " " + Long.toHexString(Double.doubleToLongBits(p.real())));
    }
    return m;
  }

  /** Runs {@code op} on both back ends: each must match Java (computed here), and so each other. */
  private static void same(int op, java.util.function.IntFunction<String> java) {
    Device cl = OpenClAvailable.device();
    TreeMap<Integer, String> cpu = results(run(Device.cpu(), op));
    TreeMap<Integer, String> gpu = results(run(cl, op));
    assertEquals(cpu.size(), gpu.size(), "op " + op);
    StringBuilder wrong = new StringBuilder();
    for (var e : cpu.entrySet()) {
      String expected = java.apply(e.getKey());
      if (!e.getValue().equals(expected)) {
        wrong.append("\n  cpu k=").append(e.getKey()).append(": ").append(e.getValue()).append(" != java ").append(expected);
      }
      if (!gpu.get(e.getKey()).equals(expected)) {
        wrong.append("\n  opencl k=").append(e.getKey()).append(": ").append(gpu.get(e.getKey())).append(" != java ")
            .append(expected);
      }
    }
    assertTrue(wrong.length() == 0, "op " + op + ":" + wrong);
  }

  private static String bits(long r) {
    return r + " 0";
  }

  private static String real(double x) {
    return "0 " + Long.toHexString(Double.doubleToLongBits(x));
  }

  private interface IntOp {
    long apply(int a, int b);
  }

  private interface LongOp {
    long apply(long a, long b);
  }

  private interface FloatOp {
    String apply(float a, float b);
  }

  private interface DoubleOp {
    String apply(double a, double b);
  }

  private static void ints(int op, IntOp f) {
    same(op, k -> bits(f.apply(INTS[k / INTS.length], INTS[k % INTS.length])));
  }

  private static void longs(int op, LongOp f) {
    same(op, k -> bits(f.apply(LONGS[k / LONGS.length], LONGS[k % LONGS.length])));
  }

  private static void floats(int op, FloatOp f) {
    same(op, k -> f.apply(FLOATS[k / FLOATS.length], FLOATS[k % FLOATS.length]));
  }

  private static void doubles(int op, DoubleOp f) {
    same(op, k -> f.apply(DOUBLES[k / DOUBLES.length], DOUBLES[k % DOUBLES.length]));
  }

  @Test
  void intArithmeticWrapsAndDivisionOfMinByMinusOneIsMin() {
    ints(0, (a, b) -> a + b);
    ints(1, (a, b) -> a - b);
    ints(2, (a, b) -> a * b);
    ints(3, (a, b) -> b == 0 ? 0 : a / b);
    ints(4, (a, b) -> b == 0 ? 0 : a % b);
    ints(9, (a, b) -> Math.abs(a) + -b);
    ints(10, (a, b) -> {
      int c = a;
      c += b;
      c *= b;
      c++;
      return c;
    });
    ints(11, (a, b) -> (short) (a + b) + (byte) (a - b));
  }

  /**
   * The pipeline fuzzer's PoCL seeds 2032, 2117, 2131, 2154, 2191, 2227 and 2261: a constant operand of
   * {@code ||} or {@code &&} ({@code e || true}) made javac branch to the next instruction, and Aparapi
   * rejected the kernel class's bytecode, so the kernel did not build.
   */
  @Test
  void constantOperandsOfLogicalOperatorsBuildAndKeepJavasMeaning() {
    ints(13, (a, b) -> {
      final boolean off = false;
      long r = (a > b || (2 & 4) == 0 ? 1 : 0) + (a < b && -15 == -7801 ? 2 : 0) + (a == b || off ? 4 : 0)
          + (b > 0 && !off ? 8 : 0) + (a > 0 || Semantics.Probe.FLAG ? 16 : 0) + (true || a / b > 0 ? 32 : 0);
      if (a != b || 30859.0 >= 7426.0) {
        r += 64;
      }
      return r;
    });
  }

  /** Empty branches inside a loop: javac's jumps to the next instruction made Aparapi fail with a goto error. */
  @Test
  void emptyBranchesInALoopBuildAndKeepJavasMeaning() {
    ints(14, (a, b) -> {
      long r = 0;
      for (int i = 0; i < 3; i++) {
        if (b > i) {
        } else {
          r += 1;
        }
        if (a == i) {
          r += 2;
        }
      }
      return r;
    });
    // the else branch of an empty then runs for NaN, where a < b is false
    floats(51, (a, b) -> bits(a < b ? 0 : 2));
  }

  /**
   * Integer.MIN_VALUE and Long.MIN_VALUE as operands of C operators: javac folds every spelling of
   * them into one constant, which Aparapi prints as a literal that OpenCL C reads as a wider type.
   */
  @Test
  void theSmallestIntAndLongStayTheirType() {
    ints(15, (a, b) -> (~(9223372036854775807L)) << (-(b)));
    ints(16, (a, b) -> (Integer.MIN_VALUE >> b) ^ ((-2147483647 - 1) << (b + 1)));
    ints(17, (a, b) -> (long) (double) (a ^ Long.MIN_VALUE) + (Long.MIN_VALUE >> (b & 7)));
  }

  @Test
  void intShiftsMaskTheCount() {
    ints(5, (a, b) -> a << b);
    ints(6, (a, b) -> a >> b);
    ints(7, (a, b) -> a >>> b);
  }

  @Test
  void xPlusOneIsNotGreaterThanXAtMaxValue() {
    ints(8, (a, b) -> a + 1 > a ? 1 : 0);
    longs(28, (a, b) -> a + 1 > a ? 1 : 0);
  }

  @Test
  void longArithmeticWrapsAndDivisionOfMinByMinusOneIsMin() {
    longs(20, (a, b) -> a + b);
    longs(21, (a, b) -> a - b);
    longs(22, (a, b) -> a * b);
    longs(23, (a, b) -> b == 0 ? 0 : a / b);
    longs(24, (a, b) -> b == 0 ? 0 : a % b);
    longs(29, (a, b) -> Math.abs(a) + -b);
    longs(30, (a, b) -> (int) a + (int) (b >>> 32));
  }

  @Test
  void longComparisonsDoNotOverflow() {
    longs(32, (a, b) -> (a < b ? 1 : 0) + (a <= b ? 2 : 0) + (a > b ? 4 : 0) + (a >= b ? 8 : 0) + (a == b ? 16 : 0)
        + (a != b ? 32 : 0));
    longs(33, (a, b) -> -(-(double) a) < (double) b ? 1 : 0);
  }

  /** {@code ~2147483647} is {@code Integer.MIN_VALUE}: an int, printed as a call, as every constant spelling of it is. */
  @Test
  void aComplementedIntConstantStaysAnInt() {
    ints(19, (a, b) -> ((~(2147483647)) >> b) ^ ((long) Math.abs((~(2147483647)) >> (long) b) << 32));
  }

  /** Compound assignments written as C's own operators before: now {@code c = (T) (c op (e))}, as Java defines them. */
  @Test
  void compoundShiftsBitwiseNarrowingAndAFloatTargetAreJavas() {
    ints(18, (a, b) -> {
      int c = a;
      c <<= b;
      int d = a;
      d >>= (long) b;
      byte e = (byte) a;
      e &= b;
      e |= b >> 3;
      short s = (short) a;
      s ^= b;
      float f = a;
      f += b * 0.001;
      int steps = 0;
      for (int i = 1; i != 0; i <<= 1) {
        steps++;
        if ((i & a) != 0) {
          break;
        }
      }
      return c ^ ((long) d << 32) ^ ((long) e << 7) ^ ((long) s << 13) ^ ((long) (f * 4096.0f) << 3) ^ ((long) steps << 40);
    });
  }

  /**
   * {@code m -= b - 0.5} on a long is {@code m = (long) (m - (b - 0.5))}: the kernel wrote the right-hand
   * side without its parentheses, so OpenCL computed {@code m - b - 0.5} (helper-58: wrong sums, an
   * integer division by zero that killed the JVM on PoCL for {@code m /= b * 0.5}, and a kernel class
   * that did not compile for a conditional right-hand side).
   */
  @Test
  void aCompoundAssignmentNarrowsTheWholeFloatingRightHandSide() {
    longs(34, (a, b) -> {
      long m = a;
      m -= b - 0.5;
      long q = a;
      q /= b * 0.5;
      long t = a;
      t += b > 0 ? b : 1.5f;
      int c = (int) a;
      c -= b + 0.5;
      return m ^ (q * 31) ^ (t * 961) ^ ((long) c << 17);
    });
  }

  @Test
  void longShiftsMaskTheCount() {
    longs(25, (a, b) -> a << b);
    longs(26, (a, b) -> a >> b);
    longs(27, (a, b) -> a >>> b);
  }

  @Test
  void mathRoundRoundsHalfUpLikeJava() {
    floats(40, (a, b) -> bits(Math.round(a)));
    doubles(60, (a, b) -> bits(Math.round(a)));
  }

  @Test
  void floatToIntegerCastsSaturateAndNanIsZero() {
    floats(41, (a, b) -> bits((int) a));
    floats(42, (a, b) -> bits((long) a));
    floats(43, (a, b) -> bits((short) a + 100000 * (byte) b));
    doubles(61, (a, b) -> bits((int) a));
    doubles(62, (a, b) -> bits((long) a));
    floats(50, (a, b) -> {
      int c = 7;
      c += a;
      return bits(c);
    });
  }

  @Test
  void minAndMaxKeepNanAndTheSignOfZero() {
    floats(44, (a, b) -> real(Math.max(a, b)));
    floats(45, (a, b) -> real(Math.min(a, b)));
    doubles(63, (a, b) -> real(Math.max(a, b)));
    doubles(64, (a, b) -> real(Math.min(a, b)));
  }

  @Test
  void floatingRemainderIsJavasTruncatingRemainder() {
    floats(46, (a, b) -> real(a % b));
    doubles(65, (a, b) -> real(a % b));
  }

  @Test
  void comparisonsWithNanAreFalse() {
    floats(47, (a, b) -> bits((a < b ? 1 : 0) + (a <= b ? 2 : 0) + (a == b ? 4 : 0) + (a != b ? 8 : 0)
        + (a > b ? 16 : 0) + (a >= b ? 32 : 0) + (!(a < b) ? 64 : 0)));
  }

  @Test
  void multiplyThenAddIsRoundedTwiceNotFused() {
    floats(48, (a, b) -> real(a * b + a));
  }

  /** The expression fuzzer's seed 6013: a cast of a product to its own type did not keep it from fusing. */
  @Test
  void aProductUnderACastToItsOwnTypeIsNotFusedEither() {
    floats(52, (a, b) -> real((float) (a * b) - a));
    doubles(76, (a, b) -> real(Math.min(a, (double) (a * (float) b) - a) + ((double) (b * a) + b)));
  }

  @Test
  void roundingFunctionsAbsAndAngles() {
    doubles(66, (a, b) -> real(Math.rint(a) + Math.floor(b) * 3 - Math.ceil(a)));
    doubles(67, (a, b) -> real(Math.abs(a)));
    doubles(70, (a, b) -> real(Math.toDegrees(a) + Math.toRadians(b)));
    doubles(71, (a, b) -> real(Math.IEEEremainder(a, b)));
    // builds: a NaN constant next to a double in a two-argument built-in, an int and a long in min
    doubles(72, (a, b) -> real(Math.IEEEremainder(a, Double.NaN) + Math.atan2(Double.NaN, b)
        + Math.min(DOUBLES.length, 3L)));
  }

  /** The expression fuzzer's seed -2307936636492560441: PoCL folded {@code rint(-1.0E300)} into garbage. */
  @Test
  void rintOfAConstantBeyondALongsRangeIsThatConstant() {
    doubles(73, (a, b) -> real(b == 2.5 || b == 0.5 ? Math.rint(-1.0E300) : Math.rint(a) - Math.rint(9.5E18)));
  }

  /** The expression fuzzer's seed 1050: PoCL folded {@code ceil} and {@code floor} of a constant NaN into garbage. */
  @Test
  void floorAndCeilOfAConstantNanAreNan() {
    doubles(74, (a, b) -> real((float) Math.sqrt(b == 0.5 ? Math.floor(Double.NaN) : Math.ceil(Double.NaN)) / (float) a + b));
  }

  /** The expression fuzzer's seed 621713855821: PoCL folded {@code exp} of a constant NaN into 0. */
  @Test
  void expOfAConstantNanIsNan() {
    doubles(77, (a, b) -> real(b == 2.5 ? (float) Math.exp((float) (Double.NaN * a))
        : Math.exp(Double.NaN * a) + Math.exp(0.0 * b)));
  }

  /** The expression fuzzer's seed -4073774672893661306: PoCL folded {@code atan} of a constant infinity to a float's π/2. */
  @Test
  void atanOfAConstantInfinityIsHalfPi() {
    doubles(78, (a, b) -> real((b == 0.5 ? Math.atan(Double.POSITIVE_INFINITY) : Math.atan(Double.NEGATIVE_INFINITY))
        + 0.0 * a));
  }

  /** StrictMath's exact functions are Math's, bit for bit: the kernel takes them (outside-in helper-99). */
  @Test
  void strictMathsExactFunctionsAreMaths() {
    doubles(79, (a, b) -> real(StrictMath.sqrt(a) + StrictMath.floor(b) * 3 - StrictMath.ceil(a) + StrictMath.rint(b)
        + StrictMath.IEEEremainder(a, b) + StrictMath.max(a, b) - StrictMath.abs(b) + StrictMath.toRadians(a)
        + StrictMath.round((float) b)));
  }

  @Test
  void ceilOfANegativeFractionIsNegativeZero() {
    doubles(75, (a, b) -> real(1.0 / Math.ceil(-0.7) + 1.0 / Math.ceil(b) - 1.0 / Math.floor(a)));
  }

  @Test
  void powHasJavasSpecialCasesAndIsWithinOneUlp() {
    Device cl = OpenClAvailable.device();
    for (Device d : new Device[] {Device.cpu(), cl}) {
      StringBuilder wrong = new StringBuilder();
      for (Semantics.Probed p : run(d, 69).out()) {
        double a = DOUBLES[p.k() / DOUBLES.length];
        double b = DOUBLES[p.k() % DOUBLES.length];
        double java = Math.pow(a, b);
        // Java: exact for special cases and for integer arguments with a representable result, else 1 ulp
        boolean exact = Double.isNaN(java) || Double.isInfinite(java) || java == 0
            || (a == Math.rint(a) && b == Math.rint(b) && java == Math.rint(java) && Math.abs(java) < 0x1p53);
        long ulps = Math.abs(Double.doubleToLongBits(java) - Double.doubleToLongBits(p.real()));
        boolean ok = exact ? ulps == 0 : ulps <= 1;
        if (!ok) {
          wrong.append("\n  pow(").append(a).append(", ").append(b).append(") = ").append(p.real()).append(", Java ")
              .append(java);
        }
      }
      assertTrue(wrong.length() == 0, d.name() + ":" + wrong);
    }
  }

  @Test
  void reductionsOfMaxAndMinKeepNanAndSumsWrap() {
    Device cl = OpenClAvailable.device();
    for (Device d : new Device[] {Device.cpu(), cl}) {
      assertEquals(Float.NaN, run(d, 49).probeMaxF(), d.name());
      assertEquals(Double.NaN, run(d, 68).probeMinD(), d.name());
      int sum = 0;
      for (int a : INTS) {
        for (int i = 0; i < INTS.length; i++) {
          sum += a;
        }
      }
      assertEquals(sum, run(d, 12).probeSumI(), d.name());
      long product = 1;
      for (long a : LONGS) {
        for (int i = 0; i < LONGS.length; i++) {
          product *= a;
        }
      }
      assertEquals(product, run(d, 31).probeProductL(), d.name());
    }
  }

  // ---- point 6: exceptions

  private static PipelineException fault(Device device, int op, int bad) {
    int[] table = upTo(10);
    return assertThrows(PipelineException.class,
        () -> FaultsPipeline.builder().fault(() -> new Faults.Fault(op, bad, table)).device(device).build().run(upTo(3000)),
        "op " + op + " on " + device.name());
  }

  private static void throwsLikeTheCpu(int op, int bad, Class<? extends Throwable> cause, String message) {
    Device cl = OpenClAvailable.device();
    PipelineException cpu = fault(Device.cpu(), op, bad);
    PipelineException gpu = fault(cl, op, bad);
    for (PipelineException e : new PipelineException[] {cpu, gpu}) {
      assertEquals("fault", e.node());
      assertEquals(String.valueOf(bad), e.item());
      assertInstanceOf(cause, e.getCause(), e.getMessage());
      assertEquals(message, e.getCause().getMessage());
      assertTrue(e.getMessage().contains(": " + cause.getSimpleName() + ": " + message), e.getMessage());
    }
    assertTrue(gpu.getMessage().contains(cl.name()), gpu.getMessage());
    // the same pipeline without the bad item runs
    int[] table = upTo(10);
    assertEquals(3000, FaultsPipeline.builder().fault(() -> new Faults.Fault(op, -7, table)).device(cl).build()
        .run(upTo(3000)).out().length);
  }

  @Test
  void aNegativeIndexThrowsArrayIndexOutOfBounds() {
    throwsLikeTheCpu(0, 1234, ArrayIndexOutOfBoundsException.class, "Index -1 out of bounds for length 10");
  }

  @Test
  void anIndexAtTheLengthThrowsArrayIndexOutOfBounds() {
    throwsLikeTheCpu(1, 2999, ArrayIndexOutOfBoundsException.class, "Index 10 out of bounds for length 10");
  }

  @Test
  void anIndexOutOfBoundsInAStaticHelperThrows() {
    throwsLikeTheCpu(2, 17, ArrayIndexOutOfBoundsException.class, "Index -5 out of bounds for length 10");
  }

  @Test
  void integerDivisionByZeroThrowsArithmeticException() {
    throwsLikeTheCpu(3, 5, ArithmeticException.class, "/ by zero");
    throwsLikeTheCpu(4, 0, ArithmeticException.class, "/ by zero");
  }

  @Test
  void longDivisionByZeroThrowsArithmeticException() {
    throwsLikeTheCpu(5, 2048, ArithmeticException.class, "/ by zero");
    throwsLikeTheCpu(6, 777, ArithmeticException.class, "/ by zero");
  }

  @Test
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aFailureEndsTheLoopItIsIn() {
    // the kernel records the failure and goes on with a stand-in (divisor 1, index 0); the loop must
    // still end there, as Java's exception ends it: with the stand-in each of these loops runs for hours
    throwsLikeTheCpu(7, 1500, ArithmeticException.class, "/ by zero");
    throwsLikeTheCpu(8, 42, ArrayIndexOutOfBoundsException.class, "Index 10 out of bounds for length 10");
    throwsLikeTheCpu(9, 2999, ArrayIndexOutOfBoundsException.class, "Index 10 out of bounds for length 10");
    throwsLikeTheCpu(10, 0, ArithmeticException.class, "/ by zero");
  }

  @Test
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aFailureBeforeALoopEndsItToo() {
    // the stand-in reaches a loop that holds no check of its own: in the node, and in a helper it is
    // passed to (outside-in: only loops holding a check tested the group's error word, and these ran on)
    throwsLikeTheCpu(11, 600, ArrayIndexOutOfBoundsException.class, "Index 12 out of bounds for length 10");
    throwsLikeTheCpu(12, 7, ArrayIndexOutOfBoundsException.class, "Index -3 out of bounds for length 10");
  }
}
