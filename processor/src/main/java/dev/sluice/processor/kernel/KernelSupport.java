package dev.sluice.processor.kernel;

import dev.sluice.Signal;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import java.util.Optional;

/**
 * Which pipeline shapes the kernel writer handles so far: transforms (filters, expansions, fan-out
 * with broadcast, fan-in) with {@code @Param} and {@code @Reduce} fields, and regions: enumerators,
 * their parent buffers, BEGIN/END with credit, {@code @Parent}, BEGIN/END handlers and {@code @State}.
 * User signals ({@code Raise}, USER handlers) stay on the CPU back end for now; such a pipeline
 * gets a note at compile time, and at run time it runs on the CPU even when an OpenCL device is the
 * best one present (logged, and named in the run report), or fails when OpenCL was asked for.
 */
public final class KernelSupport {
  private KernelSupport() {}

  /** Why {@code model} gets no kernel yet, or empty when it does. */
  public static Optional<String> unsupported(PipelineModel model) {
    for (StageModel s : model.nodes()) {
      if (s.node().handlers().stream().anyMatch(h -> h.tag() == Signal.USER)) {
        return Optional.of("node '" + s.name() + "' handles user signals, which the kernel writer does not handle yet");
      }
      for (RunParam p : s.node().runParams()) {
        if (p.kind() == RunParam.Kind.RAISE) {
          return Optional.of("node '" + s.name() + "' takes Raise<" + p.type().simpleName()
              + ">, which the kernel writer does not handle yet");
        }
      }
    }
    return Optional.empty();
  }
}
