package dev.sluice.examples.blast;

/**
 * An ungapped alignment: query bases {@code queryStart .. queryStart + length - 1} against database
 * bases {@code dbStart .. dbStart + length - 1}, with its score. Positions are 0-based positions of
 * the parsed sequences ({@link GenomeFile}), which are the bases' ordinal numbers in the file.
 */
public record Hit(int queryStart, int dbStart, int length, int score) {}
