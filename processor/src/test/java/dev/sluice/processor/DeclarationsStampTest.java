package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compiler;
import dev.sluice.processor.write.SourceStampWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A node's declarations stamp does not depend on the order of its members or annotations: Eclipse's
 * compiler lists a class file's members in another order than its source's, and a node read from a
 * class file then got another stamp than its source gave, so the CPU back end refused a build that was
 * not stale (outside-in helper-47). The order is not something the generated code reads.
 */
class DeclarationsStampTest {
  /** Records each @Node's declarations stamp. */
  @SupportedAnnotationTypes("dev.sluice.Node")
  static final class Stamps extends AbstractProcessor {
    final List<String> stamps = new ArrayList<>();

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      for (TypeElement a : annotations) {
        round.getElementsAnnotatedWith(a).forEach(e -> stamps.add(SourceStampWriter.declarations((TypeElement) e)));
      }
      return false;
    }
  }

  static String stamp(JavaFileObject node) {
    Stamps stamps = new Stamps();
    Compiler.javac().withProcessors(stamps).compile(node);
    assertThat(stamps.stamps).hasSize(1);
    return stamps.stamps.get(0);
  }

  @Test
  void membersAndAnnotationsInAnotherOrderGiveTheSameStamp() {
    String one = stamp(java("Scan", """
        @Node @Region(parentBuffer = 8) final class Scan {
          @Param final int[] table;
          @Reduce(ReduceOp.SUM) int seen;
          Scan(int[] table) { this.table = table; }
          int count(int[] parent) { return parent.length; }
          @SignalHandler(Signal.BEGIN) void begin(int[] parent) { seen = 0; }
        }
        """));
    String reordered = stamp(java("Scan", """
        @Region(parentBuffer = 8) @Node final class Scan {
          @SignalHandler(Signal.BEGIN) void begin(int[] parent) { seen = 0; }
          int count(int[] parent) { return parent.length; }
          Scan(int[] table) { this.table = table; }
          @Reduce(ReduceOp.SUM) int seen;
          @Param final int[] table;
        }
        """));
    assertThat(reordered).isEqualTo(one);
    // and a declaration that the generated code reads still changes it
    String other = stamp(java("Scan", """
        @Node @Region(parentBuffer = 8) final class Scan {
          @Param final int[] table;
          @Reduce(ReduceOp.MAX) int seen;
          Scan(int[] table) { this.table = table; }
          int count(int[] parent) { return parent.length; }
          @SignalHandler(Signal.BEGIN) void begin(int[] parent) { seen = 0; }
        }
        """));
    assertThat(other).isNotEqualTo(one);
  }

  /**
   * The output channels' names are stamped, in their order (the generated code passes them by
   * position); a Raise's or an item's name is not (review helper-51: renaming a Raise was refused).
   */
  @Test
  void channelNamesButNotOtherParameterNamesChangeTheStamp() {
    String node = """
        @SignalTag record Tick(int at) {}
        @Node final class Split {
          void run(int x, IntOut even, IntOut odd, Raise<Tick> ticks) { }
        }
        """;
    String one = stamp(java("Split", node));
    assertThat(stamp(java("Split", node.replace("IntOut even, IntOut odd", "IntOut odd, IntOut even")))).isNotEqualTo(one);
    assertThat(stamp(java("Split", node.replace("Raise<Tick> ticks", "Raise<Tick> t")))).isEqualTo(one);
    assertThat(stamp(java("Split", node.replace("int x,", "int item,")))).isEqualTo(one);
  }
}
