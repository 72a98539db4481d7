package dev.sluice.examples.blast;

import dev.sluice.Node;
import dev.sluice.Region;

/** {@link KmerStarts} with a parent buffer of one: the enumerator flushes and blocks after every chunk. */
@Node
@Region(parentBuffer = 1)
public final class TinyKmerStarts {
  public int count(Chunk chunk) {
    return chunk.end() - chunk.start();
  }
}
