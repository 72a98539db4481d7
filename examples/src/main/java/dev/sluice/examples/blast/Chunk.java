package dev.sluice.examples.blast;

/**
 * A piece of the database: the k-mer start positions {@code start} (inclusive) to {@code end}
 * (exclusive). The k-mers themselves reach {@code k - 1} bases past {@code end}; every k-mer start
 * position of the database belongs to exactly one chunk ({@link BlastSearch#chunks}). Serializable, as
 * the items of a distributed collection are.
 */
public record Chunk(int start, int end) implements java.io.Serializable {}
