package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.IntOut;

/** What Java computes for the shape-per-push nodes of the kernel tests: their own {@code run}, called for each input. */
final class JavaAnswers {
  private JavaAnswers() {}

  /** A node's {@code run(int, IntOut)}. */
  interface IntRun {
    void run(int x, IntOut out);
  }

  /** The pushes of {@code node} for each of {@code in} in order, checked to be {@code shapes} per item. */
  static int[] of(int[] in, int shapes, IntRun node) {
    int[] out = new int[in.length * shapes];
    int[] n = {0};
    IntOut collect = v -> out[n[0]++] = v;
    for (int x : in) {
      node.run(x, collect);
    }
    assertEquals(out.length, n[0], "every shape pushes once per item");
    return out;
  }
}
