package dev.sluice.processor.compute;

import dev.sluice.processor.model.UserTag;

/**
 * A kind of signal a node may receive: BEGIN or END of one region, or one user tag.
 *
 * @param kind BEGIN, END or USER
 * @param region the region of a BEGIN/END signal; -1 for USER
 * @param tag the user tag for USER, else {@code null}
 */
public record SignalKey(Kind kind, int region, UserTag tag) {

  /** The three kinds of signal. */
  public enum Kind {
    BEGIN,
    END,
    USER
  }

  public static SignalKey begin(int region) {
    return new SignalKey(Kind.BEGIN, region, null);
  }

  public static SignalKey end(int region) {
    return new SignalKey(Kind.END, region, null);
  }

  public static SignalKey user(UserTag tag) {
    return new SignalKey(Kind.USER, -1, tag);
  }

  /** The dispatch code: {@link UserTag#BEGIN} 0, {@link UserTag#END} 1, user tags their index. */
  public int code() {
    return switch (kind) {
      case BEGIN -> UserTag.BEGIN;
      case END -> UserTag.END;
      case USER -> tag.index();
    };
  }

  @Override
  public String toString() {
    return kind == Kind.USER ? "USER(" + tag.type().simpleName() + ")" : kind + "(" + region + ")";
  }
}
