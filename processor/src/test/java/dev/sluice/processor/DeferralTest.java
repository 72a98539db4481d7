package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
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
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Pipelines that use types another processor generates later are processed once they exist. */
class DeferralTest {
  /** Another processor in the compilation: it sees every round, and writes its sources once ({@code done}). */
  abstract static class OtherProcessor extends AbstractProcessor {
    boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }
  }

  /** Writes {@code t.Gen} (a record) and {@code t.GenNode} (a node) in its first round. */
  static final class Generator extends OtherProcessor {

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

  /**
   * Under {@code -Xlint:all} (with {@code -Werror}, a warning fails the build): no warning about
   * annotations no processor claimed (outside-in: every Sluice annotation was listed), none from the
   * generated code.
   */
  @Test
  void lintFindsNothingToSay() {
    Compilation c = javac()
        .withOptions("-Xlint:all", "-Werror")
        .withProcessors(new SluiceProcessor())
        .compile(java("P", """
            @Pipeline interface P {
              @Source int in();
              @From("in") Lines lines();
              @From("lines") Keep keep();
              @Sink @From("keep") int out();
            }
            """), java("Lines", """
            @Node @Region(parentBuffer = 4) final class Lines {
              public int count(int n) { return n; }
            }
            """), java("Keep", """
            @Node final class Keep {
              @Reduce(ReduceOp.SUM) long kept;
              public void run(int i, @Parent int n, @Max(1) IntOut out) { kept++; out.push(i); }
              @SignalHandler(Signal.END) public void end(int n) { kept += 0; }
            }
            """));
    assertThat(c).succeededWithoutWarnings();
  }

  /**
   * A node written by hand that names a generated type (outside-in: its declarations were stamped in
   * the first round, with the type unresolved, and the CPU classes, written once it existed, refused
   * to run: "older than the declarations"); and a node that is not final, checked once the type exists.
   */
  @Test
  void aNodeNamingAGeneratedTypeIsStampedAndCheckedOnceItExists() throws IOException {
    Compilation c = javac()
        .withProcessors(new Generator(), new SluiceProcessor())
        .compile(java("P", """
            @Pipeline interface P {
              @Source int in();
              @From("in") Made made();
              @Sink @From("made") int out();
            }
            @Node final class Made {
              static Made of(Gen g) { return new Made(); }
              public void run(int x, IntOut out) { out.push(x); }
            }
            """));
    assertThat(c).succeededWithoutWarnings();
    String resource = c.generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT, "t", "Made"
        + dev.sluice.runtime.SourceStamps.SUFFIX).orElseThrow().getCharContent(true).toString();
    String declarations = resource.split("\n")[1];
    String cpu = c.generatedSourceFile("t.PPipeline_CpuDirect").orElseThrow().getCharContent(true).toString();
    assertThat(cpu).contains('"' + declarations + '"');

    Compilation open = javac()
        .withProcessors(new Generator(), new SluiceProcessor())
        .compile(java("Open", """
            @Node class Open {
              static Open of(Gen g) { return new Open(); }
              public void run(int x, IntOut out) { out.push(x); }
            }
            """));
    assertThat(open).hadErrorContaining("[" + Message.NODE_NOT_FINAL.code() + "]");
  }

  /**
   * One class holding its nodes, its pipeline and code that uses the generated class through {@code
   * var}, a lambda and try-with-resources: javac failed inside its own flow analysis (a
   * NullPointerException, or an AssertionError on JDK 25) when the processor read the nested nodes'
   * bodies, and so attributed the whole class, before the pipeline class existed.
   */
  @Test
  void aClassUsingItsOwnPipelineThroughVarCompiles() {
    Compilation c = Sources.compile(java("Demo", """
        public final class Demo {
          @Node public static final class Plain {
            @Reduce(ReduceOp.SUM) long seen;
            public void run(int x, IntOut out) { seen += x; out.push(x * 2); }
          }
          @Pipeline public interface P { @Source int in(); @From("in") Plain n(); @Sink @From("n") int out(); }

          public static void main(String[] args) {
            var r = PPipeline.builder().build().runRange(0, 3);
            System.out.println(r.out().length + r.nSeen());
            java.util.function.Supplier<Integer> s = () -> PPipeline.builder().build().runRange(0, 4).out().length;
            try (var p = PPipeline.builder().build()) {
              for (var v : p.runRange(0, 5).out()) { System.out.println(v + s.get()); }
            }
          }
        }
        """));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  /** Writes {@code t.Made}, a factory of {@code t.PPipeline}, in the round after that class appears, as Dagger does. */
  static final class LaterFromPipeline extends OtherProcessor {

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done && processingEnv.getElementUtils().getTypeElement("t.PPipeline") != null) {
        done = true;
        try (Writer w = processingEnv.getFiler().createSourceFile("t.Made").openWriter()) {
          w.write("package t; public final class Made { public static PPipeline make() {"
              + " return PPipeline.builder().build(); } }");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  /**
   * A class that holds a node (or a helper a kernel copies) and names, through {@code var}, a type
   * another processor writes from the generated pipeline a round later: javac failed inside its flow
   * analysis (outside-in helper-91, with Dagger's component and AutoValue), since the bodies were read,
   * and their class attributed, before that type existed. The bodies now wait for it ({@code PendingTypes}).
   */
  @ParameterizedTest
  @ValueSource(strings = {"var p = Made.make();", "var p = t.Made.make();", "var p = make();"})
  void aClassNamingATypeAnotherProcessorWritesFromThePipelineCompiles(String use) {
    // the last form through a static import of the type to come (outside-in helper-94: it and the
    // package-qualified one still crashed javac)
    Compilation nested = javac().withProcessors(new SluiceProcessor(), new LaterFromPipeline()).compile(java("Outer",
        (use.equals("var p = make();") ? "import static t.Made.make;\n" : "") + """
        public final class Outer {
          @Node public static final class Twice {
            public void run(int x, IntOut out) { out.push(2 * x); }
          }
          @Pipeline public interface P { @Source int in(); @From("in") Twice twice(); @Sink @From("twice") int out(); }

          public static void main(String[] args) {
            USE
            System.out.println(p.runRange(0, 10).out().length);
          }
        }
        """.replace("USE", use)));
    assertThat(nested).succeededWithoutWarnings();
    assertThat(nested).generatedSourceFile("t.PPipeline_Kernel");
    Compilation helper = javac().withProcessors(new SluiceProcessor(), new LaterFromPipeline()).compile(java("Main", """
        public final class Main {
          static int twice(int x) { return 2 * x; }

          public static void main(String[] args) {
            var p = Made.make();
            System.out.println(p.runRange(0, 10).out().length);
          }
        }
        """), java("P", """
        @Pipeline interface P { @Source int in(); @From("in") Twice twice(); @Sink @From("twice") int out(); }
        @Node final class Twice {
          public void run(int x, IntOut out) { out.push(Main.twice(x)); }
        }
        """));
    assertThat(helper).succeededWithoutWarnings();
    assertThat(helper).generatedSourceFile("t.PPipeline_Kernel");
  }

  /**
   * Only the files whose classes reading the bodies attributes are looked at: a typo elsewhere keeps
   * javac's own error (with -Werror it was hidden behind a kernel written in the last round), and a name
   * the syntax-only test cannot place there (an inherited constant in an anonymous class) changes
   * nothing (outside-in helper-94).
   */
  @Test
  void otherFilesAreJavacsAlone() {
    JavaFileObject pipeline = java("P", """
        @Pipeline interface P { @Source int in(); @From("in") Twice twice(); @Sink @From("twice") int out(); }
        @Node final class Twice {
          public void run(int x, IntOut out) { out.push(2 * x); }
        }
        """);
    Compilation typo = javac().withProcessors(new SluiceProcessor()).withOptions("-Werror")
        .compile(pipeline, java("Main", "public final class Main { Strng s = \"x\"; }"));
    assertThat(typo).hadErrorContaining("cannot find symbol");
    assertThat(typo).hadWarningCount(0);
    Compilation anonymous = javac().withProcessors(new SluiceProcessor()).withOptions("-Werror").compile(pipeline,
        java("Prio", """
            public final class Prio {
              static Thread make() {
                return new Thread() { @Override public void run() { setPriority(MIN_PRIORITY); } };
              }
            }
            """));
    assertThat(anonymous).succeededWithoutWarnings();
    assertThat(anonymous).generatedSourceFile("t.PPipeline_Kernel");
  }

  /**
   * A typo in the first name of a qualified one in a node's file ({@code DoublingPipline.Result}): javac
   * takes it for a package, which is no reason to call the name placed (outside-in helper-105: SLU624
   * said it resolved, and a kernel was written beside javac's error).
   */
  @Test
  void aTypoQualifyingANameInANodesFileIsJavacsErrorAlone() {
    Compilation c = javac().withProcessors(new SluiceProcessor()).compile(java("P", """
        @Pipeline interface P {
          @Source int in(); @From("in") Twice twice(); @Sink @From("twice") int out();
          record Result(int n) {}
        }
        @Node final class Twice {
          public void run(int x, IntOut out) { out.push(2 * x); }
          static Object made() { PPipline.Result r = null; return r; }
        }
        """));
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("PPipline");
    assertWithMessage("notes").that(c.notes().stream().map(d -> d.getMessage(null)).toList().toString())
        .doesNotContain(Message.KERNEL_IN_LAST_ROUND.code());
    assertThat(c).hadErrorCount(1);
  }

  /**
   * A name in a node's file that the syntax-only test cannot place (an inherited constant in an
   * anonymous class) moves the kernel to javac's last round, where javac warns; SLU624 says which name
   * (outside-in helper-93).
   */
  @Test
  void aNameTheTestCannotPlaceIsNamedWhenTheKernelWaitsForTheLastRound() {
    Compilation c = javac().withProcessors(new SluiceProcessor()).compile(java("P", """
        @Pipeline interface P { @Source int in(); @From("in") Twice twice(); @Sink @From("twice") int out(); }
        @Node final class Twice {
          public void run(int x, IntOut out) { out.push(2 * x); }
          static Thread make() {
            return new Thread() { @Override public void run() { setPriority(MIN_PRIORITY); } };
          }
        }
        """));
    assertThat(c).succeeded();
    assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
    assertThat(c).hadNoteContaining("[" + Message.KERNEL_IN_LAST_ROUND.code() + "] 'MIN_PRIORITY' resolves");
    assertThat(c).hadWarningContaining("created in the last round");
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

  private static final String EVERY_IMPORT = "import dev.sluice.From; import dev.sluice.IntOut; import dev.sluice.Max;"
      + " import dev.sluice.Node; import dev.sluice.Param; import dev.sluice.Parent; import dev.sluice.Pipeline;"
      + " import dev.sluice.Reduce; import dev.sluice.ReduceOp; import dev.sluice.Region; import dev.sluice.Signal;"
      + " import dev.sluice.SignalHandler; import dev.sluice.Sink; import dev.sluice.Source;";
  private static final String REGION_PIPELINE = """
      @Pipeline interface P {
        @Source Line in();
        @From("in") Chars chars();
        @From("chars") Keep keep();
        @Sink @From("keep") int out();
      }
      record Line(int start, int end) {}
      @Node @Region(parentBuffer = 4) final class Chars { public int count(Line l) { return l.end() - l.start(); } }
      @Node final class Keep {
        @Param final int k;
        @Reduce(ReduceOp.SUM) long kept;
        Keep(int k) { this.k = k; }
        public void run(int i, @Parent Line l, @Max(1) IntOut out) { kept++; out.push(i + k); }
        @SignalHandler(Signal.END) public void end(Line l) { kept += 0; }
      }
      """;

  /**
   * An import of one of Sluice's annotations left out: javac says it cannot find the symbol, and Sluice
   * says only that the pipeline waits on a type that did not resolve (SLU121). javac 17 leaves such an
   * annotation out of the element's mirrors, and the processor read the class as one without it: a
   * missing {@code @Parent} import gave SLU209, {@code @From} SLU107, {@code @Node} SLU229 and SLU114
   * (outside-in helper-85), each before javac's own error.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"From", "Node", "Param", "Parent", "Reduce", "Region",
      "SignalHandler", "Sink", "Max"})
  void aMissingImportOfAnAnnotationGetsJavacsErrorAndNoOtherSluiceError(String annotation) {
    String imports = EVERY_IMPORT.replace(" import dev.sluice." + annotation + ";", "").replace("import dev.sluice."
        + annotation + ";", "");
    onlyJavacsErrorAndUnresolved("package t; " + imports + "\n" + REGION_PIPELINE);
  }

  /** An item record with a component of a missing type: SLU121 once, not SLU401 at every use (outside-in helper-85). */
  @Test
  void anItemRecordWithAComponentOfAMissingTypeGetsNoSluiceItemError() {
    onlyJavacsErrorAndUnresolved("package t; " + EVERY_IMPORT + "\n"
        + REGION_PIPELINE.replace("record Line(int start, int end)", "record Line(int start, Offset end)")
            .replace("l.end() - l.start()", "1"));
  }

  /** Compiles {@code source} as t/P.java: javac's "cannot find symbol", and of Sluice's errors SLU121 alone. */
  private static void onlyJavacsErrorAndUnresolved(String source) {
    Compilation c = javac().withProcessors(new SluiceProcessor())
        .compile(com.google.testing.compile.JavaFileObjects.forSourceString("t.P", source));
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("cannot find symbol");
    assertWithMessage("Sluice errors").that(Sources.sluiceErrors(c)).containsExactly(
        "[" + Message.UNRESOLVED_TYPE.code() + "] pipeline t.P uses a type or constant that could not be resolved: see the"
            + " compiler's other errors");
  }

  /** An annotation value naming a constant that does not exist was an internal error (SLU999) on the class. */
  @Test
  void anUnresolvedConstantInAnAnnotationGetsJavacsErrorNotAnInternalOne() {
    String[] cases = {
        "@Node final class N { void run(int x, @Max(MAX_OUTS) IntOut out) { } }   // the name",
        "@Node @Region(parentBuffer = Sizes.BUF) final class N { int count(int p) { return p; } }   // the name",
    };
    for (String node : cases) {
      javax.tools.JavaFileObject f = java("P", """
          @Pipeline interface P {
            @Source int in();
            @From("in") N n();
            @Sink @From("n") int out();
          }
          """ + node + "\n");
      Compilation c = Sources.compile(f);
      assertThat(c).failed();
      assertThat(c).hadErrorContaining("cannot find symbol").inFile(f).onLine(Sources.lineOf(f, "// the name"));
      for (javax.tools.Diagnostic<? extends javax.tools.JavaFileObject> d : c.errors()) {
        assertThat(d.getMessage(null)).doesNotContain("SLU999");
      }
    }
    Compilation width = Sources.compile(java("P", """
        @Pipeline(width = Missing.W) interface P {
          @Source int in();
          @Sink @From("in") int out();
        }
        """));
    assertThat(width).failed();
    assertThat(width).hadErrorContaining("cannot find symbol");
    for (javax.tools.Diagnostic<? extends javax.tools.JavaFileObject> d : width.errors()) {
      assertThat(d.getMessage(null)).doesNotContain("SLU999");
    }
  }
}
