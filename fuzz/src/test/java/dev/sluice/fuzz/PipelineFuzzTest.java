package dev.sluice.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * The differential pipeline fuzzer (see docs/fuzzing.md). Without properties: a fixed set of seeds
 * plus one that changes with every commit ({@link FreshSeed}), each printed on failure;
 * {@code -Dfuzz.fresh=true} makes that one random, {@code =false} leaves it out. {@code -Dfuzz.seed=S} replays pipeline S ({@code -Dfuzz.count=N}: S
 * to S+N-1; {@code -Dfuzz.seeds=S,T,...} those); {@code -Dfuzz.count=N} alone runs N pipelines from a fresh seed (the long profile);
 * {@code -Dfuzz.features=regions,signals} or {@code =-fanin} restricts the generator;
 * {@code -Dfuzz.backends=cpu} or {@code =opencl} runs one back end.
 */
class PipelineFuzzTest {
  /** The fixed set: pipelines 1..FIXED, and the seeds in FOUND and FAILING. */
  static final int FIXED = 16;
  /**
   * Seeds that found a bug, replayed every run: 2032 and 2261, kernels Aparapi could not parse (a
   * constant operand of {@code ||}); five more of that kind are left to JavaSemanticsTest's op 13,
   * to keep the fixed set's time. 621713855809: an enumerator's {@code count} returning
   * {@code (((int) (42924L >> 6)) & 15)}, a constant javac leaves untyped, which the kernel read as 0.
   * 220405035596: three nested enumerators, on whose kernel PoCL's compiler aborted the JVM.
   * 882940409441: two blocks side by side, each declaring {@code int i} and ending with a loop left
   * by {@code break} or {@code continue}, which Aparapi declared twice in one C scope. They are
   * generated without the features added after them ({@link #LATER}), as they were found.
   */
  static final long[] FOUND = {2032, 2261, 621713855809L, 220405035596L, 882940409441L};
  /**
   * Seeds whose pipelines fail on purpose ({@code "errors"}), one of each kind, so that every run
   * checks that each back end fails the same way and stays usable: a division by zero (71000005), an
   * index out of range (71000004, in a {@code gpu = false} pipeline, which OpenCL must refuse), a push
   * beyond {@code @Max} (71000024), a count above {@code maxElements} (71000045), an index out of
   * range on every back end (100275: {@code t1[((x & 63) - 2)]} in {@code run} of n6, outside regions),
   * a node's own exception in a {@code gpu = false} pipeline, which OpenCL must refuse (9029), and a
   * division by zero in an END handler, on every back end (100575, at n2). 100275 was the handler's
   * until {@code scans} (43ec1ac) turned one of its pushes into a scan, which changed the failure that
   * {@code errors} drew.
   */
  static final long[] FAILING = {71000005L, 71000004L, 71000024L, 71000045L, 100275L, 9029L, 100575L};
  /**
   * Features added after the seeds in FOUND were found, which change their pipelines: each draws from
   * a stream of its own, so without them a seed writes the sources it wrote before them. ({@code scans}
   * and {@code late} turned pushes of 2032, 2261 and 882940409441 into scans and a block's local of
   * 2032 into one assigned in branches; {@code blocks}, 2c20b4d, ended a body of 2032 (n4) and two of
   * 2261 (n1, n3) with a block.) Without these, each seed writes, byte for byte, the sources it wrote at
   * the commit that added it here. {@code exits} (76f8b31), {@code dowhile} (727f654) and {@code nested}
   * (2a6d481) also came after 2032 and 2261, the last two after all five, but change none of them, and
   * 621713855809 and 882940409441 were found with {@code exits} (the latter's loops break and continue).
   */
  static final Set<String> LATER = Set.of("blocks", "helpers", "errors", "range", "beginpush", "cpuonly",
      "xsignals", "scans", "late", "countreduce", "compound");

  /** {@code features} without those added after the seeds in FOUND were found. */
  private static Set<String> asFound(Set<String> features) {
    Set<String> f = new HashSet<>(features);
    f.removeAll(LATER);
    return f;
  }

  private static String prop(String name) {
    String v = System.getProperty(name);
    return v == null || v.isBlank() || v.startsWith("${") ? null : v.trim();
  }

