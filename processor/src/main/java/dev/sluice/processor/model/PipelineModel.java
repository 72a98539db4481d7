package dev.sluice.processor.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @Pipeline} interface read into stages and edges.
 *
 * @param element the interface
 * @param packageName its package ("" for the unnamed package)
 * @param simpleName its simple name
 * @param generatedName the simple name of the generated class ({@code <Name>Pipeline}, or
 *     {@code <Name>Impl} if the name already ends in {@code Pipeline})
 * @param settings the {@code @Pipeline} values
 * @param stages the source first, then the other stages in declaration order
 * @param edges the resolved edges
 * @param userTags the user signal tags raised or handled anywhere in it, indexed from 2
 */
public record PipelineModel(
    TypeElement element,
    String packageName,
    String simpleName,
    String generatedName,
    Settings settings,
    List<StageModel> stages,
    List<EdgeModel> edges,
    List<UserTag> userTags) {

  public PipelineModel {
    stages = List.copyOf(stages);
    edges = List.copyOf(edges);
    userTags = List.copyOf(userTags);
  }

  /** The generated class name for an interface's simple name. */
  public static String generatedNameFor(String simpleName) {
    return simpleName.endsWith("Pipeline") ? simpleName + "Impl" : simpleName + "Pipeline";
  }

  /** The source stage (the first stage). */
  public StageModel source() {
    return stages.get(0);
  }

  public Optional<StageModel> findStage(String name) {
    return stages.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** The stage with this name; throws if there is none. */
  public StageModel stage(String name) {
    return findStage(name).orElseThrow(() -> new IllegalArgumentException("no stage " + name));
  }

  /**
   * Every record that travels through the pipeline, once each, in order of first mention: the stages'
   * items, each node's input, parent, run and handler parameters and channels, and the signal tags.
   */
  public List<ItemType> records() {
    Set<ItemType> out = new LinkedHashSet<>();
    for (StageModel s : stages) {
      out.add(s.itemType());
      if (s.isNode()) {
        NodeModel node = s.node();
        out.add(node.input());
        out.add(node.parentType());
        node.runParams().forEach(p -> out.add(p.type()));
        node.channels().forEach(c -> out.add(c.type()));
        for (HandlerModel h : node.handlers()) {
          out.add(h.userTag());
          h.params().forEach(p -> out.add(p.type()));
        }
      }
    }
    userTags.forEach(t -> out.add(t.type()));
    return out.stream().filter(t -> t != null && t.isRecord() && t.element() != null).toList();
  }

  /** The NODE stages in order. */
  public List<StageModel> nodes() {
    return stages.stream().filter(StageModel::isNode).toList();
  }

  /** The SINK stages in order. */
  public List<StageModel> sinks() {
    return stages.stream().filter(StageModel::isSink).toList();
  }

  /** Edges leaving a stage, in edge order. */
  public List<EdgeModel> outEdges(String stage) {
    return edges.stream().filter(e -> e.from().equals(stage)).toList();
  }

  /** Edges entering a stage, in edge order. */
  public List<EdgeModel> inEdges(String stage) {
    return edges.stream().filter(e -> e.to().equals(stage)).toList();
  }

  /** The user tag entry for a tag type. */
  public Optional<UserTag> userTag(ItemType type) {
    return userTags.stream().filter(t -> t.type().equals(type)).findFirst();
  }
}
