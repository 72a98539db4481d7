package dev.sluice.processor.compute;

import java.util.List;
import java.util.Optional;

/**
 * A NODE stage's signal table: an entry per signal it can receive (BEGIN/END of each region it is a
 * member of, outermost first, then each user tag that can reach it, by tag index), and the signals
 * it originates.
 */
public record DispatchTable(List<DispatchEntry> entries, List<Origination> originates) {
  public static final DispatchTable EMPTY = new DispatchTable(List.of(), List.of());

  public DispatchTable {
    entries = List.copyOf(entries);
    originates = List.copyOf(originates);
  }

  public Optional<DispatchEntry> entry(SignalKey signal) {
    return entries.stream().filter(e -> e.signal().equals(signal)).findFirst();
  }
}
