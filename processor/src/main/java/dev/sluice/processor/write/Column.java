package dev.sluice.processor.write;

import com.squareup.javapoet.TypeName;
import dev.sluice.processor.kernel.KernelNames;
import dev.sluice.processor.model.ItemType;
import java.util.ArrayList;
import java.util.List;

/**
 * One column of an item type as the kernel holds it: a record is one primitive array per component,
 * any other item type one array. {@code suffix} ends the array's name ({@code _x} for component
 * {@code x}, empty for a primitive), {@code accessor} is the record's accessor, {@code type} the element type.
 */
record Column(String suffix, String accessor, TypeName type) {

  /** The columns of {@code t}, in component order. */
  static List<Column> of(ItemType t) {
    List<Column> out = new ArrayList<>();
    if (t.isRecord()) {
      for (ItemType.Component c : t.components()) {
        out.add(new Column("_" + KernelNames.part(c.name()), c.name(), Names.type(ItemType.primitive(c.kind()))));
      }
    } else {
      out.add(new Column("", null, Names.type(t)));
    }
    return out;
  }

  /** Bytes of one element of a primitive kernel array. */
  static int bytes(TypeName primitive) {
    if (primitive.equals(TypeName.LONG) || primitive.equals(TypeName.DOUBLE)) {
      return 8;
    }
    if (primitive.equals(TypeName.INT) || primitive.equals(TypeName.FLOAT)) {
      return 4;
    }
    return primitive.equals(TypeName.SHORT) ? 2 : 1;
  }

  /** {@code int[]} of each column's bytes, as a Java expression. */
  static String bytesArray(ItemType t) {
    List<String> b = new ArrayList<>();
    for (Column c : of(t)) {
      b.add(String.valueOf(bytes(c.type())));
    }
    return "new int[] {" + String.join(", ", b) + "}";
  }
}
