package dev.sluice.bench.aparapi;

import com.aparapi.Kernel;

/**
 * The line parser's stages as separate Aparapi kernels (the naive GPU approach); arrays are per batch
 * of lines, positions relative to the batch's text window. Between kernels the host brings the
 * outputs back, compacts them (prefix sums) and sends the next kernel its inputs.
 */
public final class LineStageKernels {
  private LineStageKernels() {}

  /** {@code chars}: enumerates each line's characters to {@code pos}/{@code par} at the host's prefix offsets. */
  public static final class Chars extends Kernel {
    public final int[] ls;
    public final int[] le;
    public final int[] off;
    public final int[] pos;
    public final int[] par;
    public int nLines;

    public Chars(int lines, int chars) {
      ls = new int[lines];
      le = new int[lines];
      off = new int[lines];
      pos = new int[chars];
      par = new int[chars];
    }

    @Override
    public void run() {
      int i = getGlobalId();
      if (i < nLines) {
        int s = ls[i];
        int len = le[i] - s;
        int o = off[i];
        for (int j = 0; j < len; j++) {
          pos[o + j] = s + j;
          par[o + j] = i;
        }
      }
    }

    public long bytes() {
      return 4L * (ls.length + le.length + off.length + pos.length + par.length);
    }
  }

  /** {@code digits}: a 0/1 flag per character; the host compacts the kept positions. */
  public static final class Digits extends Kernel {
    public final byte[] text;
    public final int[] pos;
    public final int[] keep;
    public int n;

    public Digits(int textBytes, int chars) {
      text = new byte[textBytes];
      pos = new int[chars];
      keep = new int[chars];
    }

    @Override
    public void run() {
      int k = getGlobalId();
      if (k < n) {
        int c = text[pos[k]];
        int kept = 0;
        if (c >= 48) {
          if (c <= 57) {
            kept = 1;
          }
        }
        keep[k] = kept;
      }
    }

    public long bytes() {
      return text.length + 4L * (pos.length + keep.length);
    }
  }

  /** {@code summarize}, per digit: whether it starts a number and, if so, the number (Summarize.run). */
  public static final class Summarize extends Kernel {
    public final byte[] text;
    public final int[] ls;
    public final int[] le;
    public final int[] dpos;
    public final int[] dpar;
    public final int[] starts;
    public final long[] value;
    public int n;

    public Summarize(int textBytes, int lines, int chars) {
      text = new byte[textBytes];
      ls = new int[lines];
      le = new int[lines];
      dpos = new int[chars];
      dpar = new int[chars];
      starts = new int[chars];
      value = new long[chars];
    }

    @Override
    public void run() {
      int k = getGlobalId();
      if (k < n) {
        int at = dpos[k];
        int line = dpar[k];
        int start = ls[line];
        int end = le[line];
        int first = 1;
        if (at > start && text[at - 1] >= 48 && text[at - 1] <= 57) {
          first = 0;
        }
        starts[k] = first;
        long number = 0;
        if (first == 1) {
          int next = at;
          while (next < end && text[next] >= 48 && text[next] <= 57) {
            number = number * 10 + (text[next] - 48);
            next = next + 1;
          }
        }
        value[k] = number;
      }
    }

    public long bytes() {
      return 2L * text.length + 4L * (ls.length + le.length + dpos.length + dpar.length + starts.length)
          + 8L * value.length;
    }
  }

  /** The END handler: per line, sums its digits' contributions (they are contiguous after compaction). */
  public static final class End extends Kernel {
    public final int[] doff;
    public final int[] starts;
    public final long[] value;
    public final int[] digits;
    public final int[] numbers;
    public final long[] sums;
    public int nLines;

    public End(int lines, int chars) {
      doff = new int[lines + 1];
      starts = new int[chars];
      value = new long[chars];
      digits = new int[lines];
      numbers = new int[lines];
      sums = new long[lines];
    }

    @Override
    public void run() {
      int i = getGlobalId();
      if (i < nLines) {
        int from = doff[i];
        int to = doff[i + 1];
        int nums = 0;
        long sum = 0;
        for (int k = from; k < to; k++) {
          nums += starts[k];
          sum += value[k];
        }
        digits[i] = to - from;
        numbers[i] = nums;
        sums[i] = sum;
      }
    }

    public long bytes() {
      return 4L * (doff.length + starts.length + digits.length + numbers.length) + 8L * (value.length + sums.length);
    }
  }
}
