package dev.sluice.processor.compute;

import dev.sluice.processor.model.ItemType;
import java.util.List;

/**
 * One region. Region 0 is the whole graph minus the source: its head is the source, it has no parent
 * type, parent buffer or BEGIN/END signals; its members are all NODE stages.
 *
 * @param number the region number (nested regions have higher numbers)
 * @param head the stage that heads it (an enumerator; the source for region 0)
 * @param parentType the enumerator's input type ({@code null} for region 0)
 * @param parentBuffer parents open at once ({@code 0} for region 0)
 * @param maxElements the most elements per parent ({@code 0} for region 0)
 * @param members the NODE stages inside it, in declaration order (sinks are never members)
 * @param terminals the members with no edge to another member: each releases a parent on END
 */
public record RegionPlan(
    int number, String head, ItemType parentType, int parentBuffer, int maxElements, List<String> members,
    List<String> terminals) {

  public RegionPlan {
    members = List.copyOf(members);
    terminals = List.copyOf(terminals);
  }

  /** The reference count of each parent: the number of terminals. */
  public int terminalCount() {
    return terminals.size();
  }
}
