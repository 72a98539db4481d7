package dev.sluice.spark;

import dev.sluice.runtime.RunReport;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Reads the run report of a generated {@code Result}: every one has {@code public RunReport report()},
 * though the generated classes share no interface.
 */
final class ResultReports {
  private static final ClassValue<MethodHandle> REPORT = new ClassValue<>() {
    @Override
    protected MethodHandle computeValue(Class<?> type) {
      try {
        return MethodHandles.publicLookup().findVirtual(type, "report", MethodType.methodType(RunReport.class));
      } catch (NoSuchMethodException | IllegalAccessException e) {
        throw new IllegalArgumentException(type.getName() + " has no public RunReport report(): the runner must"
            + " return the generated pipeline's Result (what run, runChunks or runColumns return)", e);
      }
    }
  };

  private ResultReports() {}

  static RunReport of(Object result) {
    if (result == null) {
      throw new IllegalStateException("the runner returned null instead of the pipeline's Result");
    }
    try {
      return (RunReport) REPORT.get(result.getClass()).invoke(result);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }
}
