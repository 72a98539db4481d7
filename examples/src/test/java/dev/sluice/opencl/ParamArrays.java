package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.LongOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A node reading {@code @Param} arrays of every element type, any of which may be empty. */
@Pipeline
interface ParamArrays {
  @Source int in();

  @From("in") Mix mix();

  @Sink @From("mix") long out();

  /** Adds to its item one element (at {@code x % length}) of each non-empty array, and the lengths. */
  @Node
  final class Mix {
    @Param final int[] ints;
    @Param final long[] longs;
    @Param final float[] floats;
    @Param final double[] doubles;
    @Param final byte[] bytes;
    @Param final boolean[] flags;

    Mix(int[] ints, long[] longs, float[] floats, double[] doubles, byte[] bytes, boolean[] flags) {
      this.ints = ints;
      this.longs = longs;
      this.floats = floats;
      this.doubles = doubles;
      this.bytes = bytes;
      this.flags = flags;
    }

    public void run(int x, @Max(1) LongOut out) {
      long s = 1000L * x;
      s += ints.length + 10 * longs.length + 100 * floats.length + 1000 * doubles.length;
      s += 10000 * bytes.length + 1000000 * flags.length;
      if (ints.length > 0) {
        s += ints[x % ints.length];
      }
      if (longs.length > 0) {
        s += longs[x % longs.length];
      }
      if (floats.length > 0) {
        s += (long) floats[x % floats.length];
      }
      if (doubles.length > 0) {
        s += (long) doubles[x % doubles.length];
      }
      if (bytes.length > 0) {
        s += bytes[x % bytes.length];
      }
      if (flags.length > 0 && flags[x % flags.length]) {
        s += 7;
      }
      out.push(s);
    }
  }
}
