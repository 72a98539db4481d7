package dev.sluice.processor.model;

import dev.sluice.Signal;
import java.util.List;
import javax.lang.model.element.ExecutableElement;

/**
 * A {@code @SignalHandler} method of a node.
 *
 * @param method the handler method
 * @param tag BEGIN, END or USER
 * @param userTag the {@code @SignalTag} record for USER, else {@code null}
 * @param params the parameters in order: first a {@link RunParam.Kind#SIGNAL} (the parent for
 *     BEGIN/END, the tag for USER), then {@link RunParam.Kind#CHANNEL}s
 */
public record HandlerModel(ExecutableElement method, Signal tag, ItemType userTag, List<RunParam> params) {

  public HandlerModel {
    params = List.copyOf(params);
    if ((tag == Signal.USER) != (userTag != null)) {
      throw new IllegalArgumentException("user tag only for USER handlers");
    }
  }

  /** The method name. */
  public String name() {
    return method.getSimpleName().toString();
  }

  /** The type of the first parameter: the parent (BEGIN/END) or the user tag (USER). */
  public ItemType valueType() {
    return params.get(0).type();
  }

  /** The names of the channels the handler may push to, in declaration order. */
  public List<String> channels() {
    return params.stream().filter(p -> p.kind() == RunParam.Kind.CHANNEL).map(RunParam::channel).toList();
  }
}
