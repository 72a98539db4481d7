package dev.sluice.processor.kernel;

import com.sun.source.tree.BreakTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreeScanner;

/**
 * The {@code break} and {@code continue} statements that leave one loop: unlabeled ones in its body,
 * not inside a loop nested in it (those leave the nested loop). Aparapi cannot rebuild a loop with
 * either from the bytecode, so the translator turns them into flags ({@code sl_break1},
 * {@code sl_next1}): {@code break} sets the first, which the loop's condition tests, {@code continue}
 * the second, and the statements after one that may set a flag run only while neither is set.
 * Labeled ones are refused with the label ({@code SLU603}).
 */
final class LoopExits {
  private LoopExits() {}

  /** Whether a loop body breaks out of its loop, and whether it continues it. */
  record Found(boolean breaks, boolean continues) {
    boolean any() {
      return breaks || continues;
    }
  }

  /** The exits of the loop whose body is {@code body}. */
  static Found of(StatementTree body) {
    Scanner s = new Scanner();
    s.scan(body, null);
    return new Found(s.breaks, s.continues);
  }

  /** Whether {@code s}, a statement of a loop's body, may leave the rest of that body unrun. */
  static boolean leaves(StatementTree s) {
    return of(s).any();
  }

  private static final class Scanner extends TreeScanner<Void, Void> {
    boolean breaks;
    boolean continues;

    @Override
    public Void visitBreak(BreakTree t, Void v) {
      breaks |= t.getLabel() == null;
      return null;
    }

    @Override
    public Void visitContinue(ContinueTree t, Void v) {
      continues |= t.getLabel() == null;
      return null;
    }

    /**
     * A nested loop's break and continue are its own, and a class or lambda has its own body; a
     * switch's break is its own too (switches are refused on the GPU, {@code SLU604}).
     */
    private static boolean ownBody(Tree t) {
      return t instanceof ForLoopTree || t instanceof WhileLoopTree || t instanceof DoWhileLoopTree
          || t instanceof EnhancedForLoopTree || t instanceof SwitchTree || t instanceof SwitchExpressionTree
          || t instanceof ClassTree || t instanceof LambdaExpressionTree;
    }

    @Override
    public Void scan(Tree t, Void v) {
      return t == null || ownBody(t) ? null : super.scan(t, v);
    }
  }

  /**
   * The flags of a loop being printed: set by its {@code break} ({@code broke}) and its
   * {@code continue} ({@code next}), each null when the body has none.
   */
  record Flags(String broke, String next, int n) {
    static final Flags NONE = new Flags(null, null, 0);

    boolean any() {
      return broke != null || next != null;
    }

    /** The condition under which the rest of the body runs. */
    String stay() {
      if (broke != null && next != null) {
        return "!" + broke + " && !" + next;
      }
      return "!" + (broke != null ? broke : next);
    }
  }
}
