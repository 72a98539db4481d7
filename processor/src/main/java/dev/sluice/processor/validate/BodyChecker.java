package dev.sluice.processor.validate;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.sluice.Param;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.SignalHandler;
import dev.sluice.State;
import dev.sluice.processor.diagnostics.BodySite;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.kernel.JavaSpelling;
import dev.sluice.processor.read.Annotations;
import dev.sluice.processor.read.SourceTrees;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Checks node method bodies through the javac Trees API (OP2's access modes): in {@code run} (and
 * an enumerator's {@code count}) no {@code @State} field is assigned, {@code @Reduce} fields are only
 * updated with their operator, and {@code @Param} array elements are not written; no method assigns
 * a {@code @Param} field. Diagnostics point at the offending expression. Only available under javac.
 */
public final class BodyChecker {
  private final Trees trees;

  private BodyChecker(Trees trees) {
    this.trees = trees;
  }

  /** A checker, or empty when the compiler has no Trees API (e.g. Eclipse's). */
  public static Optional<BodyChecker> create(ProcessingEnvironment env) {
    return SourceTrees.of(env).map(BodyChecker::new);
  }

  private record Role(String name, Kind kind, ReduceOp op) {
    enum Kind { PARAM, STATE, REDUCE }
  }

  public List<Diagnostic> check(TypeElement node) {
    Map<Element, Role> fields = new HashMap<>();
    for (VariableElement f : ElementFilter.fieldsIn(node.getEnclosedElements())) {
      if (f.getModifiers().contains(Modifier.STATIC)) {
        continue;
      }
      String name = f.getSimpleName().toString();
      if (Annotations.has(f, Param.class)) {
        fields.put(f, new Role(name, Role.Kind.PARAM, null));
      } else if (Annotations.has(f, State.class)) {
        fields.put(f, new Role(name, Role.Kind.STATE, null));
      } else if (Annotations.has(f, Reduce.class)) {
        fields.put(f, new Role(name, Role.Kind.REDUCE, f.getAnnotation(Reduce.class).value()));
      }
    }
    List<Diagnostic> out = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(node.getEnclosedElements())) {
      TreePath path = trees.getPath(method);
      if (path == null) {
        continue; // from a class file: nothing to check
      }
      String name = method.getSimpleName().toString();
      boolean kernel = (name.equals("run") || name.equals("count")) && !Annotations.has(method, SignalHandler.class);
      new Scanner(method, kernel, path.getCompilationUnit(), fields, out).scan(path, null);
    }
    return out;
  }

  private final class Scanner extends TreePathScanner<Void, Void> {
    private final ExecutableElement method;
    private final boolean kernel;
    private final CompilationUnitTree unit;
    private final Map<Element, Role> fields;
    private final List<Diagnostic> out;

    Scanner(ExecutableElement method, boolean kernel, CompilationUnitTree unit, Map<Element, Role> fields,
        List<Diagnostic> out) {
      this.method = method;
      this.kernel = kernel;
      this.unit = unit;
      this.fields = fields;
      this.out = out;
    }

    @Override
    public Void visitAssignment(AssignmentTree tree, Void unused) {
      if (checkWrite(tree, tree.getVariable(), tree.getExpression())) {
        return null;
      }
      return super.visitAssignment(tree, unused);
    }

    @Override
    public Void visitCompoundAssignment(CompoundAssignmentTree tree, Void unused) {
      if (checkWrite(tree, tree.getVariable(), tree.getExpression())) {
        return null;
      }
      return super.visitCompoundAssignment(tree, unused);
    }

    @Override
    public Void visitUnary(UnaryTree tree, Void unused) {
      if (steps(tree) && checkWrite(tree, tree.getExpression(), null)) {
        return null;
      }
      return super.visitUnary(tree, unused);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
      // a @Param array passed to a helper that writes its elements is written as surely as in place
      if (trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
        List<? extends ExpressionTree> args = tree.getArguments();
        for (int i = 0; i < args.size(); i++) {
          Role role = role(args.get(i));
          if (role != null && role.kind == Role.Kind.PARAM && writesElements(callee, i, new HashSet<>())) {
            report(args.get(i), Message.PARAM_ARRAY_WRITTEN, role.name,
                callee.getSimpleName() + "(...), which " + method.getSimpleName() + "(...) passes it to");
          }
        }
      }
      return super.visitMethodInvocation(tree, unused);
    }

    @Override
    public Void visitIdentifier(IdentifierTree tree, Void unused) {
      flagReduceRead(tree);
      return super.visitIdentifier(tree, unused);
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree tree, Void unused) {
      flagReduceRead(tree);
      return super.visitMemberSelect(tree, unused);
    }

    /**
     * Checks a write of {@code target} by {@code write}; returns true if it handled the subtree
     * (reported and scanned {@code rhs} itself).
     */
    private boolean checkWrite(Tree write, ExpressionTree target, ExpressionTree rhs) {
      Role role = role(target);
      if (role == null) {
        ExpressionTree array = strip(target) instanceof ArrayAccessTree a ? strip(a.getExpression()) : null;
        Role arrayRole = array == null ? null : role(array);
        if (arrayRole != null && arrayRole.kind == Role.Kind.PARAM) {
          report(write, Message.PARAM_ARRAY_WRITTEN, arrayRole.name, method.getSimpleName() + "(...)");
        }
        return false;
      }
      switch (role.kind) {
        case PARAM -> report(write, Message.PARAM_WRITTEN, role.name);
        case STATE -> {
          if (kernel) {
            report(write, Message.STATE_WRITTEN_IN_RUN, role.name, method.getSimpleName() + "(...)");
          }
        }
        case REDUCE -> {
          if (rounded(write, role)) {
            return true;
          }
          if (!kernel) {
            return false;
          }
          Optional<ExpressionTree> operand = reduceOperand(write, role);
          if (operand == null) {
            // one report per misused statement: its operands are not scanned for further reads
            report(write, Message.REDUCE_MISUSED, role.op, role.name, form(role.op), method.getSimpleName() + "(...)");
          } else {
            operand.ifPresent(this::scanChild);
          }
          return true;
        }
      }
      if (rhs != null) {
        scanChild(rhs);
      }
      return true;
    }

    /**
     * If {@code write} is an allowed update of a reduce field, the operand that may be scanned
     * further (empty for {@code x++}); {@code null} if it is not allowed.
     */
    private Optional<ExpressionTree> reduceOperand(Tree write, Role role) {
      if (!(getCurrentPath().getLeaf() == write
          && getCurrentPath().getParentPath().getLeaf() instanceof ExpressionStatementTree)) {
        return null;
      }
      return switch (write.getKind()) {
        case PLUS_ASSIGNMENT -> role.op == ReduceOp.SUM ? Optional.of(((CompoundAssignmentTree) write).getExpression()) : null;
        case MULTIPLY_ASSIGNMENT -> role.op == ReduceOp.PRODUCT ? Optional.of(((CompoundAssignmentTree) write).getExpression()) : null;
        case AND_ASSIGNMENT -> role.op == ReduceOp.AND ? Optional.of(((CompoundAssignmentTree) write).getExpression()) : null;
        case OR_ASSIGNMENT -> role.op == ReduceOp.OR ? Optional.of(((CompoundAssignmentTree) write).getExpression()) : null;
        case XOR_ASSIGNMENT -> role.op == ReduceOp.XOR ? Optional.of(((CompoundAssignmentTree) write).getExpression()) : null;
        case PREFIX_INCREMENT, POSTFIX_INCREMENT -> role.op == ReduceOp.SUM ? Optional.empty() : null;
        case ASSIGNMENT -> minMaxOperand(((AssignmentTree) write).getExpression(), role);
        default -> null;
      };
    }

    /**
     * Reports (and returns true for) {@code x op= e} on an integral reduce field with a floating
     * {@code e}: {@code x = (int) (x op e)} truncates at every update, so partial results per lane and
     * instance do not combine to the sequential total (an int {@code +=} of a long wraps, which does).
     */
    private boolean rounded(Tree write, Role role) {
      if (!(write instanceof CompoundAssignmentTree c)) {
        return false;
      }
      TypeMirror field = trees.getTypeMirror(new TreePath(getCurrentPath(), c.getVariable()));
      TypeMirror value = trees.getTypeMirror(new TreePath(getCurrentPath(), c.getExpression()));
      if (field == null || value == null || !isIntegral(field.getKind())
          || (value.getKind() != TypeKind.FLOAT && value.getKind() != TypeKind.DOUBLE)) {
        return false;
      }
      String type = field.getKind().name().toLowerCase(java.util.Locale.ROOT);
      String op = JavaSpelling.operator(write.getKind()) + "=";
      report(write, Message.REDUCE_ROUNDED, role.op, role.name, type, value, type, role.name, op, type,
          value.getKind() == TypeKind.FLOAT ? "float (with a float or double value) or a double" : "double");
      return true;
    }

    private static boolean isIntegral(TypeKind k) {
      return k == TypeKind.INT || k == TypeKind.LONG || k == TypeKind.SHORT || k == TypeKind.BYTE;
    }

    /** For {@code x = Math.min(x, e)} (or {@code (e, x)}, or max): {@code e}; otherwise null. */
    private Optional<ExpressionTree> minMaxOperand(ExpressionTree rhs, Role role) {
      if (role.op != ReduceOp.MIN && role.op != ReduceOp.MAX) {
        return null;
      }
      if (!(strip(rhs) instanceof MethodInvocationTree call) || call.getArguments().size() != 2) {
        return null;
      }
      Element callee = trees.getElement(new TreePath(getCurrentPath(), call.getMethodSelect()));
      String wanted = role.op == ReduceOp.MIN ? "min" : "max";
      if (callee == null
          || !callee.getSimpleName().contentEquals(wanted)
          || !(callee.getEnclosingElement() instanceof TypeElement owner)
          || !owner.getQualifiedName().contentEquals("java.lang.Math")) {
        return null;
      }
      ExpressionTree a = call.getArguments().get(0);
      ExpressionTree b = call.getArguments().get(1);
      if (role(a) == role) {
        return Optional.of(b);
      }
      if (role(b) == role) {
        return Optional.of(a);
      }
      return null;
    }

    private void flagReduceRead(ExpressionTree tree) {
      if (!kernel) {
        return;
      }
      Role role = fields.get(trees.getElement(getCurrentPath()));
      if (role != null && role.kind == Role.Kind.REDUCE) {
        report(tree, Message.REDUCE_MISUSED, role.op, role.name, form(role.op), method.getSimpleName() + "(...)");
      }
    }

    private Role role(ExpressionTree expression) {
      ExpressionTree e = strip(expression);
      if (!(e instanceof IdentifierTree) && !(e instanceof MemberSelectTree)) {
        return null;
      }
      return fields.get(trees.getElement(new TreePath(getCurrentPath(), e)));
    }

    private void scanChild(Tree child) {
      scan(child, null); // TreePathScanner.scan(Tree, P) extends the current path
    }

    private void report(Tree tree, Message message, Object... args) {
      out.add(Diagnostic.in(new BodySite(tree, unit, trees), method, message, args));
    }
  }

  /**
   * Whether {@code m}'s source writes elements of its array parameter {@code index}: {@code a[i] = ...},
   * {@code a[i] += ...}, {@code a[i]++}, or passing {@code a} on to a method that does. A method with no
   * source here (the JDK's, a library's) is taken not to.
   */
  private boolean writesElements(ExecutableElement m, int index, Set<Map.Entry<ExecutableElement, Integer>> seen) {
    if (index >= m.getParameters().size() || !seen.add(Map.entry(m, index))) {
      return false;
    }
    TreePath path = trees.getPath(m);
    if (path == null || ((com.sun.source.tree.MethodTree) path.getLeaf()).getBody() == null) {
      return false;
    }
    VariableElement parameter = m.getParameters().get(index);
    boolean[] writes = {false};
    new TreePathScanner<Void, Void>() {
      private void target(ExpressionTree t) {
        if (strip(t) instanceof ArrayAccessTree a && isParameter(strip(a.getExpression()))) {
          writes[0] = true;
        }
      }

      private boolean isParameter(ExpressionTree e) {
        return e instanceof IdentifierTree && parameter.equals(trees.getElement(new TreePath(getCurrentPath(), e)));
      }

      @Override
      public Void visitAssignment(AssignmentTree tree, Void unused) {
        target(tree.getVariable());
        return super.visitAssignment(tree, unused);
      }

      @Override
      public Void visitCompoundAssignment(CompoundAssignmentTree tree, Void unused) {
        target(tree.getVariable());
        return super.visitCompoundAssignment(tree, unused);
      }

      @Override
      public Void visitUnary(UnaryTree tree, Void unused) {
        if (steps(tree)) {
          target(tree.getExpression());
        }
        return super.visitUnary(tree, unused);
      }

      @Override
      public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
        if (trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
          List<? extends ExpressionTree> args = tree.getArguments();
          for (int i = 0; i < args.size(); i++) {
            if (isParameter(strip(args.get(i))) && writesElements(callee, i, seen)) {
              writes[0] = true;
            }
          }
        }
        return super.visitMethodInvocation(tree, unused);
      }
    }.scan(path, null);
    return writes[0];
  }

  /** Whether {@code tree} writes its operand: {@code ++} or {@code --}, before or after. */
  private static boolean steps(UnaryTree tree) {
    return switch (tree.getKind()) {
      case PREFIX_INCREMENT, POSTFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_DECREMENT -> true;
      default -> false;
    };
  }

  private static ExpressionTree strip(ExpressionTree e) {
    while (e instanceof ParenthesizedTree p) {
      e = p.getExpression();
    }
    return e;
  }

  private static String form(ReduceOp op) {
    return switch (op) {
      case SUM -> "'x += e' or 'x++'";
      case PRODUCT -> "'x *= e'";
      case MIN -> "'x = Math.min(x, e)'";
      case MAX -> "'x = Math.max(x, e)'";
      case AND -> "'x &= e'";
      case OR -> "'x |= e'";
      case XOR -> "'x ^= e'";
    };
  }
}
