package dev.sluice.examples.fanout;

/** One sensor reading. */
public record Reading(int sensor, float value) {}
