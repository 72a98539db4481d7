package dev.sluice.runtime.opencl;

import dev.sluice.runtime.testing.OpenClAvailable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The protocol's rules are one class that both back ends use: compiled by Aparapi into OpenCL they
 * give the JVM's answers on every case, and the kernel provably ran on the OpenCL device.
 */
class ProtocolOnDeviceTest {
  @Test
  void everyRuleGivesTheSameAnswerOnEachOpenClDevice() {
    int n = 4096;
    Random r = new Random(5);
    int[] a = new int[n];
    int[] b = new int[n];
    int[] c = new int[n];
    int[] flags = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt(200);
      b[i] = 1 + r.nextInt(100);
      c[i] = r.nextInt(150);
      flags[i] = r.nextInt(4);
    }
    int[] expected = new int[n * ProtocolKernel.OUTPUTS];
    ProtocolKernel.reference(a, b, c, flags, expected);
    for (OpenCLDevice device : OpenClAvailable.devices()) {
      int[] out = new int[n * ProtocolKernel.OUTPUTS];
      ProtocolKernel k = new ProtocolKernel(a, b, c, flags, out);
      try {
        Kernels.compile(k, device);
        k.put(a).put(b).put(c).put(flags).put(out);
        Kernels.execute(k, device.createRange(n, 64), device);
        k.get(out);
      } finally {
        Kernels.dispose(k);
      }
      assertArrayEquals(expected, out, "on " + OpenClDevices.describe(device));
    }
  }

  @Test
  void aKernelThatCannotCompileIsAnErrorNotAJavaFallback() {
    for (OpenCLDevice device : OpenClAvailable.devices()) {
      int[] out = new int[16];
      com.aparapi.Kernel bad = new com.aparapi.Kernel() {
        @Override
        public void run() {
          // allocation is outside what Aparapi translates
          out[getGlobalId()] = new int[] {1}.length + String.valueOf(getGlobalId()).length();
        }
      };
      boolean failed = false;
      try {
        Kernels.compile(bad, device);
        Kernels.execute(bad, Range.create(16), device);
      } catch (Kernels.KernelException e) {
        failed = true;
      } finally {
        Kernels.dispose(bad);
      }
      assertFalse(!failed, "an untranslatable kernel must fail, not run in the Java thread pool");
    }
  }

  /**
   * Aparapi makes a kernel's native context before it writes the OpenCL source, and sets its queue,
   * program and arguments only after: its own dispose of a kernel that failed there read them
   * uninitialized and crashed the JVM (SIGSEGV in JNIContext::dispose). Kernels.dispose keeps away.
   */
  @Test
  void aKernelThatFailedToCompileIsDisposedWithoutCrashing() {
    for (OpenCLDevice device : OpenClAvailable.devices()) {
      int[] out = new int[16];
      com.aparapi.Kernel bad = new com.aparapi.Kernel() {
        @Override
        public void run() {
          for (int i = 0; i < out.length; i++) {
            // an empty branch in a loop: Aparapi fails with "goto" while writing the source
            if (out[i] > getGlobalId()) {
            }
            out[i] = i;
          }
        }
      };
      try {
        org.junit.jupiter.api.Assertions.assertThrows(Kernels.KernelException.class, () -> Kernels.compile(bad, device));
        assertFalse(Kernels.compiled(bad));
      } finally {
        Kernels.dispose(bad);
      }
    }
  }

  @Test
  void aRunInAparapisJavaThreadPoolIsRefused() {
    for (OpenCLDevice device : OpenClAvailable.devices()) {
      int[] out = new int[64];
      com.aparapi.Kernel bad = new com.aparapi.Kernel() {
        @Override
        public void run() {
          out[getGlobalId()] = new int[] {getGlobalId()}.length;
        }
      };
      try {
        // not compiled first: Aparapi fails to translate it and quietly runs it in its thread pool
        Kernels.KernelException e = org.junit.jupiter.api.Assertions.assertThrows(Kernels.KernelException.class,
            () -> Kernels.execute(bad, Range.create(64), device));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("did not run as OpenCL"), e.getMessage());
      } finally {
        Kernels.dispose(bad);
      }
    }
  }
}
