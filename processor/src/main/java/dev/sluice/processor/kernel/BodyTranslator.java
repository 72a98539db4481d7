package dev.sluice.processor.kernel;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.BodySite;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Translates a node's {@code run} body into the body of a kernel lane method, through the javac Trees
 * API. The printer accepts exactly the GPU subset: primitive locals, arithmetic, {@code if},
 * {@code for}, {@code while}, {@code do}, {@code return}; reads of the item and the {@code @Parent} (a record through its
 * component accessors), of {@code @Param} fields and compile-time constants; pushes; {@code @Reduce}
 * updates; {@code java.lang.Math} and static methods (whose bodies are translated into the kernel
 * too). Every other construct is a diagnostic with a code on its own line, so one compile shows them
 * all.
 *
 * <p>Rewrites: {@code out.push(e)} becomes a call of the kernel's staging method for that channel
 * (a record push passes its components); {@code r.c()} of a record item becomes the local holding
 * column {@code c}; a {@code @Param} field becomes a kernel field; a {@code @Reduce} field becomes the
 * lane's partial in local memory; a constant becomes its literal.
 */
public final class BodyTranslator {
  /** The Math methods Aparapi maps to OpenCL built-ins. */
  private static final Set<String> MATH = Set.of("abs", "acos", "asin", "atan", "atan2", "ceil", "cos", "exp",
      "floor", "log", "max", "min", "pow", "IEEEremainder", "rint", "round", "sin", "sqrt", "tan", "toDegrees",
      "toRadians");

  private final Trees trees;
  private final javax.lang.model.util.Elements elements;

  private BodyTranslator(Trees trees, javax.lang.model.util.Elements elements) {
    this.trees = trees;
    this.elements = elements;
  }

  /** A translator, or empty without javac's Trees API. */
  public static Optional<BodyTranslator> create(ProcessingEnvironment env) {
    try {
      return Optional.of(new BodyTranslator(Trees.instance(env), env.getElementUtils()));
    } catch (IllegalArgumentException | LinkageError e) {
      return Optional.empty();
    }
  }

  /**
   * One stage's translation.
   *
   * @param body the lane method's statements (after the item's locals)
   * @param helpers static helpers the body calls, as complete kernel methods
   * @param problems GPU-subset violations (errors)
   * @param read the classes other than the node whose declarations the translation read: owners of
   *     the static helpers it copied and of the constants it inlined (the generated kernel changes
   *     when they do)
   */
  public record Translation(String body, List<Helper> helpers, List<Diagnostic> problems, Set<TypeElement> read) {}

  /**
   * A static method the body calls, translated for the kernel.
   *
   * @param name its name in the kernel
   * @param source the original, {@code pkg.Owner.method}
   * @param returnType a primitive type or {@code void}
   * @param parameterTypes primitive types or primitive arrays
   */
  public record Helper(String name, String source, String returnType, List<String> parameterTypes,
      List<String> parameterNames, String body) {}

  /**
   * Translates {@code stage}'s {@code run} (or an enumerator's {@code count}) method; null when its
   * source is not in this compilation.
   */
  public Translation translate(StageModel stage) {
    return translate(stage, stage.node().method(), stage.node().runParams(), false);
  }

  /**
   * Translates a BEGIN/END handler of {@code stage}: it runs on one lane, so a {@code @Reduce} field
   * is the work-group's combined value, not a lane's partial.
   */
  public Translation translateHandler(StageModel stage, HandlerModel handler) {
    return translate(stage, handler.method(), handler.params(), true);
  }

  private Translation translate(StageModel stage, ExecutableElement method, List<RunParam> params, boolean handler) {
    TreePath path = trees.getPath(method);
    List<Diagnostic> problems = new ArrayList<>();
    Map<String, Helper> helpers = new LinkedHashMap<>();
    Set<TypeElement> read = new LinkedHashSet<>();
    if (path == null) {
      // compiled elsewhere (a class file): there is no source to translate
      return null;
    }
    Printer p = new Printer(stage, method, params, handler, path.getCompilationUnit(), problems, helpers, read);
    MethodTree tree = (MethodTree) path.getLeaf();
    StringBuilder out = new StringBuilder();
    for (StatementTree s : tree.getBody().getStatements()) {
      p.statement(new TreePath(new TreePath(path, tree.getBody()), s), out, 0);
    }
    List<Helper> all = new ArrayList<>();
    for (Helper h : helpers.values()) {
      if (h != null) {
        all.add(h);
      }
    }
    read.remove(stage.node().element());
    return new Translation(out.toString(), all, problems, read);
  }

  /** What a name in the body refers to, beyond locals. */
  private enum Role { ITEM, RECORD_ITEM, CHANNEL, RAISE, PARAM_FIELD, REDUCE_FIELD, STATE_FIELD }

  private final class Printer {
    private final StageModel stage;
    /** Printing a signal handler, which lane 0 runs alone. */
    private final boolean handler;
    private final ExecutableElement method;
    private final CompilationUnitTree unit;
    private final List<Diagnostic> problems;
    private final Map<String, Helper> helpers;
    private final Set<TypeElement> read;
    private final Map<Element, Role> roles = new HashMap<>();
    private final Map<Element, ChannelModel> channels = new HashMap<>();
    private final Map<Element, FieldModel> fields = new HashMap<>();
    /** The item and the parent: their types (a record's components become locals). */
    private final Map<Element, ItemType> itemTypes = new HashMap<>();
    /** Helpers being translated, to find recursion. */
    private final List<ExecutableElement> calling = new ArrayList<>();
    /** The method whose body is being printed (run, or a helper): diagnostics are reported on it. */
    private ExecutableElement current;
    /** Operands of {@code !} being printed: their floating comparisons become calls (see JavaArithmetic). */
    private int negated;

