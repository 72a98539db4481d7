package dev.sluice.spark;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;

/**
 * One batch of a partition's rows as column arrays, for a generated {@code runColumns}: each call
 * copies the named column of every row in the batch into a new array. A null cell is an error naming
 * the column and the row, in the batch and in the partition; so is a column whose type the array's cannot hold ({@code bigint}
 * read as ints, {@code double} as floats, a decimal or a string as anything), checked once per batch.
 */
public final class Columns {
  private final List<Row> rows;
  /** The partition's rows before this batch. */
  private final long before;
  /** Whether names match as written only ({@code spark.sql.caseSensitive} true), else ignoring case. */
  private final boolean caseSensitive;

  Columns(List<Row> rows) {
    this(rows, 0, false);
  }

  Columns(List<Row> rows, long before, boolean caseSensitive) {
    this.rows = rows;
    this.before = before;
    this.caseSensitive = caseSensitive;
  }

  /** Rows in the batch. */
  public int size() {
    return rows.size();
  }

  public int[] ints(String column) {
    int at = index(column, "int");
    int[] out = new int[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).intValue();
    }
    return out;
  }

  public long[] longs(String column) {
    int at = index(column, "long");
    long[] out = new long[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).longValue();
    }
    return out;
  }

  public float[] floats(String column) {
    int at = index(column, "float");
    float[] out = new float[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).floatValue();
    }
    return out;
  }

  public double[] doubles(String column) {
    int at = index(column, "double");
    double[] out = new double[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) cell(i, at, column)).doubleValue();
    }
    return out;
  }

  private int index(String column, String javaType) {
    if (rows.isEmpty()) {
      return -1;
    }
    Row first = rows.get(0);
    if (first.schema() == null) {
      throw new IllegalArgumentException("column '" + column + "': these rows have no schema; use a Dataset<Row> with named columns");
    }
    String[] names = first.schema().fieldNames();
    int at = find(column, names, caseSensitive);
    checkWidens(column, first.schema().fields()[at].dataType(), javaType);
    return at;
  }

  /**
   * The position of {@code column} among {@code names}, resolved as Spark SQL resolves a column: with
   * {@code caseSensitive} ({@code spark.sql.caseSensitive} true) the names equal to it, else those equal
   * to it but for case (Spark's default). Two such (a join's two {@code id}s, or {@code ID} and
   * {@code id} when case is ignored) are refused as ambiguous, as Spark refuses them, where the first was
   * read (outside-in helper-127).
   */
  static int find(String column, String[] names, boolean caseSensitive) {
    List<Integer> found = new java.util.ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      if (caseSensitive ? names[i].equals(column) : names[i].equalsIgnoreCase(column)) {
        found.add(i);
      }
    }
    if (found.size() == 1) {
      return found.get(0);
    }
    if (found.isEmpty()) {
      throw new IllegalArgumentException("no column '" + column + "' in rows with columns " + String.join(", ", names));
    }
    String which = found.stream().map(i -> "'" + names[i] + "' (column " + (i + 1) + ")")
        .collect(java.util.stream.Collectors.joining(", "));
    throw new IllegalArgumentException("column '" + column + "' is ambiguous: the rows have " + which
        + " of columns " + String.join(", ", names) + "; select or rename one in Spark first"
        + " (a join's: ds.select(left.col(\"" + column + "\"), ...), or withColumnRenamed)");
  }

  /**
   * Java's widening conversions, as assigning the column's values to the Java type would allow: a
   * {@code bigint} column read as ints, or a {@code double} column as floats, would change values
   * silently, so it is refused, as Spark's encoders refuse such an up cast.
   */
  private static void checkWidens(String column, DataType type, String javaType) {
    int from = RANK.indexOf(type.typeName());
    int to = RANK.indexOf(javaType.equals("int") ? "integer" : javaType);
    if (from >= 0 && from <= to) {
      return;
    }
    String cast = "cast it in Spark first (col(\"" + column + "\").cast(\"" + javaType + "\"))";
    throw new IllegalArgumentException("column '" + column + "' is " + type.simpleString() + (from < 0
        ? ", not byte, short, int, long, float or double: " + cast
        : ", wider than " + javaType + ": read it with " + READER.get(from) + "(\"" + column + "\"), or " + cast));
  }

  /** Spark's type names of the number columns and the Java types read here, narrowest first. */
  private static final List<String> RANK = List.of("byte", "short", "integer", "long", "float", "double");

  /** The reader of each rank's values ("byte" and "short" are read as ints). */
  private static final List<String> READER = List.of("ints", "ints", "ints", "longs", "floats", "doubles");

  private Object cell(int row, int at, String column) {
    Object v = rows.get(row).get(at);
    if (v == null) {
      throw new IllegalArgumentException("column '" + column + "' is null in row " + where(row) + ": " + rows.get(row));
    }
    if (!(v instanceof Number)) {
      throw new IllegalArgumentException("column '" + column + "' holds " + v.getClass().getSimpleName() + ", not a number, in row "
          + where(row) + ": " + rows.get(row));
    }
    return v;
  }

  private String where(int row) {
    return row + " of this batch and " + (before + row) + " of the partition";
  }
}
