package dev.sluice.spark.blast;

import java.io.Serializable;

/**
 * An ungapped alignment of a query against the database: query bases {@code queryStart ..
 * queryStart + length - 1} (0-based, in that query) against database bases {@code dbStart ..
 * dbStart + length - 1}, with its score.
 */
public record QueryHit(String query, int queryStart, int dbStart, int length, int score) implements Serializable {}
