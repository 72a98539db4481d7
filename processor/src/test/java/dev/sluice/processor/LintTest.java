package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * The generated sources compile without a warning under every javac lint, so that a team building with
 * {@code -Xlint:all -Werror} can use any pipeline the processor accepts (outside-in helper-85: the kernel
 * cast a {@code long} range item to {@code long}, and wrote {@code u >>= k} on an {@code int} as
 * {@code u = (int) (u >> k)}). The fuzzers compile every pipeline they make with the same lints and fail
 * on a warning in a generated source ({@code InProcessCompiler}).
 */
class LintTest {
  /** {@code source} ({@code t/P.java}) compiled with the processor and every lint, as warnings or, with {@code werror}, errors. */
  private static Compilation lint(boolean werror, String source) {
    return com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withOptions(werror ? new Object[] {"-Xlint:all,-processing", "-Werror"} : new Object[] {"-Xlint:all,-processing"})
        .compile(java("P", source));
  }

  @Test
  void aLongSourceAndShiftsInNodeCodeWarnNothing() {
    Compilation c = lint(true, """
            @Pipeline interface P {
              @Source long in();
              @From("in") N n();
              @Sink @From("n") long out();

              @Node final class N {
                public void run(long x, LongOut out) {
                  int i = (int) x;
                  long l = x;
                  byte b = (byte) x;
                  i >>= 3;
                  i <<= (int) l;
                  l >>= i;
                  l <<= 2;
                  b >>= 1;
                  i >>>= 1;
                  l >>>= 2;
                  out.push(l + i + b);
                }
              }
            }
            """);
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void aRedundantCastInNodeCodeWarnsOnlyWhereTheUserWroteIt() {
    Compilation c = lint(false, """
            @Pipeline interface P {
              @Source long in();
              @From("in") N n();
              @Sink @From("n") long out();

              @Node final class N {
                public void run(long x, LongOut out) {
                  out.push((long) (x + 1));
                }
              }
            }
            """);
    assertThat(c).succeeded();
    // the user's own line warns (twice: javac attributes a node's class when the processor reads its
    // body, and again after the round the kernel is written in); the kernel's copy of it does not warn
    assertThat(c).hadWarningContaining("redundant cast").inFile(c.sourceFiles().get(0));
    for (var w : c.warnings()) {
      org.junit.jupiter.api.Assertions.assertEquals(c.sourceFiles().get(0), w.getSource(), w.toString());
    }
  }
}
