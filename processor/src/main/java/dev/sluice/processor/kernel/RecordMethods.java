package dev.sluice.processor.kernel;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.read.ItemTypes;
import dev.sluice.processor.read.SourceTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The methods of a record that a kernel moves, checked against what the kernel does with it: it moves
 * the record as its component values, reads them directly, and the host takes records apart and
 * builds them again with the canonical constructor. An accessor that computes, or a constructor that
 * changes its arguments, would therefore give one answer on the CPU and another on OpenCL.
 */
public final class RecordMethods {
  private final Trees trees;
  private final Elements elements;

  RecordMethods(Trees trees, Elements elements) {
    this.trees = trees;
    this.elements = elements;
  }

  /** The record methods of {@code env}'s compilation, read through javac's Trees API; empty without it. */
  public static Optional<RecordMethods> of(ProcessingEnvironment env) {
    return SourceTrees.of(env).map(trees -> new RecordMethods(trees, env.getElementUtils()));
  }

  /**
   * Whether a record item can travel as its component values and be built again where it is used: a
   * record of this compilation whose canonical constructor javac supplied and whose accessors each
   * return their component (javac's, or {@code return a;} written out), so that {@code new R(r.a(),
   * r.b())} is a record equal to {@code r} and building it runs no code of the user's. The CPU
   * executor holds such records' pushes as their components (docs/architecture.md, "Records between
   * stages"). A record read from a class file reports its canonical constructor as declared (its body
   * cannot be read), and so is held as the object.
   */
  public boolean buildableFromComponents(ItemType record) {
    if (!record.isRecord() || ItemTypes.declaredCanonical(record.element(), elements).isPresent()) {
      return false;
    }
    for (ItemType.Component c : record.components()) {
      for (ExecutableElement m : ElementFilter.methodsIn(record.element().getEnclosedElements())) {
        if (m.getSimpleName().contentEquals(c.name()) && m.getParameters().isEmpty() && !returnsField(m, c.name())) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The accessors {@code record} declares itself that do more than return their component: the kernel
   * reads components directly, so such an accessor would run on the CPU and not in the kernel
   * (outside-in: {@code int a() { return a + 1000; }} changed the items on the CPU only). An accessor
   * whose body is {@code return a;} or {@code return this.a;} is the implicit one written out, and is
   * kept.
   */
  public List<Diagnostic> ownAccessors(ItemType record, String pipeline) {
    List<Diagnostic> out = new ArrayList<>();
    for (ItemType.Component c : record.components()) {
      for (ExecutableElement m : ElementFilter.methodsIn(record.element().getEnclosedElements())) {
        if (m.getSimpleName().contentEquals(c.name()) && m.getParameters().isEmpty()
            && elements.getOrigin(m) == Elements.Origin.EXPLICIT && !returnsField(m, c.name())) {
          out.add(Diagnostic.on(m, Message.GPU_RECORD_ACCESSOR, record.simpleName(), c.name(), pipeline));
        }
      }
    }
    return out;
  }

  /** Whether {@code accessor}'s body is {@code return name;} or {@code return this.name;} (no source: yes). */
  private boolean returnsField(ExecutableElement accessor, String name) {
    MethodTree tree = trees.getTree(accessor);
    if (tree == null || tree.getBody() == null) {
      return tree == null;
    }
    List<? extends StatementTree> body = tree.getBody().getStatements();
    if (body.size() != 1 || !(body.get(0) instanceof ReturnTree r)) {
      return false;
    }
    ExpressionTree e = SourceTrees.withoutParentheses(r.getExpression());
    return e instanceof IdentifierTree id ? id.getName().contentEquals(name) : isThisField(e, name);
  }

  /**
   * A canonical constructor of {@code record}, compact or written out, that changes the values it is
   * given ({@code public R { a = a + 1; }}, {@code this.a = Math.abs(a);}): the host builds each record
   * that comes back from the kernel with that constructor again, so it would run twice on OpenCL and
   * once on the CPU (outside-in: a = 1 on the CPU, 2 on OpenCL). A constructor that only checks its
   * arguments ({@code if (a < 0) throw ...}) runs again harmlessly and is kept. A record read from a
   * class file is not checked (its constructor's body is not there to read).
   */
  public List<Diagnostic> changingConstructors(ItemType record, String pipeline) {
    List<String> components = record.element().getRecordComponents().stream()
        .map(c -> c.getSimpleName().toString()).toList();
    List<Diagnostic> out = new ArrayList<>();
    ItemTypes.declaredCanonical(record.element(), elements).ifPresent(c -> {
      MethodTree tree = trees.getTree(c);
      if (tree == null || tree.getBody() == null) {
        return;
      }
      Set<String> params = c.getParameters().stream().map(p -> p.getSimpleName().toString()).collect(Collectors.toSet());
      String change = firstChange(tree, params, components);
      if (change != null) {
        out.add(Diagnostic.on(c, Message.GPU_RECORD_CONSTRUCTOR, record.simpleName(), change, pipeline));
      }
    });
    return out;
  }


  /**
   * The first statement of {@code ctor} that changes a value: an assignment or increment of a
   * parameter, or a field assigned anything but its parameter ({@code this.a = a}); null if none.
   */
  private static String firstChange(MethodTree ctor, Set<String> params, List<String> components) {
    String[] found = {null};
    new TreeScanner<Void, Void>() {
      private void target(Tree at, ExpressionTree variable, ExpressionTree value) {
        ExpressionTree v = SourceTrees.withoutParentheses(variable);
        boolean changes = v instanceof IdentifierTree id && params.contains(id.getName().toString())
            || components.stream().anyMatch(name -> isThisField(v, name)
                && !(value != null && SourceTrees.withoutParentheses(value) instanceof IdentifierTree rhs && rhs.getName().contentEquals(name)));
        if (changes && found[0] == null) {
          found[0] = at.toString();
        }
      }

      @Override
      public Void visitAssignment(AssignmentTree t, Void v) {
        target(t, t.getVariable(), t.getExpression());
        return super.visitAssignment(t, v);
      }

      @Override
      public Void visitCompoundAssignment(CompoundAssignmentTree t, Void v) {
        target(t, t.getVariable(), null);
        return super.visitCompoundAssignment(t, v);
      }

      @Override
      public Void visitUnary(UnaryTree t, Void v) {
        switch (t.getKind()) {
          case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> target(t, t.getExpression(), null);
          default -> { }
        }
        return super.visitUnary(t, v);
      }
    }.scan(ctor.getBody(), null);
    return found[0];
  }

  /** Whether {@code e} is {@code this.name}. */
  private static boolean isThisField(ExpressionTree e, String name) {
    return e instanceof MemberSelectTree s && s.getIdentifier().contentEquals(name)
        && s.getExpression() instanceof IdentifierTree self && self.getName().contentEquals("this");
  }
}
