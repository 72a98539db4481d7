package dev.sluice.processor.read;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.InputRef;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.NodeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.Settings;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Reads a {@code @Pipeline} interface that {@code PipelineValidator} accepted (and whose node classes
 * {@code NodeValidator} accepted) into a {@link PipelineModel}. References that do not resolve are
 * kept in {@link StageModel#inputs()} but produce no edge; {@code GraphValidator} reports them.
 */
public final class PipelineReader {
  private PipelineReader() {}

  /** The stage methods of a pipeline interface: its abstract methods, in declaration order. */
  public static List<ExecutableElement> stageMethods(TypeElement pipeline) {
    return ElementFilter.methodsIn(pipeline.getEnclosedElements()).stream()
        .filter(m -> m.getModifiers().contains(Modifier.ABSTRACT))
        .toList();
  }

  /** The {@code @From} references of a stage method as written. */
  public static List<InputRef> inputs(ExecutableElement method) {
    Optional<AnnotationMirror> from = Annotations.mirror(method, From.class);
    if (from.isEmpty()) {
      return List.of();
    }
    List<InputRef> refs = new ArrayList<>();
    for (AnnotationValue value : Annotations.arrayValue(from.get(), "value")) {
      refs.add(new InputRef(String.valueOf(value.getValue()), from.get(), value));
    }
    return refs;
  }

  public static PipelineModel read(TypeElement pipeline, Elements elements) {
    Pipeline settings = pipeline.getAnnotation(Pipeline.class);
    int width = settings.width();
    List<StageModel> stages = new ArrayList<>();
    Map<TypeElement, NodeModel> nodes = new HashMap<>();
    for (ExecutableElement method : stageMethods(pipeline)) {
      String name = method.getSimpleName().toString();
      StageModel stage;
      if (method.getAnnotation(Source.class) != null) {
        stage = new StageModel(name, method, StageModel.Kind.SOURCE, item(method), null, List.of());
      } else if (method.getAnnotation(Sink.class) != null) {
        stage = new StageModel(name, method, StageModel.Kind.SINK, item(method), null, inputs(method));
      } else {
        TypeElement type = (TypeElement) ((DeclaredType) method.getReturnType()).asElement();
        NodeModel node = nodes.computeIfAbsent(type, t -> NodeReader.read(t, width, Packages.nameOf(pipeline)));
        stage = new StageModel(name, method, StageModel.Kind.NODE, node.input(), node, inputs(method));
      }
      if (stage.isSource()) {
        stages.add(0, stage);
      } else {
        stages.add(stage);
      }
    }
    String simpleName = pipeline.getSimpleName().toString();
    return new PipelineModel(
        pipeline,
        elements.getPackageOf(pipeline).getQualifiedName().toString(),
        simpleName,
        PipelineModel.generatedNameFor(simpleName),
        new Settings(width, settings.queueScale(), settings.signalQueue(), settings.gpu()),
        stages,
        edges(stages),
        userTags(stages));
  }

  private static List<EdgeModel> edges(List<StageModel> stages) {
    List<EdgeModel> edges = new ArrayList<>();
    for (StageModel consumer : stages) {
      Set<String> seen = new LinkedHashSet<>();
      for (InputRef ref : consumer.inputs()) {
        Optional<StageModel> producer = stages.stream().filter(s -> s.name().equals(ref.stage())).findFirst();
        if (producer.isEmpty() || producer.get().isSink()) {
          continue;
        }
        List<String> channels = producer.get().channelNames();
        String channel = ref.channel() != null ? ref.channel() : channels.size() == 1 ? channels.get(0) : null;
        if (channel == null || !channels.contains(channel) || !seen.add(producer.get().name() + "." + channel)) {
          continue;
        }
        StageModel p = producer.get();
        boolean aggregate = p.isNode() && p.node().channel(channel).orElseThrow().aggregate();
        edges.add(new EdgeModel(edges.size(), p.name(), channel, consumer.name(), aggregate, p.channelType(channel), ref));
      }
    }
    return edges;
  }

  private static List<UserTag> userTags(List<StageModel> stages) {
    Set<ItemType> tags = new LinkedHashSet<>();
    for (StageModel stage : stages) {
      if (stage.isNode()) {
        tags.addAll(stage.node().raisedTags());
        stage.node().handlers().stream().map(HandlerModel::userTag).filter(t -> t != null).forEach(tags::add);
      }
    }
    List<UserTag> result = new ArrayList<>();
    for (ItemType tag : tags) {
      result.add(new UserTag(UserTag.FIRST_INDEX + result.size(), tag));
    }
    return result;
  }

  private static ItemType item(ExecutableElement method) {
    return ItemTypes.of(method.getReturnType())
        .orElseThrow(() -> new IllegalStateException("unvalidated item type of " + method));
  }
}
