package dev.sluice.processor.validate;

import dev.sluice.processor.read.ItemTypes;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Records whose canonical constructor javac would refuse once the processor has read a node's body.
 *
 * <p>Reading a node's body through javac's Trees API makes javac attribute the node's class, and
 * first the classes around it, with every class nested in them. A record's canonical constructor
 * (compact or written out) gets its implicit {@code super()} call then, and the next round keeps it:
 * javac's cleanup between rounds removes such calls from enum constructors but not from records'
 * (JDK-8387215, seen with javac 17 and 25), so javac later reports "invalid canonical constructor
 * ... must not contain explicit constructor invocation" on valid code. A record in a file of its own,
 * or in a class that holds no node, is never attributed early.
 */
public final class RecordsBesideNodes {
  private RecordsBesideNodes() {}

  /** The outermost class around {@code node} (itself when it is a top-level class). */
  public static TypeElement outermost(TypeElement node) {
    TypeElement t = node;
    while (t.getEnclosingElement() instanceof TypeElement outer) {
      t = outer;
    }
    return t;
  }

  /** The canonical constructors that records in {@code top} (at any depth, {@code top} too) declare. */
  public static List<ExecutableElement> declaredCanonical(TypeElement top, Elements elements) {
    List<ExecutableElement> out = new ArrayList<>();
    collect(top, elements, out);
    return out;
  }

  private static void collect(TypeElement type, Elements elements, List<ExecutableElement> out) {
    if (type.getKind() == ElementKind.RECORD) {
      ItemTypes.declaredCanonical(type, elements).ifPresent(out::add);
    }
    for (Element e : type.getEnclosedElements()) {
      if (e instanceof TypeElement nested) {
        collect(nested, elements, out);
      }
    }
  }

}