    Printer(StageModel stage, ExecutableElement method, List<RunParam> params, boolean handler,
        CompilationUnitTree unit, List<Diagnostic> problems, Map<String, Helper> helpers, Set<TypeElement> read) {
      this.stage = stage;
      this.handler = handler;
      this.method = method;
      this.current = method;
      this.unit = unit;
      this.problems = problems;
      this.helpers = helpers;
      this.read = read;
      for (RunParam rp : params) {
        switch (rp.kind()) {
          case ITEM, PARENT, SIGNAL -> {
            roles.put(rp.element(), rp.type().isRecord() ? Role.RECORD_ITEM : Role.ITEM);
            itemTypes.put(rp.element(), rp.type());
          }
          case RAISE -> {
            roles.put(rp.element(), Role.RAISE);
            itemTypes.put(rp.element(), rp.type());
          }
          case CHANNEL -> {
            roles.put(rp.element(), Role.CHANNEL);
            channels.put(rp.element(), stage.node().channel(rp.channel()).orElseThrow());
          }
          default -> { }
        }
      }
      for (FieldModel f : stage.node().fields()) {
        fields.put(f.element(), f);
        roles.put(f.element(), switch (f.kind()) {
          case PARAM -> Role.PARAM_FIELD;
          case REDUCE -> Role.REDUCE_FIELD;
          case STATE -> Role.STATE_FIELD;
        });
      }
    }

    private void problem(TreePath at, Message message, Object... args) {
      problems.add(Diagnostic.in(new BodySite(at.getLeaf(), at.getCompilationUnit(), trees), current, message, args));
    }

    private TreePath child(TreePath parent, Tree tree) {
      return new TreePath(parent, tree);
    }

    // ---- statements ----

    void statement(TreePath path, StringBuilder out, int depth) {
      Tree t = path.getLeaf();
      String pad = "  ".repeat(depth);
      switch (t.getKind()) {
        case BLOCK -> {
          out.append(pad).append("{\n");
          for (StatementTree s : ((BlockTree) t).getStatements()) {
            statement(child(path, s), out, depth + 1);
          }
          out.append(pad).append("}\n");
        }
        case EXPRESSION_STATEMENT ->
            out.append(pad).append(expr(child(path, ((ExpressionStatementTree) t).getExpression()))).append(";\n");
        case VARIABLE -> out.append(pad).append(local(path)).append(";\n");
        case IF -> ifStatement(path, (IfTree) t, out, depth);
        case FOR_LOOP -> {
          ForLoopTree f = (ForLoopTree) t;
          List<String> init = new ArrayList<>();
          for (StatementTree s : f.getInitializer()) {
            init.add(s instanceof VariableTree ? local(child(path, s))
                : expr(child(path, ((ExpressionStatementTree) s).getExpression())));
          }
          List<String> update = new ArrayList<>();
          for (ExpressionStatementTree s : f.getUpdate()) {
            update.add(expr(child(path, s.getExpression())));
          }
          String cond = f.getCondition() == null ? "" : expr(child(path, f.getCondition()));
          out.append(pad).append("for (").append(joinInit(init)).append("; ").append(cond).append("; ")
              .append(String.join(", ", update)).append(") {\n");
          body(child(path, f.getStatement()), out, depth);
          out.append(pad).append("}\n");
        }
        case WHILE_LOOP -> {
          WhileLoopTree w = (WhileLoopTree) t;
          out.append(pad).append("while ").append(expr(child(path, w.getCondition()))).append(" {\n");
          body(child(path, w.getStatement()), out, depth);
          out.append(pad).append("}\n");
        }
        case DO_WHILE_LOOP -> {
          DoWhileLoopTree d = (DoWhileLoopTree) t;
          out.append(pad).append("do {\n");
          body(child(path, d.getStatement()), out, depth);
          out.append(pad).append("} while ").append(expr(child(path, d.getCondition()))).append(";\n");
        }
        case RETURN -> {
          ReturnTree r = (ReturnTree) t;
          out.append(pad).append("return")
              .append(r.getExpression() == null ? "" : " " + expr(child(path, r.getExpression()))).append(";\n");
        }
        case EMPTY_STATEMENT -> { }
        case BREAK, CONTINUE -> problem(path, Message.GPU_BREAK, t.getKind() == Tree.Kind.BREAK ? "break" : "continue");
        case SWITCH -> problem(path, Message.GPU_SWITCH);
        case THROW -> problem(path, Message.GPU_EXCEPTION, "throw");
        case TRY -> problem(path, Message.GPU_EXCEPTION, "try");
        case ENHANCED_FOR_LOOP -> problem(path, Message.GPU_CONSTRUCT, "a for-each loop", "write an indexed for loop");
        case SYNCHRONIZED -> problem(path, Message.GPU_CONSTRUCT, "synchronized", "lanes of a kernel do not lock");
        case LABELED_STATEMENT -> problem(path, Message.GPU_BREAK, "a labeled statement");
        case ASSERT -> problem(path, Message.GPU_EXCEPTION, "assert");
        default -> problem(path, Message.GPU_CONSTRUCT, describe(t), "kernels take primitive statements and expressions");
      }
    }

    /**
     * {@code if}, without empty branches: javac compiles an empty branch into a jump to the next
     * instruction, which inside a loop Aparapi refuses ({@code CodeGenException: goto}). An empty
     * {@code then} with an {@code else} becomes {@code if (!(c)) else}; an empty {@code else} is
     * dropped; with both empty, only a condition that can fail a check or assign is kept (Java
     * evaluates it), with a branch that assigns a local to itself.
     */
    private void ifStatement(TreePath path, IfTree i, StringBuilder out, int depth) {
      String pad = "  ".repeat(depth);
      TreePath condition = child(path, i.getCondition());
      boolean noThen = empty(i.getThenStatement());
      boolean noElse = i.getElseStatement() == null || empty(i.getElseStatement());
      if (noThen && noElse) {
        if (effects(i.getCondition())) {
          // a branch with one instruction: the stage local, which every body and helper has, kept as it is
          out.append(pad).append("if ").append(expr(condition)).append(" {\n").append(pad).append("  ")
              .append(KernelNames.STAGE).append(" = ").append(KernelNames.STAGE).append(";\n").append(pad).append("}\n");
        }
        return;
      }
      if (noThen) {
        // under a negation, floating comparisons are calls: !(a < b) stays true for NaN
        negated++;
        String c;
        try {
          c = expr(condition);
        } finally {
          negated--;
        }
        out.append(pad).append("if (!").append(c).append(") {\n");
        body(child(path, i.getElseStatement()), out, depth);
        out.append(pad).append("}\n");
        return;
      }
      out.append(pad).append("if ").append(expr(condition)).append(" {\n");
      body(child(path, i.getThenStatement()), out, depth);
      if (!noElse) {
        out.append(pad).append("} else {\n");
        body(child(path, i.getElseStatement()), out, depth);
      }
      out.append(pad).append("}\n");
    }

