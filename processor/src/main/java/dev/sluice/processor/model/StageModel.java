package dev.sluice.processor.model;

import java.util.List;
import javax.lang.model.element.ExecutableElement;

/**
 * A method of the pipeline interface: the source, a node, or a sink.
 *
 * @param name the method name (the name {@code @From} refers to)
 * @param method the method
 * @param kind SOURCE, NODE or SINK
 * @param itemType SOURCE and SINK: the return type; NODE: the node's input type
 * @param node the node for NODE stages, else {@code null}
 * @param inputs the {@code @From} references as written (empty for the source)
 */
public record StageModel(
    String name, ExecutableElement method, Kind kind, ItemType itemType, NodeModel node, List<InputRef> inputs) {

  /** The three roles of a stage. */
  public enum Kind {
    SOURCE,
    NODE,
    SINK
  }

  public StageModel {
    inputs = List.copyOf(inputs);
    if ((kind == Kind.NODE) != (node != null)) {
      throw new IllegalArgumentException("node only for NODE stages: " + name);
    }
  }

  public boolean isSource() {
    return kind == Kind.SOURCE;
  }

  public boolean isNode() {
    return kind == Kind.NODE;
  }

  public boolean isSink() {
    return kind == Kind.SINK;
  }

  /** Whether this is a NODE stage whose node enumerates ({@code @Region}). */
  public boolean isEnumerator() {
    return isNode() && node.isEnumerator();
  }

  /**
   * The names of the output channels: the source's one channel is named after the source; a sink has
   * none.
   */
  public List<String> channelNames() {
    return switch (kind) {
      case SOURCE -> List.of(name);
      case SINK -> List.of();
      case NODE -> node.channels().stream().map(ChannelModel::name).toList();
    };
  }

  /** The item type of an output channel. */
  public ItemType channelType(String channel) {
    return switch (kind) {
      case SOURCE -> itemType;
      case SINK -> throw new IllegalArgumentException("sinks have no channels");
      case NODE -> node.channel(channel).orElseThrow().type();
    };
  }
}
