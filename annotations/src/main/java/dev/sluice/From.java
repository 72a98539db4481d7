package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The upstream channel(s) of a stage. Each value is a stage name ({@code "digits"}), or a stage name
 * and an output channel ({@code "classify.accepted"}) when that stage has more than one channel. The
 * channel name is the parameter name of the {@link IntOut}, {@link Out}, ... in the node's methods;
 * an enumerating ({@link Region}) node has one channel, {@code elements}.
 *
 * <p>Several values join streams (fan-in); that is accepted only outside every region and where no
 * user signal can arrive, because signal credit is counted per edge.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface From {
  /**
   * The upstream stages, or stages and channels ({@code "stage.channel"}).
   *
   * @return the stage names, one per joined stream
   */
  String[] value();
}
