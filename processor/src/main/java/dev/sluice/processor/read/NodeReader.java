package dev.sluice.processor.read;

import dev.sluice.Aggregate;
import dev.sluice.Max;
import dev.sluice.Param;
import dev.sluice.Parent;
import dev.sluice.Reduce;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.State;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.NodeModel;
import dev.sluice.processor.model.RegionSpec;
import dev.sluice.processor.model.RunParam;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Reads a {@code @Node} class that {@code NodeValidator} accepted into a {@link NodeModel}. It does
 * not report anything: a shape it cannot read is an {@link IllegalStateException} (a processor bug).
 */
public final class NodeReader {
  private NodeReader() {}

  /**
   * Reads {@code type}; {@code width} is the pipeline width (an enumerator's elements per run) and
   * {@code pipelinePackage} the package of the generated classes that call it.
   */
  public static NodeModel read(TypeElement type, int width, String pipelinePackage) {
    List<ExecutableElement> methods = ElementFilter.methodsIn(type.getEnclosedElements());
    List<FieldModel> fields = readFields(type);
    boolean samePackage = Packages.nameOf(type).equals(pipelinePackage);
    // a no-argument constructor the generated class can call serves as the default factory
    boolean noArg =
        ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
            .anyMatch(c -> c.getParameters().isEmpty()
                && (c.getModifiers().contains(Modifier.PUBLIC)
                    || (samePackage && !c.getModifiers().contains(Modifier.PRIVATE))));
    Region region = type.getAnnotation(Region.class);
    if (region != null) {
      ExecutableElement count = only(methods, "count");
      VariableElement parent = count.getParameters().get(0);
      ItemType input = itemType(parent.asType());
      RunParam item = new RunParam(RunParam.Kind.ITEM, parent.getSimpleName().toString(), input, null, parent);
      ChannelModel elements =
          new ChannelModel(ChannelModel.ELEMENTS, ItemType.INT, width, false, true, List.of(), null);
      return new NodeModel(
          type, NodeModel.Kind.ENUMERATE, input, count, List.of(item), List.of(elements), List.of(), fields,
          new RegionSpec(region.parentBuffer(), region.maxElements()), noArg, null);
    }

    ExecutableElement run = only(methods, "run");
    Map<String, ChannelBuilder> channels = new LinkedHashMap<>();
    List<RunParam> runParams = readParams(run, RunParam.Kind.ITEM, channels, null);
    ItemType parentType =
        runParams.stream().filter(p -> p.kind() == RunParam.Kind.PARENT).map(RunParam::type).findFirst().orElse(null);
    List<HandlerModel> handlers = new ArrayList<>();
    for (ExecutableElement method : methods) {
      SignalHandler annotation = method.getAnnotation(SignalHandler.class);
      if (annotation == null) {
        continue;
      }
      List<RunParam> params = readParams(method, RunParam.Kind.SIGNAL, channels, method);
      Signal tag = annotation.value();
      ItemType value = params.get(0).type();
      handlers.add(new HandlerModel(method, tag, tag == Signal.USER ? value : null, params));
      if (tag != Signal.USER && parentType == null) {
        parentType = value;
      }
    }
    return new NodeModel(
        type, NodeModel.Kind.TRANSFORM, runParams.get(0).type(), run, runParams,
        channels.values().stream().map(ChannelBuilder::build).toList(), handlers, fields, null, noArg, parentType);
  }

  /** Reads a method's parameters: the first as {@code firstKind}, then parents, channels and raises. */
  private static List<RunParam> readParams(
      ExecutableElement method, RunParam.Kind firstKind, Map<String, ChannelBuilder> channels,
      ExecutableElement handler) {
    List<RunParam> params = new ArrayList<>();
    List<? extends VariableElement> declared = method.getParameters();
    for (int i = 0; i < declared.size(); i++) {
      VariableElement p = declared.get(i);
      String name = p.getSimpleName().toString();
      if (i == 0) {
        params.add(new RunParam(firstKind, name, itemType(p.asType()), null, p));
        continue;
      }
      if (p.getAnnotation(Parent.class) != null) {
        params.add(new RunParam(RunParam.Kind.PARENT, name, itemType(p.asType()), null, p));
        continue;
      }
      ParamTypes.ParamType shape = ParamTypes.classify(p.asType());
      ItemType type = shape.type().orElseThrow(() -> new IllegalStateException("unvalidated parameter " + p));
      switch (shape.shape()) {
        case CHANNEL -> {
          params.add(new RunParam(RunParam.Kind.CHANNEL, name, type, name, p));
          ChannelBuilder channel = channels.computeIfAbsent(name, n -> new ChannelBuilder(p, type));
          if (handler == null) {
            channel.pushedFromRun = true;
          } else {
            channel.handlers.add(handler);
          }
        }
        case RAISE -> params.add(new RunParam(RunParam.Kind.RAISE, name, type, null, p));
        case OTHER -> throw new IllegalStateException("unvalidated parameter " + p);
      }
    }
    return params;
  }

  private static List<FieldModel> readFields(TypeElement type) {
    List<FieldModel> fields = new ArrayList<>();
    for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (field.getModifiers().contains(Modifier.STATIC)) {
        continue;
      }
      TypeMirror t = field.asType();
      boolean array = t.getKind() == TypeKind.ARRAY;
      TypeKind primitive = array ? ((ArrayType) t).getComponentType().getKind() : t.getKind();
      String name = field.getSimpleName().toString();
      Reduce reduce = field.getAnnotation(Reduce.class);
      FieldModel.Kind kind;
      if (field.getAnnotation(Param.class) != null) {
        kind = FieldModel.Kind.PARAM;
      } else if (field.getAnnotation(State.class) != null) {
        kind = FieldModel.Kind.STATE;
      } else if (reduce != null) {
        kind = FieldModel.Kind.REDUCE;
      } else {
        throw new IllegalStateException("unvalidated field " + field);
      }
      fields.add(new FieldModel(field, name, kind, reduce == null ? null : reduce.value(), primitive, array));
    }
    return fields;
  }

  private static ExecutableElement only(List<ExecutableElement> methods, String name) {
    List<ExecutableElement> found = methods.stream().filter(m -> m.getSimpleName().contentEquals(name)).toList();
    if (found.size() != 1) {
      throw new IllegalStateException("expected one " + name + " method, found " + found.size());
    }
    return found.get(0);
  }

  private static ItemType itemType(TypeMirror type) {
    return ItemTypes.of(type).orElseThrow(() -> new IllegalStateException("unvalidated item type " + type));
  }

  /** Accumulates a channel over the methods that declare it. */
  private static final class ChannelBuilder {
    final VariableElement first;
    final ItemType type;
    final List<ExecutableElement> handlers = new ArrayList<>();
    boolean pushedFromRun;

    ChannelBuilder(VariableElement first, ItemType type) {
      this.first = first;
      this.type = type;
    }

    ChannelModel build() {
      Max max = first.getAnnotation(Max.class);
      return new ChannelModel(
          first.getSimpleName().toString(), type, max == null ? 1 : max.value(),
          first.getAnnotation(Aggregate.class) != null, pushedFromRun, handlers, first);
    }
  }
}
