package dev.sluice.examples.lineparser;

/**
 * What one line holds: its start offset, how many digit characters, how many numbers (maximal runs of
 * digits) and their sum.
 */
public record LineSummary(int start, int digits, int numbers, long sum) {}
