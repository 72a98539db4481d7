package dev.sluice.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.examples.fanout.Calibrate;
import dev.sluice.examples.fanout.Classify;
import dev.sluice.examples.fanout.Reading;
import dev.sluice.examples.fanout.SensorSplitPipeline;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.plan.PlanDiagram;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The pictures beside the generated classes: the processor draws them from the plan it builds in
 * process, so each must equal the picture drawn from the {@code PLAN} the generated class builds when
 * it loads (else the processor's plan and the generated one disagree). And a run's picture carries
 * the run's counts.
 */
class PicturesTest {
  /** Every generated pipeline of the examples, with a nested-region and a fan-in one from the tests. */
  static final String[] PIPELINES = {
      "dev.sluice.examples.blast.BlastPipeline", "dev.sluice.examples.blast.TinyBlastPipeline",
      "dev.sluice.examples.filters.FilterChainPipeline", "dev.sluice.examples.filters.TinyFilterChainPipeline",
      "dev.sluice.examples.fanout.SensorSplitPipeline", "dev.sluice.examples.fanout.TinySensorSplitPipeline",
      "dev.sluice.examples.synthgain.SynthGainPipeline", "dev.sluice.examples.synthgain.TinySynthGainPipeline",
      "dev.sluice.examples.lineparser.LineParserPipeline", "dev.sluice.examples.lineparser.TinyLineParserPipeline",
      "dev.sluice.examples.signals.WindowsPipeline", "dev.sluice.examples.signals.TinyWindowsPipeline",
      "dev.sluice.protocol.NestedPipeline", "dev.sluice.fanin.TwoChannelsPipeline",
      "dev.sluice.fanin.JoinEnumeratesPipeline"};

  @Test
  void theProcessorsPictureIsThePictureOfTheGeneratedPlan() throws Exception {
    for (String name : PIPELINES) {
      Class<?> generated = Class.forName(name);
      PipelinePlan plan = (PipelinePlan) generated.getField("PLAN").get(null);
      PlanDiagram drawn = PlanDiagram.of(plan);
      assertEquals(drawn.mermaid(), withoutHeader(generated, ".mmd"), name + ".mmd");
      assertEquals(drawn.dot(), withoutHeader(generated, ".dot"), name + ".dot");
    }
  }

  /** The file minus its first line, which says where it comes from. */
  private static String withoutHeader(Class<?> generated, String extension) throws IOException {
    try (InputStream in = generated.getResourceAsStream(generated.getSimpleName() + extension)) {
      assertNotNull(in, generated.getSimpleName() + extension + " is not beside the class");
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(text.startsWith(extension.equals(".mmd") ? "%% The pipeline " : "// The pipeline "), text);
      return text.substring(text.indexOf('\n') + 1);
    }
  }

  /** The examples whose pictures are in the docs, as docs/pictures/render.sh lists them. */
  static final String[] IN_THE_DOCS = {
      "dev.sluice.examples.blast.BlastPipeline", "dev.sluice.examples.filters.FilterChainPipeline",
      "dev.sluice.examples.fanout.SensorSplitPipeline", "dev.sluice.examples.synthgain.SynthGainPipeline",
      "dev.sluice.examples.lineparser.LineParserPipeline", "dev.sluice.examples.signals.WindowsPipeline"};

  /** The repository's docs folder, from the examples module where the tests run. */
  static final Path DOCS = Path.of("..", "docs");

  /**
   * The pictures in the docs are the processor's, as render.sh copies them: docs/pictures/ holds
   * each example's .mmd and .dot unchanged, every Mermaid block marked {@code <!-- picture: NAME -->}
   * in a markdown file is NAME's .mmd, and each example is shown somewhere.
   */
  @Test
  void theDocsShowTheProcessorsPictures() throws IOException {
    String redo = "; regenerate with docs/pictures/render.sh after a build";
    for (String name : IN_THE_DOCS) {
      Class<?> generated;
      try {
        generated = Class.forName(name);
      } catch (ClassNotFoundException e) {
        throw new AssertionError(name + " is not generated", e);
      }
      for (String extension : new String[] {".mmd", ".dot"}) {
        Path copy = DOCS.resolve("pictures").resolve(generated.getSimpleName() + extension);
        assertTrue(Files.isRegularFile(copy), copy + " is missing" + redo);
        assertEquals(resource(generated, extension), Files.readString(copy), copy + redo);
      }
      assertTrue(Files.isRegularFile(DOCS.resolve("pictures").resolve(generated.getSimpleName() + ".svg")),
          generated.getSimpleName() + ".svg is missing" + redo);
    }
    Map<String, Integer> shown = new TreeMap<>();
    Pattern block = Pattern.compile("<!-- picture: ([A-Za-z]+) -->\n```mermaid\n(.*?)```\n<!-- /picture -->",
        Pattern.DOTALL);
    for (String doc : new String[] {"examples.md", "user-guide.md"}) {
      String text = Files.readString(DOCS.resolve(doc));
      assertEquals(count(text, "<!-- picture: "), count(block.matcher(text)), doc + ": a picture marker without its block");
      Matcher m = block.matcher(text);
      while (m.find()) {
        Path mmd = DOCS.resolve("pictures").resolve(m.group(1) + ".mmd");
        assertTrue(Files.isRegularFile(mmd), doc + " shows " + m.group(1) + ", which has no " + mmd);
        assertEquals(Files.readString(mmd), m.group(2), doc + ": the picture of " + m.group(1) + redo);
        shown.merge(m.group(1), 1, Integer::sum);
      }
    }
    for (String name : IN_THE_DOCS) {
      String simple = name.substring(name.lastIndexOf('.') + 1);
      assertTrue(shown.containsKey(simple), simple + " is in no doc");
    }
  }

  private static String resource(Class<?> generated, String extension) throws IOException {
    try (InputStream in = generated.getResourceAsStream(generated.getSimpleName() + extension)) {
      assertNotNull(in, generated.getSimpleName() + extension + " is not beside the class");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  private static int count(Matcher m) {
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void aRunsPictureCarriesItsCounts() {
    Random random = new Random(3);
    Reading[] in = new Reading[5_000];
    float[] scale = new float[16];
    float[] offset = new float[16];
    java.util.Arrays.fill(scale, 1f);
    for (int i = 0; i < in.length; i++) {
      in[i] = new Reading(random.nextInt(16), (float) random.nextGaussian());
    }
    SensorSplitPipeline.Result r = SensorSplitPipeline.builder().classify(() -> new Classify(-1f, 1.5f))
        .calibrate(() -> new Calibrate(scale, offset)).instances(2).chunkSize(700).maxSteps(1_000_000)
        .device(Device.cpuScheduled()).build().run(in);
    RunReport report = r.report();
    long accepted = r.accepted().size();
    long rejected = r.rejected().size();
    assertEquals(in.length, accepted + rejected);
    // edges in plan order: readings->classify, classify.accepted->accepted, classify.rejected->rejected,
    // classify.accepted->calibrate (the broadcast), calibrate->calibrated
    assertEquals(java.util.List.of(5_000L, accepted, rejected, accepted, accepted),
        java.util.Arrays.stream(report.edgeItems()).boxed().toList());
    String mermaid = report.toMermaid();
    assertTrue(mermaid.contains(String.format(java.util.Locale.ROOT,
        "n_classify -- \"accepted @Max(1)<br/>%,d items\" --> n_calibrate", accepted)), mermaid);
    assertTrue(mermaid.contains(String.format(java.util.Locale.ROOT,
        "n_rejected[(\"rejected<br/>sink<br/>%,d items\")]", rejected)), mermaid);
    assertTrue(mermaid.contains(String.format(java.util.Locale.ROOT, "n_classify[\"classify<br/>fill %.1f%%\"]",
        100 * report.stage("classify").vectorFill())), mermaid);
    assertTrue(report.toDot().contains("\"readings\" -> \"classify\" [label=\"5,000 items\"];"), report.toDot());
    // the direct executor has no runs, so no fill: the picture leaves it out and keeps the counts
    SensorSplitPipeline.Result direct = SensorSplitPipeline.builder().classify(() -> new Classify(-1f, 1.5f))
        .calibrate(() -> new Calibrate(scale, offset)).instances(2).chunkSize(700).device(Device.cpu()).build().run(in);
    String picture = direct.report().toMermaid();
    assertTrue(picture.contains("n_classify[\"classify\"]"), picture);
    assertTrue(picture.contains(String.format(java.util.Locale.ROOT,
        "n_rejected[(\"rejected<br/>sink<br/>%,d items\")]", direct.rejected().size())), picture);
  }
}
