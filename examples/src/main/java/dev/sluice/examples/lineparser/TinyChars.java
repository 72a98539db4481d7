package dev.sluice.examples.lineparser;

import dev.sluice.Node;
import dev.sluice.Region;

/** {@link Chars} with a parent buffer of one: the enumerator flushes and blocks after every line. */
@Node
@Region(parentBuffer = 1)
public final class TinyChars {
  public int count(Line parent) {
    return parent.end() - parent.start();
  }
}
