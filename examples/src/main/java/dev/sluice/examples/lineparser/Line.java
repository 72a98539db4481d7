package dev.sluice.examples.lineparser;

/** One line of the text: bytes {@code start} (inclusive) to {@code end} (exclusive), without CR/LF. */
public record Line(int start, int end) {}
