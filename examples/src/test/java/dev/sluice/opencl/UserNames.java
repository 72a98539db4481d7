package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.LongOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Parent;
import dev.sluice.Pipeline;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.State;

/**
 * Names a user may well write that are also names in the kernel: its own fields ({@code plan},
 * {@code ctl}, {@code cnt}, {@code q_names}), OpenCL C keywords ({@code half}, {@code global},
 * {@code kernel}) and built-in functions ({@code sin}, {@code sqrt}); and {@code boolean} and
 * {@code short} {@code @Param}s, which Aparapi cannot pass as kernel arguments.
 */
@Pipeline(width = 8)
public interface UserNames {
  @Source int parents();

  @From("parents") Lines lines();

  @From("lines") Names names();

  @Sink @From("names") long out();

  /** A parent {@code p} has {@code p % 3} elements. */
  @Node
  @Region(parentBuffer = 2)
  final class Lines {
    int count(int ctl) {
      return ctl % 3;
    }
  }

  @Node
  final class Names {
    @Param final boolean negate;
    @Param final short offset;
    @State int cnt;

    Names(boolean negate, short offset) {
      this.negate = negate;
      this.offset = offset;
    }

    Names() {
      this(true, (short) -300);
    }

    @SignalHandler(Signal.BEGIN)
    void begin(int plan) {
      cnt = plan * 7;
    }

    void run(int plan, @Parent int ctl, @Max(1) LongOut out) {
      int half = plan / 2;
      int global = ctl + half;
      double sin = Math.sin(global);
      double sqrt = Math.sqrt(Math.abs(sin) + half);
      int q_names = kernel(global, offset);
      long value = (long) (sqrt * 1000) + q_names + cnt;
      out.push(negate ? -value : value);
    }

    static int kernel(int local, short constant) {
      int restrict = local * 3 + constant;
      return restrict;
    }

    /** The same, in plain Java. */
    static long expected(int parent, int element, boolean negate, short offset) {
      int half = element / 2;
      int global = parent + half;
      long value = (long) (Math.sqrt(Math.abs(Math.sin(global)) + half) * 1000) + (global * 3 + offset) + parent * 7L;
      return negate ? -value : value;
    }
  }
}
