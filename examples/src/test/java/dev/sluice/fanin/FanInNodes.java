package dev.sluice.fanin;

import dev.sluice.Aggregate;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;

/**
 * Nodes of the fan-in pipelines. Their outputs are tagged by the low bits, so a reference can say
 * which producer made every item that reaches the join.
 */
final class FanInNodes {
  private FanInNodes() {}

  /** A document with {@code lines} lines, for the region that joins with a transform. */
  record Doc(int id, int lines) {}

  /** One item per input: {@code x * 8}. */
  @Node
  public static final class One {
    public void run(int x, @Max(1) IntOut out) {
      out.push(x * 8);
    }
  }

  /** Three items per input ({@code x * 8 + 1 .. + 3}), one when {@code x} is a multiple of 5. */
  @Node
  public static final class Three {
    public void run(int x, @Max(3) IntOut out) {
      out.push(x * 8 + 1);
      if (x % 5 != 0) {
        out.push(x * 8 + 2);
        out.push(x * 8 + 3);
      }
    }
  }

  /**
   * Two channels: {@code a} gets {@code x * 8 + 4}, and {@code + 7} when {@code x} is even; {@code b}
   * gets {@code x * 8 + 5}, and {@code + 6} unless {@code x % 3 == 1}
   * (so input 0 alone makes four items).
   */
  @Node
  public static final class Split {
    public void run(int x, @Max(2) IntOut a, @Max(2) IntOut b) {
      a.push(x * 8 + 4);
      if (x % 2 == 0) {
        a.push(x * 8 + 7);
      }
      b.push(x * 8 + 5);
      if (x % 3 != 1) {
        b.push(x * 8 + 6);
      }
    }
  }

  /** The join: one item per input, {@code v * 3 + 1}. */
  @Node
  public static final class Join {
    public void run(int v, @Max(1) IntOut out) {
      out.push(v * 3 + 1);
    }
  }

  /** Region 1: the lines of a document. */
  @Node
  @Region(parentBuffer = 4, maxElements = 1000)
  public static final class Lines {
    public int count(Doc d) {
      return d.lines();
    }
  }

  /** Counts a document's lines; its END handler pushes {@code id * 8 + 7} out of the region, once per document. */
  @Node
  public static final class PerDoc {
    @Reduce(ReduceOp.SUM) int lines;

    public void run(int line) {
      lines += 1;
    }

    @SignalHandler(Signal.END)
    public void end(Doc d, @Aggregate @Max(1) IntOut out) {
      out.push(d.id() * 8 + 7);
    }
  }

  /** One document per input: {@code Doc(x, x * 7 % 5)}. */
  @Node
  public static final class OneDoc {
    public void run(int x, @Max(1) Out<Doc> out) {
      out.push(new Doc(x, x * 7 % 5));
    }
  }

  /**
   * Three documents per input ({@code Doc(x + 1_000_000 * k, ...)} for k = 1..3), one when {@code x}
   * is a multiple of 5.
   */
  @Node
  public static final class ThreeDocs {
    public void run(int x, @Max(3) Out<Doc> out) {
      out.push(new Doc(x + 1_000_000, x % 4));
      if (x % 5 != 0) {
        out.push(new Doc(x + 2_000_000, x % 3));
        out.push(new Doc(x + 3_000_000, 1));
      }
    }
  }

  /** {@link Three} over documents: their ids. */
  @Node
  public static final class ThreeOfDoc {
    public void run(Doc d, @Max(3) IntOut out) {
      out.push(d.id() * 8 + 1);
      if (d.id() % 5 != 0) {
        out.push(d.id() * 8 + 2);
        out.push(d.id() * 8 + 3);
      }
    }
  }
}
