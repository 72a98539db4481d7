package dev.sluice.runtime.opencl;

/**
 * Java's arithmetic where OpenCL C means something else: the one home of the rules kernels follow to
 * compute what the JVM computes. The processor's body translator rewrites each construct whose OpenCL
 * meaning differs into a call of one of these methods; everything else is left to OpenCL as is.
 *
 * <ul>
 *   <li>Signed {@code int}/{@code long} overflow is undefined behaviour in OpenCL C, and LLVM folds on
 *       it ({@code x + 1 > x} becomes true). {@code int} operations run in {@code long}, where they
 *       cannot overflow, and are narrowed (a truncation in OpenCL C). {@code long} operations are
 *       composed of 32-bit halves held in {@code long}s, whose sums and products stay in range, joined
 *       with shifts and masks: OpenCL C defines {@code <<} on every bit pattern (clang emits a plain
 *       {@code shl}, no {@code nsw}), so no step can overflow.
 *   <li>{@code MIN_VALUE / -1} traps on some devices; Java gives {@code MIN_VALUE} and remainder 0.
 *       (A zero divisor is the kernel's check, which fails the run; here the divisor is never 0.)
 *   <li>A floating value out of an integer type's range, or NaN, converts to undefined values in
 *       OpenCL C; Java saturates and takes NaN to 0.
 *   <li>OpenCL's {@code round} rounds halves away from zero, Java's {@code Math.round} up;
 *       {@code fmax}/{@code fmin} drop a NaN, Java's {@code max}/{@code min} return it, and order
 *       {@code -0.0} below {@code 0.0}; OpenCL C has no {@code %} on floating operands.
 *   <li>OpenCL C may contract {@code a * b + c} into one fused multiply-add (one rounding); Java rounds
 *       the product first. A product kept in a call of {@link #fmul} or {@link #dmul} cannot fuse.
 *   <li>Aparapi prints the comparison in a branch by flipping the operator ({@code !(a < b)} becomes
 *       {@code a >= b}), which is false for NaN where Java's is true. An ordered comparison of floating
 *       values under a {@code !} is a call of {@link #ltF} and the like, whose result Aparapi negates as an int.
 *   <li>OpenCL's {@code abs} of a long's {@code MIN_VALUE} gave 0 on PoCL, Java gives {@code MIN_VALUE};
 *       Aparapi writes {@code >>>} as a shift of an unsigned value, which stays unsigned in the expression.
 *   <li>PoCL folds {@code rint} of a constant beyond a {@code long}'s range into an undefined value:
 *       {@link #rintD} rounds by adding and subtracting 2^52. It folds {@code floor} and {@code ceil}
 *       of a constant NaN into an undefined value too: {@link #floorD} and {@link #ceilD} start from
 *       {@link #rintD}.
 *   <li>OpenCL C allows a {@code float} quotient 2.5 ulp from the exact one, unless the program is
 *       built with {@code -cl-fp32-correctly-rounded-divide-sqrt}, which Aparapi does not pass; Java's
 *       is correctly rounded. {@link #fdiv} divides in {@code double}, which OpenCL rounds correctly,
 *       and rounds that to a {@code float}: the same value, since a {@code double} has more than twice
 *       a {@code float}'s bits plus two (rounding twice is then exact for {@code + - * /} and square roots).
 *   <li>C's {@code pow} gives 1 for {@code pow(1, NaN)} and {@code pow(-1, ±inf)}; Java gives NaN.
 *   <li>PoCL folds {@code exp} of a constant NaN into 0: {@link #exp} gives back the NaN. It folds
 *       {@code atan} of a constant infinity into {@code ±π/2} rounded to a float: {@link #atan}.
 * </ul>
 *
 * <p>Aparapi translates these static methods into OpenCL, so they stay in its subset (see
 * {@link dev.sluice.runtime.protocol.Protocol}): primitives only, locals declared at the top of their
 * block, one {@code return}, and no {@code Math} calls; no name starting with {@code is} or
 * {@code get}, which Aparapi takes for a bean getter; and no name and parameters of a method of
 * Aparapi's {@code Kernel} ({@code rint(double)}, {@code toDegrees(double)} ...), whose calls Aparapi
 * prints as the OpenCL built-in whatever class they are in. On the JVM they compute exactly Java's
 * operators, which their unit test checks.
 */
