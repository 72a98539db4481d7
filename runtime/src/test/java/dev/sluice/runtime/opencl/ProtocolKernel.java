package dev.sluice.runtime.opencl;

import com.aparapi.Kernel;
import dev.sluice.runtime.protocol.Protocol;

/** Evaluates every protocol rule on the device, one case per work item. */
final class ProtocolKernel extends Kernel {
  static final int OUTPUTS = 7;

  final int[] a;
  final int[] b;
  final int[] c;
  final int[] flags;
  final int[] out;

  ProtocolKernel(int[] a, int[] b, int[] c, int[] flags, int[] out) {
    this.a = a;
    this.b = b;
    this.c = c;
    this.flags = flags;
    this.out = out;
  }

  @Override
  public void run() {
    int i = getGlobalId();
    boolean pending = (flags[i] & 1) != 0;
    boolean flushing = (flags[i] & 2) != 0;
    int o = i * OUTPUTS;
    out[o] = Protocol.dataFull(a[i], b[i]) ? 1 : 0;
    out[o + 1] = Protocol.signalFull(a[i]) ? 1 : 0;
    out[o + 2] = Protocol.dataEmpty(a[i], b[i], flushing) ? 1 : 0;
    out[o + 3] = Protocol.runLimit(a[i], b[i], pending, c[i], flushing);
    out[o + 4] = Protocol.flushReaches(a[i], b[i]) ? 1 : 0;
    out[o + 5] = Protocol.mergeFlush(a[i], b[i]);
    out[o + 6] = Protocol.flushing(a[i], b[i]) ? 1 : 0;
  }

  /** The same rules on the JVM, for comparison. */
  static void reference(int[] a, int[] b, int[] c, int[] flags, int[] out) {
    for (int i = 0; i < a.length; i++) {
      boolean pending = (flags[i] & 1) != 0;
      boolean flushing = (flags[i] & 2) != 0;
      int o = i * OUTPUTS;
      out[o] = Protocol.dataFull(a[i], b[i]) ? 1 : 0;
      out[o + 1] = Protocol.signalFull(a[i]) ? 1 : 0;
      out[o + 2] = Protocol.dataEmpty(a[i], b[i], flushing) ? 1 : 0;
      out[o + 3] = Protocol.runLimit(a[i], b[i], pending, c[i], flushing);
      out[o + 4] = Protocol.flushReaches(a[i], b[i]) ? 1 : 0;
      out[o + 5] = Protocol.mergeFlush(a[i], b[i]);
      out[o + 6] = Protocol.flushing(a[i], b[i]) ? 1 : 0;
    }
  }
}
