package dev.sluice.spark;

import java.io.Serializable;

/**
 * What one task did with one partition, sent to the driver through {@link Outcomes}: the attempt, the
 * executor, the pipeline object it used there, its runs' reports summed and its reduction (null when
 * it ran nothing or there is none).
 */
record PartitionOutcome<A>(int partition, int attempt, String executor, String pipelineObject, ReportSum report,
    A reduction) implements Serializable {}
