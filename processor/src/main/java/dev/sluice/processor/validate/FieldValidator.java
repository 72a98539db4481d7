package dev.sluice.processor.validate;

import dev.sluice.Param;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.State;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.read.Annotations;
import dev.sluice.processor.read.WrittenModifiers;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/** Checks a node's instance fields: one role each, and a type that role allows. */
final class FieldValidator {
  private static final Set<TypeKind> PLAIN =
      EnumSet.of(TypeKind.BOOLEAN, TypeKind.BYTE, TypeKind.SHORT, TypeKind.INT, TypeKind.LONG, TypeKind.FLOAT,
          TypeKind.DOUBLE);
  private static final Set<TypeKind> NUMERIC = EnumSet.of(TypeKind.INT, TypeKind.LONG, TypeKind.FLOAT, TypeKind.DOUBLE);
  private static final Set<TypeKind> INTEGRAL = EnumSet.of(TypeKind.INT, TypeKind.LONG);

  private FieldValidator() {}

  static List<Diagnostic> validate(TypeElement node, WrittenModifiers modifiers) {
    List<Diagnostic> out = new ArrayList<>();
    inherited(node, out);
    for (VariableElement field : ElementFilter.fieldsIn(node.getEnclosedElements())) {
      if (field.getModifiers().contains(Modifier.STATIC)) {
        // a role on a static field was ignored: shared by every instance and never reset
        for (Class<? extends java.lang.annotation.Annotation> role : List.of(Param.class, State.class, Reduce.class)) {
          if (Annotations.has(field, role)) {
            out.add(Diagnostic.on(field, Message.ROLE_ON_STATIC_FIELD, field.getSimpleName(), role.getSimpleName()));
          }
        }
        continue;
      }
      String name = field.getSimpleName().toString();
      boolean param = Annotations.has(field, Param.class);
      boolean state = Annotations.has(field, State.class);
      boolean reduce = Annotations.has(field, Reduce.class);
      int roles = (param ? 1 : 0) + (state ? 1 : 0) + (reduce ? 1 : 0);
      if (roles == 0) {
        out.add(Diagnostic.on(field, Message.UNANNOTATED_FIELD, name));
        continue;
      }
      if (roles > 1) {
        out.add(Diagnostic.on(field, Message.FIELD_ANNOTATIONS_CONFLICT, name));
        continue;
      }
      TypeMirror type = field.asType();
      if (param) {
        TypeKind kind = type.getKind() == TypeKind.ARRAY ? ((ArrayType) type).getComponentType().getKind() : type.getKind();
        if (!PLAIN.contains(kind)) {
          out.add(Diagnostic.on(field, Message.BAD_FIELD_TYPE, "Param", name, type,
              "a primitive other than char, or an array of one"));
        }
      } else if (state) {
        if (!PLAIN.contains(type.getKind())) {
          out.add(Diagnostic.on(field, Message.BAD_FIELD_TYPE, "State", name, type, "a primitive other than char"));
        }
      } else {
        ReduceOp op = field.getAnnotation(Reduce.class).value();
        if (modifiers.has(field, Modifier.FINAL)) {
          // each run starts it at the operator's identity, and combines the instances' values into it
          out.add(Diagnostic.on(field, Message.REDUCE_FINAL, name, modifiers.finalSource(field)));
        }
        if (!NUMERIC.contains(type.getKind())) {
          out.add(Diagnostic.on(field, Message.BAD_FIELD_TYPE, "Reduce", name, type, "int, long, float or double"));
        } else if ((op == ReduceOp.AND || op == ReduceOp.OR || op == ReduceOp.XOR)
            && !INTEGRAL.contains(type.getKind())) {
          out.add(Diagnostic.on(field, Message.REDUCE_OP_TYPE, op, type));
        }
      }
    }
    return out;
  }

  /**
   * Instance fields of the node's superclasses: the generated code and the body checks read a node's
   * fields from its own class, so an inherited one would be state no run resets, with no role checked.
   */
  private static void inherited(TypeElement node, List<Diagnostic> out) {
    TypeMirror up = node.getSuperclass();
    while (up instanceof DeclaredType d && d.asElement() instanceof TypeElement superclass
        && !superclass.getQualifiedName().contentEquals("java.lang.Object")) {
      for (VariableElement field : ElementFilter.fieldsIn(superclass.getEnclosedElements())) {
        if (!field.getModifiers().contains(Modifier.STATIC)) {
          out.add(Diagnostic.on(node, Message.INHERITED_FIELD, node.getSimpleName(), field.getSimpleName(),
              superclass.getQualifiedName(), node.getSimpleName()));
        }
      }
      up = superclass.getSuperclass();
    }
  }
}
