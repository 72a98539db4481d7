package dev.sluice.fanin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Closing a pipeline releases its kernel through Aparapi's dispose, which reads the kernel's
 * arguments: a kernel compiled for a run without input and never launched crashed the JVM there
 * (SIGSEGV in {@code jni_DeleteWeakGlobalRef}, on PoCL, once a kernel of its class had run). Such a
 * run now builds nothing, and closing either kind of pipeline is safe.
 */
class CloseOpenClTest {
  @Test
  void closingPipelinesWithAndWithoutInputIsSafe() {
    Device cl = OpenClAvailable.device();
    List<EndAndRunPipeline> pipelines = new ArrayList<>();
    for (int n : new int[] {0, 1, 0, 10}) {
      EndAndRunPipeline p = EndAndRunPipeline.builder().instances(3).chunkSize(7).device(cl).build();
      FanInNodes.Doc[] docs = FanInReference.docs(n);
      assertEquals(FanInReference.endAndRun(docs).length, p.run(docs).out().length, "n=" + n);
      pipelines.add(p);
    }
    for (EndAndRunPipeline p : pipelines) {
      p.close();
      p.close();
    }
    // and a closed pipeline runs again
    FanInNodes.Doc[] docs = FanInReference.docs(4);
    assertEquals(FanInReference.endAndRun(docs).length, pipelines.get(0).run(docs).out().length);
    pipelines.get(0).close();
  }
}
