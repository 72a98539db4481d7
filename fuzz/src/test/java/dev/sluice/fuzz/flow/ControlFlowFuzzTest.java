package dev.sluice.fuzz.flow;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.fuzz.InProcessCompiler;
import dev.sluice.fuzz.OneNodeRun;
import dev.sluice.fuzz.SeedList;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The control-flow fuzzer: random nesting of {@code if}, {@code else if} chains, loops, {@code break},
 * {@code continue} and {@code return} ({@link FlowGenerator}), in static helpers of a node, computed on
 * the JVM (the CPU back end runs the node's own bytecode) and in the OpenCL kernel the processor
 * translates them to, compared value for value. A kernel that does not build fails the seed too: the
 * device is named, so nothing falls back to the CPU. Aparapi rebuilds structured code from the
 * kernel's bytecode, and some shapes of branches it rebuilt wrongly or not at all (else-if chains with
 * an open {@code if} in a branch, outside-in helper-38): this is where such shapes are looked for.
 *
 * <p>Seeds as {@link SeedList} chooses them: the fixed ones and the commit's in {@code mvn verify};
 * {@code -Dfuzz.seed=S [-Dfuzz.count=N]} replays or runs more.
 */
class ControlFlowFuzzTest {
  static final int METHODS = 12;
  static final int TUPLES = 48;
  static final Duration LIMIT = Duration.ofSeconds(180);
  /**
   * Seeds every run checks: 1 to 8, one batch. Seed 1's kernel javac refused under the translator
   * before this fuzzer (a loop body that always returns got a statement after its return) and under
   * the next one too (a {@code do} whose body only a return leaves got its test after it). The
   * else-if shapes of {@code IfChainsOpenClTest} were found by an earlier version of this generator
   * (seeds 7, 10 and 15 then), whose seeds give other methods now.
   */
  static final long[] FIXED = {1, 2, 3, 4, 5, 6, 7, 8};

  record Case(long seed, String pkg, String source, List<String> methods, int[] xs, int[] ys) {}

  static Case generate(long seed) {
    Random r = new Random(seed);
    FlowGenerator g = new FlowGenerator(r, new Random(seed * 0x9E3779B97F4A7C15L + 1),
        new Random(seed * 0xC2B2AE3D27D4EB4FL + 2));
    List<String> methods = new ArrayList<>();
    for (int j = 0; j < METHODS; j++) {
      methods.add(g.method("f" + j));
    }
    int[] xs = new int[TUPLES];
    int[] ys = new int[TUPLES];
    int[] edges = {0, 1, -1, 2, 3, 4, 7, 8, -8, 15, 16, 31, Integer.MIN_VALUE, Integer.MAX_VALUE};
    for (int k = 0; k < TUPLES; k++) {
      xs[k] = r.nextInt(3) == 0 ? edges[r.nextInt(edges.length)] : r.nextInt(64) - 32;
      ys[k] = r.nextInt(3) == 0 ? edges[r.nextInt(edges.length)] : r.nextInt(64) - 32;
    }
    String pkg = "cf" + Long.toUnsignedString(seed);
    return new Case(seed, pkg, source(pkg, methods), methods, xs, ys);
  }

  /** The case with method {@code j} alone (as {@code f0}), to find which one a kernel cannot be built with. */
  static Case only(Case c, int j) {
    String pkg = c.pkg() + "m" + j;
    List<String> one = new ArrayList<>(List.of(c.methods().get(j).replace(" f" + j + "(", " f0(")));
    List<String> padded = new ArrayList<>(one);
    // the node still pushes METHODS results per item: the others are f0 again
    for (int k = 1; k < METHODS; k++) {
      padded.add("    static int f" + k + "(int x, int y) {\n      return f0(x, y);\n    }\n");
    }
    return new Case(c.seed(), pkg, source(pkg, padded), padded, c.xs(), c.ys());
  }

  private static String source(String pkg, List<String> methods) {
    StringBuilder body = new StringBuilder();
    for (int j = 0; j < methods.size(); j++) {
      body.append("      out.push(new Res(k * ").append(METHODS).append(" + ").append(j).append(", f").append(j)
          .append("(px[k], py[k])));\n");
    }
    return """
        package PKG;

        import dev.sluice.*;

        @Pipeline
        public interface Flows {
          @Source int in();
          @From("in") Eval eval();
          @Sink @From("eval") Res out();

          record Res(int k, int value) {}

          @Node
          final class Eval {
            @Param final int[] px;
            @Param final int[] py;

            Eval(int[] px, int[] py) {
              this.px = px;
              this.py = py;
            }

            public void run(int k, @Max(N) Out<Res> out) {
        BODY    }

        HELPERS  }
        }
        """.replace("PKG", pkg).replace("(N)", "(" + METHODS + ")").replace("BODY", body)
        .replace("HELPERS", String.join("", methods));
  }