    /** Whether {@code s} runs nothing: {@code ;} or a block of such. */
    private boolean empty(StatementTree s) {
      if (s instanceof BlockTree b) {
        return b.getStatements().stream().allMatch(this::empty);
      }
      return s.getKind() == Tree.Kind.EMPTY_STATEMENT;
    }

    /**
     * Whether evaluating {@code e} may do more than give its value: assign, read an array or divide
     * (checks that can fail the run), or call a method.
     */
    private boolean effects(ExpressionTree e) {
      Boolean found = new TreeScanner<Boolean, Void>() {
        @Override
        public Boolean reduce(Boolean a, Boolean b) {
          return Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b);
        }

        @Override
        public Boolean scan(Tree t, Void v) {
          if (t == null) {
            return false;
          }
          return switch (t.getKind()) {
            case ASSIGNMENT, PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT, ARRAY_ACCESS,
                METHOD_INVOCATION, DIVIDE, REMAINDER -> true;
            default -> t instanceof CompoundAssignmentTree || Boolean.TRUE.equals(super.scan(t, v));
          };
        }
      }.scan(e, null);
      return Boolean.TRUE.equals(found);
    }

    private String joinInit(List<String> init) {
      if (init.size() <= 1) {
        return init.isEmpty() ? "" : init.get(0);
      }
      // int i = 0, j = 1: the later declarators lose their type
      StringBuilder b = new StringBuilder(init.get(0));
      for (String s : init.subList(1, init.size())) {
        b.append(", ").append(s.substring(s.indexOf(' ') + 1));
      }
      return b.toString();
    }

    /** A branch or loop body, always braced. */
    private void body(TreePath path, StringBuilder out, int depth) {
      if (path.getLeaf() instanceof BlockTree b) {
        for (StatementTree s : b.getStatements()) {
          statement(child(path, s), out, depth + 1);
        }
      } else {
        statement(path, out, depth + 1);
      }
    }

    /** A local variable declaration: primitive, not char. */
    private String local(TreePath path) {
      VariableTree v = (VariableTree) path.getLeaf();
      Element e = trees.getElement(path);
      TypeMirror type = e == null ? null : e.asType();
      String name = v.getName().toString();
      if (name.startsWith(KernelNames.PREFIX)) {
        problem(path, Message.GPU_CONSTRUCT, "the name '" + name + "'", "names starting with " + KernelNames.PREFIX + " belong to the generated kernel: rename it");
        return "int " + name;
      }
      if (type == null || !checkPrimitive(path, name, type)) {
        return "int " + name;
      }
      return type.getKind().name().toLowerCase(java.util.Locale.ROOT) + " " + name
          + (v.getInitializer() == null ? "" : " = " + expr(child(path, v.getInitializer())));
    }

    /** Whether {@code type} is a primitive other than char; otherwise reports why not. */
    private boolean checkPrimitive(TreePath at, String what, TypeMirror type) {
      if (type.getKind() == TypeKind.CHAR) {
        problem(at, Message.GPU_CHAR);
        return false;
      }
      if (!type.getKind().isPrimitive()) {
        problem(at, Message.GPU_OBJECT, what, type);
        return false;
      }
      return true;
    }

    // ---- expressions ----

