package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Java's numeric semantics on the device: node {@code probe} applies operation {@code op} to the
 * pair {@code (v[k / n], v[k % n])} of edge values of one type ({@code n} values), and pushes the
 * result as a long ({@code bits}) or, for a floating result, as a double ({@code real}).
 */
@Pipeline
interface Semantics {
  @Source int in();

  @From("in") Probe probe();

  @Sink @From("probe") Probed out();

  /** The result of case {@code k}: an integer result in {@code bits}, a floating one in {@code real}. */
  record Probed(int k, long bits, double real) {}

  @Node
  final class Probe {
    /** A constant in a condition (op 13). */
    static final boolean FLAG = true;

    @Param final int op;
    @Param final int[] ints;
    @Param final long[] longs;
    @Param final float[] floats;
    @Param final double[] doubles;
    @Reduce(ReduceOp.MAX) float maxF;
    @Reduce(ReduceOp.MIN) double minD;
    @Reduce(ReduceOp.SUM) int sumI;
    @Reduce(ReduceOp.PRODUCT) long productL;

    Probe(int op, int[] ints, long[] longs, float[] floats, double[] doubles) {
      this.op = op;
      this.ints = ints;
      this.longs = longs;
      this.floats = floats;
      this.doubles = doubles;
    }

    public void run(int k, @Max(1) Out<Probed> out) {
      int ni = ints.length;
      int nl = longs.length;
      int nf = floats.length;
      int nd = doubles.length;
      if (op < 20 && k < ni * ni) {
        int a = ints[k / ni];
        int b = ints[k % ni];
        long r = 0;
        if (op == 0) {
          r = a + b;
        } else if (op == 1) {
          r = a - b;
        } else if (op == 2) {
          r = a * b;
        } else if (op == 3) {
          r = b == 0 ? 0 : a / b;
        } else if (op == 4) {
          r = b == 0 ? 0 : a % b;
        } else if (op == 5) {
          r = a << b;
        } else if (op == 6) {
          r = a >> b;
        } else if (op == 7) {
          r = a >>> b;
        } else if (op == 8) {
          r = a + 1 > a ? 1 : 0;
        } else if (op == 9) {
          r = Math.abs(a) + -b;
        } else if (op == 10) {
          int c = a;
          c += b;
          c *= b;
          c++;
          r = c;
        } else if (op == 11) {
          r = (short) (a + b) + (byte) (a - b);
        } else if (op == 12) {
          sumI += a;
          r = a;
        } else if (op == 13) {
          final boolean off = false;
          r = (a > b || (2 & 4) == 0 ? 1 : 0) + (a < b && -15 == -7801 ? 2 : 0) + (a == b || off ? 4 : 0)
              + (b > 0 && !off ? 8 : 0) + (a > 0 || FLAG ? 16 : 0) + (true || a / b > 0 ? 32 : 0);
          if (a != b || 30859.0 >= 7426.0) {
            r += 64;
          }
        } else if (op == 14) {
          for (int i = 0; i < 3; i++) {
            if (a > i) {
            }
            if (b > i) {
            } else {
              r += 1;
            }
            if (a == i) {
              r += 2;
            } else {
            }
            if (ints[(i + b) & 7] > i) {
              ;
            }
          }
        }
        if (op == 15) {
          // Long.MIN_VALUE as javac folds it, shifted: fuzz seed 9023
          r = (~(9223372036854775807L)) << (-(b));
        } else if (op == 16) {
          r = (Integer.MIN_VALUE >> b) ^ ((-2147483647 - 1) << (b + 1));
        } else if (op == 17) {
          r = (long) (double) (a ^ Long.MIN_VALUE) + (Long.MIN_VALUE >> (b & 7));
        } else if (op == 19) {
          // Integer.MIN_VALUE spelled ~2147483647, shifted: the constant folder made it a long, so it
          // reached the kernel as the literal OpenCL C reads as a long (expression fuzz seed 3027)
          r = ((~(2147483647)) >> b) ^ ((long) Math.abs((~(2147483647)) >> (long) b) << 32);
        } else if (op == 18) {
          // compound assignments C has its own operator for: shifts, narrowing bitwise ones, a float
          // target of a double; and a for loop whose update is one, left by a break (helper-60)
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
          r = c ^ ((long) d << 32) ^ ((long) e << 7) ^ ((long) s << 13) ^ ((long) (f * 4096.0f) << 3) ^ ((long) steps << 40);
        }
        out.push(new Probed(k, r, 0.0));
      } else if (op >= 20 && op < 40 && k < nl * nl) {
        long a = longs[k / nl];
        long b = longs[k % nl];
        long r = 0;
        if (op == 20) {
          r = a + b;
        } else if (op == 21) {
          r = a - b;
        } else if (op == 22) {
          r = a * b;
        } else if (op == 23) {
          r = b == 0 ? 0 : a / b;
        } else if (op == 24) {
          r = b == 0 ? 0 : a % b;
        } else if (op == 25) {
          r = a << b;
        } else if (op == 26) {
          r = a >> b;
        } else if (op == 27) {
          r = a >>> b;
        } else if (op == 28) {
          r = a + 1 > a ? 1 : 0;
        } else if (op == 29) {
          r = Math.abs(a) + -b;
        } else if (op == 30) {
          r = (int) a + (int) (b >>> 32);
        } else if (op == 31) {
          productL *= a;
          r = a;
        } else if (op == 32) {
          r = (a < b ? 1 : 0) + (a <= b ? 2 : 0) + (a > b ? 4 : 0) + (a >= b ? 8 : 0) + (a == b ? 16 : 0)
              + (a != b ? 32 : 0);
        } else if (op == 33) {
          r = -(-(double) a) < (double) b ? 1 : 0;
        } else if (op == 34) {
          // compound assignments whose right-hand side is a floating expression of several terms,
          // narrowed back to long and int (helper-58: the kernel lost the parentheses around it)
          long m = a;
          m -= b - 0.5;
          long q = a;
          q /= b * 0.5;
          long t = a;
          t += b > 0 ? b : 1.5f;
          int c = (int) a;
          c -= b + 0.5;
          r = m ^ (q * 31) ^ (t * 961) ^ ((long) c << 17);
        }
        out.push(new Probed(k, r, 0.0));
      } else if (op >= 40 && op < 60 && k < nf * nf) {
        float a = floats[k / nf];
        float b = floats[k % nf];
        long r = 0;
        double x = 0;
        if (op == 40) {
          r = Math.round(a);
        } else if (op == 41) {
          r = (int) a;
        } else if (op == 42) {
          r = (long) a;
        } else if (op == 43) {
          r = (short) a + 100000 * (byte) b;
        } else if (op == 44) {
          x = Math.max(a, b);
        } else if (op == 45) {
          x = Math.min(a, b);
        } else if (op == 46) {
          x = a % b;
        } else if (op == 47) {
          r = (a < b ? 1 : 0) + (a <= b ? 2 : 0) + (a == b ? 4 : 0) + (a != b ? 8 : 0) + (a > b ? 16 : 0)
              + (a >= b ? 32 : 0) + (!(a < b) ? 64 : 0);
        } else if (op == 48) {
          x = a * b + a;
        } else if (op == 49) {
          maxF = Math.max(maxF, a);
          x = a;
        } else if (op == 50) {
          int c = 7;
          c += a;
          r = c;
        } else if (op == 51) {
          for (int i = 0; i < 2; i++) {
            if (a < b) {
            } else {
              r += 1;
            }
          }
        } else if (op == 52) {
          x = (float) (a * b) - a;
        }
        out.push(new Probed(k, r, x));
      } else if (op >= 60 && k < nd * nd) {
        double a = doubles[k / nd];
        double b = doubles[k % nd];
        long r = 0;
        double x = 0;
        if (op == 60) {
          r = Math.round(a);
        } else if (op == 61) {
          r = (int) a;
        } else if (op == 62) {
          r = (long) a;
        } else if (op == 63) {
          x = Math.max(a, b);
        } else if (op == 64) {
          x = Math.min(a, b);
        } else if (op == 65) {
          x = a % b;
        } else if (op == 66) {
          x = Math.rint(a) + Math.floor(b) * 3 - Math.ceil(a);
        } else if (op == 67) {
          x = Math.abs(a);
        } else if (op == 68) {
          minD = Math.min(minD, a);
          x = a;
        } else if (op == 69) {
          x = Math.pow(a, b);
        } else if (op == 70) {
          x = Math.toDegrees(a) + Math.toRadians(b);
        } else if (op == 71) {
          x = Math.IEEEremainder(a, b);
        } else if (op == 72) {
          x = Math.IEEEremainder(a, Double.NaN) + Math.atan2(Double.NaN, b) + Math.min(nd, 3L);
        } else if (op == 73) {
          x = b == 2.5 || b == 0.5 ? Math.rint(-1.0E300) : Math.rint(a) - Math.rint(9.5E18);
        } else if (op == 74) {
          x = (float) Math.sqrt(b == 0.5 ? Math.floor(Double.NaN) : Math.ceil(Double.NaN)) / (float) a + b;
        } else if (op == 75) {
          x = 1.0 / Math.ceil(-0.7) + 1.0 / Math.ceil(b) - 1.0 / Math.floor(a);
        } else if (op == 76) {
          x = Math.min(a, (double) (a * (float) b) - a) + ((double) (b * a) + b);
        } else if (op == 77) {
          double c = Double.NaN * a;
          x = b == 2.5 ? (float) Math.exp((float) c) : Math.exp(c) + Math.exp(0.0 * b);
        } else if (op == 78) {
          x = (b == 0.5 ? Math.atan(Double.POSITIVE_INFINITY) : Math.atan(Double.NEGATIVE_INFINITY)) + 0.0 * a;
        } else if (op == 79) {
          x = StrictMath.sqrt(a) + StrictMath.floor(b) * 3 - StrictMath.ceil(a) + StrictMath.rint(b)
              + StrictMath.IEEEremainder(a, b) + StrictMath.max(a, b) - StrictMath.abs(b) + StrictMath.toRadians(a)
              + StrictMath.round((float) b);
        }
        out.push(new Probed(k, r, x));
      }
    }
  }
}
