package dev.sluice.spark.pipelines;

import java.io.Serializable;

/** A reading times its sensor's gain: the sink item of {@link Gains}. */
public record Scaled(int sensor, float value) implements Serializable {}
