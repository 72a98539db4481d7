package dev.sluice.processor.read;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.NodeModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;

/**
 * Whether every push a node's methods make on a channel is of a record made in the push itself,
 * {@code out.push(new R(...))}, read from the methods' source. The CPU direct executor holds such a
 * channel's records by their components (docs/architecture.md, "Records between stages"): the record
 * made is then only read, and the one built again for the consumer is not allocated where the
 * consumer is inlined. A node that pushes a record it was given (a filter passing its input on) keeps
 * the object, which is already there: built again, it would be one allocation more wherever the
 * consumer keeps it. Only the choice of form rests on this reading, not what the consumer sees, so
 * pushes it cannot see (through a helper method the channel is given to) only cost speed.
 */
public final class FreshPushes {
  private final Trees trees;

  private FreshPushes(Trees trees) {
    this.trees = trees;
  }

  /** Empty without javac's Trees API (Eclipse's compiler): every record is then held as the object. */
  public static Optional<FreshPushes> of(ProcessingEnvironment env) {
    return SourceTrees.of(env).map(FreshPushes::new);
  }

  /** Whether {@code node}'s methods push on {@code channel} at least once, and only records made in the push. */
  public boolean onlyFresh(NodeModel node, ChannelModel channel) {
    List<ExecutableElement> methods = new ArrayList<>(channel.pushingHandlers());
    if (channel.pushedFromRun()) {
      methods.add(node.method());
    }
    boolean[] any = {false};
    boolean[] other = {false};
    for (ExecutableElement m : methods) {
      MethodTree tree = trees.getTree(m);
      if (tree == null || tree.getBody() == null) {
        return false;
      }
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitMethodInvocation(MethodInvocationTree call, Void v) {
          if (call.getMethodSelect() instanceof MemberSelectTree select
              && select.getIdentifier().contentEquals("push")
              && select.getExpression() instanceof IdentifierTree on
              && on.getName().contentEquals(channel.name())
              && call.getArguments().size() == 1) {
            any[0] = true;
            if (!(SourceTrees.withoutParentheses(call.getArguments().get(0)) instanceof NewClassTree)) {
              other[0] = true;
            }
          }
          return super.visitMethodInvocation(call, v);
        }
      }.scan(tree.getBody(), null);
    }
    return any[0] && !other[0];
  }
}