    String expr(TreePath path) {
      Tree t = path.getLeaf();
      switch (t.getKind()) {
        case PARENTHESIZED:
          return "(" + expr(child(path, ((ParenthesizedTree) t).getExpression())) + ")";
        case IDENTIFIER:
          return identifier(path, (IdentifierTree) t);
        case MEMBER_SELECT:
          return memberSelect(path, (MemberSelectTree) t);
        case METHOD_INVOCATION:
          return invocation(path, (MethodInvocationTree) t);
        case ARRAY_ACCESS: {
          // Java throws on an index out of bounds: the kernel's check fails the run
          ArrayAccessTree a = (ArrayAccessTree) t;
          String array = arrayRef(child(path, a.getExpression()));
          return array + "[" + KernelNames.INDEX + "(" + KernelNames.CONTEXT + ", " + expr(child(path, a.getIndex()))
              + ", " + arrayLength(child(path, a.getExpression())) + ")]";
        }
        case ASSIGNMENT: {
          AssignmentTree a = (AssignmentTree) t;
          return expr(child(path, a.getVariable())) + " = " + expr(child(path, a.getExpression()));
        }
        case CONDITIONAL_EXPRESSION: {
          ConditionalExpressionTree c = (ConditionalExpressionTree) t;
          return expr(child(path, c.getCondition())) + " ? " + expr(child(path, c.getTrueExpression())) + " : "
              + expr(child(path, c.getFalseExpression()));
        }
        case TYPE_CAST: {
          TypeCastTree c = (TypeCastTree) t;
          TypeMirror type = trees.getTypeMirror(child(path, c.getType()));
          if (type == null || !checkPrimitive(path, "(" + c.getType() + ")", type)) {
            return "0";
          }
          TypeKind from = kind(child(path, c.getExpression()));
          String operand = expr(child(path, c.getExpression()));
          String converted = from == null ? null : convert(from, type.getKind(), operand);
          return converted != null ? converted
              : "(" + type.getKind().name().toLowerCase(java.util.Locale.ROOT) + ") " + operand;
        }
        case INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL, DOUBLE_LITERAL, BOOLEAN_LITERAL, CHAR_LITERAL:
          return literal(((LiteralTree) t).getValue());
        case STRING_LITERAL:
          problem(path, Message.GPU_OBJECT, t.toString(), "String");
          return "0";
        case NULL_LITERAL:
          problem(path, Message.GPU_OBJECT, "null", "null");
          return "0";
        case NEW_CLASS:
        case NEW_ARRAY:
          problem(path, Message.GPU_ALLOCATION, t.toString());
          return "0";
        case SWITCH_EXPRESSION:
          problem(path, Message.GPU_SWITCH);
          return "0";
        case LAMBDA_EXPRESSION:
        case MEMBER_REFERENCE:
          problem(path, Message.GPU_CONSTRUCT, describe(t), "a kernel has no function values");
          return "0";
        case INSTANCE_OF:
          problem(path, Message.GPU_CONSTRUCT, "instanceof", "a kernel has no objects");
          return "0";
        default:
          break;
      }
      if (t instanceof CompoundAssignmentTree c) {
        return compound(path, c);
      }
      if (t instanceof BinaryTree b) {
        TypeMirror type = trees.getTypeMirror(path);
        if (type != null && !type.getKind().isPrimitive()) {
          problem(path, Message.GPU_OBJECT, t.toString(), type);
          return "0";
        }
        String left = expr(child(path, b.getLeftOperand()));
        String right = expr(child(path, b.getRightOperand()));
        if (t.getKind() == Tree.Kind.CONDITIONAL_AND || t.getKind() == Tree.Kind.CONDITIONAL_OR) {
          left = opaque(child(path, b.getLeftOperand()), left);
          right = opaque(child(path, b.getRightOperand()), right);
        }
        TypeKind l = kind(child(path, b.getLeftOperand()));
        TypeKind r = kind(child(path, b.getRightOperand()));
        String compare = l != null && r != null && (negated > 0 || promote(l, r) == TypeKind.LONG)
            ? comparison(t.getKind(), promote(l, r), left, right) : null;
        if (compare != null) {
          return compare;
        }
        if (t.getKind() == Tree.Kind.UNSIGNED_RIGHT_SHIFT && l != null) {
          return unsignedShift(l, left, r, right);
        }
        String java = l == null || r == null ? null
            : arithmetic(operator(t.getKind()), promote(l, r), left, right, child(path, b.getRightOperand()), mayFuse(path));
        return java != null ? java : left + " " + operator(t.getKind()) + " " + right;
      }
      if (t instanceof UnaryTree u) {
        boolean not = t.getKind() == Tree.Kind.LOGICAL_COMPLEMENT;
        negated += not ? 1 : 0;
        String e;
        try {
          e = expr(child(path, u.getExpression()));
        } finally {
          negated -= not ? 1 : 0;
        }
        TypeKind k = kind(child(path, u.getExpression()));
        if (k == TypeKind.INT || k == TypeKind.LONG) {
          String wrapped = wrapping(path, u, k, e);
          if (wrapped != null) {
            return wrapped;
          }
        }
        if ((k == TypeKind.FLOAT || k == TypeKind.DOUBLE) && t.getKind() == Tree.Kind.UNARY_MINUS
            && !(u.getExpression() instanceof LiteralTree)) {
          return KernelNames.ARITH + (k == TypeKind.FLOAT ? ".negF(" : ".negD(") + e + ")";
        }
        return switch (t.getKind()) {
          case POSTFIX_INCREMENT -> e + "++";
          case POSTFIX_DECREMENT -> e + "--";
          case PREFIX_INCREMENT -> "++" + e;
          case PREFIX_DECREMENT -> "--" + e;
          case UNARY_MINUS -> "-" + e;
          case UNARY_PLUS -> "+" + e;
          case BITWISE_COMPLEMENT -> "~" + e;
          default -> "!" + e;
        };
      }
      problem(path, Message.GPU_CONSTRUCT, describe(t), "kernels take primitive statements and expressions");
      return "0";
    }

    /**
     * An operand of {@code &&} or {@code ||}: a constant one (JLS 15.29) as a call. javac compiles
     * {@code e || true} and {@code e && false} into a branch to the next instruction (both outcomes
     * are one), whose bytecode Aparapi cannot parse ("non-reducable operand consumer/producer
     * mismatch"); a call is not folded, and the kernel still evaluates {@code e}, as Java does.
     */
    private String opaque(TreePath operand, String printed) {
      return constant(operand) ? KernelNames.ARITH + ".opaque(" + printed + ")" : printed;
    }

    /** Whether the expression at {@code p} is a constant expression, which javac folds. */
    private boolean constant(TreePath p) {
      Tree t = p.getLeaf();
      switch (t.getKind()) {
        case PARENTHESIZED:
          return constant(child(p, ((ParenthesizedTree) t).getExpression()));
        case INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL, DOUBLE_LITERAL, BOOLEAN_LITERAL, CHAR_LITERAL:
          return true;
        case IDENTIFIER, MEMBER_SELECT:
          return trees.getElement(p) instanceof VariableElement v && v.getConstantValue() != null;
        case TYPE_CAST:
          return kind(p) != null && constant(child(p, ((TypeCastTree) t).getExpression()));
        case CONDITIONAL_EXPRESSION: {
          ConditionalExpressionTree c = (ConditionalExpressionTree) t;
          return constant(child(p, c.getCondition())) && constant(child(p, c.getTrueExpression()))
              && constant(child(p, c.getFalseExpression()));
        }
        case UNARY_MINUS, UNARY_PLUS, BITWISE_COMPLEMENT, LOGICAL_COMPLEMENT:
          return constant(child(p, ((UnaryTree) t).getExpression()));
        default:
          return t instanceof BinaryTree b && constant(child(p, b.getLeftOperand())) && constant(child(p, b.getRightOperand()));
      }
    }

    // ---- Java's arithmetic (JavaArithmetic in the runtime holds the rules)

    /** The primitive kind of the expression at {@code p}, or null. */
    private TypeKind kind(TreePath p) {
      TypeMirror m = trees.getTypeMirror(p);
      return m == null || !m.getKind().isPrimitive() ? null : m.getKind();
    }

