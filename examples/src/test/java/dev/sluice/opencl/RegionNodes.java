package dev.sluice.opencl;

import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Parent;
import dev.sluice.Region;

/** Items and nodes of the region pipelines run on OpenCL: documents of lines of characters. */
final class RegionNodes {
  private RegionNodes() {}

  /** A document with {@code lines} lines. */
  record Doc(int id, int lines) {}

  /** Line {@code no} of document {@code doc}, {@code length} characters long. */
  record Line(int doc, int no, int length) {}

  /** Character {@code at} of a line, kept. */
  record Kept(int doc, int no, int at) {}

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
}
