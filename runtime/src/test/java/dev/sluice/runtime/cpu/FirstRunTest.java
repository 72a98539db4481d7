package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.ChildJvm;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.Skip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user sees on a first run, in fresh JVMs ({@link FirstRunChild}): one device line, no
 * Aparapi SEVERE record nor native version line, and PoCL's SIGFPE handler detected (and the CPU back end refused) exactly
 * when Java's division by zero no longer throws.
 */
class FirstRunTest {
  private static final String LINE = "Sluice runs on ";

  record Child(String out, String err) {
    long deviceLines() {
      return err.lines().filter(l -> l.contains(LINE)).count();
    }
  }

  static Child child(Map<String, String> env, List<String> jvmArgs) throws IOException, InterruptedException {
    ChildJvm.Output o = ChildJvm.run(FirstRunChild.class, jvmArgs,
        List.of("SLUICE_DEVICE", "POCL_SIGFPE_HANDLER", "LD_PRELOAD"), env);
    return new Child(o.out(), o.err());
  }

  @Test
  void oneDeviceLineAndNoSigfpeErrorWithTheVariable() throws Exception {
    Child c = child(Map.of("POCL_SIGFPE_HANDLER", "0"), List.of());
    assertEquals(1, c.deviceLines(), c.err);
    assertTrue(c.err.contains("= cpu, cpu:scheduled, gpu, opencl or opencl:N."), c.err);
    assertTrue(c.out.contains("division: throws"), c.out);
    assertTrue(c.out.contains("cpu run: ok"), c.out);
    assertFalse(c.err.contains("SIGFPE"), c.err);
    assertFalse(c.err.contains("Check your environment"), c.err);
    // Aparapi's native line is held back (AparapiStderr), so the device line has nothing to explain
    assertFalse(c.err.contains("untested OpenCL platform version"), c.err);
    // without libjsig a PoCL build is refused: the device line says so before a run finds out
    boolean pocl = c.out.lines().anyMatch(l -> l.startsWith("platforms: ") && l.toLowerCase(java.util.Locale.ROOT).contains("pocl"));
    assertEquals(pocl, c.err.contains(". To run on PoCL, this JVM needs LD_PRELOAD="), c.out + c.err);
  }

  @Test
  void theLogPropertyLetsAparapisNativeLineThroughAndTheDeviceLineExplainsIt() throws Exception {
    Child c = child(Map.of("POCL_SIGFPE_HANDLER", "0"), List.of("-Dsluice.aparapi.log=all"));
    String versions = c.out.lines().filter(l -> l.startsWith("versions: ")).findFirst().orElseThrow();
    if (!versions.contains("OpenCL 3.")) {
      OpenClAvailable.devices();
      throw Skip.because("no OpenCL 3 platform here, so Aparapi's native library has no line to print: " + versions);
    }
    assertTrue(c.err.contains("WARNING: Aparapi is running on an untested OpenCL platform version: OpenCL 3."), c.err);
    assertTrue(c.err.contains("\"untested OpenCL platform version\" line on stderr is about the version string"), c.err);
  }

  @Test
  void withoutTheVariableSluiceKeepsPoclsSigfpeHandlerOut() throws Exception {
    // Sluice sets POCL_SIGFPE_HANDLER=0 before OpenCL starts (PoclEnvironment): division keeps throwing
    Child c = child(Map.of(), List.of());
    assertTrue(c.out.contains("division: throws"), c.out + c.err);
    assertFalse(c.err.contains("integer division by zero no longer throws"), c.err);
    assertTrue(c.out.contains("cpu run: ok"), c.out);
  }

  @Test
  void pocLsSigfpeHandlerIsDetectedAndStopsTheCpuBackEnd() throws Exception {
    // a variable the environment sets is left alone: here it lets PoCL install its handler
    Child c = child(Map.of("POCL_SIGFPE_HANDLER", "1"), List.of());
    boolean throwsInChild = c.out.contains("division: throws");
    boolean reported = c.err.contains("integer division by zero no longer throws");
    // the probe must agree with what Java division really does in that JVM
    assertEquals(!throwsInChild, reported, c.out + c.err);
    if (c.out.contains("platforms: ") && c.out.toLowerCase(java.util.Locale.ROOT).contains("pocl")) {
      assertTrue(reported, "PoCL with POCL_SIGFPE_HANDLER=1 installs its handler: " + c.out + c.err);
    }
    if (reported) {
      assertTrue(c.out.contains("cpu run: failed: Expand: integer division by zero no longer throws"), c.out);
      assertTrue(c.out.contains("POCL_SIGFPE_HANDLER=0"), c.out);
    } else {
      assertTrue(c.out.contains("cpu run: ok"), c.out);
    }
  }

  @Test
  void signalChainingThroughLibjsigKeepsDivisionThrowing() throws Exception {
    // the other fix the error line names: the JVM's libjsig chains PoCL's handler behind its own
    Path jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
    if (!Files.exists(jsig)) {
      throw Skip.because("no " + jsig + " in this JDK, so the JVM cannot chain PoCL's signal handlers");
    }
    Child c = child(Map.of("LD_PRELOAD", jsig.toString()), List.of());
    assertTrue(c.out.contains("division: throws"), c.out + c.err);
    assertFalse(c.err.contains("To run on PoCL, this JVM needs"), c.err);
    assertFalse(c.err.contains("integer division by zero no longer throws"), c.err);
    assertTrue(c.out.contains("cpu run: ok"), c.out);
  }

  @Test
  void aparapisSevereRecordIsHeldBackAndExplained(@TempDir Path dir) throws Exception {
    // Aparapi unpacks its native library into java.io.tmpdir: a folder that is not there stops it loading
    String noTmp = "-Djava.io.tmpdir=" + dir.resolve("absent");
    Child quiet = child(Map.of("POCL_SIGFPE_HANDLER", "0"), List.of(noTmp));
    assertFalse(quiet.err.contains("Check your environment"), quiet.err);
    assertEquals(1, quiet.deviceLines(), quiet.err);
    assertTrue(quiet.err.contains("Aparapi's native library did not load"), quiet.err);
    assertTrue(quiet.err.contains("apt-get install pocl-opencl-icd"), quiet.err);
    Child all = child(Map.of("POCL_SIGFPE_HANDLER", "0"), List.of(noTmp, "-Dsluice.aparapi.log=all"));
    assertTrue(all.err.contains("SEVERE: Check your environment"), all.err);
  }

  @Test
  void theDocumentedLoggerLevelTurnsTheLineOff(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("logging.properties");
    Files.writeString(config, "handlers = java.util.logging.ConsoleHandler\ndev.sluice.device.level = WARNING\n");
    Child c = child(Map.of("POCL_SIGFPE_HANDLER", "0"), List.of("-Djava.util.logging.config.file=" + config));
    assertEquals(0, c.deviceLines(), c.err);
    assertTrue(c.out.contains("division: throws"), c.out);
  }
}