    /**
     * {@code a op b} computed in {@code type} (the promoted type) with Java's meaning, or null where
     * OpenCL C's operator already has it. {@code divisor} is the right operand, checked for zero unless
     * it is a nonzero constant; {@code mayFuse}: the product is an operand of an addition.
     */
    private String arithmetic(String op, TypeKind type, String a, String b, TreePath divisor, boolean mayFuse) {
      String f = null;
      String rhs = b;
      if (type == TypeKind.INT || type == TypeKind.LONG) {
        String p = type == TypeKind.LONG ? "L" : "I";
        switch (op) {
          case "+" -> f = "add" + p;
          case "-" -> f = "sub" + p;
          case "*" -> f = "mul" + p;
          case "/", "%" -> {
            f = (op.equals("/") ? "div" : "rem") + p;
            if (!nonzeroConstant(divisor)) {
              rhs = (type == TypeKind.LONG ? KernelNames.DIVISOR_LONG : KernelNames.DIVISOR_INT) + "("
                  + KernelNames.CONTEXT + ", " + b + ")";
            }
          }
          default -> { }
        }
      } else if (type == TypeKind.FLOAT || type == TypeKind.DOUBLE) {
        String p = type == TypeKind.DOUBLE ? "d" : "f";
        if (op.equals("%")) {
          f = p + "rem";
        } else if (op.equals("*") && mayFuse) {
          f = p + "mul";
        }
      }
      return f == null ? null : KernelNames.ARITH + "." + f + "(" + a + ", " + rhs + ")";
    }

    /** {@code a >>> n}, a of kind {@code l} promoted to int or long; Java keeps the count's low bits only. */
    private String unsignedShift(TypeKind l, String a, TypeKind r, String n) {
      return KernelNames.ARITH + (l == TypeKind.LONG ? ".ushrL(" : ".ushrI(") + a + ", "
          + (r == TypeKind.LONG ? "(int) (" + n + ")" : n) + ")";
    }

    /**
     * A comparison as a call, or null: an ordered one of floating values (under a {@code !}), or any
     * of long values (always).
     */
    private String comparison(Tree.Kind op, TypeKind type, String a, String b) {
      if (type != TypeKind.FLOAT && type != TypeKind.DOUBLE && type != TypeKind.LONG) {
        return null;
      }
      String f = switch (op) {
        case LESS_THAN -> "lt";
        case LESS_THAN_EQUAL -> "le";
        case GREATER_THAN -> "gt";
        case GREATER_THAN_EQUAL -> "ge";
        // Aparapi turns a long == into a subtraction too
        case EQUAL_TO -> type == TypeKind.LONG ? "eq" : null;
        case NOT_EQUAL_TO -> type == TypeKind.LONG ? "ne" : null;
        default -> null;
      };
      String suffix = type == TypeKind.DOUBLE ? "D" : type == TypeKind.FLOAT ? "F" : "L";
      return f == null ? null : KernelNames.ARITH + "." + f + suffix + "(" + a + ", " + b + ")";
    }

    /** Whether the product at {@code path} is an operand of an addition or subtraction, which OpenCL may fuse. */
    private boolean mayFuse(TreePath path) {
      TreePath p = path.getParentPath();
      while (p != null && (p.getLeaf().getKind() == Tree.Kind.PARENTHESIZED || p.getLeaf().getKind() == Tree.Kind.UNARY_MINUS
          || p.getLeaf().getKind() == Tree.Kind.UNARY_PLUS)) {
        p = p.getParentPath();
      }
      if (p == null) {
        return false;
      }
      return switch (p.getLeaf().getKind()) {
        case PLUS, MINUS, PLUS_ASSIGNMENT, MINUS_ASSIGNMENT -> true;
        default -> false;
      };
    }

    /** Whether {@code p} is a constant integer other than zero (a literal or a constant field). */
    private boolean nonzeroConstant(TreePath p) {
      Tree t = p.getLeaf();
      while (t instanceof ParenthesizedTree pt) {
        p = child(p, pt.getExpression());
        t = p.getLeaf();
      }
      Object value = null;
      if (t instanceof LiteralTree l) {
        value = l.getValue();
      } else if (t instanceof IdentifierTree || t instanceof MemberSelectTree) {
        Element e = trees.getElement(p);
        if (e instanceof VariableElement v && v.getModifiers().contains(Modifier.STATIC)) {
          value = v.getConstantValue();
        }
      }
      return value instanceof Integer i ? i != 0 : value instanceof Long l && l != 0;
    }

    /** {@code e} of kind {@code from} converted to {@code to} as Java does, or null where a C cast does it. */
    private String convert(TypeKind from, TypeKind to, String e) {
      boolean floating = from == TypeKind.FLOAT || from == TypeKind.DOUBLE;
      if (!floating) {
        return null;
      }
      return switch (to) {
        case INT -> KernelNames.ARITH + ".d2i(" + e + ")";
        case LONG -> KernelNames.ARITH + ".d2l(" + e + ")";
        // Java narrows a floating value to byte or short through int
        case SHORT, BYTE -> "(" + to.name().toLowerCase(java.util.Locale.ROOT) + ") " + KernelNames.ARITH + ".d2i(" + e + ")";
        default -> null;
      };
    }

    /**
     * {@code v op= e}: Java's {@code v = (T) (v op e)}. Rewritten where the operation or the narrowing
     * differs in OpenCL C; {@code v} is a local, a field slot or an array element, read twice.
     */
    private String compound(TreePath path, CompoundAssignmentTree c) {
      TreePath var = child(path, c.getVariable());
      TreePath value = child(path, c.getExpression());
      String target = expr(var);
      String rhs = expr(value);
      String op = operator(path.getLeaf().getKind());
      TypeKind lhs = kind(var);
      TypeKind r = kind(value);
      if (lhs != null && r != null && !op.equals("<<") && !op.equals(">>") && !op.equals(">>>")) {
        TypeKind type = promote(lhs, r);
        String computed = arithmetic(op, type, target, rhs, value, false);
        String converted = convert(type, lhs, computed == null ? target + " " + op + " " + rhs : computed);
        if (converted != null) {
          return target + " = " + converted;
        }
        if (computed != null) {
          return target + " = " + (type == lhs ? computed : "(" + lhs.name().toLowerCase(java.util.Locale.ROOT) + ") "
              + computed);
        }
      }
      if (op.equals(">>>") && lhs != null && r != null) {
        String shifted = unsignedShift(lhs, target, r, rhs);
        return target + " = " + (lhs == TypeKind.LONG || lhs == TypeKind.INT ? shifted
            : "(" + lhs.name().toLowerCase(java.util.Locale.ROOT) + ") " + shifted);
      }
      return target + " " + op + "= " + rhs;
    }

