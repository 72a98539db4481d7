package dev.sluice.processor.model;

import dev.sluice.Signal;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @Node} class as used in one pipeline (the enumerator's {@code elements} channel depends on
 * the pipeline width).
 *
 * @param element the class
 * @param kind TRANSFORM ({@code run}) or ENUMERATE ({@code @Region}, {@code count})
 * @param input the item type it consumes ({@code run}'s first parameter; {@code count}'s parameter)
 * @param method {@code run} for TRANSFORM, {@code count} for ENUMERATE
 * @param runParams the parameters of {@code method} in order
 * @param channels the output channels in order of first declaration
 * @param handlers the signal handlers in declaration order
 * @param fields the instance fields in declaration order
 * @param region the region settings of an ENUMERATE node, else {@code null}
 * @param hasNoArgConstructor whether a non-private no-argument constructor exists
 * @param parentType the parent type that its {@code @Parent} parameter and BEGIN/END handlers expect,
 *     or {@code null} if it uses none
 */
public record NodeModel(
    TypeElement element,
    Kind kind,
    ItemType input,
    ExecutableElement method,
    List<RunParam> runParams,
    List<ChannelModel> channels,
    List<HandlerModel> handlers,
    List<FieldModel> fields,
    RegionSpec region,
    boolean hasNoArgConstructor,
    ItemType parentType) {

  /** A node either transforms items or enumerates the elements of parents. */
  public enum Kind {
    TRANSFORM,
    ENUMERATE
  }

  public NodeModel {
    runParams = List.copyOf(runParams);
    channels = List.copyOf(channels);
    handlers = List.copyOf(handlers);
    fields = List.copyOf(fields);
    if ((kind == Kind.ENUMERATE) != (region != null)) {
      throw new IllegalArgumentException("region spec only for ENUMERATE nodes");
    }
  }

  /** The class's canonical name. */
  public String qualifiedName() {
    return element.getQualifiedName().toString();
  }

  public boolean isEnumerator() {
    return kind == Kind.ENUMERATE;
  }

  /** The channel with this name. */
  public Optional<ChannelModel> channel(String name) {
    return channels.stream().filter(c -> c.name().equals(name)).findFirst();
  }

  /** The BEGIN or END handler. */
  public Optional<HandlerModel> handler(Signal tag) {
    if (tag == Signal.USER) {
      throw new IllegalArgumentException("use userHandler(tag)");
    }
    return handlers.stream().filter(h -> h.tag() == tag).findFirst();
  }

  /** The handler of a user signal tag. */
  public Optional<HandlerModel> userHandler(ItemType tag) {
    return handlers.stream().filter(h -> tag.equals(h.userTag())).findFirst();
  }

  /** The user signal tags {@code run} may raise, in parameter order. */
  public List<ItemType> raisedTags() {
    return runParams.stream().filter(p -> p.kind() == RunParam.Kind.RAISE).map(RunParam::type).toList();
  }

  /** The fields of one kind. */
  public List<FieldModel> fields(FieldModel.Kind fieldKind) {
    return fields.stream().filter(f -> f.kind() == fieldKind).toList();
  }
}
