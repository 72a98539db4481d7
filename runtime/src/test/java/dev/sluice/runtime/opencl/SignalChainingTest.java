package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.ChildJvm;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.Skip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * PoCL and the JVM's signal handlers, in fresh JVMs ({@link SignalChainingChild}) run with
 * {@code -Xcheck:jni}, whose periodic check reports any of the JVM's handlers that another library
 * replaced: a PoCL build replaces them (the reason for {@link SignalChaining}); Sluice refuses the
 * build without {@code libjsig}; with it, the build runs and the JVM keeps its handlers.
 */
class SignalChainingTest {
  private static final Path JSIG = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");

  record Child(String out, String err) {}

  static Child child(String how, boolean jsig) throws IOException, InterruptedException {
    Map<String, String> env = new HashMap<>(Map.of("POCL_SIGFPE_HANDLER", "0"));
    if (jsig) {
      env.put("LD_PRELOAD", JSIG.toString());
    }
    ChildJvm.Output o = ChildJvm.run(SignalChainingChild.class, List.of("-Xcheck:jni"), List.of("LD_PRELOAD"), env, how);
    if (o.out().contains("no pocl")) {
      // the check is about PoCL alone; without it, the usual OpenCL skip (a failure in CI)
      OpenClAvailable.devices();
      throw Skip.because("SignalChainingTest is about PoCL's signal handlers, and no OpenCL device here is PoCL");
    }
    return new Child(o.out(), o.err());
  }

  @Test
  void aPoclBuildReplacesTheJvmsHandlers() throws Exception {
    // the premise, straight through Aparapi (no Sluice check in the way)
    Child c = child("aparapi", false);
    assertTrue(c.out.contains("build: ok"), c.out + c.err);
    // the check prints on stdout
    assertTrue(c.out.contains("Warning: SIGSEGV handler modified!"), c.out + c.err);
    assertTrue(c.out.contains("SIGSEGV: ") && c.out.contains("libLLVM"), c.out);
  }

  @Test
  void sluiceRefusesThePoclBuildWithoutSignalChaining() throws Exception {
    Child c = child("sluice", false);
    assertTrue(c.out.contains("build: refused: kernel " + SignalChainingChild.AddOne.class.getName()
        + " was not built for "), c.out + c.err);
    assertTrue(c.out.contains("start the JVM with LD_PRELOAD=" + JSIG + " in its environment"), c.out);
    assertFalse((c.out + c.err).contains("handler modified"), c.out + c.err);
  }

  @Test
  void withLibjsigTheBuildRunsAndTheJvmKeepsItsHandlers() throws Exception {
    if (!Files.exists(JSIG)) {
      throw Skip.because("no " + JSIG + " in this JDK, so the JVM cannot chain PoCL's signal handlers");
    }
    Child c = child("sluice", true);
    assertTrue(c.out.contains("build: ok"), c.out + c.err);
    assertFalse((c.out + c.err).contains("handler modified"), c.out + c.err);
  }
}
