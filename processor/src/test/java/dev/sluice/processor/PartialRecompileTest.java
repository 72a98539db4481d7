package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.aparapi.Kernel;
import dev.sluice.Node;
import dev.sluice.runtime.opencl.DeviceProgram;
import dev.sluice.runtime.opencl.Kernels;
import dev.sluice.runtime.opencl.ProgramLoader;
import dev.sluice.runtime.SourceStamps;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.invoke.MethodHandles;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node file compiled again without its pipeline (what an IDE does when only that file changed) on
 * real files, as javac writes them: the old kernel stays in the class folder, and the runtime must
 * refuse it rather than run the old body on OpenCL while the CPU runs the new one.
 */
class PartialRecompileTest {
  private static final String PIPELINE = """
      package p;
      import dev.sluice.*;
      @Pipeline interface Twice {
        @Source int in();
        @From("in") Doubler dbl();
        @Sink @From("dbl") int out();
      }
      """;
  private static final String NODE = """
      package p;
      import dev.sluice.*;
      @Node final class Doubler {
        void run(int x, IntOut out) { out.push(x * 2); }
      }
      """;

  /** The node calling a static helper of a class without {@code @Node}, {@link #UTIL}. */
  private static final String HELPED_NODE = NODE.replace("out.push(x * 2);", "out.push(Util.scale(x));");
  private static final String UTIL = "package p;\nfinal class Util {\n  static int scale(int x) { return x * 2; }\n}\n";

  @TempDir Path dir;

  @Test
  void aNodeCompiledAgainAloneMakesItsKernelRefused() throws Exception {
    Path classes = compileAll(NODE);
    assertThat(stamp(classes)).isEqualTo(SourceStamps.of(NODE + "\n" + declarations(classes)));
    load(classes); // as built: accepted

    compileNodeAlone(classes, NODE.replace("x * 2", "x * 3"));
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().contains("the kernel of p.TwicePipeline is older than p.Doubler: p.Doubler was compiled again without the pipeline");
    assertThat(e).hasMessageThat().contains("Rebuild the module");

    compileAll(NODE.replace("x * 2", "x * 3")); // a full build writes the kernel again
    load(classes);
  }

  /**
   * A node compiled again without the processor ({@code javac -proc:none}, an IDE with annotation
   * processing off) leaves its stamp as it was, so the source stamps agreed and OpenCL ran the old body
   * while the CPU ran the new (documented as not covered). The stamp of the node's class file, written
   * with it, tells.
   */
  @Test
  void aNodeCompiledAgainWithoutTheProcessorMakesItsKernelRefused() throws Exception {
    Path classes = compileAll(NODE);
    assertThat(Files.readAllLines(classes.resolve("p/Doubler" + SourceStamps.SUFFIX)).get(2))
        .isEqualTo(SourceStamps.CLASS_FILE + SourceStamps.ofClass(Files.readAllBytes(classes.resolve("p/Doubler.class"))));

    Files.writeString(dir.resolve("src/p/Doubler.java"), NODE.replace("x * 2", "x * 3"));
    assertThat(javac(classes, List.of("-proc:none"), dir.resolve("src/p/Doubler.java"))).isEmpty();
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {3, 6, 9});
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().startsWith("the kernel of p.TwicePipeline may be older than p.Doubler: p.Doubler was"
        + " compiled again without the processor since (javac -proc:none, or an IDE with annotation processing off)");

