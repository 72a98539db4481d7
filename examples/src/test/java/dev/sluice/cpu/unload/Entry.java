package dev.sluice.cpu.unload;

import dev.sluice.runtime.Device;
import java.util.function.ToLongFunction;

/** What the host calls in the application: runs {@link Plugin} on the device named, on 3 instances. */
public final class Entry implements ToLongFunction<String> {
  @Override
  public long applyAsLong(String device) {
    try (PluginPipeline p = PluginPipeline.builder().device(Device.named(device)).instances(3).chunkSize(100).build()) {
      long sum = 0;
      for (int x : p.runRange(0, 10_000).out()) {
        sum += x;
      }
      return sum;
    }
  }
}
