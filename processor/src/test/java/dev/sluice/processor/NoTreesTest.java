package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.runtime.SourceStamps;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import javax.tools.StandardLocation;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/**
 * Under a compiler without the javac Trees API (Eclipse's), body checks and kernels are skipped with
 * one NOTE and everything else still runs. Simulated by hiding javac's environment behind a proxy,
 * which {@code Trees.instance} rejects ({@link EclipseCompilerTest} runs the real ecj).
 */
class NoTreesTest {
  static final class WithoutTrees extends AbstractProcessor {
    private final SluiceProcessor inner = new SluiceProcessor();

    @Override
    public synchronized void init(ProcessingEnvironment env) {
      super.init(env);
      inner.init((ProcessingEnvironment) Proxy.newProxyInstance(
          getClass().getClassLoader(), new Class<?>[] {ProcessingEnvironment.class}, (proxy, method, args) -> {
            try {
              return method.invoke(env, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          }));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return inner.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return inner.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      return inner.process(annotations, round);
    }
  }

  @Test
  void skipsOnlyBodyChecksWithOneNote() {
    Compilation c = javac().withProcessors(new WithoutTrees()).compile(java("N", """
        @Node final class Count {
          @State int count;
          void run(int x) { count = x; }
        }
        @Node class NotFinal { void run(int x) { } }
        """));
    assertThat(c).hadErrorContaining("[" + Message.NODE_NOT_FINAL.code() + "]");
    assertThat(c).hadNoteContaining("[" + Message.BODY_CHECKS_SKIPPED.code() + "]");
    assertThat(c.notes().stream().filter(n -> n.getMessage(null).contains("[SLU309]")).count()).isEqualTo(1);
    assertThat(Sources.sluiceErrors(c)).hasSize(1);
  }

  @Test
  void aGpuPipelineGetsNoKernelAndNoNoteOfItsOwn() {
    Compilation c = javac().withProcessors(new WithoutTrees()).compile(java("P", """
        @Node final class Inc { void run(int x, IntOut out) { out.push(x + 1); } }
        @Pipeline interface P { @Source int in(); @From("in") Inc inc(); @Sink @From("inc") int out(); }
        """));
    assertThat(c).succeeded();
    // SLU309 already says that no kernel is written; SLU620 would repeat it for every pipeline
    assertThat(c.notes().stream().map(n -> n.getMessage(null)).filter(m -> m.startsWith("[SLU")).toList())
        .containsExactly(Message.BODY_CHECKS_SKIPPED.text());
    assertThat(c.generatedSourceFiles().stream().map(f -> f.getName()).filter(n -> n.endsWith("_Kernel.java")).toList())
        .isEmpty();
    // and a kernel from an earlier javac build is refused at run time rather than run stale
    assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, "t", "Inc" + SourceStamps.SUFFIX)
        .contentsAsUtf8String().startsWith(SourceStamps.UNREAD + "\n");
  }
}
