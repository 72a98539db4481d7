package dev.sluice.opencl;

/**
 * {@link CheckedRows}' item: a record whose constructor checks its arguments, which SLU618 allows.
 * In a file of its own: beside a node, javac would refuse its constructor (SLU314).
 */
public record Reading(int sensor, float value) {
  public Reading {
    if (sensor < 0) {
      throw new IllegalArgumentException("negative sensor " + sensor);
    }
  }
}
