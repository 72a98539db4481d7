package dev.sluice.protocol;

import dev.sluice.Aggregate;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Parent;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.State;
import dev.sluice.protocol.Records.Doc;
import dev.sluice.protocol.Records.DocTotal;
import dev.sluice.protocol.Records.Line;
import dev.sluice.protocol.Records.LineCount;

/** Nodes shared by the nested-region pipelines. */
final class Nodes {
  private Nodes() {}

  /** Region 1: the lines of a document. */
  @Node
  @Region(parentBuffer = 8, maxElements = 1000)
  public static final class DocLines {
    public int count(Doc d) {
      return d.lines();
    }
  }

  /** Same, with a one-slot parent buffer. */
  @Node
  @Region(parentBuffer = 1, maxElements = 1000)
  public static final class DocLinesTiny {
    public int count(Doc d) {
      return d.lines();
    }
  }

  /** Turns a line index of its document into a line record. */
  @Node
  public static final class MakeLine {
    @Param final int failOnDoc;

    public MakeLine(int failOnDoc) {
      this.failOnDoc = failOnDoc;
    }

    public MakeLine() {
      this(-1);
    }

    public void run(int i, @Parent Doc d, @Max(1) Out<Line> out) {
      if (d.id() == failOnDoc && i == 1) {
        throw new IllegalArgumentException("bad line " + i);
      }
      out.push(new Line(d.id(), i, Records.lineLength(d.id(), i)));
    }
  }

  /** Region 2 (nested in 1): the characters of a line. */
  @Node
  @Region(parentBuffer = 4)
  public static final class LineChars {
    public int count(Line l) {
      return l.length();
    }
  }

  @Node
  @Region(parentBuffer = 1)
  public static final class LineCharsTiny {
    public int count(Line l) {
      return l.length();
    }
  }

  /** Keeps some characters, by position and parent. */
  @Node
  public static final class Classify {
    public void run(int c, @Parent Line l, @Max(1) IntOut out) {
      if (Records.keep(l, c)) {
        out.push(c);
      }
    }
  }

  /** Terminal of region 2: one count per line. */
  @Node
  public static final class PerLine {
    @Reduce(ReduceOp.SUM) int kept;
    @Reduce(ReduceOp.SUM) long allKept;

    public void run(int c) {
      kept += 1;
      allKept += 1;
    }

    @SignalHandler(Signal.END)
    public void end(Line l, @Aggregate @Max(1) Out<LineCount> out) {
      out.push(new LineCount(l.doc(), l.no(), kept));
      kept = 0;
    }
  }

  /** Terminal of region 1: one total per document; counts lines through BEGIN/END state. */
  @Node
  public static final class PerDoc {
    @Reduce(ReduceOp.SUM) long kept;
    @State int lines;
    @State int openDoc = -1;

    public void run(LineCount lc) {
      kept += lc.kept();
    }

    @SignalHandler(Signal.BEGIN)
    public void begin(Doc d) {
      if (openDoc != -1) {
        throw new IllegalStateException("BEGIN of " + d.id() + " while " + openDoc + " is open");
      }
      openDoc = d.id();
      lines = 0;
    }

    @SignalHandler(Signal.END)
    public void end(Doc d, @Aggregate @Max(1) Out<DocTotal> out) {
      if (openDoc != d.id()) {
        throw new IllegalStateException("END of " + d.id() + " while " + openDoc + " is open");
      }
      out.push(new DocTotal(d.id(), kept, d.lines()));
      kept = 0;
      openDoc = -1;
    }
  }
}
