package dev.sluice.examples.signals;

/** The aggregate of one window: how many values reached the end of the pipeline, and their sum. */
public record WindowTotal(int window, int count, long sum) {}