    /**
     * {@code -e}, {@code ++e}, {@code e--} ... on an int or long, wrapping; null to keep OpenCL's operator
     * (a negated literal). An increment as a statement is {@code e = e + 1}; in an expression, an
     * assignment whose value is the new one (prefix) or the new one less the step (postfix).
     */
    private String wrapping(TreePath path, UnaryTree u, TypeKind k, String e) {
      String p = k == TypeKind.LONG ? "L(" : "I(";
      String add = KernelNames.ARITH + ".add" + p;
      String sub = KernelNames.ARITH + ".sub" + p;
      String one = k == TypeKind.LONG ? "1L" : "1";
      switch (u.getKind()) {
        case UNARY_MINUS:
          return u.getExpression() instanceof LiteralTree ? null : KernelNames.ARITH + ".neg" + p + e + ")";
        case PREFIX_INCREMENT:
        case PREFIX_DECREMENT:
        case POSTFIX_INCREMENT:
        case POSTFIX_DECREMENT: {
          boolean up = u.getKind() == Tree.Kind.PREFIX_INCREMENT || u.getKind() == Tree.Kind.POSTFIX_INCREMENT;
          String next = e + " = " + (up ? add : sub) + e + ", " + one + ")";
          Tree.Kind parent = path.getParentPath().getLeaf().getKind();
          if (parent == Tree.Kind.EXPRESSION_STATEMENT || parent == Tree.Kind.FOR_LOOP) {
            return next;
          }
          if (u.getKind() == Tree.Kind.PREFIX_INCREMENT || u.getKind() == Tree.Kind.PREFIX_DECREMENT) {
            return "(" + next + ")";
          }
          return (up ? sub : add) + "(" + next + "), " + one + ")";
        }
        default:
          return null;
      }
    }

    /** A {@code java.lang.Math} call: OpenCL's built-in where it means the same, else Java's rule. */
    private String math(ExecutableElement m, List<String> args) {
      String name = m.getSimpleName().toString();
      TypeKind p = m.getParameters().isEmpty() ? null : m.getParameters().get(0).asType().getKind();
      boolean floating = p == TypeKind.FLOAT || p == TypeKind.DOUBLE;
      String prefix = p == TypeKind.DOUBLE ? "d" : "f";
      String call = switch (name) {
        case "round" -> KernelNames.ARITH + (p == TypeKind.FLOAT ? ".roundF" : ".roundD");
        case "max", "min" -> KernelNames.ARITH + "." + (floating ? prefix + name : name + (p == TypeKind.LONG ? "L" : "I"));
        case "pow" -> KernelNames.POW;
        case "atan2" -> KernelNames.ATAN2;
        case "IEEEremainder" -> KernelNames.IEEE_REMAINDER;
        case "toDegrees", "toRadians", "rint", "floor", "ceil" -> KernelNames.ARITH + "." + name + "D";
        case "abs" -> p == TypeKind.INT || p == TypeKind.LONG ? KernelNames.ARITH + (p == TypeKind.INT ? ".absI" : ".absL") : null;
        default -> null;
      };
      return (call == null ? "Math." + name : call) + "(" + String.join(", ", args) + ")";
    }

    private String identifier(TreePath path, IdentifierTree t) {
      Element e = trees.getElement(path);
      String name = t.getName().toString();
      if (e == null) {
        return name;
      }
      Role role = roles.get(e);
      if (role != null) {
        return roleRef(path, e, role, name);
      }
      if (e.getKind() == ElementKind.FIELD) {
        return staticField(path, (VariableElement) e);
      }
      if (name.equals("this")) {
        problem(path, Message.GPU_OBJECT, "this", e.asType());
        return "0";
      }
      return name;
    }

    private String roleRef(TreePath path, Element e, Role role, String name) {
      switch (role) {
        case ITEM:
          return name;
        case PARAM_FIELD: {
          FieldModel f = fields.get(e);
          return KernelNames.param(stage.name(), f.name());
        }
        case REDUCE_FIELD:
          return handler
              ? KernelNames.reduceSlot(stage.name(), fields.get(e).name()) + "[" + KernelNames.G + "]"
              : KernelNames.reducePartial(stage.name(), fields.get(e).name()) + "[" + KernelNames.LANE + "]";
        case STATE_FIELD:
          // one copy per work-group (pipeline instance); only handlers, on lane 0, write it
          return KernelNames.state(stage.name(), fields.get(e).name()) + "[" + KernelNames.G + "]";
        default:
          problem(path, Message.GPU_OBJECT, name, e.asType());
          return "0";
      }
    }

    /** A static field: a compile-time constant becomes its literal. */
    private String staticField(TreePath path, VariableElement f) {
      Object value = f.getConstantValue();
      if (f.getModifiers().contains(Modifier.STATIC) && value != null && !(value instanceof String)) {
        read.add((TypeElement) f.getEnclosingElement());
        return literal(value);
      }
      if (!f.getModifiers().contains(Modifier.STATIC)) {
        problem(path, Message.GPU_OBJECT, f.getSimpleName(), f.asType());
      } else {
        problem(path, Message.GPU_STATIC_FIELD, f.getEnclosingElement().getSimpleName() + "." + f.getSimpleName());
      }
      return "0";
    }

    private String memberSelect(TreePath path, MemberSelectTree t) {
      Element e = trees.getElement(path);
      if (e != null && roles.containsKey(e)) {
        // this.field
        return roleRef(path, e, roles.get(e), t.getIdentifier().toString());
      }
      if (t.getIdentifier().contentEquals("length")) {
        TypeMirror target = trees.getTypeMirror(child(path, t.getExpression()));
        if (target != null && target.getKind() == TypeKind.ARRAY) {
          return arrayLength(child(path, t.getExpression()));
        }
      }
      if (e != null && e.getKind() == ElementKind.FIELD) {
        return staticField(path, (VariableElement) e);
      }
      problem(path, Message.GPU_OBJECT, t.toString(), e == null ? "?" : e.asType());
      return "0";
    }

