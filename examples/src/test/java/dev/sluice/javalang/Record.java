package dev.sluice.javalang;

/** An item record named like java.lang.Record, in the pipeline's package. */
public record Record(int id, long value) {}
