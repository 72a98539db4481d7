package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** On the JVM, every rule of {@link JavaArithmetic} is Java's own operator, on edge and random values. */
class JavaArithmeticTest {
  private static final int[] INTS = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -65536, -1, 0, 1, 2, 46341, 65535,
      Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
  private static final long[] LONGS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE, -4294967296L, -1, 0, 1,
      2, 3037000500L, 4294967295L, 4294967296L, Integer.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE};
  private static final double[] DOUBLES = {Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, -0.0, 0.0,
      -2.5, 2.5, -0.5, 0.5, 0.49999999999999994, -0.49999999999999994, 1e300, -1e300, 2147483647.5, -2147483648.5,
      9.223372036854775807E18, -9.223372036854775808E18, 4503599627370497.0, -4503599627370497.5, Double.MAX_VALUE,
      Double.MIN_VALUE, -Double.MIN_VALUE, 1.0, -1.0, 3.0, -7.25, 1e-300, 8388609.5, 0.1, 1e16, 6.02e23};

  private static int[] ints(Random r) {
    int[] a = new int[INTS.length + 200];
    System.arraycopy(INTS, 0, a, 0, INTS.length);
    for (int i = INTS.length; i < a.length; i++) {
      a[i] = i % 2 == 0 ? r.nextInt() : r.nextInt(2001) - 1000;
    }
    return a;
  }

  private static long[] longs(Random r) {
    long[] a = new long[LONGS.length + 200];
    System.arraycopy(LONGS, 0, a, 0, LONGS.length);
    for (int i = LONGS.length; i < a.length; i++) {
      a[i] = i % 3 == 0 ? r.nextLong() : i % 3 == 1 ? r.nextInt() : r.nextInt(2001) - 1000;
    }
    return a;
  }

  private static double[] doubles(Random r) {
    double[] a = new double[DOUBLES.length + 300];
    System.arraycopy(DOUBLES, 0, a, 0, DOUBLES.length);
    for (int i = DOUBLES.length; i < a.length; i++) {
      a[i] = switch (i % 3) {
        case 0 -> Double.longBitsToDouble(r.nextLong());
        case 1 -> (r.nextInt(4001) - 2000) / 4.0;
        default -> r.nextGaussian() * Math.pow(10, r.nextInt(40) - 20);
      };
    }
    return a;
  }

  /** Bits, every NaN as one: Java does not tell NaNs apart. */
  private static void same(double expected, double actual, String what) {
    assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual), what);
  }

  /**
   * Aparapi prints a call of a method with the name and parameters of one of its {@code Kernel}'s
   * OpenCL-mapped methods as that built-in, whatever class it is in: {@code JavaArithmetic.rint(double)}
   * became OpenCL's {@code rint}, the very call it replaces.
   */
  @Test
  void noMethodIsTakenForAnOpenClBuiltIn() {
    for (Method m : JavaArithmetic.class.getDeclaredMethods()) {
      for (Method k : com.aparapi.Kernel.class.getDeclaredMethods()) {
        // Kernel.OpenCLMapping is protected: found by name
        boolean mapped = Arrays.stream(k.getDeclaredAnnotations())
            .anyMatch(a -> a.annotationType().getSimpleName().equals("OpenCLMapping"));
        assertFalse(mapped && k.getName().equals(m.getName())
            && Arrays.equals(k.getParameterTypes(), m.getParameterTypes()), m + " is Aparapi's " + k);
      }
    }
  }

  @Test
  void noTwoMethodsShareAName() {
    // Aparapi names an OpenCL function after the class and the method alone: an overload is a
    // second definition of the same function ("conflicting types")
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (Method m : JavaArithmetic.class.getDeclaredMethods()) {
      if (java.lang.reflect.Modifier.isPublic(m.getModifiers())) {
        assertTrue(seen.add(m.getName()), "JavaArithmetic." + m.getName() + " is overloaded");
      }
    }
  }

  @Test
  void theSmallestValuesAreJavas() {
    assertEquals(Integer.MIN_VALUE, JavaArithmetic.smallestI());
    assertEquals(Long.MIN_VALUE, JavaArithmetic.smallestL());
  }

  @Test
  void intOperations() {
    int[] v = ints(new Random(1));
    for (int a : v) {
      assertEquals(-a, JavaArithmetic.negI(a));
      assertEquals(Math.abs(a), JavaArithmetic.absI(a));
      for (int b : v) {
        String w = a + ", " + b;
        assertEquals(a + b, JavaArithmetic.addI(a, b), w);
        assertEquals(a - b, JavaArithmetic.subI(a, b), w);
        assertEquals(a >>> b, JavaArithmetic.ushrI(a, b), w);
        assertEquals(Math.min(a, b), JavaArithmetic.minI(a, b), w);
        assertEquals(Math.max(a, b), JavaArithmetic.maxI(a, b), w);
        assertEquals(a * b, JavaArithmetic.mulI(a, b), w);
        if (b != 0) {
          assertEquals(a / b, JavaArithmetic.divI(a, b), w);
          assertEquals(a % b, JavaArithmetic.remI(a, b), w);
        }
      }
    }
  }

  /**
   * No method compares two longs with javac's {@code lcmp}: Aparapi prints it as a subtraction that
   * overflows, right on a device only where the OpenCL compiler's optimizer undoes it (outside-in
   * helper-101; {@code UnoptimizedBuildTest} runs the kernels so built). Read with the JDK's javap.
   */
  @Test
  void noMethodComparesLongsWithLcmp() {
    java.util.spi.ToolProvider javap = java.util.spi.ToolProvider.findFirst("javap").orElseThrow();
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.PrintWriter w = new java.io.PrintWriter(out);
    assertEquals(0, javap.run(w, w, "-c", "-p", "-cp", System.getProperty("java.class.path"),
        JavaArithmetic.class.getName()), out.toString());
    w.flush();
    String method = null;
    List<String> holding = new ArrayList<>();
    for (String line : out.toString().split("\n")) {
      if (line.startsWith("  ") && !line.startsWith("   ") && line.contains("(")) {
        method = line.strip();
      } else if (line.matches("\\s+\\d+: lcmp\\s*")) {
        holding.add(method);
      }
    }
    assertTrue(out.toString().contains("public static boolean ltL(long, long);"), "javap's listing read");
    assertEquals(List.of(), holding);
  }

  @Test
  void longOperations() {
    long[] v = longs(new Random(2));
    for (long a : v) {
      assertEquals(-a, JavaArithmetic.negL(a));
      assertEquals(Math.abs(a), JavaArithmetic.absL(a));
      for (long b : v) {
        String w = a + ", " + b;
        assertEquals(a + b, JavaArithmetic.addL(a, b), w);
        assertEquals(a - b, JavaArithmetic.subL(a, b), w);
        assertEquals(a >>> b, JavaArithmetic.ushrL(a, (int) b), w);
        assertEquals(Math.min(a, b), JavaArithmetic.minL(a, b), w);
        assertEquals(a < b, JavaArithmetic.ltL(a, b), w);
        assertEquals(a <= b, JavaArithmetic.leL(a, b), w);
        assertEquals(a > b, JavaArithmetic.gtL(a, b), w);
        assertEquals(a >= b, JavaArithmetic.geL(a, b), w);
        assertEquals(a == b, JavaArithmetic.eqL(a, b), w);
        assertEquals(a != b, JavaArithmetic.neL(a, b), w);
        assertEquals(Math.max(a, b), JavaArithmetic.maxL(a, b), w);
        assertEquals(a * b, JavaArithmetic.mulL(a, b), w);
        if (b != 0) {
          assertEquals(a / b, JavaArithmetic.divL(a, b), w);
          assertEquals(a % b, JavaArithmetic.remL(a, b), w);
        }
      }
    }
  }

  @Test
  void conversionsAndRounding() {
    for (double d : doubles(new Random(3))) {
      float f = (float) d;
      String w = d + " / " + f;
      assertEquals((int) d, JavaArithmetic.d2i(d), w);
      assertEquals((long) d, JavaArithmetic.d2l(d), w);
      assertEquals((int) f, JavaArithmetic.d2i(f), w);
      assertEquals((long) f, JavaArithmetic.d2l(f), w);
      assertEquals(Math.round(d), JavaArithmetic.roundD(d), w);
      assertEquals(Math.round(f), JavaArithmetic.roundF(f), w);
      same(Math.rint(d), JavaArithmetic.rintD(d), w);
      same(Math.rint(f), JavaArithmetic.rintD(f), w);
      same(Math.floor(d), JavaArithmetic.floorD(d), w);
      same(Math.ceil(d), JavaArithmetic.ceilD(d), w);
      same(Math.floor(f), JavaArithmetic.floorD(f), w);
      same(Math.ceil(f), JavaArithmetic.ceilD(f), w);
      same(Math.toDegrees(d), JavaArithmetic.toDegreesD(d), w);
      same(Math.toRadians(d), JavaArithmetic.toRadiansD(d), w);
    }
  }

  @Test
  void minMaxRemainderAndPow() {
    double[] v = doubles(new Random(4));
    for (double a : v) {
      for (double b : v) {
        String w = a + ", " + b;
        float fa = (float) a;
        float fb = (float) b;
        same(Math.max(a, b), JavaArithmetic.dmax(a, b), w);
        same(Math.min(a, b), JavaArithmetic.dmin(a, b), w);
        same(Math.max(fa, fb), JavaArithmetic.fmax(fa, fb), w);
        same(Math.min(fa, fb), JavaArithmetic.fmin(fa, fb), w);
        same(a % b, JavaArithmetic.drem(a, b), w);
        same(fa % fb, JavaArithmetic.frem(fa, fb), w);
        same(Math.pow(a, b), JavaArithmetic.pow(a, b, cPow(a, b)), w);
      }
    }
  }

  /**
   * A float quotient through a double is Java's float quotient, bit for bit (no double rounding
   * error: 53 >= 2 * 24 + 2), over random bit patterns (subnormals, infinities and NaNs among them)
   * and quotients near the subnormal and overflow limits.
   */
  @Test
  void aFloatQuotientThroughADoubleIsJavas() {
    Random r = new Random(5);
    float[] special = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, 1f, -1f, 3f,
        0.1f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN};
    for (int i = 0; i < 2_000_000; i++) {
      float a = i < special.length * special.length ? special[i / special.length] : Float.intBitsToFloat(r.nextInt());
      float b = i < special.length * special.length ? special[i % special.length]
          : i % 2 == 0 ? Float.intBitsToFloat(r.nextInt()) : a / (1 + r.nextInt(1 << 24)) * (1 + r.nextFloat());
      float q = JavaArithmetic.fdiv(a, b);
      if (Float.isNaN(q) || Float.isNaN(a / b)) {
        assertEquals(Float.isNaN(a / b), Float.isNaN(q), a + " / " + b);
      } else {
        assertEquals(Float.floatToIntBits(a / b), Float.floatToIntBits(q), a + " / " + b);
      }
    }
  }

  /** C's pow where it differs from Java's: 1 for pow(1, NaN) and pow(-1, infinity), as OpenCL gives. */
  private static double cPow(double a, double b) {
    return (a == 1.0 || (a == -1.0 && Double.isInfinite(b))) ? 1.0 : Math.pow(a, b);
  }
}
