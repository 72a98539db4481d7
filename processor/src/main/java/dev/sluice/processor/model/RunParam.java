package dev.sluice.processor.model;

import java.util.Objects;
import javax.lang.model.element.VariableElement;

/**
 * One parameter of a node's {@code run}/{@code count} method or of a signal handler, in declaration
 * order.
 *
 * @param kind what the generated code passes for it
 * @param name the parameter name as written
 * @param type ITEM: the input type; PARENT: the region's parent type; CHANNEL: the channel's item
 *     type; RAISE: the user signal tag; SIGNAL: the handler's parent (BEGIN/END) or tag (USER)
 * @param channel the channel name for CHANNEL (equal to {@code name}), otherwise {@code null}
 * @param element the parameter, for diagnostics
 */
public record RunParam(Kind kind, String name, ItemType type, String channel, VariableElement element) {

  /** What a parameter receives. */
  public enum Kind {
    /** The input item (first parameter of {@code run}; the parent of {@code count}). */
    ITEM,
    /** {@code @Parent P}: the current parent of the node's innermost region. */
    PARENT,
    /** An output channel ({@code IntOut}, ..., {@code Out<T>}). */
    CHANNEL,
    /** A {@code Raise<T>} for a user signal tag. */
    RAISE,
    /** The first parameter of a handler: the parent (BEGIN/END) or the tag record (USER). */
    SIGNAL
  }

  public RunParam {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(name);
    Objects.requireNonNull(type);
    if ((kind == Kind.CHANNEL) != (channel != null)) {
      throw new IllegalArgumentException("channel name only for CHANNEL params: " + name);
    }
  }
}
