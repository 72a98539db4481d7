package dev.sluice.cpu;

import dev.sluice.From;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** Every input row kept as a record: a run on more rows than the heap holds fills it ({@link HeapFullTest}). */
@Pipeline(gpu = false)
interface HeapFiller {
  record Row(int a, int b) {}

  @Source Row rows();

  @From("rows") Pass pass();

  @Sink @From("pass") Row kept();

  @Node
  final class Pass {
    public void run(Row r, @Max(1) Out<Row> out) {
      out.push(r);
    }
  }
}
