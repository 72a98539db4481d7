package dev.sluice.readme;

import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Parent;

@Node
public final class Digits {
  @Param final byte[] text;                    // read-only, set once
  public Digits(byte[] text) { this.text = text; }
  public void run(int i, @Parent Line line, @Max(1) IntOut out) {
    byte c = text[line.start() + i];
    if (c >= '0' && c <= '9') out.push(line.start() + i);
  }
}
