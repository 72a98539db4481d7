package dev.sluice.opencl;

import dev.sluice.Aggregate;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Parent;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.State;

/** Items and nodes of the region pipelines run on OpenCL: documents of lines of characters. */
final class RegionNodes {
  private RegionNodes() {}

  /** A document with {@code lines} lines. */
  record Doc(int id, int lines) {}

  /** Line {@code no} of document {@code doc}, {@code length} characters long. */
  record Line(int doc, int no, int length) {}

  /** Character {@code at} of a line, kept. */
  record Kept(int doc, int no, int at) {}

  /** How many characters of a line were kept. */
  record LineCount(int doc, int no, int kept) {}

  /** Characters kept over a whole document, and its line count. */
  record DocTotal(int doc, long kept, int lines) {}

  static int lineLength(int doc, int no) {
    return (doc * 7 + no * 3) % 11;
  }

  static boolean keep(int doc, int no, int c) {
    return (doc + no + c) % 3 != 0;
  }

  /** Region 1: the lines of a document. */
  @Node
  @Region(parentBuffer = 8, maxElements = 1000)
  public static final class Lines {
    public int count(Doc d) {
      return d.lines();
    }
  }

  /** Region 1 with a one-slot parent buffer. */
  @Node
  @Region(parentBuffer = 1, maxElements = 1000)
  public static final class LinesTiny {
    public int count(Doc d) {
      return d.lines();
    }
  }

  /**
   * Region 1, with {@code @Reduce} fields updated in {@code count}, which the kernel runs on one lane
   * when it opens a document (outside-in: they read their identities on OpenCL).
   */
  @Node
  @Region(parentBuffer = 2, maxElements = 1000)
  public static final class TalliedLines {
    @Reduce(ReduceOp.SUM) long lines;
    @Reduce(ReduceOp.MAX) int longest;
    @Reduce(ReduceOp.MIN) int shortest;
    @Reduce(ReduceOp.SUM) int docs;

    public int count(Doc d) {
      lines += d.lines();
      longest = Math.max(longest, d.lines());
      shortest = Math.min(shortest, d.lines());
      docs++;
      return d.lines();
    }
  }

  /** Turns a line index of its document (the parent) into a line record. */
  @Node
  public static final class MakeLine {
    public void run(int i, @Parent Doc d, @Max(1) Out<Line> out) {
      out.push(new Line(d.id(), i, lineLength(d.id(), i)));
    }
  }

  /** Region 2, nested in region 1: the characters of a line. */
  @Node
  @Region(parentBuffer = 4)
  public static final class Chars {
    public int count(Line l) {
      return l.length();
    }
  }

  /** Region 2 with a one-slot parent buffer. */
  @Node
  @Region(parentBuffer = 1)
  public static final class CharsTiny {
    public int count(Line l) {
      return l.length();
    }
  }

  /** Keeps some characters, by position and parent. */
  @Node
  public static final class Keep {
    public void run(int c, @Parent Line l, @Max(1) Out<Kept> out) {
      if (keep(l.doc(), l.no(), c)) {
        out.push(new Kept(l.doc(), l.no(), c));
      }
    }
  }

  /** A region that allows at most 5 elements per parent. */
  @Node
  @Region(parentBuffer = 2, maxElements = 5)
  public static final class AtMostFive {
    public int count(Doc d) {
      return d.lines();
    }
  }

  /** Terminal of region 2: one count per line, from a reduction the END handler reads and clears. */
  @Node
  public static final class PerLine {
    @Reduce(ReduceOp.SUM) int kept;

    public void run(Kept k) {
      kept += 1;
    }

    @SignalHandler(Signal.END)
    public void end(Line l, @Aggregate @Max(1) Out<LineCount> out) {
      out.push(new LineCount(l.doc(), l.no(), kept));
      kept = 0;
    }
  }

  /** Terminal of region 1: one total per document; the open document's id is handler state. */
  @Node
  public static final class PerDoc {
    @Reduce(ReduceOp.SUM) long kept;
    @State int openDoc = -1;
    @State int opened;

    public void run(LineCount lc) {
      kept += lc.kept();
    }

    @SignalHandler(Signal.BEGIN)
    public void begin(Doc d) {
      openDoc = d.id();
      opened += 1;
    }

    @SignalHandler(Signal.END)
    public void end(Doc d, @Aggregate @Max(1) Out<DocTotal> out) {
      // the state set at BEGIN: -2 marks a document whose BEGIN this instance did not see
      out.push(new DocTotal(openDoc == d.id() ? openDoc : -2, kept, opened > 0 ? d.lines() : -1));
      kept = 0;
      openDoc = -1;
    }
  }
}
