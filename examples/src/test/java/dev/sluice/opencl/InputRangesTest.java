package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.opencl.InputFaults.Pair;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code run(input, fromIndex, toIndex)} and {@code runColumns(..., fromIndex, toIndex)} run over part
 * of an array, as {@code java.util.Arrays}' methods take one, on every back end: the items outside the
 * range are not read (a null there is no failure), a failure names an item by its index in the array,
 * and a range not within the array is refused as {@code Objects.checkFromToIndex} refuses it. A
 * buffer filled anew for each block of a larger input can be run as it is (outside-in helper-98).
 */
class InputRangesTest {
  private static final Pair P = new Pair(1, 2);

  private static int[] sorted(int[] a) {
    int[] s = a.clone();
    Arrays.sort(s);
    return s;
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void aPartOfAnArray(String device) {
    for (int instances : new int[] {1, 2}) {
      InputFaultsPipeline p = InputFaultsPipeline.builder().device(OpenClAvailable.named(device)).instances(instances)
          .chunkSize(3).build();
      Pair[] items = new Pair[1000];
      for (int i = 0; i < items.length; i++) {
        items[i] = new Pair(i, 1);
      }
      for (int[] r : new int[][] {{0, 1000}, {0, 0}, {1000, 1000}, {5, 6}, {7, 993}, {500, 1000}}) {
        int[] expected = p.run(Arrays.copyOfRange(items, r[0], r[1])).out();
        assertArrayEquals(sorted(expected), sorted(p.run(items, r[0], r[1]).out()), device + " " + Arrays.toString(r));
        assertEquals(r[1] - r[0], expected.length);
      }
      // nulls outside the range are not read; one inside is named by its index in the array
      Pair[] holes = {null, P, P, P, null, P, null};
      assertEquals(3, p.run(holes, 1, 4).out().length);
      PipelineException e = assertThrows(PipelineException.class, () -> p.run(holes, 1, 6));
      assertEquals("pipeline InputFaults, node 'in': the input item at position 4 is null", e.getMessage());
      for (int[] r : new int[][] {{-1, 2}, {2, 1}, {0, 8}, {7, 8}}) {
        IndexOutOfBoundsException x = assertThrows(IndexOutOfBoundsException.class, () -> p.run(holes, r[0], r[1]));
        assertEquals("Range [" + r[0] + ", " + r[1] + ") out of bounds for length 7", x.getMessage());
      }
      assertThrows(NullPointerException.class, () -> p.run(null, 0, 0));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void rowsOfRecordColumns(String device) {
    for (int instances : new int[] {1, 2}) {
      CheckedRowsPipeline p = CheckedRowsPipeline.builder().device(OpenClAvailable.named(device)).instances(instances)
          .chunkSize(2).build();
      // the record's constructor refuses a negative sensor: rows outside the range are never made
      int[] sensors = {-1, 2, 3, 4, -5, 6, 7};
      float[] values = new float[7];
      assertArrayEquals(new int[] {2, 3, 4}, sorted(p.runColumns(sensors, values, 1, 4).out()));
      assertArrayEquals(new int[] {6, 7}, sorted(p.runColumns(sensors, values, 5, 7).out()));
      assertEquals(0, p.runColumns(sensors, values, 3, 3).out().length);
      PipelineException e = assertThrows(PipelineException.class, () -> p.runColumns(sensors, values, 2, 6));
      assertEquals("pipeline CheckedRows, node 'in': the constructor of Reading refused the input row at position 4:"
          + " IllegalArgumentException: negative sensor -5", e.getMessage());
      IndexOutOfBoundsException x = assertThrows(IndexOutOfBoundsException.class,
          () -> p.runColumns(sensors, values, 3, 9));
      assertEquals("Range [3, 9) out of bounds for length 7", x.getMessage());
      // only the rows are read, so the columns may differ in length past them (buffers grown one by one);
      // the rows must be within the shortest
      assertArrayEquals(new int[] {2, 3}, sorted(p.runColumns(sensors, new float[3], 1, 3).out()));
      IndexOutOfBoundsException shorter = assertThrows(IndexOutOfBoundsException.class,
          () -> p.runColumns(sensors, new float[3], 1, 4));
      assertEquals("Range [1, 4) out of bounds for length 3", shorter.getMessage());
      // whole arrays must have one length
      IllegalArgumentException unequal = assertThrows(IllegalArgumentException.class,
          () -> p.runColumns(sensors, new float[3]));
      assertEquals("CheckedRows: runColumns: column value has 3 items, column sensor has 7", unequal.getMessage());
    }
  }
}
