package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.ChildJvm;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A class path that lacks what the OpenCL back end needs beside Sluice's runtime (Aparapi, BCEL) makes
 * OpenCL unavailable, naming the jar, and {@link dev.sluice.runtime.Device#best()} runs on the CPU: it
 * threw a raw {@code NoClassDefFoundError} from Sluice's own code (outside-in helper-96).
 */
class OpenClLayerTest {
  /** This test's class path less the entries whose file name starts with {@code prefix}. */
  private static String classPathWithout(String prefix) {
    String[] all = System.getProperty("java.class.path").split(File.pathSeparator);
    List<String> kept = Arrays.stream(all).filter(e -> !new File(e).getName().startsWith(prefix)).toList();
    if (kept.size() == all.length && Arrays.stream(all).noneMatch(e -> new File(e).getName().startsWith("aparapi-"))) {
      // a launcher that loads the tests through a class path of its own (the GPU kit's JUnit console
      // launcher): this JVM's class path names no jar to take away
      throw dev.sluice.runtime.testing.Skip.because("java.class.path names none of the test's jars (" + Arrays.toString(all)
          + "): a launcher loads them itself, so there is no class path to take " + prefix + "* away from");
    }
    assertEquals(all.length - 1, kept.size(), "one entry named " + prefix + "* in " + Arrays.toString(all));
    return kept.stream().collect(Collectors.joining(File.pathSeparator));
  }

  private static String child(String without) throws Exception {
    ChildJvm.Output o = ChildJvm.run(classPathWithout(without), OpenClLayerChild.class,
        List.of(), List.of("SLUICE_DEVICE"), Map.of());
    return o.out();
  }

  @Test
  void withoutAparapiTheCpuRunsAndTheReasonNamesTheJar() throws Exception {
    String out = child("aparapi-3");
    assertTrue(out.startsWith("best: JVM"), out);
    assertTrue(out.contains("reason: the OpenCL layer could not load: java.lang.NoClassDefFoundError: the class path"
        + " lacks " + OpenClLayer.APARAPI + ", or an older copy comes first, caused by"
        + " java.lang.ClassNotFoundException: com.aparapi.Kernel"), out);
  }

  @Test
  void withoutBcelTheReasonNamesIt() throws Exception {
    String out = child("bcel-");
    assertTrue(out.startsWith("best: JVM"), out);
    assertTrue(out.contains("lacks org.apache.bcel:bcel (a dependency of " + OpenClLayer.APARAPI + ")"), out);
  }

  @Test
  void withoutJnaTheReasonNamesIt() throws Exception {
    String out = child("jna-");
    assertTrue(out.startsWith("best: JVM"), out);
    assertTrue(out.contains("lacks net.java.dev.jna:jna"), out);
  }

  /** JDK 24+ with --illegal-native-access=deny: JNA's initializer fails; the reason says why and what to allow. */
  @Test
  void aNativeAccessRefusalSaysWhatToAllow() {
    Error e = new ExceptionInInitializerError(new IllegalCallerException("Illegal native access from: unnamed module"));
    String why = OpenClLayer.whyNot(e);
    assertTrue(why.contains("java.lang.ExceptionInInitializerError, caused by java.lang.IllegalCallerException:"
        + " Illegal native access from: unnamed module"), why);
    assertTrue(why.contains("--enable-native-access=ALL-UNNAMED"), why);
  }
}
