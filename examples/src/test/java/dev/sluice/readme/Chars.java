package dev.sluice.readme;

import dev.sluice.Node;
import dev.sluice.Region;

@Node @Region(parentBuffer = 64)               // an enumerator: opens region 1
public final class Chars {
  public int count(Line parent) { return parent.end() - parent.start(); }
}
