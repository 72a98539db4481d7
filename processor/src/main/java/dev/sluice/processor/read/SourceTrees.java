package dev.sluice.processor.read;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.util.Trees;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;

/**
 * javac's Trees API, through which the body checks, the kernel translator and the source stamps read
 * node method bodies; empty under a compiler without it (Eclipse's), where each says so or does
 * without.
 */
public final class SourceTrees {
  private SourceTrees() {}

  public static Optional<Trees> of(ProcessingEnvironment env) {
    try {
      return Optional.of(Trees.instance(env));
    } catch (IllegalArgumentException | LinkageError e) {
      // not javac's environment, or javac's classes not visible to the processor
      return Optional.empty();
    }
  }

  /** {@code e} without the parentheses around it: {@code ((a))} is {@code a}. */
  public static ExpressionTree withoutParentheses(ExpressionTree e) {
    while (e instanceof ParenthesizedTree p) {
      e = p.getExpression();
    }
    return e;
  }
}
