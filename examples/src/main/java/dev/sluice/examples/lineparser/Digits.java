package dev.sluice.examples.lineparser;

import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Parent;

/** Keeps the characters of a line that are digits, as offsets into the text. */
@Node
public final class Digits {
  @Param final byte[] text;

  public Digits(byte[] text) {
    this.text = text;
  }

  public void run(int i, @Parent Line line, @Max(1) IntOut out) {
    int at = line.start() + i;
    int c = text[at];
    if (c >= '0' && c <= '9') {
      out.push(at);
    }
  }
}
