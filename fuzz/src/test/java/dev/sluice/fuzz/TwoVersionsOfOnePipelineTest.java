package dev.sluice.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two versions of one pipeline class, the same names in two class loaders of one JVM (a test harness,
 * a notebook, a server reloading an application), each run on OpenCL after the other: each runs its
 * own node code. Aparapi keeps what it reads and builds by class name, and the second version ran the
 * first one's kernel with no error (outside-in helper-27). The fuzzers' in-process compiler makes the
 * two versions.
 */
class TwoVersionsOfOnePipelineTest {
  private static String source(String body) {
    return """
        package same;

        import dev.sluice.*;

        @Pipeline
        public interface Twice {
          @Source int in();
          @From("in") Step step();
          @Sink @From("step") int out();

          @Node
          final class Step {
            public void run(int x, @Max(1) IntOut out) {
              out.push(%s);
            }
          }
        }
        """.formatted(body);
  }

  private static AutoCloseable build(Class<?> pipeline, Device device) throws Exception {
    Object builder = pipeline.getMethod("builder").invoke(null);
    builder = builder.getClass().getMethod("device", Device.class).invoke(builder, device);
    return (AutoCloseable) builder.getClass().getMethod("build").invoke(builder);
  }

  private static int[] run(AutoCloseable built) throws Exception {
    Method run = built.getClass().getMethod("run", int[].class);
    Object result = run.invoke(built, (Object) new int[] {1, 2, 3});
    int[] out = (int[]) result.getClass().getMethod("out").invoke(result);
    Arrays.sort(out);
    return out;
  }

  @Test
  void eachVersionRunsItsOwnNodeCode() throws Exception {
    Device cl = OpenClAvailable.device();
    InProcessCompiler.Compiled v1 = InProcessCompiler.compile(Map.of("same/Twice.java", source("x * 3")));
    InProcessCompiler.Compiled v2 = InProcessCompiler.compile(Map.of("same/Twice.java", source("x + 1000")));
    Class<?> first = v1.load("same.TwicePipeline");
    Class<?> second = v2.load("same.TwicePipeline");
    assertNotSame(first, second);
    // the first stays open while the second builds: closing releases its kernel, and with it what Aparapi
    // keeps of its build under the class's name, which the second would otherwise be given
    try (AutoCloseable one = build(first, cl)) {
      assertArrayEquals(new int[] {3, 6, 9}, run(one));
      try (AutoCloseable two = build(second, cl)) {
        assertArrayEquals(new int[] {1001, 1002, 1003}, run(two));
      }
      assertArrayEquals(new int[] {3, 6, 9}, run(one));
    }
    // and each again, built anew
    try (AutoCloseable one = build(first, cl); AutoCloseable two = build(second, cl)) {
      assertArrayEquals(new int[] {1001, 1002, 1003}, run(two));
      assertArrayEquals(new int[] {3, 6, 9}, run(one));
    }
    try (AutoCloseable two = build(second, Device.cpu())) {
      assertArrayEquals(new int[] {1001, 1002, 1003}, run(two));
    }
    v1.delete();
    v2.delete();
  }
}