public final class JavaArithmetic {
  private JavaArithmetic() {}

  /** 2^52: from here on every double is an integer. */
  private static final double INTEGRAL = 4503599627370496.0;
  private static final long LOW = 0xFFFFFFFFL;
  /** More halvings or doublings than the exponents of doubles span. */
  private static final int REM_STEPS = 2200;

  // ---- int: computed in long, narrowed

  public static int addI(int a, int b) {
    return (int) ((long) a + (long) b);
  }

  public static int subI(int a, int b) {
    return (int) ((long) a - (long) b);
  }

  public static int mulI(int a, int b) {
    return (int) ((long) a * (long) b);
  }

  public static int negI(int a) {
    return (int) (-(long) a);
  }

  /** {@code Math.abs(int)}: {@code abs(MIN_VALUE)} is {@code MIN_VALUE}. */
  public static int absI(int a) {
    return a < 0 ? negI(a) : a;
  }

  /**
   * {@code a >>> n}: Aparapi writes {@code ((unsigned int) a) >> n}, whose unsigned value would leak into
   * a comparison, a division or a widening; a call's result is an int.
   */
  public static int ushrI(int a, int n) {
    return a >>> n;
  }

  /** {@code a / b} for {@code b != 0}. */
  public static int divI(int a, int b) {
    return b == -1 ? negI(a) : a / b;
  }

  /** {@code a % b} for {@code b != 0}. */
  public static int remI(int a, int b) {
    return b == -1 ? 0 : a % b;
  }

  // ---- long: 32-bit halves

  public static long addL(long a, long b) {
    long lo = (a & LOW) + (b & LOW);
    long hi = (a >> 32) + (b >> 32) + (lo >> 32);
    return (hi << 32) | (lo & LOW);
  }

  public static long subL(long a, long b) {
    long lo = (a & LOW) - (b & LOW);
    long hi = (a >> 32) - (b >> 32) + (lo >> 32);
    return (hi << 32) | (lo & LOW);
  }

  public static long negL(long a) {
    return subL(0L, a);
  }

  /**
   * {@code a * b} modulo 2^64: the low halves' product (up to 2^64) in two parts of under 2^48 each,
   * the cross products (under 2^63 each) cut to their low 32 bits before they are added.
   */
  public static long mulL(long a, long b) {
    long al = a & LOW;
    long bl = b & LOW;
    long low = addL((al & 0xFFFFL) * bl, ((al >> 16) * bl) << 16);
    long cross = (((a >> 32) * bl) & LOW) + ((al * (b >> 32)) & LOW);
    return addL(low, cross << 32);
  }

  /** {@code Math.abs(long)}: PoCL's {@code abs} gave 0 for {@code MIN_VALUE}; Java gives {@code MIN_VALUE}. */
  public static long absL(long a) {
    long r = a;
    if ((int) (a >> 32) < 0) {
      r = negL(a);
    }
    return r;
  }

  /** {@code a >>> n} on a long, as {@link #ushrI}. */
  public static long ushrL(long a, int n) {
    return a >>> n;
  }

  /** {@code a / b} for {@code b != 0}. */
  public static long divL(long a, long b) {
    long r = 0L;
    if (eqL(b, -1L)) {
      r = negL(a);
    } else {
      r = a / b;
    }
    return r;
  }

  /** {@code a % b} for {@code b != 0}. */
  public static long remL(long a, long b) {
    long r = 0L;
    if (!eqL(b, -1L)) {
      r = a % b;
    }
    return r;
  }

  // ---- floating to integer: saturating, NaN to 0 (float arguments widen exactly)

  public static int d2i(double d) {
    int r = 0;
    if (d != d) {
      r = 0;
    } else if (d >= 2147483647.0) {
      r = Integer.MAX_VALUE;
    } else if (d <= -2147483648.0) {
      r = Integer.MIN_VALUE;
    } else {
      r = (int) d;
    }
    return r;
  }

  public static long d2l(double d) {
    long r = 0L;
    if (d != d) {
      r = 0L;
    } else if (d >= 9.223372036854775807E18) {
      r = Long.MAX_VALUE;
    } else if (d <= -9.223372036854775808E18) {
      r = Long.MIN_VALUE;
    } else {
      r = (long) d;
    }
    return r;
  }

