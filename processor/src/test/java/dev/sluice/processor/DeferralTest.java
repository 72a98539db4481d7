package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.diagnostics.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/** Pipelines that use types another processor generates later are processed once they exist. */
class DeferralTest {
  /** Writes {@code t.Gen} (a record) and {@code t.GenNode} (a node) in its first round. */
  static final class Generator extends AbstractProcessor {
    private boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (done) {
        return false;
      }
      done = true;
      write("t.Gen", "package t; public record Gen(int a, double b) {}");
      write("t.GenNode", "package t; import dev.sluice.*; @Node public final class GenNode {"
          + " public void run(Gen g, IntOut out) { out.push(g.a()); } }");
      return false;
    }

    private void write(String name, String text) {
      try (Writer w = processingEnv.getFiler().createSourceFile(name).openWriter()) {
        w.write(text);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Test
  void waitsForGeneratedTypes() {
    List<Schedule> schedules = new ArrayList<>();
    Compilation c = javac()
        .withProcessors(new Generator(), new SluiceProcessor(schedules::add))
        .compile(java("P", """
            @Pipeline interface P {
              @Source Gen in();
              @From("in") GenNode node();
              @Sink @From("node") int out();
            }
            """));
    assertThat(c).succeededWithoutWarnings();
    assertThat(schedules).hasSize(1);
    assertThat(schedules.get(0).pipeline().source().itemType().javaName()).isEqualTo("t.Gen");
  }

  @Test
  void reportsTypesThatNeverAppear() {
    Compilation c = Sources.compile(java("P", """
        @Pipeline interface P {
          @Source Missing in();
          @Sink @From("in") int out();
        }
        """));
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("[" + Message.UNRESOLVED_TYPE.code() + "] pipeline t.P");
  }
}