  @Test
  void generatedPipelinesMatchTheReferenceOnEveryBackEnd() throws IOException {
    String seed = prop("fuzz.seed");
    String count = prop("fuzz.count");
    List<Long> seeds = new ArrayList<>();
    if (prop("fuzz.seeds") != null) {
      for (String s : prop("fuzz.seeds").split(",")) {
        seeds.add(Long.parseLong(s.trim()));
      }
    } else if (seed != null) {
      long s = Long.parseLong(seed);
      int n = count == null ? 1 : Integer.parseInt(count);
      for (int i = 0; i < n; i++) {
        seeds.add(s + i);
      }
    } else if (count != null) {
      long base = System.nanoTime() & 0xFFFFFFFFFFL;
      for (int i = 0; i < Integer.parseInt(count); i++) {
        seeds.add(base + i);
      }
    } else {
      for (long s = 1; s <= FIXED; s++) {
        seeds.add(s);
      }
      for (long s : FOUND) {
        seeds.add(s);
      }
      for (long s : FAILING) {
        seeds.add(s);
      }
      FreshSeed.Fresh fresh = FreshSeed.choose(prop("fuzz.fresh"));
      if (fresh != null) {
        seeds.add(fresh.seed());
        System.out.println("fuzz: fresh pipeline seed " + fresh.seed() + " (from the " + fresh.from()
            + "; replay with -Dfuzz.seed=" + fresh.seed() + ")");
      }
    }
    Set<String> features = Generator.parse(prop("fuzz.features"));
    if (prop("fuzz.dump") != null) {
      // only write the sources, e.g. to look at a pipeline the processor is slow on
      Path dir = Path.of(prop("fuzz.dump"));
      for (long s : seeds) {
        boolean found = java.util.Arrays.stream(FOUND).anyMatch(f -> f == s);
        Spec spec = new Generator(found ? asFound(features) : features).generate(s);
        for (Map.Entry<String, String> e : JavaWriter.sources(spec).entrySet()) {
          Path f = dir.resolve(e.getKey());
          Files.createDirectories(f.getParent());
          Files.writeString(f, e.getValue());
        }
        System.out.println("fuzz: wrote " + dir.resolve(spec.pkg) + ": " + spec.describe());
      }
      return;
    }
    String backends = prop("fuzz.backends") == null ? "cpu,opencl" : prop("fuzz.backends");
    Device cl = null;
    if (backends.contains("opencl")) {
      try {
        cl = OpenClAvailable.device();
      } catch (TestAbortedException e) {
        System.out.println("fuzz: OpenCL runs skipped: " + e.getMessage());
      }
    }
    System.out.println("fuzz: seeds " + (seeds.size() <= 30 ? seeds : seeds.get(0) + ".." + seeds.get(seeds.size() - 1))
        + ", features " + features + ", back ends " + backends);
    long t0 = System.nanoTime();
    Fuzzer fuzzer = new Fuzzer(features, backends.contains("cpu"), cl, System.out);
    for (long s : FOUND) {
      fuzzer.withFeatures(s, asFound(features));
    }
    List<Fuzzer.Failure> failures = fuzzer.run(seeds, prop("fuzz.batch") == null ? 8 : Integer.parseInt(prop("fuzz.batch")));
    System.out.printf("fuzz: %d pipelines, %d runs, %d failing, %.1f s%n", fuzzer.pipelines, fuzzer.runs,
        failures.size(), (System.nanoTime() - t0) / 1e9);
    if (!failures.isEmpty()) {
      // a seed's pipeline depends on the features, so its replay names them (and the back ends) as given
      String flags = (prop("fuzz.features") == null ? "" : " -Dfuzz.features=" + prop("fuzz.features"))
          + (prop("fuzz.backends") == null ? "" : " -Dfuzz.backends=" + prop("fuzz.backends"));
      StringBuilder b = new StringBuilder();
      for (Fuzzer.Failure f : failures) {
        b.append(f.text(flags));
      }
      System.out.println(b);
      fail(failures.size() + " of " + seeds.size() + " generated pipelines failed:\n" + b);
    }
  }
}