  /** Results by case number {@code k * METHODS + j}. */
  static Map<Integer, Integer> run(InProcessCompiler.Compiled compiled, Case c, Device device) throws Exception {
    Map<Integer, Integer> m = new LinkedHashMap<>();
    for (Object res : OneNodeRun.run(compiled, c.pkg() + ".FlowsPipeline", c.pkg() + ".Flows$Eval", "eval",
        new Object[] {c.xs(), c.ys()}, device, TUPLES)) {
      Class<?> rc = res.getClass();
      m.put((Integer) rc.getMethod("k").invoke(res), (Integer) rc.getMethod("value").invoke(res));
    }
    return m;
  }

  /** Every difference of the cases' kernels from the JVM, as text (empty: none). */
  static String check(List<Case> cases) throws Exception {
    Map<String, String> sources = new LinkedHashMap<>();
    for (Case c : cases) {
      sources.put(c.pkg() + "/Flows.java", c.source());
    }
    InProcessCompiler.Compiled compiled = InProcessCompiler.compile(sources);
    Device cl = OpenClAvailable.device();
    StringBuilder wrong = new StringBuilder();
    for (Case c : cases) {
      Map<Integer, Integer> jvm = run(compiled, c, Device.cpu());
      Map<Integer, Integer> dev;
      try {
        dev = assertTimeoutPreemptively(LIMIT, () -> run(compiled, c, cl),
            () -> "seed " + c.seed() + ": the OpenCL run did not finish in " + LIMIT.toSeconds() + " s");
      } catch (Exception e) {
        // the device is named: a kernel that did not build is refused, not run on the CPU
        Throwable why = e instanceof java.lang.reflect.InvocationTargetException ? e.getCause() : e;
        wrong.append("\nseed ").append(c.seed()).append(": no OpenCL run: ").append(why).append(culprits(c));
        continue;
      }
      List<Integer> methodsWrong = new ArrayList<>();
      for (Map.Entry<Integer, Integer> e : jvm.entrySet()) {
        int k = e.getKey() / METHODS;
        int j = e.getKey() % METHODS;
        Integer d = dev.get(e.getKey());
        if (!e.getValue().equals(d)) {
          wrong.append("\nseed ").append(c.seed()).append(" f").append(j).append("(").append(c.xs()[k]).append(", ")
              .append(c.ys()[k]).append("): JVM ").append(e.getValue()).append(", OpenCL ").append(d);
          if (!methodsWrong.contains(j)) {
            methodsWrong.add(j);
          }
        }
      }
      for (int j : methodsWrong) {
        wrong.append("\nseed ").append(c.seed()).append(" f").append(j).append(":\n").append(c.methods().get(j));
      }
    }
    if (wrong.length() == 0) {
      compiled.delete();
    } else {
      wrong.append("\n(sources in ").append(compiled.sources()).append(")");
    }
    return wrong.toString();
  }

  /** The methods of {@code c} a kernel cannot be built with on their own, with their text. */
  static String culprits(Case c) throws Exception {
    Map<String, String> sources = new LinkedHashMap<>();
    List<Case> alone = new ArrayList<>();
    for (int j = 0; j < METHODS; j++) {
      Case one = only(c, j);
      alone.add(one);
      sources.put(one.pkg() + "/Flows.java", one.source());
    }
    InProcessCompiler.Compiled compiled = InProcessCompiler.compile(sources);
    StringBuilder b = new StringBuilder();
    for (int j = 0; j < METHODS; j++) {
      try {
        run(compiled, alone.get(j), OpenClAvailable.device());
      } catch (Exception e) {
        b.append("\n  f").append(j).append(" alone does not build:\n").append(c.methods().get(j));
      }
    }
    compiled.delete();
    return b.toString();
  }

  @Test
  void kernelsBranchAsTheJvmBranches() throws Exception {
    List<Long> seeds = SeedList.choose(FIXED, "control-flow fuzzer");
    String wrong = SeedList.checkInBatches(seeds, ControlFlowFuzzTest::generate, ControlFlowFuzzTest::check);
    System.out.println("control-flow fuzzer: " + seeds.size() + " seeds (" + seeds.size() * METHODS + " methods x "
        + TUPLES + " tuples), from " + seeds);
    assertTrue(wrong.length() == 0, "kernel and JVM differ (replay one seed with -Dfuzz.seed=S):" + wrong);
  }
}
