package dev.sluice.processor.read;

import java.util.Collection;

/**
 * Parameter names a compiler made up: a class file compiled without {@code -parameters} (and without
 * {@code -g}) names its methods' parameters {@code arg0}, {@code arg1}, ..., and the processor reads
 * channel names from them. SLU102 and SLU213 add {@link #hint} where the names look like that.
 */
public final class MadeUpNames {
  private MadeUpNames() {}

  /** Whether every one of {@code names} (and there is one) is {@code arg} and a number. */
  public static boolean all(Collection<String> names) {
    return !names.isEmpty() && names.stream().allMatch(n -> n.matches("arg\\d+"));
  }

  /** What to add to a message about the channels of {@code owner} when their names are made up. */
  public static String hint(Object owner) {
    return " (names the compiler made up: " + owner + " was compiled without -parameters; compile it with"
        + " -parameters to keep its channels' names)";
  }
}
