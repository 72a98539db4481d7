package dev.sluice.processor.validate;

import java.util.Map;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * The JDK's methods that write the elements of an array argument, which {@link BodyChecker} cannot
 * read the source of: {@code Arrays.fill(t, 0)} writes a {@code @Param} array as surely as
 * {@code t[0] = 0} does. Other methods without source here are taken to read their arguments only.
 */
final class JdkArrayWriters {
  private JdkArrayWriters() {}

  /** By class and method name: the index of the argument whose elements are written. */
  private static final Map<String, Integer> WRITTEN = Map.of(
      "java.util.Arrays.fill", 0,
      "java.util.Arrays.setAll", 0,
      "java.util.Arrays.parallelSetAll", 0,
      "java.util.Arrays.sort", 0,
      "java.util.Arrays.parallelSort", 0,
      "java.util.Arrays.parallelPrefix", 0,
      "java.lang.System.arraycopy", 2);

  /** The index of the argument whose elements {@code method} writes, or -1. */
  static int writtenArgument(ExecutableElement method) {
    if (!(method.getEnclosingElement() instanceof TypeElement owner)) {
      return -1;
    }
    return WRITTEN.getOrDefault(owner.getQualifiedName() + "." + method.getSimpleName(), -1);
  }
}
