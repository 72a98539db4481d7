package ${package};

import dev.sluice.Node;
import dev.sluice.Region;

/**
 * The enumerator: each line opens a region whose elements are the line's character positions
 * 0 .. length - 1. Up to 64 lines wait in its parent buffer while their characters flow downstream.
 */
@Node
@Region(parentBuffer = 64)
public final class Chars {
  public int count(Line parent) {
    return parent.end() - parent.start();
  }
}