  // ---- rounding

  /**
   * The closest integer to {@code x}, ties up, as a double ({@code Math.round} before its conversion):
   * below 2^52, {@code x - floor(x)} is exact (or, for a tiny negative x, far from one half).
   */
  private static double roundUp(double x) {
    double f = 0;
    double r = x;
    if (x > -INTEGRAL && x < INTEGRAL) {
      f = (double) (long) x;
      if (f > x) {
        f = f - 1.0;
      }
      r = x - f >= 0.5 ? f + 1.0 : f;
    }
    return r;
  }

  /**
   * {@code Math.rint}: the nearest integer, ties to even, as a double. Below 2^52, adding 2^52 leaves
   * no fraction bits, so the sum is rounded to an integer by the default rounding (to nearest, ties to
   * even) and the subtraction is exact; from 2^52 on, and for zeros, infinities and NaN, {@code x}
   * itself. Not OpenCL's {@code rint}: PoCL (LLVM 15) folds {@code rint} of a constant beyond the
   * range of a {@code long} (a double) or an {@code int} (a float) into an undefined value, so
   * {@code c ? rint(-1.0E300) : y} took {@code y}.
   */
  public static double rintD(double x) {
    double a = x < 0.0 ? -x : x;
    double r = x;
    if (a > 0.0 && a < INTEGRAL) {
      double t = (a + INTEGRAL) - INTEGRAL;
      r = x < 0.0 ? -t : t;
    }
    return r;
  }

  /**
   * {@code Math.floor}: {@link #rintD}, one less where that rounded up. Zeros, infinities, NaN and
   * values from 2^52 on are {@code x} itself, as {@code rintD} leaves them. Not OpenCL's {@code floor}:
   * PoCL (LLVM 15) folds {@code floor(NAN)} of a constant NaN into a finite value.
   */
  public static double floorD(double x) {
    double r = rintD(x);
    if (r > x) {
      r = r - 1.0;
    }
    return r;
  }

  /**
   * {@code Math.ceil}: {@link #rintD}, one more where that rounded down; a result of zero from a
   * negative {@code x} is {@code -0.0}, as Java's ({@code Math.ceil(-0.7)}). Not OpenCL's {@code ceil},
   * for the same reason as {@link #floorD}.
   */
  public static double ceilD(double x) {
    double r = rintD(x);
    if (r < x) {
      r = r + 1.0;
    }
    if (r == 0.0 && x < 0.0) {
      r = -0.0;
    }
    return r;
  }

  /** {@code Math.round(double)}. */
  public static long roundD(double x) {
    return d2l(roundUp(x));
  }

  /** {@code Math.round(float)}: the same rule, exact in double, saturating to int. */
  public static int roundF(float x) {
    return d2i(roundUp((double) x));
  }

  // ---- min and max: NaN wins, -0.0 is below 0.0

  public static double dmax(double a, double b) {
    double r = 0;
    if (a != a) {
      r = a;
    } else if (b != b) {
      r = b;
    } else if (a == 0.0 && b == 0.0) {
      r = a + b; // 0.0 unless both are -0.0
    } else {
      r = a > b ? a : b;
    }
    return r;
  }

  public static double dmin(double a, double b) {
    double r = 0;
    if (a != a) {
      r = a;
    } else if (b != b) {
      r = b;
    } else if (a == 0.0 && b == 0.0) {
      r = -(-a - b); // -0.0 unless both are 0.0
    } else {
      r = a < b ? a : b;
    }
    return r;
  }

  public static float fmax(float a, float b) {
    float r = 0;
    if (a != a) {
      r = a;
    } else if (b != b) {
      r = b;
    } else if (a == 0.0f && b == 0.0f) {
      r = a + b;
    } else {
      r = a > b ? a : b;
    }
    return r;
  }

  public static float fmin(float a, float b) {
    float r = 0;
    if (a != a) {
      r = a;
    } else if (b != b) {
      r = b;
    } else if (a == 0.0f && b == 0.0f) {
      r = -(-a - b);
    } else {
      r = a < b ? a : b;
    }
    return r;
  }

