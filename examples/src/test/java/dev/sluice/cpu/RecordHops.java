package dev.sluice.cpu;

import dev.sluice.From;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Records through the CPU executor's ways of holding a call's pushes: by their components in a
 * slotted channel of one push ({@code step}, which pushes or not) and of several ({@code split}),
 * as objects in an array-held one ({@code fan}, past 8), all of {@link Pt}, a record the nodes make
 * in the push; and two records that must travel as the objects pushed: {@link Shifted}, whose
 * accessor computes (built again from its accessor, it would move by 1000 per hop), and
 * {@link Counted} (a file of its own: SLU314), whose compact constructor counts its calls (built
 * again, it would count more records than the nodes made). Only on the CPU: an accessor that
 * computes is refused in a kernel.
 */
@Pipeline(gpu = false)
public interface RecordHops {
  @Source long in();

  @From("in") Split split();

  @From("split") Step step();

  @From("step") Fan fan();

  @From("fan") ToShifted toShifted();

  @From("toShifted") ShiftStep shiftStep();

  @From("shiftStep") ToCounted toCounted();

  @From("toCounted") CountStep countStep();

  @Sink @From("countStep") Counted out();

  /** A record the executor may hold by its components. */
  record Pt(long a, int b) {}

  /** Its accessor is not its component. */
  record Shifted(long a, int b) {
    @Override
    public long a() {
      return a + 1000;
    }
  }

  @Node final class Split {
    public void run(long x, @Max(3) Out<Pt> out) {
      for (int i = 0; i < (int) Math.floorMod(x, 4L); i++) {
        out.push(new Pt(x * 10 + i, i));
      }
    }
  }

  @Node final class Step {
    public void run(Pt p, Out<Pt> out) {
      if (p.a() % 7 != 3) {
        out.push(new Pt(p.a() + p.b(), p.b() + 1));
      }
    }
  }

  @Node final class Fan {
    public void run(Pt p, @Max(12) Out<Pt> out) {
      for (int i = 0; i < p.b() * 4; i++) {
        out.push(new Pt(p.a() * 3 + i, p.b() + i));
      }
    }
  }

  @Node final class ToShifted {
    public void run(Pt p, Out<Shifted> out) {
      out.push(new Shifted(p.a(), p.b()));
    }
  }

  @Node final class ShiftStep {
    public void run(Shifted s, @Max(2) Out<Shifted> out) {
      out.push(s);
      if (s.b() % 2 == 0) {
        out.push(new Shifted(s.a(), s.b() + 1));
      }
    }
  }

  @Node final class ToCounted {
    public void run(Shifted s, Out<Counted> out) {
      out.push(new Counted(s.a(), s.b()));
    }
  }

  @Node final class CountStep {
    public void run(Counted c, @Max(2) Out<Counted> out) {
      out.push(c);
      if (c.b() % 3 == 0) {
        out.push(new Counted(c.a() + 1, c.b()));
      }
    }
  }
}