    compileAll(NODE.replace("x * 2", "x * 3"));
    load(classes);
  }

  /**
   * The pipeline compiled alone, its node found through {@code -sourcepath} (javac compiles it too, but
   * it is in no round's elements): the kernel is translated from that source, so the node must be
   * stamped as well, or its later build alone left OpenCL running the old body in silence (outside-in
   * helper-85).
   */
  @Test
  void aNodeFoundOnTheSourcePathIsStampedToo() throws Exception {
    Path src = Files.createDirectories(dir.resolve("src/p"));
    Files.writeString(src.resolve("Twice.java"), PIPELINE);
    Files.writeString(src.resolve("Doubler.java"), NODE);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    String printed = javac(classes, List.of("-sourcepath", dir.resolve("src").toString(), "-Xlint:-options"),
        src.resolve("Twice.java"));
    assertThat(printed).contains("Implicitly compiled files were not subject to annotation processing");
    assertThat(stamp(classes)).isEqualTo(SourceStamps.of(NODE + "\n" + declarations(classes)));
    load(classes);

    compileNodeAlone(classes, NODE.replace("x * 2", "x * 3"));
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().contains("the kernel of p.TwicePipeline is older than p.Doubler");
  }

  @Test
  void onTheCpuADeclarationChangeIsRefusedAndABodyChangeRuns() throws Exception {
    Path classes = compileAll(NODE);
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {2, 4, 6});

    // the body alone: the CPU back end calls the class as compiled, and gives the new answer
    compileNodeAlone(classes, NODE.replace("x * 2", "x * 3"));
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {3, 6, 9});

    // a declaration the generated classes follow (the channel's @Max): refused, not run with the old bound
    compileNodeAlone(classes, NODE.replace("IntOut out) { out.push(x * 2); }",
        "@Max(2) IntOut out) { out.push(x); out.push(x); }"));
    Exception e = assertThrows(Exception.class, () -> runOnCpu(classes));
    Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
    assertThat(cause).isInstanceOf(IllegalStateException.class);
    assertThat(cause).hasMessageThat().startsWith("the generated classes of p.Twice are older than the declarations of"
        + " p.Doubler (node 'dbl'): it was compiled again without the pipeline");
  }

  /**
   * A record the node makes, changed and compiled again with the node but not with the pipeline, as an
   * IDE does (outside-in helper-138: the CPU ran, and OpenCL failed with a NoSuchMethodError inside the
   * generated kernel): the components of the records a node's methods name are in its declarations'
   * stamp, so the pipeline's classes, written for the old record, are refused.
   */
  @Test
  void aRecordChangedWithItsNodeButNotThePipelineIsRefused() throws Exception {
    String pipeline = PIPELINE.replace("@Sink @From(\"dbl\") int out();", "@Sink @From(\"dbl\") Pair out();");
    String node = NODE.replace("IntOut out) { out.push(x * 2); }", "Out<Pair> out) { out.push(new Pair(x, x * 2)); }");
    Path src = Files.createDirectories(dir.resolve("src/p"));
    Files.writeString(src.resolve("Twice.java"), pipeline);
    Files.writeString(src.resolve("Doubler.java"), node);
    Files.writeString(src.resolve("Pair.java"), "package p;\nrecord Pair(int a, int b) {}\n");
    Path classes = Files.createDirectories(dir.resolve("classes"));
    javac(classes, src.resolve("Twice.java"), src.resolve("Doubler.java"), src.resolve("Pair.java"));
    assertThat(runPairs(classes)).isEqualTo(3);
    load(classes);

    Files.writeString(src.resolve("Pair.java"), "package p;\nrecord Pair(int a, int b, int c) {}\n");
    Files.writeString(src.resolve("Doubler.java"), node.replace("new Pair(x, x * 2)", "new Pair(x, x * 2, 0)"));
    javac(classes, src.resolve("Doubler.java"), src.resolve("Pair.java"));
    Exception e = assertThrows(Exception.class, () -> runPairs(classes));
    Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
    assertThat(cause).isInstanceOf(IllegalStateException.class);
    assertThat(cause).hasMessageThat().startsWith("the generated classes of p.Twice are older than the declarations of"
        + " p.Doubler (node 'dbl'): it was compiled again without the pipeline");
    // the kernel too, though the node's own file did not change: its host builds the records
    Kernels.KernelException k = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(k).hasMessageThat().contains("the kernel of p.TwicePipeline is older than p.Doubler: p.Doubler was compiled"
        + " again without the pipeline");
  }

  /** Runs {@code p.Twice} with a record sink on the CPU over 1, 2, 3: how many records it made. */
  private static int runPairs(Path classes) throws Exception {
    return ((List<?>) runOut(classes)).size();
  }

  /**
   * Two channels of one type swapped in a node compiled alone (review helper-48): the declarations'
   * types and annotations are the same, and the generated classes, which pass channels by position,
   * would have sent the evens to the odds' sink in silence. Their names are stamped too.
   */
  @Test
  void swappedChannelsOfOneTypeAreRefusedOnTheCpu() throws Exception {
    String pipeline = """
        package p;
        import dev.sluice.*;
        @Pipeline interface Twice {
          @Source int in();
          @From("in") Doubler dbl();
          @Sink @From("dbl.even") int out();
          @Sink @From("dbl.odd") int odds();
        }
        """;
    String node = """
        package p;
        import dev.sluice.*;
        @Node final class Doubler {
          void run(int x, IntOut even, IntOut odd) { if (x % 2 == 0) even.push(x); else odd.push(x); }
        }
        """;
    Path classes = compileAll(pipeline, node);
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {2});

    compileNodeAlone(classes, node.replace("IntOut even, IntOut odd", "IntOut odd, IntOut even"));
    Exception e = assertThrows(Exception.class, () -> runOnCpu(classes));
    Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
    assertThat(cause).isInstanceOf(IllegalStateException.class);
    assertThat(cause).hasMessageThat().startsWith("the generated classes of p.Twice are older than the declarations of"
        + " p.Doubler (node 'dbl')");

    // a parameter that is not a channel may be renamed: the generated code does not name it
    compileAll(pipeline, node);
    compileNodeAlone(classes, node.replace("int x", "int value").replace("x % 2", "value % 2").replace("push(x)", "push(value)"));
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {2});
  }

  /**
   * The node compiled in one module, the pipeline in another against its class file (outside-in: a
   * source-only {@code @SuppressWarnings} or a type-use annotation, which the class file does not give
   * back as the source did, made the CPU back end refuse a clean build as "older than the
   * declarations"). The declarations' stamp reads what both give alike.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"-g:none", "-g", "-parameters"})
  void aNodeFromAnotherModuleRunsOnTheCpuWhateverItsOtherAnnotations(String debug) throws Exception {
    Path nodes = Files.createDirectories(dir.resolve("nodes"));
    Path file = Files.createDirectories(dir.resolve("a/p")).resolve("Doubler.java");
    Files.writeString(file, """
        package p;
        import dev.sluice.*;
        import java.lang.annotation.*;
        @Node final class Doubler {
          @SuppressWarnings("unused")
          void run(@NonNeg int x, @Max(1) IntOut out) { out.push(x * 2); }
        }
        @Target(ElementType.TYPE_USE) @interface NonNeg {}
        """);
    assertThat(javac(nodes, List.of(debug), file)).isEmpty();
    Path pipeline = Files.createDirectories(dir.resolve("b/p")).resolve("Twice.java");
    Files.writeString(pipeline, PIPELINE);
    Path app = Files.createDirectories(dir.resolve("app"));
    // the note that the kernel needs the nodes' sources; the CPU back end runs it
    assertThat(javac(app, List.of("-implicit:none", "-cp", nodes.toString()), pipeline)).contains("[SLU620]");
    assertThat(Files.exists(app.resolve("p/Doubler.class"))).isFalse();
    assertThat(runOnCpu(app, nodes)).isEqualTo(new int[] {2, 4, 6});
    // the channels' names stamped as well where the class file keeps them (javac -g or -parameters)
    String call = Files.readAllLines(dir.resolve("generated/p/TwicePipeline_CpuDirect.java")).stream()
        .filter(l -> l.contains("control.node(")).findFirst().orElseThrow();
    assertThat(call).containsMatch(debug.equals("-g:none") ? "\"[0-9a-f]{16}\"" : "\"[0-9a-f]{16} [0-9a-f]{16}\"");
  }

  /**
   * A node from another module (a library jar or class folder) whose declarations changed after the
   * pipeline's module was built: the refusal names where the node came from and says to compile the
   * pipeline's module again, where it blamed an IDE for compiling the node alone (outside-in helper-74).
   */
  @Test
  void aNodeFromAnotherModuleThatChangedNamesItsModule() throws Exception {
    Path nodes = library(List.of("-parameters"));
    Path file = dir.resolve("a/p/Doubler.java");
    Path app = pipelineAgainst(nodes);
    assertThat(runOnCpu(app, nodes)).isEqualTo(new int[] {2, 4, 6});

    Files.writeString(file, Files.readString(file).replace("IntOut out) { out.push(x * 2); }",
        "@Max(2) IntOut out) { out.push(x); out.push(x); }"));
    assertThat(javac(nodes, List.of("-parameters"), file)).isEmpty();
    Exception e = assertThrows(Exception.class, () -> runOnCpu(app, nodes));
    Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
    assertThat(cause).hasMessageThat().contains("(node 'dbl'): it comes from " + nodes + ", which changed after"
        + " the pipeline was compiled in " + app);
    assertThat(cause).hasMessageThat().contains("Compile the pipeline's module again against it");
  }

  /** Runs the pipeline in {@code classes} on the CPU back end over 1, 2, 3, in a new loader: its output, sorted. */
  private static int[] runOnCpu(Path... classes) throws Exception {
    // instances finish in any order: the items as a sorted multiset
    return java.util.Arrays.stream((int[]) runOut(classes)).sorted().toArray();
  }

  /** Runs {@code p.Twice} on the CPU over 1, 2, 3 from {@code classes}: its sink {@code out}. */
  private static Object runOut(Path... classes) throws Exception {
    URL[] urls = new URL[classes.length];
    for (int i = 0; i < urls.length; i++) {
      urls[i] = classes[i].toUri().toURL();
    }
    try (URLClassLoader loader = new URLClassLoader(urls, PartialRecompileTest.class.getClassLoader())) {
      Class<?> api = Class.forName("p.TwicePipeline", true, loader);
      Object builder = api.getMethod("builder").invoke(null);
      builder.getClass().getMethod("device", dev.sluice.runtime.Device.class).invoke(builder, dev.sluice.runtime.Device.cpu());
      Object pipeline = builder.getClass().getMethod("build").invoke(builder);
      Object result = api.getMethod("run", int[].class).invoke(pipeline, (Object) new int[] {1, 2, 3});
      return result.getClass().getMethod("out").invoke(result);
    }
  }

  /**
   * A node edited into a processor error and compiled alone (outside-in helper-38): the compile fails
   * and writes no class file, and it writes no stamp either, so the last good build still runs; the
   * stamp it used to write described the failed edit, and the CPU back end refused that build as
   * older than the declarations.
   */
  @Test
  void aFailedCompileLeavesTheLastGoodBuildsStamp() throws Exception {
    Path classes = compileAll(NODE);
    Path resource = classes.resolve("p/Doubler" + SourceStamps.SUFFIX);
    String good = Files.readString(resource);
    Files.writeString(dir.resolve("src/p/Doubler.java"), NODE.replace("final class", "class")
        .replace("IntOut out) { out.push(x * 2); }", "@Max(2) IntOut out) { out.push(x); out.push(x); }"));
    assertThat(javacFails(classes, dir.resolve("src/p/Doubler.java"))).contains("[SLU202]");
    assertThat(Files.readString(resource)).isEqualTo(good);
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {2, 4, 6});
  }

  /**
   * A node's body edited into a type error and compiled alone (outside-in helper-138): javac reports
   * it after the processor's last round and writes no class file; the stamp, written once javac
   * writes the class, stays the last good build's, so both back ends run that build. It was written
   * in the last round, and both refused the build as compiled again without the pipeline.
   */
  @Test
  void aCompileThatFailsInAMethodBodyLeavesTheLastGoodBuildsStamp() throws Exception {
    Path classes = compileAll(NODE);
    Path resource = classes.resolve("p/Doubler" + SourceStamps.SUFFIX);
    String good = Files.readString(resource);
    Files.writeString(dir.resolve("src/p/Doubler.java"), NODE.replace("out.push(x * 2);", "out.push(x * 3); int y = \"x\";"));
    assertThat(javacFails(classes, dir.resolve("src/p/Doubler.java"))).contains("incompatible types");
    assertThat(Files.readString(resource)).isEqualTo(good);
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {2, 4, 6});
    load(classes);
  }

  /**
   * javac writes class files one class at a time and none after its first error in a method body: a
   * node written before an error in another class gets its new stamp with its class; the pipeline's
   * generated classes come last, so the kernel is refused as older than that node.
   */
  @Test
  void aNodeWrittenBeforeAnotherClassFailsGetsItsStampWithItsClass() throws Exception {
    Path classes = compileAll(NODE);
    Path src = dir.resolve("src/p");
    String util = "package p;\nfinal class Util {\n  static int one() { return 1; }\n}\n";
    Files.writeString(src.resolve("Util.java"), util);
    javac(classes, src.resolve("Twice.java"), src.resolve("Doubler.java"), src.resolve("Util.java"));
    String doubler = Files.readString(classes.resolve("p/Doubler" + SourceStamps.SUFFIX));

    String newDoubler = NODE.replace("x * 2", "x * 4");
    Files.writeString(src.resolve("Doubler.java"), newDoubler);
    Files.writeString(src.resolve("Util.java"), util.replace("return 1;", "return \"1\";"));
    // in this order, javac writes Doubler's class before it finds Util's error
    assertThat(javacFails(classes, src.resolve("Twice.java"), src.resolve("Doubler.java"), src.resolve("Util.java")))
        .contains("incompatible types");
    assertThat(Files.readString(classes.resolve("p/Doubler" + SourceStamps.SUFFIX))).isNotEqualTo(doubler);
    assertThat(stamp(classes)).isEqualTo(SourceStamps.of(newDoubler + "\n" + declarations(classes)));
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().contains("the kernel of p.TwicePipeline is older than p.Doubler: p.Doubler was compiled"
        + " again without the pipeline");
    // the CPU back end runs the class as written: its declarations did not change
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {4, 8, 12});
  }

  /**
   * {@code -proc:only} writes the generated sources and no class file, so no stamp: the classes a later
   * compile without the processor writes are refused, with the way out.
   */
  @Test
  void processingOnlyWritesNoStampAndTheRefusalSaysSo() throws Exception {
    Path src = Files.createDirectories(dir.resolve("src/p"));
    Files.writeString(src.resolve("Twice.java"), PIPELINE);
    Files.writeString(src.resolve("Doubler.java"), NODE);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    assertThat(javac(classes, List.of("-proc:only"), src.resolve("Twice.java"), src.resolve("Doubler.java"))).isEmpty();
    assertThat(Files.exists(classes.resolve("p/Doubler" + SourceStamps.SUFFIX))).isFalse();

    List<Path> sources = new ArrayList<>(List.of(src.resolve("Twice.java"), src.resolve("Doubler.java")));
    try (Stream<Path> generated = Files.walk(dir.resolve("generated"))) {
      generated.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
    }
    assertThat(javac(classes, List.of("-proc:none"), sources.toArray(Path[]::new))).isEmpty();
    Exception e = assertThrows(Exception.class, () -> runOnCpu(classes));
    Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
    assertThat(cause).hasMessageThat().contains("Doubler.sluice-source, is not there");
    assertThat(cause).hasMessageThat().contains("javac -proc:only writes no class file, and so no stamp");
  }

  /**
   * A static helper in a class without {@code @Node}, which the kernel copies, changed and compiled
   * again alone: that compile does not reach the processor, and OpenCL ran the old helper while the CPU
   * ran the new (documented as not covered, outside-in helper-138). The helper's class file is stamped
   * as javac writes it, so the kernel is refused; a full build writes both again.
   */
  @Test
  void aHelperClassCompiledAgainAloneMakesTheKernelRefused() throws Exception {
    String node = HELPED_NODE;
    String util = UTIL;
    Path src = dir.resolve("src/p");
    Path classes = compileWithHelper(node, util);
    List<String> stamps = Files.readAllLines(classes.resolve("p/Util" + SourceStamps.SUFFIX));
    assertThat(stamps).containsExactly(SourceStamps.of(util),
        SourceStamps.CLASS_FILE + SourceStamps.ofClass(Files.readAllBytes(classes.resolve("p/Util.class")))).inOrder();
    load(classes);

    // a comment that moves no line leaves the class file as it was
    Files.writeString(src.resolve("Util.java"), util.replace("x * 2; }", "x * 2; } // twice"));
    javac(classes, src.resolve("Util.java"));
    load(classes);

    Files.writeString(src.resolve("Util.java"), util.replace("x * 2", "x * 3"));
    javac(classes, src.resolve("Util.java"));
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {3, 6, 9});
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().contains("the kernel of p.TwicePipeline is older than p.Util: p.Util was compiled"
        + " again without the pipeline");

    javac(classes, src.resolve("Twice.java"), src.resolve("Doubler.java"), src.resolve("Util.java"));
    load(classes);
  }

  /**
   * A constant of such a class changed and compiled alone: javac copied the old value into the node's
   * class, so the CPU runs it too, and the refusal says so rather than that the CPU runs the new code
   * (outside-in helper-139). A class whose stamp is missing is named as a class, not a node.
   */
  @Test
  void aConstantOfAHelperClassCompiledAgainAloneIsSaidToBeOldOnTheCpuToo() throws Exception {
    String node = NODE.replace("out.push(x * 2);", "out.push(x * Util.K);");
    String util = "package p;\nfinal class Util {\n  static final int K = 2;\n}\n";
    Path src = dir.resolve("src/p");
    Path classes = compileWithHelper(node, util);
    load(classes);

    Files.writeString(src.resolve("Util.java"), util.replace("K = 2", "K = 3"));
    javac(classes, src.resolve("Util.java"));
    assertThat(runOnCpu(classes)).isEqualTo(new int[] {2, 4, 6});
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().contains("is older than p.Util: p.Util was compiled again without the pipeline");
    assertThat(e).hasMessageThat().contains("(but for the changed constants of a class without @Node: javac copied their"
        + " old values into the classes that read them, which it did not compile again)");

    Files.delete(classes.resolve("p/Util" + SourceStamps.SUFFIX));
    e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().contains("the kernel of p.TwicePipeline was translated from p.Util, but the stamp");
    assertThat(e).hasMessageThat().contains("so whether the class was compiled again since cannot be told");
  }

  /**
   * The pipeline and its node compiled again without the unchanged helper class (an IDE's build of the
   * changed files): the kernel cannot copy the helper from its class file, and the error says that it
   * comes from an earlier build of this module and to rebuild, where it called it "a JDK or library
   * method" (outside-in helper-139). A library's class is still said to be compiled elsewhere.
   */
  @Test
  void aHelperClassLeftOutOfTheCompileIsSaidToBeFromAnEarlierBuild() throws Exception {
    String node = HELPED_NODE;
    String util = UTIL;
    Path src = dir.resolve("src/p");
    Path classes = compileWithHelper(node, util);

    Files.writeString(src.resolve("Doubler.java"), node.replace("Util.scale(x)", "Util.scale(x) + 1"));
    String printed = javacFails(classes, src.resolve("Twice.java"), src.resolve("Doubler.java"));
    assertThat(printed).contains("Doubler.java:4: error: [SLU626] call to p.Util.scale(...): p.Util was compiled before"
        + " this compilation (its class file is in this build's class output");
    assertThat(printed).contains("rebuild from clean");
    assertThat(printed).doesNotContain("SLU619");

    // the same class from another folder (a library): compiled elsewhere
    Path lib = Files.createDirectories(dir.resolve("lib"));
    javac(lib, src.resolve("Util.java"));
    Path app = Files.createDirectories(dir.resolve("app"));
    String other = javacFails(app, List.of("-cp", lib.toString(), "-implicit:none"), src.resolve("Twice.java"),
        src.resolve("Doubler.java"));
    assertThat(other).contains("[SLU619] call to p.Util.scale(...) is not in the GPU subset: it is compiled elsewhere");
  }

  /** A stamp that cannot be written is a compile error on its class, not an internal error or javac's crash. */
  @Test
  void aStampThatCannotBeWrittenFailsTheCompile() throws Exception {
    Path classes = compileAll(NODE);
    Path resource = classes.resolve("p/Doubler" + SourceStamps.SUFFIX);
    Files.delete(resource);
    Files.createDirectory(resource); // what the stamp is written to cannot be opened as a file
    String printed = javacFails(classes, dir.resolve("src/p/Twice.java"), dir.resolve("src/p/Doubler.java"));
    assertThat(printed).contains("Doubler.java:3: error: [SLU234] could not write Doubler.sluice-source beside the"
        + " class file of p.Doubler: ");
    assertThat(printed).doesNotContain("An exception has occurred in the compiler");
  }

  /**
   * Plain javac without {@code -d} writes class files beside their sources. javac 18 and later write
   * the stamps there too (the generated classes go into the current folder), and the build runs; javac
   * 17 writes the stamps into the current folder,
   * where a run would not find the stamps, so the compile fails and says to pass {@code -d}. Both used
   * to fail with SLU234 and a cause that named the current folder (outside-in helper-142). javac runs
   * in a process of its own, so that its current folder is a scratch one.
   */
  @Test
  void plainJavacWithoutAnOutputFolder() throws Exception {
    Path root = Files.createDirectories(dir.resolve("sources"));
    Path src = Files.createDirectories(root.resolve("p"));
    Files.writeString(src.resolve("Twice.java"), PIPELINE);
    Files.writeString(src.resolve("Doubler.java"), NODE);
    Path cwd = Files.createDirectories(dir.resolve("cwd"));
    String classPath = Stream.of(Node.class, ProgramLoader.class, Kernel.class)
        .map(PartialRecompileTest::location).collect(Collectors.joining(File.pathSeparator));
    Process javac = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "javac").toString(), "-g",
        "-processorpath", location(SluiceProcessor.class) + File.pathSeparator
            + location(com.squareup.javapoet.TypeName.class) + File.pathSeparator + classPath, "-cp", classPath,
        src.resolve("Twice.java").toString(), src.resolve("Doubler.java").toString())
        .directory(cwd.toFile()).redirectErrorStream(true).start();
    String printed = new String(javac.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    int status = javac.waitFor();
    if (Runtime.version().feature() < 18) {
      assertThat(printed).contains("error: [SLU235] Doubler.sluice-source, the stamp of p.Doubler, goes to "
          + cwd.toRealPath() + ", but javac wrote the class file elsewhere");
      assertThat(printed).contains("pass -d <folder> to javac");
      assertThat(status).isEqualTo(1);
    } else {
      assertThat(status).isEqualTo(0);
      // the stamps and the node classes beside the sources; the generated classes, whose sources javac
      // writes into the current folder, beside those
      assertThat(Files.exists(src.resolve("Doubler" + SourceStamps.SUFFIX))).isTrue();
      load(root, cwd);
      assertThat(runOnCpu(root, cwd)).isEqualTo(new int[] {2, 4, 6});
    }
  }

  @Test
  void commentsAndLayoutDoNotMakeAKernelStale() throws Exception {
    Path classes = compileAll(NODE);
    compileNodeAlone(classes, NODE.replace("void run(int x, IntOut out) {", "// doubles\n  void run(int x,\n IntOut out)  {"));
    load(classes);
  }

  /**
   * The stamp of a node compiled with its pipeline is not beside the class (javac without {@code -d}
   * writes it into the current folder; a packaging step may keep only class files): nothing to
   * compare, and a node changed and compiled alone ran with the old kernel and wiring unchecked
   * (outside-in helper-125). Both back ends refuse, and say where the stamp should be.
   */
  @Test
  void aNodeCompiledWithItsPipelineWithoutItsStampIsRefused() throws Exception {
    Path classes = compileAll(NODE);
    Files.delete(classes.resolve("p/Doubler" + SourceStamps.SUFFIX));
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().startsWith("the kernel of p.TwicePipeline was translated from p.Doubler, but the"
        + " stamp the processor wrote beside that class, Doubler.sluice-source, is not there (the class comes from "
        + classes + ")");
    assertThat(e).hasMessageThat().contains("compile with javac -d");

    Exception cpu = assertThrows(Exception.class, () -> runOnCpu(classes));
    Throwable cause = cpu instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : cpu;
    assertThat(cause).isInstanceOf(IllegalStateException.class);
    assertThat(cause).hasMessageThat().startsWith("the generated classes of p.Twice were written from the declarations"
        + " of p.Doubler (node 'dbl'), but the stamp the processor wrote beside that class, Doubler.sluice-source, is"
        + " not there");
  }

  /**
   * A node read from a class file (a library compiled without the processor) has no stamp to check: the
   * pipeline compiled against it runs on the CPU.
   */
  @Test
  void aNodeFromAClassFileWithoutAStampRuns() throws Exception {
    Path nodes = library(List.of());
    Files.delete(nodes.resolve("p/Doubler" + SourceStamps.SUFFIX));
    assertThat(runOnCpu(pipelineAgainst(nodes), nodes)).isEqualTo(new int[] {2, 4, 6});
  }

  /** The node, public, compiled alone with {@code options} into {@code dir/nodes} (a library module): that folder. */
  private Path library(List<String> options) throws IOException {
    Path nodes = Files.createDirectories(dir.resolve("nodes"));
    Path file = Files.createDirectories(dir.resolve("a/p")).resolve("Doubler.java");
    Files.writeString(file, NODE.replace("@Node final class", "@Node public final class")
        .replace("void run(", "public void run("));
    assertThat(javac(nodes, options, file)).isEmpty();
    return nodes;
  }

  /** The pipeline compiled into {@code dir/app} against the node classes in {@code nodes}: that folder. */
  private Path pipelineAgainst(Path nodes) throws IOException {
    Path pipeline = Files.createDirectories(dir.resolve("b/p")).resolve("Twice.java");
    Files.writeString(pipeline, PIPELINE);
    Path app = Files.createDirectories(dir.resolve("app"));
    javac(app, List.of("-implicit:none", "-cp", nodes.toString()), pipeline);
    return app;
  }

  @Test
  void aStampThatSaysUnreadNamesTheCompiler() throws Exception {
    Path classes = compileAll(NODE);
    Files.writeString(classes.resolve("p/Doubler" + SourceStamps.SUFFIX), SourceStamps.UNREAD + "\n");
    Kernels.KernelException e = assertThrows(Kernels.KernelException.class, () -> load(classes));
    assertThat(e).hasMessageThat().contains("p.Doubler was compiled by a compiler that cannot read method bodies (Eclipse's)");
  }

  private static String stamp(Path classes) throws IOException {
    // the first line: the stamp of the source and the declarations (whose records come from other
    // files); the second, the declarations'
    return Files.readAllLines(classes.resolve("p/Doubler" + SourceStamps.SUFFIX)).get(0);
  }

  private static String declarations(Path classes) throws IOException {
    return Files.readAllLines(classes.resolve("p/Doubler" + SourceStamps.SUFFIX)).get(1);
  }

  /** Compiles the pipeline, {@code node} and class {@code p.Util} (its source {@code util}), as a full build does. */
  private Path compileWithHelper(String node, String util) throws IOException {
    Path src = Files.createDirectories(dir.resolve("src/p"));
    Files.writeString(src.resolve("Twice.java"), PIPELINE);
    Files.writeString(src.resolve("Doubler.java"), node);
    Files.writeString(src.resolve("Util.java"), util);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    javac(classes, src.resolve("Twice.java"), src.resolve("Doubler.java"), src.resolve("Util.java"));
    return classes;
  }

  /** Compiles the pipeline and {@code node} into {@code dir/classes}, as a full build does. */
  private Path compileAll(String node) throws IOException {
    return compileAll(PIPELINE, node);
  }

  /** Compiles {@code pipeline} (interface {@code p.Twice}) and {@code node} (class {@code p.Doubler}). */
  private Path compileAll(String pipeline, String node) throws IOException {
    Path src = dir.resolve("src/p");
    Files.createDirectories(src);
    Files.writeString(src.resolve("Twice.java"), pipeline);
    Files.writeString(src.resolve("Doubler.java"), node);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    javac(classes, src.resolve("Twice.java"), src.resolve("Doubler.java"));
    return classes;
  }

  /** Compiles only the node file, with the earlier output on the class path, as an IDE's build does. */
  private void compileNodeAlone(Path classes, String node) throws IOException {
    Path file = dir.resolve("src/p/Doubler.java");
    Files.writeString(file, node);
    javac(classes, file);
  }

  private void javac(Path classes, Path... files) throws IOException {
    assertThat(javac(classes, List.of(), files)).isEmpty();
  }

  /**
   * javac into {@code classes} (on the class path too), with {@code extra} options ({@code -cp DIR} adds
   * DIR); returns what it printed.
   */
  private String javac(Path classes, List<String> extra, Path... files) throws IOException {
    StringWriter out = new StringWriter();
    assertThat(javacRuns(classes, extra, out, files)).isTrue();
    return out.toString();
  }

  /** javac as above, for a compilation that must fail: what it printed. */
  private String javacFails(Path classes, Path... files) throws IOException {
    return javacFails(classes, List.of(), files);
  }

  private String javacFails(Path classes, List<String> extra, Path... files) throws IOException {
    StringWriter out = new StringWriter();
    assertThat(javacRuns(classes, extra, out, files)).isFalse();
    return out.toString();
  }

  private boolean javacRuns(Path classes, List<String> extra, StringWriter out, Path... files) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String classPath = Stream.of(Node.class, ProgramLoader.class, Kernel.class)
        .map(PartialRecompileTest::location).collect(Collectors.joining(File.pathSeparator));
    List<String> more = new ArrayList<>(extra);
    String otherClasses = "";
    int cp = more.indexOf("-cp");
    if (cp >= 0) {
      otherClasses = File.pathSeparator + more.get(cp + 1);
      more.subList(cp, cp + 2).clear();
    }
    if (more.stream().noneMatch(o -> o.startsWith("-g"))) {
      more.add("-g");
    }
    List<String> args = new ArrayList<>(List.of("-proc:full", "-processorpath", location(SluiceProcessor.class)
        + File.pathSeparator + classPath, "-cp", classes + otherClasses + File.pathSeparator + classPath,
        "-d", classes.toString(), "-s", Files.createDirectories(dir.resolve("generated")).toString()));
    args.addAll(more);
    if (Runtime.version().feature() < 21 || more.stream().anyMatch(o -> o.startsWith("-proc:"))) {
      args.remove("-proc:full"); // javac 17 processes by default and does not know the option
    }
    try (StandardJavaFileManager manager = javac.getStandardFileManager(null, null, null)) {
      return javac.getTask(out, manager, null, args, null, manager.getJavaFileObjects(files)).call();
    }
  }

  private static String location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Loads the pipeline from {@code classes} (folders) in a new loader and makes its kernel object. */
  private static DeviceProgram load(Path... classes) throws Exception {
    URL[] urls = new URL[classes.length];
    for (int i = 0; i < urls.length; i++) {
      urls[i] = classes[i].toUri().toURL();
    }
    try (URLClassLoader loader = new URLClassLoader(urls, PartialRecompileTest.class.getClassLoader())) {
      Class<?> api = Class.forName("p.TwicePipeline", true, loader);
      return ProgramLoader.load(MethodHandles.privateLookupIn(api, MethodHandles.lookup()), null);
    }
  }
}
