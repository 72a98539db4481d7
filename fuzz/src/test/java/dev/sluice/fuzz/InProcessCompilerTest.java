package dev.sluice.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fuzzers' compile step: the processor runs in-process and its pipelines load and run. */
class InProcessCompilerTest {
  private static final String PIPELINE = """
      package smoke;

      import dev.sluice.*;

      @Pipeline
      public interface Twice {
        @Source int in();
        @From("in") Double dbl();
        @Sink @From("dbl") int out();

        @Node
        final class Double {
          public void run(int x, @Max(2) IntOut out) {
            out.push(x);
            out.push(x);
          }
        }
      }
      """;

  @Test
  void compilesAndRunsAGeneratedPipeline() throws Exception {
    InProcessCompiler.Compiled c = InProcessCompiler.compile(Map.of("smoke/Twice.java", PIPELINE));
    Class<?> pipeline = c.load("smoke.TwicePipeline");
    Object builder = pipeline.getMethod("builder").invoke(null);
    builder = builder.getClass().getMethod("device", Device.class).invoke(builder, Device.cpu());
    Object built = builder.getClass().getMethod("build").invoke(builder);
    Method run = built.getClass().getMethod("run", int[].class);
    Object result = run.invoke(built, (Object) new int[] {1, 2, 3});
    int[] out = (int[]) result.getClass().getMethod("out").invoke(result);
    Arrays.sort(out);
    assertArrayEquals(new int[] {1, 1, 2, 2, 3, 3}, out);
    c.delete();
  }

  @Test
  void aRejectedPipelineShowsTheProcessorsMessage() {
    InProcessCompiler.CompileFailed e = assertThrows(InProcessCompiler.CompileFailed.class,
        () -> InProcessCompiler.compile(Map.of("smoke/Twice.java", PIPELINE.replace("@From(\"dbl\")", "@From(\"nope\")"))));
    assertTrue(e.getMessage().contains("[SLU"), e.getMessage());
    InProcessCompiler.deleteFolder(e.sources.getParent());
  }
}
