package dev.sluice.spark.pipelines;

import java.io.Serializable;

/** A sensor reading: the source item of {@link Gains}; serializable, as RDD items are. */
public record Reading(int sensor, float value) implements Serializable {}
