package dev.sluice.processor.compute;

import dev.sluice.processor.model.HandlerModel;
import java.util.List;

/**
 * What a node does with one kind of signal it can receive.
 *
 * @param signal the signal kind
 * @param handler the handler to call, or {@code null} if the node has none for it
 * @param forwardEdges the out-edges the signal is forwarded along, in edge order (a handled user
 *     signal is consumed: none)
 * @param releasesParent whether the node releases the parent here (it is a terminal of the region
 *     and this is the region's END)
 */
public record DispatchEntry(SignalKey signal, HandlerModel handler, List<Integer> forwardEdges, boolean releasesParent) {
  public DispatchEntry {
    forwardEdges = List.copyOf(forwardEdges);
  }
}
