package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * A batch's columns read as arrays: Java's widening conversions only (outside-in: a bigint column read
 * as ints was cut to its low 32 bits, a double column as floats rounded, without a word).
 */
class ColumnsTest {
  private static final StructType SCHEMA = new StructType().add("s", DataTypes.ShortType).add("i", DataTypes.IntegerType)
      .add("l", DataTypes.LongType).add("d", DataTypes.DoubleType).add("t", DataTypes.StringType)
      .add("m", DataTypes.createDecimalType(10, 0));

  private static final Columns BATCH = new Columns(List.<Row>of(
      new GenericRowWithSchema(new Object[] {(short) 7, 5, 5_000_000_000L, 0.1, "x", BigDecimal.ONE}, SCHEMA),
      new GenericRowWithSchema(new Object[] {(short) -1, -2, -3L, 1e300, "y", BigDecimal.TEN}, SCHEMA)));

  private static String refused(Runnable read) {
    return assertThrows(IllegalArgumentException.class, read::run).getMessage();
  }

  @Test
  void widerJavaTypesReadNarrowerColumns() {
    assertArrayEquals(new int[] {7, -1}, BATCH.ints("s"));
    assertArrayEquals(new long[] {5, -2}, BATCH.longs("i"));
    assertArrayEquals(new long[] {5_000_000_000L, -3}, BATCH.longs("l"));
    assertArrayEquals(new double[] {5, -2}, BATCH.doubles("i"));
    assertArrayEquals(new double[] {0.1, 1e300}, BATCH.doubles("d"));
    assertArrayEquals(new float[] {5e9f, -3f}, BATCH.floats("l"), "long to float widens in Java too");
  }

  @Test
  void aColumnTheArrayCannotHoldIsRefusedNotCut() {
    assertEquals("column 'l' is bigint, wider than int: read it with longs(\"l\"), or cast it in Spark first"
        + " (col(\"l\").cast(\"int\"))", refused(() -> BATCH.ints("l")));
    assertEquals("column 'd' is double, wider than float: read it with doubles(\"d\"), or cast it in Spark first"
        + " (col(\"d\").cast(\"float\"))", refused(() -> BATCH.floats("d")));
    assertEquals("column 'd' is double, wider than long: read it with doubles(\"d\"), or cast it in Spark first"
        + " (col(\"d\").cast(\"long\"))", refused(() -> BATCH.longs("d")));
    assertEquals("column 't' is string, not byte, short, int, long, float or double: cast it in Spark first"
        + " (col(\"t\").cast(\"double\"))", refused(() -> BATCH.doubles("t")));
    assertEquals("column 'm' is decimal(10,0), not byte, short, int, long, float or double: cast it in"
        + " Spark first (col(\"m\").cast(\"long\"))", refused(() -> BATCH.longs("m")));
  }

  /**
   * Names resolve as Spark SQL's do: ignoring case by default, as written with spark.sql.caseSensitive;
   * two that match (a join's) are ambiguous, where the first was read (outside-in helper-127).
   */
  @Test
  void namesResolveAsSparkSqlsDoAndTwoOfOneNameAreAmbiguous() {
    assertArrayEquals(new int[] {5, -2}, BATCH.ints("I"));
    assertEquals("column 'id' is ambiguous: the rows have 'id' (column 1), 'id' (column 3) of columns id, x, id, y;"
        + " select or rename one in Spark first (a join's: ds.select(left.col(\"id\"), ...), or withColumnRenamed)",
        refused(() -> Columns.find("id", new String[] {"id", "x", "id", "y"}, true)));
    assertEquals("column 'id' is ambiguous: the rows have 'ID' (column 1), 'id' (column 2) of columns ID, id;"
        + " select or rename one in Spark first (a join's: ds.select(left.col(\"id\"), ...), or withColumnRenamed)",
        refused(() -> Columns.find("id", new String[] {"ID", "id"}, false)));
    assertEquals(1, Columns.find("id", new String[] {"ID", "id"}, true), "as written, where case counts");
    assertEquals("no column 'ID' in rows with columns id, x",
        refused(() -> Columns.find("ID", new String[] {"id", "x"}, true)));
    assertEquals("no column 'z' in rows with columns s, i", refused(() -> Columns.find("z", new String[] {"s", "i"}, false)));
  }

  @Test
  void aNullCellIsNamedByItsRowInTheBatchAndInThePartition() {
    Columns third = new Columns(List.<Row>of(
        new GenericRowWithSchema(new Object[] {(short) 1, 2, 3L, 4.0, "z", BigDecimal.ONE}, SCHEMA),
        new GenericRowWithSchema(new Object[] {(short) 1, null, 3L, 4.0, "z", BigDecimal.ONE}, SCHEMA)), 5_000, false);
    assertEquals("column 'i' is null in row 1 of this batch and 5001 of the partition: [1,null,3,4.0,z,1]",
        refused(() -> third.ints("i")));
  }
}