    /**
     * The length of an array operand: for a {@code @Param} array, the kernel field holding its true
     * length (the device copy of an empty array has one element, as OpenCL has no empty buffers); for
     * an array parameter of a helper, the parameter that follows it (Aparapi has no {@code .length} of
     * a parameter).
     */
    private String arrayLength(TreePath path) {
      Element e = trees.getElement(path);
      if (e != null && roles.get(e) == Role.PARAM_FIELD && fields.get(e).array()) {
        return KernelNames.paramLength(stage.name(), fields.get(e).name());
      }
      if (e != null && e.getKind() == ElementKind.PARAMETER && calling.size() > 0) {
        return KernelNames.length(e.getSimpleName().toString());
      }
      return arrayRef(path) + ".length";
    }

    /** An array operand: only {@code @Param} arrays exist in a kernel. */
    private String arrayRef(TreePath path) {
      Element e = trees.getElement(path);
      if (e != null && roles.get(e) == Role.PARAM_FIELD && fields.get(e).array()) {
        return KernelNames.param(stage.name(), fields.get(e).name());
      }
      if (e != null && e.getKind() == ElementKind.PARAMETER && calling.size() > 0) {
        return e.getSimpleName().toString(); // an array parameter of a helper
      }
      problem(path, Message.GPU_OBJECT, path.getLeaf().toString(), e == null ? "?" : e.asType());
      return "0";
    }

    private String invocation(TreePath path, MethodInvocationTree t) {
      ExpressionTree select = t.getMethodSelect();
      Element callee = trees.getElement(child(path, select));
      if (select instanceof MemberSelectTree ms) {
        TreePath target = child(child(path, select), ms.getExpression());
        Element owner = trees.getElement(target);
        Role role = owner == null ? null : roles.get(owner);
        if (role == Role.CHANNEL && ms.getIdentifier().contentEquals("push") && t.getArguments().size() == 1) {
          return push(path, channels.get(owner), child(path, t.getArguments().get(0)));
        }
        if (role == Role.RAISE && ms.getIdentifier().contentEquals("raise") && t.getArguments().size() == 1) {
          ItemType tag = itemTypes.get(owner);
          return values(KernelNames.raise(stage.name(), tag.simpleName()) + "(" + KernelNames.G + ", " + KernelNames.LANE
              + ", " + KernelNames.SLOT + ", ", tag, child(path, t.getArguments().get(0)));
        }
        if (role == Role.RECORD_ITEM && t.getArguments().isEmpty()
            && itemTypes.get(owner).components().stream().anyMatch(c -> ms.getIdentifier().contentEquals(c.name()))) {
          return KernelNames.component(owner.getSimpleName().toString(), ms.getIdentifier().toString());
        }
      }
      if (!(callee instanceof ExecutableElement m) || !m.getModifiers().contains(Modifier.STATIC)) {
        problem(path, Message.GPU_CALL, t.getMethodSelect().toString() + "(...)");
        return "0";
      }
      List<String> args = new ArrayList<>();
      for (ExpressionTree a : t.getArguments()) {
        int reported = problems.size();
        args.add(expr(child(path, a)));
        TypeMirror at = trees.getTypeMirror(child(path, a));
        if (at != null && at.getKind() == TypeKind.ARRAY) {
          // a helper takes each array's length after it (unless the array itself was refused already)
          args.add(problems.size() > reported ? "0" : arrayLength(child(path, a)));
        }
      }
      TypeElement owner = (TypeElement) m.getEnclosingElement();
      String ownerName = owner.getQualifiedName().toString();
      if (ownerName.equals("java.lang.Math")) {
        if (!MATH.contains(m.getSimpleName().toString())) {
          problem(path, Message.GPU_CALL, "Math." + m.getSimpleName() + " (OpenCL has no built-in for it)");
          return "0";
        }
        return math(m, args);
      }
      args.add(0, KernelNames.CONTEXT);
      return KernelNames.helper(ownerName, m.getSimpleName().toString()) + helper(path, m) + "(" + String.join(", ", args) + ")";
    }

    /** Copies a static helper into the kernel (translated by the same rules); returns "" or a problem marker. */
    private String helper(TreePath at, ExecutableElement m) {
      String key = ((TypeElement) m.getEnclosingElement()).getQualifiedName() + "." + m.getSimpleName();
      if (calling.contains(m)) {
        problem(at, Message.GPU_RECURSION, key + "(...)");
        return "";
      }
      if (helpers.containsKey(key)) {
        return "";
      }
      TreePath mp = trees.getPath(m);
      if (mp == null) {
        problem(at, Message.GPU_CALL, key + "(...) (compiled elsewhere: its source is not available to translate)");
        return "";
      }
      if (m.isVarArgs()) {
        problem(at, Message.GPU_VARARGS, key + "(...)");
        return "";
      }
      long sameName = ElementFilter.methodsIn(m.getEnclosingElement().getEnclosedElements()).stream()
          .filter(o -> o.getSimpleName().equals(m.getSimpleName())).count();
      if (sameName > 1) {
        problem(at, Message.GPU_OVERLOAD, key);
        return "";
      }
      read.add((TypeElement) m.getEnclosingElement());
      MethodTree tree = (MethodTree) mp.getLeaf();
      StringBuilder b = new StringBuilder();
      ExecutableElement saved = current;
      calling.add(m);
      current = m;
      helpers.put(key, null); // reserve the name while translating (recursion is caught above)
      String ret;
      // a helper's checks report the calling lane's group, stage and item
      List<String> types = new ArrayList<>(List.of("int", "int", "int"));
      List<String> names = new ArrayList<>(List.of(KernelNames.G, KernelNames.STAGE, KernelNames.SLOT));
      try {
        ret = m.getReturnType().getKind() == TypeKind.VOID ? "void" : primitiveName(mp, m.getReturnType());
        for (VariableElement p : m.getParameters()) {
          TypeMirror pt = p.asType();
          boolean primitiveArray = pt.getKind() == TypeKind.ARRAY
              && ((javax.lang.model.type.ArrayType) pt).getComponentType().getKind().isPrimitive()
              && ((javax.lang.model.type.ArrayType) pt).getComponentType().getKind() != TypeKind.CHAR;
          types.add(primitiveArray ? pt.toString() : primitiveName(mp, pt));
          names.add(p.getSimpleName().toString());
          if (primitiveArray) {
            types.add("int");
            names.add(KernelNames.length(p.getSimpleName().toString()));
          }
        }
        for (StatementTree s : tree.getBody().getStatements()) {
          statement(new TreePath(new TreePath(mp, tree.getBody()), s), b, 0);
        }
      } finally {
        calling.remove(m);
        current = saved;
      }
      helpers.put(key, new Helper(KernelNames.helper(((TypeElement) m.getEnclosingElement()).getQualifiedName().toString(),
          m.getSimpleName().toString()), key, ret, types, names, b.toString()));
      return "";
    }

