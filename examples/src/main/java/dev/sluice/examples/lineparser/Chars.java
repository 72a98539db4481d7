package dev.sluice.examples.lineparser;

import dev.sluice.Node;
import dev.sluice.Region;

/** Opens a region per line whose elements are the line's characters (0 .. length - 1). */
@Node
@Region(parentBuffer = 64)
public final class Chars {
  public int count(Line parent) {
    return parent.end() - parent.start();
  }
}
