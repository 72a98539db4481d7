package dev.sluice.examples.blast;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A BLASTN-like search, MERCATOR's seed-match-and-extend shape: the source items are database chunks,
 * {@code starts} enumerates each chunk's k-mer start positions in a region, {@code lookup} finds the
 * query positions with the same k-mer (0 for most positions, up to {@link QueryTable#MAX_POSITIONS}
 * for a few), and {@code extend} extends each seed without gaps and keeps the alignments that score
 * at least the threshold. Build it with {@link BlastSearch#builder()}.
 */
@Pipeline
public interface Blast {
  @Source Chunk chunks();

  @From("chunks") KmerStarts starts();

  @From("starts") Lookup lookup();

  @From("lookup") Extend extend();

  @Sink @From("extend") Hit hits();
}
