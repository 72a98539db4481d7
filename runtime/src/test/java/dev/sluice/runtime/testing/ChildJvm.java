package dev.sluice.runtime.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a fresh JVM on this test's class path, for what only a fresh JVM shows (its
 * first device line, signal handlers, a native library's first start), and returns what it printed;
 * a JVM that does not finish in two minutes, or exits with a status other than 0, fails the test.
 */
public final class ChildJvm {
  private ChildJvm() {}

  /** What the child printed. */
  public record Output(String out, String err) {}

  /**
   * The flags every child gets before the test's own (which come after, and win): English and UTF-8,
   * whatever the machine's locale. The tests compare what children print, and the JDK's own words
   * follow the locale: a log record's level came out as "SCHWERWIEGEND" under {@code de_DE}, and "été"
   * as "?t?" under an ASCII {@code file.encoding} on JDK 17 (outside-in helper-104).
   */
  public static final List<String> PLAIN = List.of("-Duser.language=en", "-Duser.country=US", "-Dfile.encoding=UTF-8",
      "-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8");

  /**
   * {@code text} without the lines the {@code java} launcher prints first when {@code JAVA_TOOL_OPTIONS},
   * {@code JDK_JAVA_OPTIONS} or {@code _JAVA_OPTIONS} is set, as CI images and containers often do:
   * they are the machine's, not the child's.
   */
  public static String withoutLauncherNotes(String text) {
    return text.replaceAll("(?m)^(NOTE: )?Picked up (JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|_JAVA_OPTIONS):.*\\R", "");
  }

  /**
   * Runs {@code main} with {@code jvmArgs} and {@code args}, its environment this one's less the
   * variables in {@code unset}, then with {@code env} added.
   */
  public static Output run(Class<?> main, List<String> jvmArgs, List<String> unset, Map<String, String> env,
      String... args) throws IOException, InterruptedException {
    return run(System.getProperty("java.class.path"), main, jvmArgs, unset, env, args);
  }

  /** {@link #run(Class, List, List, Map, String...)} on class path {@code classPath}. */
  public static Output run(String classPath, Class<?> main, List<String> jvmArgs, List<String> unset,
      Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(PLAIN);
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(classPath);
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    unset.forEach(pb.environment()::remove);
    pb.environment().putAll(env);
    Path out = Files.createTempFile("sluice-child", ".out");
    Path err = Files.createTempFile("sluice-child", ".err");
    try {
      Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM did not finish: " + cmd);
      Output o = new Output(Files.readString(out, StandardCharsets.UTF_8),
          withoutLauncherNotes(Files.readString(err, StandardCharsets.UTF_8)));
      assertEquals(0, p.exitValue(), "child JVM failed:\n" + o.out() + o.err());
      return o;
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
