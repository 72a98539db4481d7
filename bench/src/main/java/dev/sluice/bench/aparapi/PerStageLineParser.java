package dev.sluice.bench.aparapi;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.examples.lineparser.Line;
import dev.sluice.examples.lineparser.LineSummary;
import dev.sluice.runtime.opencl.Kernels;
import java.util.ArrayList;
import java.util.List;

/**
 * The line parser as one Aparapi kernel per stage with compaction on the host: per batch of lines,
 * {@code chars} enumerates the characters (the host's prefix sum of line lengths gives each line its
 * offsets), {@code digits} flags digits (the host compacts the kept positions and counts digits per
 * line), {@code summarize} computes each digit's contribution, and the END kernel adds them up per
 * line. Every kernel is compiled explicitly and every launch checked to have run as OpenCL.
 */
public final class PerStageLineParser implements AutoCloseable {
  /** Characters per batch. */
  public static final int CHARS = 1 << 20;
  /** Lines per batch. */
  public static final int LINES = 1 << 16;
  static final int LOCAL = 64;

  private final OpenCLDevice device;
  private final LineStageKernels.Chars chars;
  private final LineStageKernels.Digits digits;
  private final LineStageKernels.Summarize summarize;
  private final LineStageKernels.End end;

  public PerStageLineParser(OpenCLDevice device) {
    this.device = device;
    int textBytes = CHARS + 2 * LINES;
    chars = new LineStageKernels.Chars(LINES, CHARS);
    digits = new LineStageKernels.Digits(textBytes, CHARS);
    summarize = new LineStageKernels.Summarize(textBytes, LINES, CHARS);
    end = new LineStageKernels.End(LINES, CHARS);
    for (Kernel k : new Kernel[] {chars, digits, summarize, end}) {
      Kernels.compile(k, device);
    }
  }

  public List<LineSummary> run(byte[] text, Line[] lines) {
    List<LineSummary> out = new ArrayList<>(lines.length);
    int first = 0;
    while (first < lines.length) {
      // the batch: as many lines as fit in LINES lines and CHARS characters
      int last = first;
      int total = 0;
      while (last < lines.length && last - first < LINES) {
        int len = lines[last].end() - lines[last].start();
        if (total + len > CHARS) {
          if (last == first) {
            throw new IllegalArgumentException("a line of " + len + " characters is longer than a batch");
          }
          break;
        }
        total += len;
        last++;
      }
      batch(text, lines, first, last, total, out);
      first = last;
    }
    return out;
  }

  private void batch(byte[] text, Line[] lines, int first, int last, int total, List<LineSummary> out) {
    int nl = last - first;
    int base = lines[first].start();
    int window = lines[last - 1].end() - base;
    // stage chars: host prefix sum of the line lengths, kernel enumerates
    int o = 0;
    for (int i = 0; i < nl; i++) {
      Line l = lines[first + i];
      chars.ls[i] = l.start() - base;
      chars.le[i] = l.end() - base;
      chars.off[i] = o;
      o += l.end() - l.start();
    }
    chars.nLines = nl;
    chars.put(chars.ls).put(chars.le).put(chars.off);
    launch(chars, nl);
    chars.get(chars.pos);
    // stage digits
    System.arraycopy(text, base, digits.text, 0, window);
    System.arraycopy(chars.pos, 0, digits.pos, 0, total);
    digits.n = total;
    digits.put(digits.text).put(digits.pos);
    launch(digits, total);
    digits.get(digits.keep);
    chars.get(chars.par);
    // compaction on the host: kept positions, their lines, and digits per line as prefix offsets
    int m = 0;
    int[] keep = digits.keep;
    int[] dpos = summarize.dpos;
    int[] dpar = summarize.dpar;
    int[] doff = end.doff;
    int line = -1;
    for (int k = 0; k < total; k++) {
      if (keep[k] != 0) {
        int p = chars.par[k];
        while (line < p) {
          doff[++line] = m;
        }
        dpos[m] = chars.pos[k];
        dpar[m] = p;
        m++;
      }
    }
    while (line < nl) {
      doff[++line] = m;
    }
    // stage summarize
    System.arraycopy(digits.text, 0, summarize.text, 0, window);
    System.arraycopy(chars.ls, 0, summarize.ls, 0, nl);
    System.arraycopy(chars.le, 0, summarize.le, 0, nl);
    summarize.n = m;
    summarize.put(summarize.text).put(summarize.ls).put(summarize.le).put(dpos).put(dpar);
    launch(summarize, m);
    summarize.get(summarize.starts).get(summarize.value);
    // END: per line sums
    System.arraycopy(summarize.starts, 0, end.starts, 0, m);
    System.arraycopy(summarize.value, 0, end.value, 0, m);
    end.nLines = nl;
    end.put(end.doff).put(end.starts).put(end.value);
    launch(end, nl);
    end.get(end.digits).get(end.numbers).get(end.sums);
    for (int i = 0; i < nl; i++) {
      out.add(new LineSummary(lines[first + i].start(), end.digits[i], end.numbers[i], end.sums[i]));
    }
  }

  private void launch(Kernel k, int n) {
    if (n == 0) {
      return;
    }
    int global = (n + LOCAL - 1) / LOCAL * LOCAL;
    Range range = device.createRange(global, LOCAL);
    Kernels.execute(k, range, device);
  }

  public long deviceBytes() {
    return chars.bytes() + digits.bytes() + summarize.bytes() + end.bytes();
  }

  @Override
  public void close() {
    for (Kernel k : new Kernel[] {chars, digits, summarize, end}) {
      k.dispose();
    }
  }
}
