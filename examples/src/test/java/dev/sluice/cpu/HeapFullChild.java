package dev.sluice.cpu;

import dev.sluice.runtime.Device;

/**
 * For {@link HeapFullTest}, in a JVM with a small heap: runs {@link HeapFiller} on {@code args[1]} rows,
 * more than the heap holds as records, three times on the device {@code args[0]} names, printing how
 * each failed, then a run that fits.
 */
public final class HeapFullChild {
  private HeapFullChild() {}

  public static void main(String[] args) {
    HeapFillerPipeline p = HeapFillerPipeline.builder().device(Device.named(args[0])).build();
    int n = Integer.parseInt(args[1]);
    // the columns are made once, before the first run: on 16 to 64 cores (G1, this 128 MiB heap) a
    // fresh pair of 16 MB arrays made right after a failed run sometimes found no room, the failed
    // run's memory free only a moment later (outside-in helper-104; not explained yet)
    int[] a = new int[n];
    int[] b = new int[n];
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        System.out.println("ran: " + p.runColumns(a, b).kept().size());
      } catch (Throwable e) {
        System.out.println("failed: " + e.getClass().getName() + " caused by "
            + (e.getCause() == null ? "nothing" : e.getCause().getClass().getName()));
        if (!(e instanceof dev.sluice.runtime.PipelineException)) {
          // for the test's message: where it came from (CI once saw a BootstrapMethodError here)
          e.printStackTrace();
        }
      }
    }
    System.out.println("then: " + p.runColumns(new int[1000], new int[1000]).kept().size());
  }
}
