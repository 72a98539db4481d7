package dev.sluice.processor.compute;

import java.util.List;

/**
 * Signals a node creates itself: an enumerator's BEGIN/END of its own region, or a user tag raised
 * in {@code run}, with the out-edges they are sent along.
 */
public record Origination(SignalKey signal, List<Integer> edges) {
  public Origination {
    edges = List.copyOf(edges);
  }
}
