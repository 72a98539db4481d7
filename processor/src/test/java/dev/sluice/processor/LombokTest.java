package dev.sluice.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.sluice.processor.Sources.assertError;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import dev.sluice.processor.diagnostics.Message;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Lombok, listed before Sluice as the user guide says, changes a node's modifiers in its syntax tree
 * after javac entered the class: {@code @FieldDefaults(level = PRIVATE)} and {@code @Value} make its
 * fields private (and final), {@code @Value} the class final. Sluice's access checks read the
 * modifiers as the source has them now, so a field Lombok made private is refused on that field, with
 * Lombok named, where the generated code used to fail to compile on it; and a {@code @Value} node is
 * final (outside-in helper-91). Real Lombok runs here, in the compilation, first.
 */
class LombokTest {
  private static Compilation compile(JavaFileObject... files) {
    return javac().withProcessors(lombok(), new SluiceProcessor()).compile(files);
  }

  /** Lombok's processor, as javac finds it in Lombok's jar (its class is public in a class that is not). */
  private static Processor lombok() {
    try {
      var c = Class.forName("lombok.launch.AnnotationProcessorHider$AnnotationProcessor").getDeclaredConstructor();
      c.setAccessible(true);
      return (Processor) c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("Lombok's processor", e);
    }
  }

  private static final String PIPELINE = """
      @Pipeline%s interface P {
        @Source int in();
        @From("in") %s node();
        @Sink @From("node") int out();
      }
      """;

  @Test
  void aReduceFieldFieldDefaultsMadePrivateIsRefusedOnTheField() {
    JavaFileObject f = java("Count", """
        @Node @lombok.experimental.FieldDefaults(level = lombok.AccessLevel.PRIVATE)
        final class Count {
          @Reduce(ReduceOp.SUM) int n;
          public void run(int x, IntOut out) { n += 1; out.push(x); }
        }
        """ + PIPELINE.formatted("(gpu = false)", "Count"));
    Compilation c = compile(f);
    assertError(c, Message.INACCESSIBLE, f, "int n;",
        "its @Reduce field 'n' is private (made so by another annotation processor, as Lombok's @FieldDefaults"
            + " and @Value do)");
    assertWithMessage("errors").that(c.errors()).hasSize(1);
  }

  @Test
  void aReduceFieldFieldDefaultsMadeFinalIsRefusedOnTheField() {
    JavaFileObject f = java("Count", """
        @Node @lombok.experimental.FieldDefaults(makeFinal = true)
        final class Count {
          @Reduce(ReduceOp.SUM) int n = 0;
          public void run(int x, IntOut out) { out.push(x); }
        }
        """ + PIPELINE.formatted("(gpu = false)", "Count"));
    Compilation c = compile(f);
    assertError(c, Message.REDUCE_FINAL, f, "int n = 0;",
        "@Reduce field 'n' must not be final (made so by another annotation processor, as Lombok's"
            + " @FieldDefaults(makeFinal = true) and @Value do; mark the field @lombok.experimental.NonFinal):");
    assertWithMessage("errors").that(c.errors()).hasSize(1);
  }

  /** The remedy the message names works: @NonFinal keeps the field off makeFinal. */
  @Test
  void aReduceFieldMarkedNonFinalUnderFieldDefaultsCompiles() {
    JavaFileObject f = java("Count", """
        @Node @lombok.experimental.FieldDefaults(makeFinal = true)
        final class Count {
          @lombok.experimental.NonFinal @Reduce(ReduceOp.SUM) int n = 0;
          public void run(int x, IntOut out) { n += 1; out.push(x); }
        }
        """ + PIPELINE.formatted("(gpu = false)", "Count"));
    Compilation c = compile(f);
    assertWithMessage("errors").that(c.errors()).isEmpty();
  }

  @Test
  void aValueNodesParamIsPrivateForTheKernel() {
    JavaFileObject f = java("Scale", """
        @Node @lombok.Value
        class Scale {
          @Param int factor;
          public void run(int x, IntOut out) { out.push(x * factor); }
        }
        """ + PIPELINE.formatted("", "Scale"));
    Compilation c = compile(f);
    assertError(c, Message.GPU_FIELD_INACCESSIBLE, f, "int factor;",
        "@Param field 'factor' of Scale is private (made so by another annotation processor",
        "make it package-private or public, or keep the pipeline on the CPU with @Pipeline(gpu = false)");
    assertWithMessage("errors").that(c.errors()).hasSize(1);
  }

  /** Not final as written, final once Lombok ran: accepted, and the CPU pipeline compiles. */
  @Test
  void aValueNodeOnTheCpuCompiles() {
    JavaFileObject f = java("Scale", """
        @Node @lombok.Value
        class Scale {
          @Param int factor;
          public void run(int x, IntOut out) { out.push(x * factor); }
        }
        """ + PIPELINE.formatted("(gpu = false)", "Scale"));
    assertThat(compile(f)).succeededWithoutWarnings();
  }

  /** Without Lombok's hand the message says "private" alone, as before. */
  @Test
  void aFieldWrittenPrivateIsPrivateAlone() {
    JavaFileObject f = java("Count", """
        @Node final class Count {
          @Reduce(ReduceOp.SUM) private int n;
          public void run(int x, IntOut out) { n += 1; out.push(x); }
        }
        """ + PIPELINE.formatted("(gpu = false)", "Count"));
    Compilation c = compile(f);
    assertError(c, Message.INACCESSIBLE, f, "private int n;", "its @Reduce field 'n' is private; the generated class");
  }
}
