package dev.sluice.bench;

import dev.sluice.runtime.RunReport;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Measures every implementation of one workload at one size, side by side: each is set up and warmed
 * up in turn, then the timed repetitions run in rounds, one run of each implementation per round, the
 * order rotated from round to round. A change in the machine's load (these machines are shared) then
 * falls on every implementation of the cell alike, where timing each implementation's repetitions in
 * one block put it on whichever ran at the time, and the ratios moved with it.
 */
final class Cell {
  private final Bench.Config config;
  private final Workload workload;
  private final int scale;
  private final Workload.Prepared prepared;
  private final PrintStream log;
  private final List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(b -> b.getType() == MemoryType.HEAP && b.isValid()).toList();

  Cell(Bench.Config config, Workload workload, int scale, Workload.Prepared prepared, PrintStream log) {
    this.config = config;
    this.workload = workload;
    this.scale = scale;
    this.prepared = prepared;
    this.log = log;
  }

  /** One implementation's state in the cell: its variant while it runs, what its runs measured. */
  private final class Entry {
    final Impl impl;
    Variant variant;
    final List<Long> times = new ArrayList<>();
    final List<Long> driver = new ArrayList<>();
    RunReport report;
    long peak;
    long spent;
    long deviceBytes;
    /** Set when the implementation is n/a or failed: it runs no more. */
    Measurement ended;

    Entry(Impl impl) {
      this.impl = impl;
    }

    boolean live() {
      return ended == null;
    }

    /** Whether it takes part in round {@code r}: the minimum always runs, the rest within the budget. */
    boolean wants(int r) {
      return live() && (r < config.minReps() || spent <= config.budgetSeconds() * 1e9);
    }

    void end(Throwable e) {
      if (e instanceof Variant.Unavailable) {
        ended = measurement(Measurement.Status.NA, e.getMessage());
      } else {
        String why = e instanceof Bench.Mismatch ? e.getMessage() : e.toString();
        log.println(head(impl) + " !!! FAILED !!! " + why);
        if (!(e instanceof Bench.Mismatch)) {
          e.printStackTrace(log);
        }
        ended = measurement(Measurement.Status.FAILED, why);
      }
      close();
    }

    void close() {
      if (variant != null) {
        deviceBytes = variant.deviceBytes();
        variant.close();
        variant = null;
      }
    }

    Measurement measurement(Measurement.Status status, String note) {
      return new Measurement(workload.name(), scale, prepared.inputItems(), prepared.outputItems(), impl, status,
          note, new long[0], 0, Double.NaN, 0, 0, null);
    }
  }

  /** Measures {@code impls} in this cell; one measurement each, in their order. */
  List<Measurement> measure(Set<Impl> impls) {
    List<Entry> entries = new ArrayList<>();
    for (Impl impl : impls) {
      entries.add(new Entry(impl));
    }
    try {
      for (Entry e : entries) {
        warmUp(e);
      }
      for (int r = 0; r < config.maxReps(); r++) {
        boolean ran = false;
        for (int k = 0; k < entries.size(); k++) {
          Entry e = entries.get((k + r) % entries.size());
          if (e.wants(r)) {
            timed(e);
            ran = true;
          }
        }
        if (!ran) {
          break;
        }
      }
    } finally {
      entries.forEach(Entry::close);
    }
    List<Measurement> out = new ArrayList<>();
    for (Entry e : entries) {
      Measurement m = e.ended != null ? e.ended : done(e);
      if (m.status() == Measurement.Status.NA) {
        log.println(head(e.impl) + " n/a: " + m.note());
      }
      out.add(m);
    }
    return out;
  }

  /** Sets the implementation up and runs it untimed until the JIT has seen enough of it. */
  private void warmUp(Entry e) {
    try {
      e.variant = prepared.variant(e.impl);
      long warm = System.nanoTime();
      for (int i = 0; i < config.warmups()
          || (i < Bench.Config.MAX_WARMUPS && System.nanoTime() - warm < config.warmupSeconds() * 1e9); i++) {
        check(e.variant.run());
      }
    } catch (Throwable t) {
      e.end(t);
    }
  }

  /** One timed repetition; its output is checked after the clock stops and before its time counts. */
  private void timed(Entry e) {
    try {
      // the heap one run needs: its peak over what was in use after a GC just before it (the warm-ups'
      // garbage, which a peak over many runs would add, depends on when the collector ran)
      System.gc();
      long baseline = used();
      pools.forEach(MemoryPoolMXBean::resetPeakUsage);
      Allocation before = Allocation.now();
      long t0 = System.nanoTime();
      Variant.Outcome o = e.variant.run();
      long t = System.nanoTime() - t0;
      // what the run added to the heap: the pools' peak counts whole regions (a large array takes all
      // the regions it touches), so under two regions it cannot tell 0 from a few MiB; there the bytes
      // all threads allocated, garbage included, are the figure, where they are known
      long pooled = pools.stream().mapToLong(b -> b.getPeakUsage().getUsed()).sum() - baseline;
      Allocation after = Allocation.now();
      java.util.OptionalLong allocated = after == null ? java.util.OptionalLong.empty() : after.since(before);
      e.peak = Math.max(e.peak, pooled < 2 * Allocation.REGION && allocated.isPresent() ? allocated.getAsLong() : pooled);
      check(o);
      e.times.add(t);
      e.spent += t;
      if (o.report() != null) {
        e.report = o.report();
        e.driver.add(e.report.nanos());
      }
    } catch (Throwable t) {
      e.end(t);
    }
  }

  private Measurement done(Entry e) {
    RunReport report = e.report;
    double fill = report == null ? Double.NaN : Bench.fill(report);
    Measurement m = new Measurement(workload.name(), scale, prepared.inputItems(), prepared.outputItems(), e.impl,
        Measurement.Status.OK, report == null ? "" : report.device(),
        e.times.stream().mapToLong(Long::longValue).toArray(),
        e.driver.isEmpty() ? 0 : e.driver.stream().sorted().toList().get(e.driver.size() / 2), fill, e.peak,
        e.deviceBytes, report == null ? null : report.toString());
    log.printf(Locale.ROOT, "%s %9.2f ms  ±%4.1f%%  %10.3g items/s%s%s  peak heap +%s MiB%s%n", head(e.impl),
        m.medianNanos() / 1e6, 100 * m.spread(), m.itemsPerSecond(),
        m.driverNanos() > 0 ? String.format(Locale.ROOT, "  (driver %.2f ms)", m.driverNanos() / 1e6) : "",
        Double.isNaN(fill) ? "" : String.format(Locale.ROOT, "  fill %.1f%%", 100 * fill), Machine.heapMib(e.peak),
        e.deviceBytes > 0 ? "  device " + Machine.mib(e.deviceBytes) + " MiB" : "");
    return m;
  }

  private void check(Variant.Outcome o) {
    Fingerprint got = prepared.fingerprint(o.output());
    if (!got.equals(prepared.expected())) {
      throw new Bench.Mismatch("OUTPUT DIFFERS FROM THE REFERENCE: expected " + prepared.expected() + ", got " + got);
    }
  }

  /** Heap in use now, summed over the heap's pools. */
  private long used() {
    return pools.stream().mapToLong(b -> b.getUsage().getUsed()).sum();
  }

  private static String head(Impl impl) {
    return String.format(Locale.ROOT, "  %-15s", impl.id);
  }
}
