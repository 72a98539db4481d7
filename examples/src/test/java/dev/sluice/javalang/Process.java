package dev.sluice.javalang;

import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;

/** A node named like java.lang.Process: keeps the items of a non-negative value, doubled, and their next. */
@Node
public final class Process {
  public void run(Record r, @Max(2) Out<Record> out) {
    if (r.value() >= 0) {
      out.push(new Record(r.id(), Scale.twice(r.value())));
      out.push(new Record(r.id() + 1, r.value() + Error.OFFSET));
    }
  }
}
