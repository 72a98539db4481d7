package dev.sluice.processor.model;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * An output channel of a node: every parameter with the same name across {@code run} and the
 * handlers is one channel. An enumerator has one implicit channel {@code elements} of type
 * {@code int}, whose {@code max} is the pipeline width (elements per run).
 *
 * @param name the parameter name ({@code "elements"} for an enumerator)
 * @param type the item type pushed
 * @param max {@code @Max} (default 1): most pushes per input item or per handled signal
 * @param aggregate whether the channel is {@code @Aggregate} (leaves the innermost region)
 * @param pushedFromRun whether {@code run} takes the channel
 * @param pushingHandlers the handlers that take the channel, in declaration order
 * @param element the first parameter declaring it; {@code null} for an enumerator's elements
 */
public record ChannelModel(
    String name,
    ItemType type,
    int max,
    boolean aggregate,
    boolean pushedFromRun,
    List<ExecutableElement> pushingHandlers,
    VariableElement element) {

  /** The implicit channel name of an enumerator. */
  public static final String ELEMENTS = "elements";

  public ChannelModel {
    pushingHandlers = List.copyOf(pushingHandlers);
  }

  /** Whether some signal handler pushes to this channel. */
  public boolean pushedFromHandlers() {
    return !pushingHandlers.isEmpty();
  }
}
