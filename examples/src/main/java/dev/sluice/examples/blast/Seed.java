package dev.sluice.examples.blast;

/** A word hit: the k-mers at {@code queryPos} in the query and {@code dbPos} in the database are equal. */
public record Seed(int queryPos, int dbPos) {}