  // ---- integer min and max: OpenCL's min/max are right, but Aparapi may print one argument as an
  // int and the other as a long, a call OpenCL rejects as ambiguous; a typed call converts them

  public static int minI(int a, int b) {
    return a < b ? a : b;
  }

  public static int maxI(int a, int b) {
    return a > b ? a : b;
  }

  public static long minL(long a, long b) {
    long r = b;
    if (ltL(a, b)) {
      r = a;
    }
    return r;
  }

  public static long maxL(long a, long b) {
    long r = b;
    if (ltL(b, a)) {
      r = a;
    }
    return r;
  }

  // ---- remainder: Java's % on floating operands, C's fmod

  /**
   * {@code x % y}, exactly: {@code |x|} less the largest {@code |y| * 2^k} that fits, for k going
   * down; each subtraction is exact (the operands are within a factor of two), so the result is.
   */
  public static double drem(double x, double y) {
    double r = x < 0 ? -x : x;
    double m = y < 0 ? -y : y;
    double t = m;
    double out = x;
    int steps = 0;
    if (x != x || y != y || x - x != 0.0 || y == 0.0) {
      out = (y - y) / 0.0 + x - x; // NaN: x or y is NaN, x is infinite, or y is zero
    } else if (m - m == 0.0 && r >= m) {
      // at most 2098 doublings span the doubles (2^-1074 to 2^1023): the bound only guarantees an end
      while (steps < REM_STEPS && t + t <= r) {
        t = t + t;
        steps++;
      }
      steps = 0;
      while (steps < REM_STEPS && r >= m) {
        if (r >= t) {
          r = r - t;
        }
        t = t * 0.5;
        steps++;
      }
      out = x < 0 ? -r : r;
    }
    return out;
  }

  /** {@code x % y} on floats: the exact remainder of the doubles is a float. */
  public static float frem(float x, float y) {
    return (float) drem((double) x, (double) y);
  }

  // ---- floating negation: Aparapi prints -(-x) as --x, a decrement OpenCL rejects; a call is one minus

  public static float negF(float a) {
    return -a;
  }

  public static double negD(double a) {
    return -a;
  }

  // ---- a float quotient, correctly rounded on every device

  public static float fdiv(float a, float b) {
    return (float) ((double) a / (double) b);
  }

  // ---- products that must not fuse with an addition

  public static float fmul(float a, float b) {
    return a * b;
  }

  public static double dmul(double a, double b) {
    return a * b;
  }

  // ---- ordered comparisons, for use under a negation (false when either operand is NaN)

  public static boolean ltF(float a, float b) {
    return a < b;
  }

  public static boolean leF(float a, float b) {
    return a <= b;
  }

  public static boolean gtF(float a, float b) {
    return a > b;
  }

  public static boolean geF(float a, float b) {
    return a >= b;
  }

  public static boolean ltD(double a, double b) {
    return a < b;
  }

  public static boolean leD(double a, double b) {
    return a <= b;
  }

  public static boolean gtD(double a, double b) {
    return a > b;
  }

  public static boolean geD(double a, double b) {
    return a >= b;
  }

  /**
   * {@code c}, which javac cannot fold: a constant operand of {@code &&} or {@code ||} ({@code e || true},
   * {@code e && false}) would become a branch to the next instruction, which Aparapi cannot parse.
   */
  public static boolean opaque(boolean c) {
    return c;
  }

  // ---- the two smallest values: javac folds any constant expression to one constant, and Aparapi
  // prints Integer.MIN_VALUE as -2147483648 and Long.MIN_VALUE as -9223372036854775808L. OpenCL C
  // reads each as the negation of a literal too large for its type, so of a wider type: -2147483648 is
  // a long, and -2147483648 >> 32 was -1 where Java gives Integer.MIN_VALUE (PoCL 3.1);
  // -9223372036854775808L << -64 was 0. These compute the value from a local, which javac does not fold.

  /** {@code Integer.MIN_VALUE}, as an {@code int} in OpenCL C too. */
  public static int smallestI() {
    int max = 2147483647;
    return ~max;
  }

  /** {@code Long.MIN_VALUE}, as a {@code long} in OpenCL C too. */
  public static long smallestL() {
    long max = 9223372036854775807L;
    return ~max;
  }

