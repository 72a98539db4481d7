package dev.sluice.runtime.opencl;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;

/**
 * The JVM {@link SignalChainingTest} starts: builds one small kernel on PoCL, through Sluice
 * ({@code sluice}) or straight through Aparapi ({@code aparapi}), prints how that went, then waits
 * long enough for {@code -Xcheck:jni}'s periodic check of the JVM's signal handlers to run.
 */
public final class SignalChainingChild {
  private SignalChainingChild() {}

  static final class AddOne extends Kernel {
    final int[] values = new int[64];

    @Override
    public void run() {
      values[getGlobalId()] += 1;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    OpenCLDevice pocl = OpenClDevices.list().stream().filter(SignalChaining::isPocl).findFirst().orElse(null);
    if (pocl == null) {
      System.out.println("no pocl");
      return;
    }
    AddOne k = new AddOne();
    try {
      if (args[0].equals("sluice")) {
        Kernels.compile(k, pocl);
      } else {
        k.execute(Range.create(pocl, 64));
      }
      System.out.println("build: ok");
    } catch (Kernels.KernelException e) {
      System.out.println("build: refused: " + e.getMessage());
    }
    // -Xcheck:jni compares the signal handlers with the JVM's own once a second or so
    Thread.sleep(3_000);
  }
}