    private String primitiveName(TreePath at, TypeMirror type) {
      if (!checkPrimitive(at, type.toString(), type)) {
        return "int";
      }
      return type.getKind().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** {@code ch.push(value)}: the staging call, with a record's components as separate arguments. */
    private String push(TreePath path, ChannelModel channel, TreePath arg) {
      return values(KernelNames.push(stage.name(), channel.name()) + "(" + KernelNames.G + ", " + KernelNames.LANE
          + ", " + KernelNames.SLOT + ", ", channel.type(), arg);
    }

    /** {@code call} completed with the value {@code arg} of {@code type}: one argument per record component. */
    private String values(String call, ItemType type, TreePath arg) {
      if (!type.isRecord()) {
        return call + expr(arg) + ")";
      }
      Tree a = arg.getLeaf();
      while (a instanceof ParenthesizedTree p) {
        arg = child(arg, p.getExpression());
        a = arg.getLeaf();
      }
      List<String> parts = new ArrayList<>();
      if (a instanceof NewClassTree n && hasOwnConstructor(type)) {
        problem(arg, Message.GPU_CONSTRUCT, "new " + type.simpleName() + "(...)",
            type.simpleName() + " declares its own constructor, which the kernel would not run: push a record without one");
        return "0";
      }
      if (a instanceof NewClassTree n && n.getClassBody() == null && n.getArguments().size() == type.components().size()) {
        for (ExpressionTree e : n.getArguments()) {
          parts.add(expr(child(arg, e)));
        }
      } else if (a instanceof IdentifierTree id && roles.get(trees.getElement(arg)) == Role.RECORD_ITEM) {
        for (ItemType.Component c : type.components()) {
          parts.add(KernelNames.component(id.getName().toString(), c.name()));
        }
      } else {
        problem(arg, Message.GPU_OBJECT, a.toString(), type.simpleName()
            + " (push 'new " + type.simpleName() + "(...)' or the input item itself)");
        return "0";
      }
      return call + String.join(", ", parts) + ")";
    }
  }

  /** A literal in Java source form; char values become ints. */
  static String literal(Object value) {
    if (value instanceof Character c) {
      return String.valueOf((int) c);
    }
    if (value instanceof Long l) {
      return l + "L";
    }
    if (value instanceof Float f) {
      if (f.isNaN()) {
        return "(0.0f / 0.0f)";
      }
      if (f.isInfinite()) {
        return f > 0 ? "(1.0f / 0.0f)" : "(-1.0f / 0.0f)";
      }
      return f + "f";
    }
    if (value instanceof Double d) {
      if (d.isNaN()) {
        return "(0.0 / 0.0)";
      }
      if (d.isInfinite()) {
        return d > 0 ? "(1.0 / 0.0)" : "(-1.0 / 0.0)";
      }
      String s = d.toString();
      return s.contains(".") || s.contains("E") ? s : s + ".0";
    }
    if (value instanceof Integer i && i == Integer.MIN_VALUE) {
      return "(-2147483647 - 1)";
    }
    if (value instanceof Byte || value instanceof Short) {
      return "(" + (value instanceof Byte ? "byte" : "short") + ") " + value;
    }
    return String.valueOf(value);
  }

  /** Whether record {@code type} declares a canonical (or compact) constructor of its own. */
  private boolean hasOwnConstructor(ItemType type) {
    for (ExecutableElement c : ElementFilter.constructorsIn(type.element().getEnclosedElements())) {
      if (elements.getOrigin(c) == javax.lang.model.util.Elements.Origin.EXPLICIT) {
        return true;
      }
    }
    return false;
  }

  /** Java's binary numeric promotion (booleans stay as they are). */
  private static TypeKind promote(TypeKind a, TypeKind b) {
    if (a == TypeKind.BOOLEAN || b == TypeKind.BOOLEAN) {
      return TypeKind.BOOLEAN;
    }
    if (a == TypeKind.DOUBLE || b == TypeKind.DOUBLE) {
      return TypeKind.DOUBLE;
    }
    if (a == TypeKind.FLOAT || b == TypeKind.FLOAT) {
      return TypeKind.FLOAT;
    }
    return a == TypeKind.LONG || b == TypeKind.LONG ? TypeKind.LONG : TypeKind.INT;
  }

  private static String operator(Tree.Kind kind) {
    return switch (kind) {
      case PLUS, PLUS_ASSIGNMENT -> "+";
      case MINUS, MINUS_ASSIGNMENT -> "-";
      case MULTIPLY, MULTIPLY_ASSIGNMENT -> "*";
      case DIVIDE, DIVIDE_ASSIGNMENT -> "/";
      case REMAINDER, REMAINDER_ASSIGNMENT -> "%";
      case LEFT_SHIFT, LEFT_SHIFT_ASSIGNMENT -> "<<";
      case RIGHT_SHIFT, RIGHT_SHIFT_ASSIGNMENT -> ">>";
      case UNSIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> ">>>";
      case AND, AND_ASSIGNMENT -> "&";
      case OR, OR_ASSIGNMENT -> "|";
      case XOR, XOR_ASSIGNMENT -> "^";
      case CONDITIONAL_AND -> "&&";
      case CONDITIONAL_OR -> "||";
      case LESS_THAN -> "<";
      case GREATER_THAN -> ">";
      case LESS_THAN_EQUAL -> "<=";
      case GREATER_THAN_EQUAL -> ">=";
      case EQUAL_TO -> "==";
      case NOT_EQUAL_TO -> "!=";
      default -> throw new IllegalArgumentException("not an operator: " + kind);
    };
  }

  private static String describe(Tree t) {
    return t.getKind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }
}