  // ---- long comparisons: javac compiles every comparison of two longs to lcmp, which Aparapi prints as
  // a subtraction, (a - b) >= 0, that overflows (Long.MIN_VALUE >= 1 would be true). The kernels call
  // these instead, and these hold no lcmp themselves: they compare the halves as ints, the high ones
  // signed, the low ones unsigned (each with its sign bit flipped, which a XOR does without overflow).
  // Written with a < b, they held the same subtraction, right only where the OpenCL compiler's
  // optimizer turned it back into a comparison: Oclgrind building with -cl-opt-disable gave
  // @Reduce(MAX) -7 over {5, -7, 1000, Long.MIN_VALUE, ...} (outside-in helper-101). The JVM's own
  // methods in this class hold no lcmp at all (JavaArithmeticTest reads their bytecode).

  public static boolean ltL(long a, long b) {
    int ah = (int) (a >> 32);
    int bh = (int) (b >> 32);
    boolean r = ah < bh;
    if (ah == bh) {
      int flip = smallestI();
      r = ((int) a ^ flip) < ((int) b ^ flip);
    }
    return r;
  }

  public static boolean leL(long a, long b) {
    boolean r = true;
    if (ltL(b, a)) {
      r = false;
    }
    return r;
  }

  public static boolean gtL(long a, long b) {
    return ltL(b, a);
  }

  public static boolean geL(long a, long b) {
    return leL(b, a);
  }

  public static boolean eqL(long a, long b) {
    boolean r = false;
    if ((int) (a >> 32) == (int) (b >> 32) && (int) a == (int) b) {
      r = true;
    }
    return r;
  }

  public static boolean neL(long a, long b) {
    boolean r = true;
    if (eqL(a, b)) {
      r = false;
    }
    return r;
  }

  // ---- Math functions whose special cases differ from C's

  /**
   * {@code Math.exp(x)}, given the device's {@code exp(x)} as {@code c}: {@code x} itself when it is
   * NaN (PoCL folds {@code exp} of a NaN that is a constant after inlining into 0).
   */
  public static double exp(double x, double c) {
    double r = c;
    if (x != x) {
      r = x;
    }
    return r;
  }

  /**
   * The largest {@code x} whose {@code Math.exp(x)} is finite (1.7976931348622732E308); the next
   * double's is infinite. {@code ln(Double.MAX_VALUE)} is 709.78271289338399678...
   */
  public static final double LARGEST_FINITE_EXP = 709.782712893384;

  /**
   * Whether the device's {@code exp(x)}, {@code c}, is infinite where Java's is finite: PoCL's (SLEEF's)
   * is infinite from 709.78271114955742909 on, some fifteen million doubles early. The kernel then
   * takes {@code exp(x / 2)} squared instead.
   */
  public static boolean expOverflowedEarly(double x, double c) {
    return c == Double.POSITIVE_INFINITY && x <= LARGEST_FINITE_EXP;
  }

  /**
   * {@code Math.atan(x)}, given the device's {@code atan(x)} as {@code c}: {@code ±π/2} for an
   * infinite {@code x} (PoCL folds {@code atan} of an infinity that is a constant after inlining into
   * {@code ±π/2} rounded to a float).
   */
  public static double atan(double x, double c) {
    double r = c;
    if (x == Double.POSITIVE_INFINITY) {
      r = 1.5707963267948966;
    }
    if (x == Double.NEGATIVE_INFINITY) {
      r = -1.5707963267948966;
    }
    return r;
  }

  /**
   * {@code Math.pow(x, y)}, given the device's {@code pow(x, y)} as {@code c}: Java's NaN where C
   * gives 1 (a NaN exponent, or a base of magnitude 1 to an infinite power).
   */
  public static double pow(double x, double y, double c) {
    return y != y || ((x == 1.0 || x == -1.0) && y - y != 0.0) ? (y - y) / 0.0 + (x - x) : c;
  }

  /** {@code Math.toDegrees}, as the JDK computes it: one multiplication. */
  public static double toDegreesD(double x) {
    return x * 57.29577951308232;
  }

  /** {@code Math.toRadians}, as the JDK computes it: one multiplication. */
  public static double toRadiansD(double x) {
    return x * 0.017453292519943295;
  }
}
