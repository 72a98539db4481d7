package dev.sluice.examples.blast;

import dev.sluice.Node;
import dev.sluice.Region;

/** Opens a region per database chunk whose elements are its k-mer start positions (offsets from start). */
@Node
@Region(parentBuffer = 64)
public final class KmerStarts {
  public int count(Chunk chunk) {
    return chunk.end() - chunk.start();
  }
}
