package dev.sluice.processor.validate;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
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
    Map<ExecutableElement, ExecutableElement> calledFromRun = calledFromRun(node);
    // the node's methods, and the methods of other classes (nested, inner or elsewhere in the
    // compilation) that run or count call: a helper in another class is no way around run's rules
    java.util.Set<ExecutableElement> methods = new java.util.LinkedHashSet<>(ElementFilter.methodsIn(node.getEnclosedElements()));
    methods.addAll(calledFromRun.keySet());
    for (ExecutableElement method : methods) {
      TreePath path = trees.getPath(method);
      if (path == null) {
        continue; // from a class file: nothing to check
      }
      // run and count, and the methods they call: what runs per item
      String where = name(method, node) + "(...)";
      ExecutableElement caller = calledFromRun.get(method);
      if (caller != null && caller != method) {
        where += ", which " + name(caller, node) + "(...) calls";
      }
      new Scanner(method, caller != null, where, path.getCompilationUnit(), fields, out).scan(path, null);
    }
    return out;
  }

  /** {@code m}'s name as messages give it: qualified by its class where that is not {@code node}. */
  private static String name(ExecutableElement m, TypeElement node) {
    Element type = m.getEnclosingElement();
    if (m.getKind() == javax.lang.model.element.ElementKind.CONSTRUCTOR) {
      return "new " + type.getSimpleName();
    }
    return type.equals(node) ? m.getSimpleName().toString() : type.getSimpleName() + "." + m.getSimpleName();
  }

  /**
   * {@code run} and {@code count} (mapped to themselves), and each method or constructor with source
   * in this compilation that they call, directly or through another, mapped to the method that calls
   * it: the node's own helpers, a nested or inner class's, another class's static method handed the
   * node ({@code Other.bump(this)}). The rules for a run body hold in them too, or a helper would be a
   * way around them. A call through an interface or a lambda of another class is not followed (which
   * method runs is not written there); the node's own constructors are not run's.
   */
  private Map<ExecutableElement, ExecutableElement> calledFromRun(TypeElement node) {
    Map<ExecutableElement, ExecutableElement> reached = new java.util.LinkedHashMap<>();
    java.util.ArrayDeque<ExecutableElement> todo = new java.util.ArrayDeque<>();
    for (ExecutableElement m : ElementFilter.methodsIn(node.getEnclosedElements())) {
      String name = m.getSimpleName().toString();
      if ((name.equals("run") || name.equals("count")) && !Annotations.has(m, SignalHandler.class)) {
        reached.put(m, m);
        todo.add(m);
      }
    }
    while (!todo.isEmpty()) {
      ExecutableElement caller = todo.poll();
      TreePath path = trees.getPath(caller);
      if (path == null) {
        continue;
      }
      new TreePathScanner<Void, Void>() {
        private void reach() {
          if (trees.getElement(getCurrentPath()) instanceof ExecutableElement callee
              && !reached.containsKey(callee) && trees.getPath(callee) != null
              // a record's: reading a compact constructor's tree before javac has attributed it
              // breaks javac's own check of it ("must not contain explicit constructor invocation")
              && callee.getEnclosingElement().getKind() != javax.lang.model.element.ElementKind.RECORD
              // an anonymous or local class's code is scanned with the method it is declared in
              && !(callee.getEnclosingElement() instanceof TypeElement t && t.getNestingKind().isNested()
                  && t.getNestingKind() != javax.lang.model.element.NestingKind.MEMBER)
              && !(callee.getKind() == javax.lang.model.element.ElementKind.CONSTRUCTOR
                  && node.equals(callee.getEnclosingElement()))) {
            reached.put(callee, caller);
            todo.add(callee);
          }
        }

        @Override
        public Void visitNewClass(com.sun.source.tree.NewClassTree tree, Void unused) {
          // new Inner().bump(): the constructor runs as surely as a call
          reach();
          return super.visitNewClass(tree, unused);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
          reach();
          return super.visitMethodInvocation(tree, unused);
        }

        @Override
        public Void visitMemberReference(com.sun.source.tree.MemberReferenceTree tree, Void unused) {
          // this::bump handed to an IntConsumer that run calls reaches bump as surely as a call
          reach();
          return super.visitMemberReference(tree, unused);
        }
      }.scan(path, null);
    }
    return reached;
  }

  private final class Scanner extends TreePathScanner<Void, Void> {
    private final ExecutableElement method;
    private final boolean kernel;
    /** The method as the messages name it: {@code run(...)}, or {@code add(...), which run(...) calls}. */
    private final String where;
    private final CompilationUnitTree unit;
    private final Map<Element, Role> fields;
    /** The fields' roles, and each local that may hold a @Param array with that array's role. */
    private Map<Element, Role> roles;
    private final List<Diagnostic> out;

    Scanner(ExecutableElement method, boolean kernel, String where, CompilationUnitTree unit,
        Map<Element, Role> fields, List<Diagnostic> out) {
      this.method = method;
      this.kernel = kernel;
      this.where = where;
      this.unit = unit;
      this.fields = fields;
      this.out = out;
    }

    @Override
    public Void scan(TreePath path, Void unused) {
      roles = new HashMap<>(fields);
      roles.putAll(aliases(path, e -> {
        Element field = trees.getElement(e);
        Role r = fields.get(field);
        return r != null && r.kind == Role.Kind.PARAM && field.asType().getKind() == TypeKind.ARRAY ? r : null;
      }));
      return super.scan(path, unused);
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
          Role role = arrayRole(args.get(i));
          if (role != null && role.kind == Role.Kind.PARAM && writesElements(callee, i, new HashSet<>())) {
            report(args.get(i), Message.PARAM_ARRAY_WRITTEN, role.name,
                callee.getSimpleName() + "(...), which " + method.getSimpleName() + "(...) passes it to");
          }
          int written = JdkArrayWriters.writtenArgument(callee);
          if (role != null && role.kind == Role.Kind.PARAM && written == i) {
            report(args.get(i), Message.PARAM_ARRAY_WRITTEN, role.name,
                callee.getEnclosingElement().getSimpleName() + "." + callee.getSimpleName() + "(...), which "
                    + method.getSimpleName() + "(...) passes it to");
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
        ExpressionTree array = SourceTrees.withoutParentheses(target) instanceof ArrayAccessTree a ? arrayOperand(a.getExpression()) : null;
        Role arrayRole = array == null ? null : arrayRole(array);
        if (arrayRole != null && arrayRole.kind == Role.Kind.PARAM) {
          report(write, Message.PARAM_ARRAY_WRITTEN, arrayRole.name, method.getSimpleName() + "(...)"
              + (fields.containsKey(elementOf(array)) ? "" : " (through local '" + array + "', which may hold it)"));
        }
        return false;
      }
      switch (role.kind) {
        case PARAM -> report(write, Message.PARAM_WRITTEN, role.name);
        case STATE -> {
          if (kernel) {
            report(write, Message.STATE_WRITTEN_IN_RUN, role.name, where);
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
            // the right update inside a larger expression is told so: the form alone reads as if it were allowed
            String why = getCurrentPath().getLeaf() == write && updateOperand(write, role) != null
                ? "; here it is part of a larger expression: make it a statement of its own" : "";
            report(write, Message.REDUCE_MISUSED, role.op, role.name, form(role.op, role.name), where, why);
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
      return isStatement(write) ? updateOperand(write, role) : null;
    }

    /**
     * Whether {@code write} is a statement of its own: {@code x += e;}, or the whole body of a lambda
     * ({@code v -> x += v}, which is {@code v -> { x += v; }}).
     */
    private boolean isStatement(Tree write) {
      if (getCurrentPath().getLeaf() != write) {
        return false;
      }
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      return parent instanceof ExpressionStatementTree
          || parent instanceof LambdaExpressionTree lambda && lambda.getBody() == write;
    }

    /** {@code write}'s operand if it is the update {@code role}'s operator allows, wherever it stands; else null. */
    private Optional<ExpressionTree> updateOperand(Tree write, Role role) {
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
     * {@code e}, or on a {@code float} one with a {@code double} {@code e}: {@code x = (int) (x op e)}
     * truncates, and {@code x = (float) (x op e)} rounds a sum made in {@code double}, at every update,
     * so partial results per lane and instance do not combine to the sequential total (an int
     * {@code +=} of a long wraps, which does; outside-in helper-82: a float field's {@code += v * 0.1}
     * gave another sum on OpenCL with one work-group).
     */
    private boolean rounded(Tree write, Role role) {
      if (!(write instanceof CompoundAssignmentTree c)) {
        return false;
      }
      TypeMirror field = trees.getTypeMirror(new TreePath(getCurrentPath(), c.getVariable()));
      TypeMirror value = trees.getTypeMirror(new TreePath(getCurrentPath(), c.getExpression()));
      if (field == null || value == null) {
        return false;
      }
      boolean truncated = isIntegral(field.getKind()) && (value.getKind() == TypeKind.FLOAT || value.getKind() == TypeKind.DOUBLE);
      boolean narrowed = field.getKind() == TypeKind.FLOAT && value.getKind() == TypeKind.DOUBLE;
      if (!truncated && !narrowed) {
        return false;
      }
      String type = field.getKind().name().toLowerCase(java.util.Locale.ROOT);
      String op = JavaSpelling.operator(write.getKind()) + "=";
      report(write, Message.REDUCE_ROUNDED, role.op, role.name, type, value, type, role.name, op, type,
          value.getKind() == TypeKind.FLOAT ? "float or a double" : "double");
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
      if (!(SourceTrees.withoutParentheses(rhs) instanceof MethodInvocationTree call) || call.getArguments().size() != 2) {
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
        report(tree, Message.REDUCE_MISUSED, role.op, role.name, form(role.op, role.name), where, "");
      }
    }

    /** The role of the field {@code expression} names, or null. */
    private Role role(ExpressionTree expression) {
      Element e = elementOf(expression);
      return e == null ? null : fields.get(e);
    }

    /** The role of the field {@code expression} names, or of the @Param array the local it names may hold. */
    private Role arrayRole(ExpressionTree expression) {
      Element e = elementOf(arrayOperand(expression));
      return e == null ? null : roles.get(e);
    }

    /** The field or local {@code expression} names, or null. */
    private Element elementOf(ExpressionTree expression) {
      ExpressionTree e = SourceTrees.withoutParentheses(expression);
      if (!(e instanceof IdentifierTree) && !(e instanceof MemberSelectTree)) {
        return null;
      }
      return trees.getElement(new TreePath(getCurrentPath(), e));
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
   * {@code a[i] += ...}, {@code a[i]++}, directly or through a local that may hold {@code a}, or passing
   * {@code a} on to a method that does, or to one of the JDK's that write an array
   * ({@link JdkArrayWriters}). Another method with no source here (a library's) is taken not to.
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
    Set<Element> names = new HashSet<>(aliases(path, at -> parameter.equals(trees.getElement(at)) ? true : null).keySet());
    names.add(parameter);
    boolean[] writes = {false};
    new TreePathScanner<Void, Void>() {
      private void target(ExpressionTree t) {
        if (SourceTrees.withoutParentheses(t) instanceof ArrayAccessTree a && isParameter(arrayOperand(a.getExpression()))) {
          writes[0] = true;
        }
      }

      private boolean isParameter(ExpressionTree e) {
        return e instanceof IdentifierTree && names.contains(trees.getElement(new TreePath(getCurrentPath(), e)));
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
            if (isParameter(arrayOperand(args.get(i)))
                && (writesElements(callee, i, seen) || JdkArrayWriters.writtenArgument(callee) == i)) {
              writes[0] = true;
            }
          }
        }
        return super.visitMethodInvocation(tree, unused);
      }
    }.scan(path, null);
    return writes[0];
  }

  /**
   * The locals of the method at {@code path} that may hold an array {@code source} gives a value for
   * (a {@code @Param} array's role, or a parameter's), each with that value: a local initialized or
   * assigned with one, directly, in parentheses, through a cast, in either branch of {@code ?:}, as a
   * result of a {@code switch} expression, or from another such local; and a pattern's binding whose
   * {@code instanceof} or {@code switch} tests one (outside-in helper-99: {@code Object o = table; if
   * (o instanceof long[] arr) arr[0] = x;} wrote the array unseen). Flow-insensitive, so a local that
   * holds one at any point counts everywhere: writing through it is writing the array.
   */
  private <V> Map<Element, V> aliases(TreePath path, java.util.function.Function<TreePath, V> source) {
    Map<Element, V> found = new HashMap<>();
    boolean[] grew = {true};
    while (grew[0]) {
      grew[0] = false;
      new TreePathScanner<Void, Void>() {
        private V value(ExpressionTree e) {
          ExpressionTree x = arrayOperand(e);
          if (x instanceof com.sun.source.tree.ConditionalExpressionTree c) {
            V a = value(c.getTrueExpression());
            return a != null ? a : value(c.getFalseExpression());
          }
          if (x instanceof com.sun.source.tree.SwitchExpressionTree sw) {
            return switchValue(sw);
          }
          if (!(x instanceof IdentifierTree) && !(x instanceof MemberSelectTree)) {
            return null;
          }
          TreePath at = new TreePath(getCurrentPath(), x);
          V v = found.get(trees.getElement(at));
          return v != null ? v : source.apply(at);
        }

        /** A value of one of {@code sw}'s results: an arrow case's expression, or a {@code yield}'s. */
        private V switchValue(com.sun.source.tree.SwitchExpressionTree sw) {
          List<ExpressionTree> results = new ArrayList<>();
          for (com.sun.source.tree.CaseTree c : sw.getCases()) {
            if (c.getCaseKind() == com.sun.source.tree.CaseTree.CaseKind.RULE && c.getBody() instanceof ExpressionTree r) {
              results.add(r);
            }
          }
          // its yields: not those of a switch expression, lambda or class inside it, which yield elsewhere
          new com.sun.source.util.TreeScanner<Void, Void>() {
            @Override
            public Void visitYield(com.sun.source.tree.YieldTree y, Void unused) {
              results.add(y.getValue());
              return super.visitYield(y, unused);
            }

            @Override
            public Void visitSwitchExpression(com.sun.source.tree.SwitchExpressionTree inner, Void unused) {
              return inner == sw ? super.visitSwitchExpression(inner, unused) : null;
            }

            @Override
            public Void visitLambdaExpression(com.sun.source.tree.LambdaExpressionTree lambda, Void unused) {
              return null;
            }

            @Override
            public Void visitClass(com.sun.source.tree.ClassTree type, Void unused) {
              return null;
            }
          }.scan(sw, null);
          for (ExpressionTree r : results) {
            V v = value(r);
            if (v != null) {
              return v;
            }
          }
          return null;
        }

        /**
         * What the pattern that declares binding {@code at} tests: the operand of its {@code instanceof},
         * or the selector of its {@code switch}; null for any other variable.
         */
        private ExpressionTree tested(TreePath at) {
          for (TreePath p = at.getParentPath(); p != null; p = p.getParentPath()) {
            Tree t = p.getLeaf();
            String kind = t.getKind().name();
            if (t instanceof com.sun.source.tree.InstanceOfTree i) {
              return i.getExpression();
            }
            if (t instanceof com.sun.source.tree.SwitchTree sw) {
              return sw.getExpression();
            }
            if (t instanceof com.sun.source.tree.SwitchExpressionTree sw) {
              return sw.getExpression();
            }
            // a binding sits in patterns (record patterns nest them) and case labels, named by kind
            // since some of those kinds are newer than the Java release the processor is built for
            if (!(kind.endsWith("PATTERN") || kind.endsWith("CASE_LABEL") || kind.equals("CASE"))) {
              return null;
            }
          }
          return null;
        }

        private void holds(Element local, ExpressionTree e) {
          if (local != null && (local.getKind() == javax.lang.model.element.ElementKind.LOCAL_VARIABLE
                  || local.getKind() == javax.lang.model.element.ElementKind.BINDING_VARIABLE)
              && !found.containsKey(local) && e != null) {
            V v = value(e);
            if (v != null) {
              found.put(local, v);
              grew[0] = true;
            }
          }
        }

        @Override
        public Void visitVariable(com.sun.source.tree.VariableTree tree, Void unused) {
          Element declared = trees.getElement(getCurrentPath());
          boolean binding = declared != null && declared.getKind() == javax.lang.model.element.ElementKind.BINDING_VARIABLE;
          holds(declared, tree.getInitializer() != null ? tree.getInitializer() : binding ? tested(getCurrentPath()) : null);
          return super.visitVariable(tree, unused);
        }

        @Override
        public Void visitAssignment(AssignmentTree tree, Void unused) {
          if (SourceTrees.withoutParentheses(tree.getVariable()) instanceof IdentifierTree id) {
            holds(trees.getElement(new TreePath(getCurrentPath(), id)), tree.getExpression());
          }
          return super.visitAssignment(tree, unused);
        }
      }.scan(path, null);
    }
    return found;
  }

  /** Whether {@code tree} writes its operand: {@code ++} or {@code --}, before or after. */
  private static boolean steps(UnaryTree tree) {
    return switch (tree.getKind()) {
      case PREFIX_INCREMENT, POSTFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_DECREMENT -> true;
      default -> false;
    };
  }

  /** The array an expression reads, as written: {@code e} without parentheses and casts ({@code ((long[]) o)}). */
  private static ExpressionTree arrayOperand(ExpressionTree e) {
    ExpressionTree x = SourceTrees.withoutParentheses(e);
    while (x instanceof com.sun.source.tree.TypeCastTree c) {
      x = SourceTrees.withoutParentheses(c.getExpression());
    }
    return x;
  }

  /** The one update {@code op} allows, written with the field's own name (outside-in helper-82). */
  private static String form(ReduceOp op, String x) {
    return switch (op) {
      case SUM -> "'" + x + " += e' or '" + x + "++'";
      case PRODUCT -> "'" + x + " *= e'";
      case MIN -> "'" + x + " = Math.min(" + x + ", e)'";
      case MAX -> "'" + x + " = Math.max(" + x + ", e)'";
      case AND -> "'" + x + " &= e'";
      case OR -> "'" + x + " |= e'";
      case XOR -> "'" + x + " ^= e'";
    };
  }
}
