package dev.sluice.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.Set;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * The code both CPU executors' classes hold alike ({@link CpuInstanceWriter} for the scheduled one,
 * {@link CpuDirectWriter} for the direct one): a constructor that makes the node objects from the
 * pipeline's factories and starts every {@code @Reduce} field at its identity, the list of sink
 * buffers, and the source's {@code produce} with its loop over record items or record columns.
 */
final class CpuBlocks {
  private CpuBlocks() {}

  /**
   * A constructor taking the pipeline (for its node factories), the input cursor and the run's
   * control; the node objects are made afterwards by {@link #nodes}.
   */
  static MethodSpec.Builder constructor(Names names) {
    return MethodSpec.constructorBuilder()
        .addParameter(names.api(), "pipeline")
        .addParameter(Names.INPUT_CURSOR, "cursor")
        .addParameter(Names.RUN_CONTROL, "control");
  }

  /**
   * The source's {@code produce(data, base, from, count)}: pushes {@code count} items of a claimed
   * chunk from position {@code from}: an array, record columns, or an index range when {@code data} is null.
   */
  static MethodSpec.Builder produce(Modifier access) {
    return MethodSpec.methodBuilder("produce")
        .addAnnotation(Override.class)
        .addModifiers(access)
        .addParameter(Object.class, "data")
        .addParameter(TypeName.LONG, "base")
        .addParameter(TypeName.INT, "from")
        .addParameter(TypeName.INT, "count");
  }

  /**
   * One node object per node from its factory (null, or an object given another instance of the run,
   * is an error: {@code RunControl.node}), each {@code @Reduce} field set to its identity. A node of
   * {@code stamped} (compiled, and stamped, in this compilation) must have its stamp
   * beside its class at run time; another, read from a class file, may have none.
   */
  static CodeBlock nodes(PipelineModel model, Set<TypeElement> stamped) {
    CodeBlock.Builder b = CodeBlock.builder();
    if (!model.nodes().isEmpty()) {
      b.add("// each node with the stamp of the declarations this class follows (a node compiled again\n"
          + "// alone with other declarations is refused), and whether it was compiled with this class, so\n"
          + "// that its stamp must be beside it\n");
    }
    for (StageModel s : model.nodes()) {
      b.addStatement("$N = control.node(pipeline.$N.get(), $S, $S, $S, $L)", Names.node(s.name()),
          Names.factory(s.name()), s.name(), model.element().getQualifiedName().toString(),
          SourceStampWriter.declarations(s.node().element()), stamped.contains(s.node().element()));
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        b.addStatement("$N.$N = $L", Names.node(s.name()), f.name(), Reductions.identity(f));
      }
    }
    return b.build();
  }

  /** The sinks' buffers in sink order, separated by commas. */
  static CodeBlock sinks(PipelineModel model) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (StageModel s : model.sinks()) {
      b.add(b.isEmpty() ? "$N" : ", $N", Names.sink(s.name()));
    }
    return b.build();
  }

  /**
   * The source's items of record {@code type}, pushed one by one on channel {@code out}: from an
   * array of records, or from record columns (one primitive array per component, {@link #columns}).
   */
  static CodeBlock recordItems(ItemType type, String out) {
    return CodeBlock.builder()
        .beginControlFlow("if (data instanceof $T[] a)", Names.type(type))
        .beginControlFlow("for (int i = 0; i < count; i++)")
        .addStatement("$N.push(a[from + i])", out)
        .endControlFlow()
        .addStatement("return")
        .endControlFlow()
        .add("// record columns: one primitive array per component\n")
        .addStatement("Object[] columns = (Object[]) data")
        .add(columns(type, ""))
        .beginControlFlow("for (int i = 0; i < count; i++)")
        .addStatement("$T item", Names.type(type))
        .add(record(type, "item"))
        .addStatement("$N.push(item)", out)
        .endControlFlow()
        .build();
  }

  /**
   * Locals {@code c0, c1, ...}: the component arrays of the record columns in {@code columns}, or,
   * where {@code unless} is a condition, null when it holds.
   */
  static CodeBlock columns(ItemType type, String unless) {
    CodeBlock.Builder m = CodeBlock.builder();
    for (int c = 0; c < type.components().size(); c++) {
      TypeName comp = Names.type(ItemType.primitive(type.components().get(c).kind()));
      if (unless.isEmpty()) {
        m.addStatement("$T[] c$L = ($T[]) columns[$L]", comp, c, comp, c);
      } else {
        m.addStatement("$T[] c$L = $L ? null : ($T[]) columns[$L]", comp, c, unless, comp, c);
      }
    }
    return m.build();
  }

  /**
   * Sets {@code item} to the record of row {@code from + i} of the columns {@link #columns} named. A
   * record's own constructor may refuse a row: that is the source's failure, named by the row's
   * position ({@code RowRefused}), not a node's. (Written for every record: Eclipse's compiler does not
   * tell an implicit constructor from a declared one, and the CPU classes are the same under both.)
   */
  static CodeBlock record(ItemType type, String item) {
    CodeBlock.Builder args = CodeBlock.builder();
    for (int c = 0; c < type.components().size(); c++) {
      args.add(c == 0 ? "c$L[from + i]" : ", c$L[from + i]", c);
    }
    return CodeBlock.builder()
        .add("// a constructor that checks its arguments may refuse a row: the source's failure, not a node's\n")
        .add(checkedRow(CodeBlock.of("$N = new $T($L)", item, Names.type(type), args.build()), type.simpleName()))
        .build();
  }

  /**
   * {@code statement}, which makes the record {@code record} of row {@code from + i}, with a refusal of
   * its constructor named by the row's position ({@code RowRefused}); running out of memory or stack
   * there is the JVM's failure, passed on as it is (outside-in helper-98: it read as a refused row).
   * The CPU classes and the kernel's host class both check rows so.
   */
  static CodeBlock checkedRow(CodeBlock statement, String record) {
    return CodeBlock.builder()
        .beginControlFlow("try")
        .addStatement(statement)
        .nextControlFlow("catch ($T e)", VirtualMachineError.class)
        .add("// out of memory (or stack) is the JVM's failure, not the row's\n")
        .addStatement("throw e")
        .nextControlFlow("catch ($T e)", Throwable.class)
        .addStatement("throw new $T(from + i, $S, e)", Names.ROW_REFUSED, record)
        .endControlFlow()
        .build();
  }
}
