package dev.sluice.spark;

import java.util.List;
import org.apache.spark.sql.Row;

/**
 * One batch of a partition's rows as column arrays, for a generated {@code runColumns}: each call
 * copies the named column of every row in the batch into a new array. A null cell is an error naming
 * the column and the row of the batch.
 */
public final class Columns {
  private final List<Row> rows;

  Columns(List<Row> rows) {
    this.rows = rows;
  }

  /** Rows in the batch. */
  public int size() {
    return rows.size();
  }

  public int[] ints(String column) {
    int at = index(column);
    int[] out = new int[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).intValue();
    }
    return out;
  }

  public long[] longs(String column) {
    int at = index(column);
    long[] out = new long[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).longValue();
    }
    return out;
  }

  public float[] floats(String column) {
    int at = index(column);
    float[] out = new float[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).floatValue();
    }
    return out;
  }

  public double[] doubles(String column) {
    int at = index(column);
    double[] out = new double[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).doubleValue();
    }
    return out;
  }

  private int index(String column) {
    if (rows.isEmpty()) {
      return -1;
    }
    Row first = rows.get(0);
    if (first.schema() == null) {
      throw new IllegalArgumentException("column '" + column + "': these rows have no schema; use a Dataset<Row> with named columns");
    }
    String[] names = first.schema().fieldNames();
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no column '" + column + "' in rows with columns " + String.join(", ", names));
  }

  private Object cell(int row, int at, String column) {
    Object v = rows.get(row).get(at);
    if (v == null) {
      throw new IllegalArgumentException("column '" + column + "' is null in row " + row + " of this batch: "
          + rows.get(row));
    }
    if (!(v instanceof Number)) {
      throw new IllegalArgumentException("column '" + column + "' holds " + v.getClass().getSimpleName() + ", not a number, in row "
          + row + " of this batch: " + rows.get(row));
    }
    return v;
  }
}
