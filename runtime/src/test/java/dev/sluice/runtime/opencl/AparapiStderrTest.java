package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Platform;
import dev.sluice.runtime.testing.ChildJvm;
import dev.sluice.runtime.testing.Skip;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link AparapiStderr} in fresh JVMs ({@link AparapiStderrChild}): of what C and Java write to
 * stderr during a listing, only Aparapi's line is missing, the rest comes out whole and in order,
 * also when the listing throws; {@code -Dsluice.aparapi.log=all} lets the line through.
 */
class AparapiStderrTest {
  private static ChildJvm.Output child(List<String> jvmArgs) throws Exception {
    if (Platform.isWindows()) {
      throw Skip.because("AparapiStderr leaves stderr alone on Windows");
    }
    return ChildJvm.run(AparapiStderrChild.class, jvmArgs, List.of(), Map.of());
  }

  @Test
  void onlyAparapisLineIsHeldBackAndTheRestKeepsItsOrder() throws Exception {
    ChildJvm.Output o = child(List.of());
    assertEquals("native: before\n"
        + "java: during, \u00e9t\u00e9\n"
        + "native: after, no newline|java: after the listing\n"
        + "native: before a failure\n"
        + "java: after the failure: the listing failed\n", withoutJdkNativeAccessWarning(o.err()));
    assertTrue(o.out().contains("returned: listed"), o.out());
    assertTrue(o.out().contains("held back: true"), o.out());
  }

  @Test
  void theLogPropertyLetsTheLineThrough() throws Exception {
    ChildJvm.Output o = child(List.of("-Dsluice.aparapi.log=all"));
    assertTrue(withoutJdkNativeAccessWarning(o.err()).startsWith(
        "native: before\n" + AparapiStderr.LINE + "OpenCL 3.0 Some Driver\n"), o.err());
    assertTrue(o.out().contains("held back: false"), o.out());
  }

  /**
   * What reaches stderr during a build is passed on as it comes, not when the build ends: a build takes
   * seconds, and other threads' log lines came out late, or were lost when the JVM was stopped meanwhile
   * (outside-in helper-96). The child's stdout and stderr share one file, which shows the order.
   */
  @Test
  void stderrDuringABuildArrivesAsItIsWritten() throws Exception {
    if (Platform.isWindows()) {
      throw Skip.because("AparapiStderr leaves stderr alone on Windows");
    }
    java.nio.file.Path both = java.nio.file.Files.createTempFile("sluice-child", ".both");
    try {
      List<String> cmd = new java.util.ArrayList<>(List.of(
          java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString()));
      cmd.addAll(ChildJvm.PLAIN);
      cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), AparapiStderrChild.class.getName(), "relay"));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(both.toFile()).start();
      assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "child JVM did not finish");
      String out = withoutJdkNativeAccessWarning(ChildJvm.withoutLauncherNotes(java.nio.file.Files.readString(both)));
      assertEquals(0, p.exitValue(), out);
      assertEquals("native: during the build\nstdout: a second later, still building\n", out);
    } finally {
      java.nio.file.Files.deleteIfExists(both);
    }
  }

  /** A build on an interrupted thread (a cancelled task) waits for its relay, and keeps the interrupt. */
  @Test
  void anInterruptedBuildStopsItsRelayFirst() throws Exception {
    ChildJvm.Output o = ChildJvm.run(AparapiStderrChild.class, List.of(), List.of(), Map.of(), "interrupted");
    assertTrue(o.out().contains("relays alive after return: 0"), o.out());
    assertEquals(20, o.out().lines().filter(l -> l.equals("still interrupted: true")).count(), o.out());
    assertEquals(20, withoutJdkNativeAccessWarning(o.err()).lines().filter(l -> l.equals("native: during")).count(), o.err());
  }

  /** JDK 24 and later warn, on four lines and a blank one, the first time JNA loads its library. */
  static String withoutJdkNativeAccessWarning(String err) {
    return err.replaceAll("(?m)^WARNING: (A restricted method|java\\.lang\\.System::load|Use --enable-native-access"
        + "|Restricted methods will be blocked).*\n", "").replaceFirst("^\n", "");
  }
}
