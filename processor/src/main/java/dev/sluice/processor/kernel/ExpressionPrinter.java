package dev.sluice.processor.kernel;

import com.squareup.javapoet.CodeBlock;
import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.ParamTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * The expressions of a kernel lane method, and what a body's names refer to: the item and the
 * {@code @Parent} (a record's components become locals), channels, {@code @Param}, {@code @Reduce}
 * and {@code @State} fields, constants, {@code Math} and static helpers (whose bodies are printed too,
 * as methods of their own). Java's arithmetic is kept where OpenCL C's differs ({@link ArithmeticCalls}).
 * {@link StatementPrinter} prints the statements around them; one printer prints one method of the
 * node ({@link BodyTranslator}).
 */
abstract class ExpressionPrinter {
  final Trees trees;
  final Elements elements;
  /** What a name in the body refers to, beyond locals. */
  enum Role { ITEM, RECORD_ITEM, CHANNEL, RAISE, PARAM_FIELD, REDUCE_FIELD, STATE_FIELD }
  final StageModel stage;
  /** Printing a method lane 0 runs alone (a signal handler, an enumerator's count). */
  private final boolean oneLane;
  final ExecutableElement method;
  final GpuSubset subset;
  private final Map<String, BodyTranslator.Helper> helpers;
  final Set<TypeElement> read;
  private final Map<Element, Role> roles = new HashMap<>();
  private final Map<Element, ChannelModel> channels = new HashMap<>();
  private final Map<Element, FieldModel> fields = new HashMap<>();
  /** The item and the parent: their types (a record's components become locals). */
  private final Map<Element, ItemType> itemTypes = new HashMap<>();
  /** Helpers being translated, to find recursion. */
  private final List<ExecutableElement> calling = new ArrayList<>();
  /** The method whose body is being printed (run, or a helper): diagnostics are reported on it. */
  ExecutableElement current;
  /** Operands of {@code !} being printed: their floating comparisons become calls (see JavaArithmetic). */
  int negated;
  /** The innermost loop being printed: the flags its {@code break} and {@code continue} set. */
  LoopExits.Flags loop;
  /** Loops with flags so far, in the method being printed: their flags' numbers. */
  int loopCount;
  /** The kernel names of the locals declared so far in the method being printed. */
  Set<String> declared = new HashSet<>();
  /** Whether the body names something javac could not resolve (the user's compile error). */
  boolean unresolved;
  /** Each local's kernel name: {@link KernelNames#user}, or {@link KernelNames#sibling} where an earlier block took it. */
  final Map<Element, String> localNames = new HashMap<>();
  /** Whether each expression seen is a constant expression (see {@link #constant}). */
  private final Map<Tree, Boolean> constants = new IdentityHashMap<>();

  ExpressionPrinter(Trees trees, Elements elements, StageModel stage, ExecutableElement method, List<RunParam> params,
      boolean oneLane, GpuSubset subset, Map<String, BodyTranslator.Helper> helpers, Set<TypeElement> read) {
    this.trees = trees;
    this.elements = elements;
    this.stage = stage;
    this.oneLane = oneLane;
    this.method = method;
    this.current = method;
    this.subset = subset;
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

  TreePath child(TreePath parent, Tree tree) {
    return new TreePath(parent, tree);
  }

  /** The value of a constant expression (javac's own rules, {@link ConstantFolder}), or null. */
  Object constantValue(TreePath path) {
    return path.getLeaf() instanceof ExpressionTree x ? ConstantFolder.value(x, e -> {
      TreePath at = TreePath.getPath(path.getCompilationUnit(), e);
      return at != null && trees.getElement(at) instanceof VariableElement ve ? ve.getConstantValue() : null;
    }) : null;
  }

  /** Prints {@code list}, the statements of a block whose path is {@code parent}. */
  abstract void statements(TreePath parent, List<? extends StatementTree> list, CodeBlock.Builder out);


  /**
   * How deep an expression may nest. The kernel spells Java's arithmetic as calls
   * ({@link ArithmeticCalls}), and javac attributes nested calls on its stack: a sum of 200 terms,
   * which javac compiles as written, ran it out of stack in the kernel ("The system is out of
   * resources", outside-in helper-143; 160 passed). Refused below that, with a way out.
   */
  static final int MAX_DEPTH = 100;

  /** The nesting of the expression being printed; whether the method being printed passed {@link #MAX_DEPTH}. */
  private int depth;
  private boolean tooDeep;

  String expr(TreePath path) {
    if (depth >= MAX_DEPTH) {
      if (!tooDeep) {
        tooDeep = true;
        subset.refuse(path, current, Message.GPU_CONSTRUCT, "an expression nested more than " + MAX_DEPTH + " deep",
            "the kernel writes Java's arithmetic as nested calls, which javac cannot compile that deep: add the"
                + " terms up in parts, in locals or a loop");
      }
      return "0";
    }
    depth++;
    try {
      return printed(path);
    } finally {
      depth--;
    }
  }

  private String printed(TreePath path) {
    Tree t = path.getLeaf();
    if (subset.refusedExpression(path, current)) {
      return "0";
    }
    if (trees.getTypeMirror(path) == null && t instanceof ExpressionTree) {
      // a part of a constant expression javac folded and left untyped: its value
      Object v = constantValue(path);
      if (v != null) {
        // a parenthesized one keeps its parentheses: an if's or a loop's condition is printed in them
        return t.getKind() == Tree.Kind.PARENTHESIZED ? "(" + JavaSpelling.literal(v) + ")" : JavaSpelling.literal(v);
      }
    }
    if (t instanceof ExpressionTree && constant(path)) {
      // a constant expression worth Integer.MIN_VALUE or Long.MIN_VALUE (~Long.MAX_VALUE, -2147483647 - 1)
      // would reach the kernel as the one constant javac folds it to, which OpenCL C reads wrong: a call
      Object v = constantValue(path);
      if ((v instanceof Integer i && i == Integer.MIN_VALUE) || (v instanceof Long l && l == Long.MIN_VALUE)) {
        return JavaSpelling.literal(v);
      }
    }
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
        if (isArray(child(path, a.getVariable()))) {
          // a helper's array parameter: the kernel passes its length beside it, which the assignment
          // left behind (outside-in helper-143: the old length, and reads past the new array)
          subset.refuse(path, current, Message.GPU_CONSTRUCT, "assigning the array '" + a.getVariable() + "'",
              "a kernel names each array by the @Param or parameter it came in: choose between the values,"
                  + " c ? alt[i] : a[i], or call the helper with the array it should read");
          return "0";
        }
        return expr(child(path, a.getVariable())) + " = " + expr(child(path, a.getExpression()));
      }
      case CONDITIONAL_EXPRESSION: {
        ConditionalExpressionTree c = (ConditionalExpressionTree) t;
        if (kind(path) == TypeKind.BOOLEAN) {
          // javac compiles a boolean ?: in a condition (if, while, &&, !, another ?:) to jumps alone,
          // which Aparapi cannot turn back into C ("goto" or "unable to find end of while extent");
          // an int ?: of 1 and 0, compared with 0, it reads in every place (outside-in helper-113)
          return "((" + expr(child(path, c.getCondition())) + " ? " + asInt(child(path, c.getTrueExpression()))
              + " : " + asInt(child(path, c.getFalseExpression())) + ") != 0)";
        }
        return expr(child(path, c.getCondition())) + " ? " + expr(child(path, c.getTrueExpression())) + " : "
            + expr(child(path, c.getFalseExpression()));
      }
      case TYPE_CAST: {
        TypeCastTree c = (TypeCastTree) t;
        TypeMirror type = trees.getTypeMirror(child(path, c.getType()));
        if (type == null) {
          // not a constant (expr folds those): nothing to print it from
          subset.unknownExpression(path, current);
          return "0";
        }
        if (!subset.primitive(path, current, "(" + c.getType() + ")", type)) {
          return "0";
        }
        TypeKind from = kind(child(path, c.getExpression()));
        String operand = expr(child(path, c.getExpression()));
        if (from == type.getKind()) {
          // a cast to the operand's own type changes nothing; copied, it would repeat the user's
          // -Xlint:cast warning on the generated kernel, a line the user cannot change
          return "(" + operand + ")";
        }
        String converted = from == null ? null : ArithmeticCalls.convert(from, type.getKind(), operand);
        return converted != null ? converted
            : "(" + type.getKind().name().toLowerCase(java.util.Locale.ROOT) + ") " + operand;
      }
      case INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL, DOUBLE_LITERAL, BOOLEAN_LITERAL, CHAR_LITERAL:
        return JavaSpelling.literal(((LiteralTree) t).getValue());
      default:
        break;
    }
    if (t instanceof CompoundAssignmentTree c) {
      return compound(path, c);
    }
    if (t instanceof BinaryTree b && (t.getKind() == Tree.Kind.EQUAL_TO || t.getKind() == Tree.Kind.NOT_EQUAL_TO)
        && (b.getLeftOperand().getKind() == Tree.Kind.NULL_LITERAL
            || b.getRightOperand().getKind() == Tree.Kind.NULL_LITERAL)) {
      // one error for the test, not one for each operand (outside-in helper-91: `p == null` drew two)
      ExpressionTree other = b.getLeftOperand().getKind() == Tree.Kind.NULL_LITERAL ? b.getRightOperand()
          : b.getLeftOperand();
      TypeMirror type = trees.getTypeMirror(child(path, other));
      subset.refuse(path, current, Message.GPU_CONSTRUCT, "comparing with null ('" + t + "')",
          type != null && type.getKind() == TypeKind.ARRAY
              ? "a @Param array must not be null on OpenCL, where every run copies it to the device: check it in"
                  + " the node's constructor"
              : "items, parents and records in node code are never null, on any back end: leave the test out");
      return "false";
    }
    if (t instanceof BinaryTree b && (t.getKind() == Tree.Kind.EQUAL_TO || t.getKind() == Tree.Kind.NOT_EQUAL_TO)
        && isArray(child(path, b.getLeftOperand()))) {
      // each @Param array is copied to a buffer of its own: two fields holding one array are one on the
      // CPU and two on OpenCL (outside-in helper-143)
      subset.refuse(path, current, Message.GPU_CONSTRUCT, "comparing arrays ('" + t + "')",
          "each @Param array is copied to a buffer of its own on OpenCL, so two fields holding one array are not"
              + " one there: compare what they hold, or pass what the test should say as a @Param");
      return "false";
    }
    if (t instanceof BinaryTree b) {
      TypeMirror type = trees.getTypeMirror(path);
      if (type != null && !type.getKind().isPrimitive()) {
        subset.refuse(path, current, Message.GPU_OBJECT, t.toString(), type);
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
      String compare = l != null && r != null && (negated > 0 || ArithmeticCalls.promote(l, r) == TypeKind.LONG)
          ? ArithmeticCalls.comparison(t.getKind(), ArithmeticCalls.promote(l, r), left, right) : null;
      if (compare != null) {
        return compare;
      }
      if (t.getKind() == Tree.Kind.UNSIGNED_RIGHT_SHIFT && l != null) {
        return ArithmeticCalls.unsignedShift(l, left, r, right);
      }
      String java = l == null || r == null ? null
          : ArithmeticCalls.arithmetic(JavaSpelling.operator(t.getKind()), ArithmeticCalls.promote(l, r), left, right,
              !nonzeroConstant(child(path, b.getRightOperand())), mayFuse(path));
      return java != null ? java : left + " " + JavaSpelling.operator(t.getKind()) + " " + right;
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
      if (k == TypeKind.BYTE || k == TypeKind.SHORT) {
        // an increment is a statement: b++ is b = (byte) (b + 1), which wraps as Java's does and is an
        // assignment that a for loop's update with a break can guard (guardedUpdates)
        String type = k == TypeKind.BYTE ? "byte" : "short";
        switch (t.getKind()) {
          case POSTFIX_INCREMENT, PREFIX_INCREMENT -> {
            return e + " = (" + type + ") (" + e + " + 1)";
          }
          case POSTFIX_DECREMENT, PREFIX_DECREMENT -> {
            return e + " = (" + type + ") (" + e + " - 1)";
          }
          default -> { }
        }
      }
      if (k == TypeKind.FLOAT || k == TypeKind.DOUBLE) {
        // an increment is a statement (GpuSubset refuses one whose value is used): t++ is t = t + 1
        String one = k == TypeKind.FLOAT ? "1.0f" : "1.0";
        switch (t.getKind()) {
          case POSTFIX_INCREMENT, PREFIX_INCREMENT -> {
            return e + " = " + e + " + " + one;
          }
          case POSTFIX_DECREMENT, PREFIX_DECREMENT -> {
            return e + " = " + e + " - " + one;
          }
          default -> { }
        }
      }
      return switch (t.getKind()) {
        case POSTFIX_INCREMENT -> e + "++";
        case POSTFIX_DECREMENT -> e + "--";
        case PREFIX_INCREMENT -> "++" + e;
        case PREFIX_DECREMENT -> "--" + e;
        // an operand printed with a sign of its own (- -1, + +y) is kept apart: "--1" and "++u_y" are
        // decrements and increments in C and in Java
        case UNARY_MINUS -> "-" + signApart(e);
        case UNARY_PLUS -> "+" + signApart(e);
        case BITWISE_COMPLEMENT -> "~" + e;
        default -> "!" + e;
      };
    }
    subset.unknownExpression(path, current);
    return "0";
  }

  /** {@code e} in parentheses if it starts with a sign, so that a sign before it does not join it. */
  private static String signApart(String e) {
    return e.startsWith("-") || e.startsWith("+") ? "(" + e + ")" : e;
  }

  /**
   * An operand of {@code &&} or {@code ||}: a constant one (JLS 15.29) as a call. javac compiles
   * {@code e || true} and {@code e && false} into a branch to the next instruction (both outcomes
   * are one), whose bytecode Aparapi cannot parse ("non-reducable operand consumer/producer
   * mismatch"); a call is not folded, and the kernel still evaluates {@code e}, as Java does.
   */
  String opaque(TreePath operand, String printed) {
    return constant(operand) ? KernelNames.ARITH + ".opaque(" + printed + ")" : printed;
  }

  /**
   * Whether the expression at {@code p} is a constant expression, which javac folds. Asked at every
   * expression node on the way down, so each answer is kept: linear in the expression's size.
   */
  boolean constant(TreePath p) {
    Boolean known = constants.get(p.getLeaf());
    if (known == null) {
      known = isConstant(p);
      constants.put(p.getLeaf(), known);
    }
    return known;
  }

  private boolean isConstant(TreePath p) {
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

  /** The boolean expression at {@code p} as an int of 1 or 0: a literal as its digit, anything else as {@code (e ? 1 : 0)}. */
  private String asInt(TreePath p) {
    if (p.getLeaf() instanceof LiteralTree l && l.getValue() instanceof Boolean b) {
      return b ? "1" : "0";
    }
    return "(" + expr(p) + " ? 1 : 0)";
  }

  /** The primitive kind of the expression at {@code p}, or null. */
  private boolean isArray(TreePath p) {
    TypeMirror m = trees.getTypeMirror(p);
    return m != null && m.getKind() == TypeKind.ARRAY;
  }

  private TypeKind kind(TreePath p) {
    TypeMirror m = trees.getTypeMirror(p);
    return m == null || !m.getKind().isPrimitive() ? null : m.getKind();
  }

  /**
   * Whether the product at {@code path} is an operand of an addition or subtraction, which OpenCL may
   * fuse: through parentheses, a sign, and a cast (to the product's own type a cast is no operation in
   * C, so {@code (double) (a * b) - c} still fused; expression seed 6013).
   */
  private boolean mayFuse(TreePath path) {
    TreePath p = path.getParentPath();
    while (p != null && (p.getLeaf().getKind() == Tree.Kind.PARENTHESIZED || p.getLeaf().getKind() == Tree.Kind.UNARY_MINUS
        || p.getLeaf().getKind() == Tree.Kind.UNARY_PLUS || p.getLeaf().getKind() == Tree.Kind.TYPE_CAST)) {
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

  /**
   * {@code v op= e}: Java's {@code v = (T) (v op e)}. Rewritten where the operation or the narrowing
   * differs in OpenCL C; {@code v} is a local, a field slot or an array element, read twice.
   */
  private String compound(TreePath path, CompoundAssignmentTree c) {
    TreePath var = child(path, c.getVariable());
    TreePath value = child(path, c.getExpression());
    String target = expr(var);
    String rhs = expr(value);
    String op = JavaSpelling.operator(path.getLeaf().getKind());
    TypeKind lhs = kind(var);
    TypeKind r = kind(value);
    if (lhs != null && r != null && !op.equals("<<") && !op.equals(">>") && !op.equals(">>>")) {
      TypeKind type = ArithmeticCalls.promote(lhs, r);
      String computed = ArithmeticCalls.arithmetic(op, type, target, rhs, !nonzeroConstant(value), false);
      // the right-hand side in parentheses: Java computes target op (rhs) whatever rhs is (m -= i - 0.5,
      // m += c ? a : b), and written out in one expression C would bind the operator to rhs's first term
      String converted = ArithmeticCalls.convert(type, lhs,
          computed == null ? target + " " + op + " (" + rhs + ")" : computed);
      if (converted != null) {
        return target + " = " + converted;
      }
      if (computed != null) {
        return target + " = " + (type == lhs ? computed : "(" + lhs.name().toLowerCase(java.util.Locale.ROOT) + ") "
            + computed);
      }
      if (type == lhs) {
        // OpenCL's operator is Java's here (t += 0.5 on a double): an assignment all the same, which a
        // for loop with a break can guard like any other update
        return target + " = " + target + " " + op + " (" + rhs + ")";
      }
    }
    if (op.equals(">>>") && lhs != null && r != null) {
      String shifted = ArithmeticCalls.unsignedShift(lhs, target, r, rhs);
      return target + " = " + (lhs == TypeKind.LONG || lhs == TypeKind.INT ? shifted
          : "(" + lhs.name().toLowerCase(java.util.Locale.ROOT) + ") " + shifted);
    }
    if (lhs != null) {
      // Java's own definition (JLS 15.26.2), written out as an assignment: the same bytecode as op=, and
      // a for loop's update of this form can be guarded after a break like any other assignment. A
      // shift has its left operand's promoted type, so an int or long needs no cast (javac's -Xlint:cast
      // would call it redundant, and -Werror would fail the user's build on it)
      String assigned = target + " " + op + " (" + rhs + ")";
      boolean same = (op.equals("<<") || op.equals(">>")) && (lhs == TypeKind.INT || lhs == TypeKind.LONG);
      return target + " = " + (same ? assigned : "(" + lhs.name().toLowerCase(java.util.Locale.ROOT) + ") (" + assigned + ")");
    }
    return target + " " + op + "= " + rhs;
  }

  /**
   * {@code -e}, {@code ++e}, {@code e--} ... on an int or long, wrapping; null to keep OpenCL's operator
   * (a negated literal). An increment, always a statement, is {@code e = e + 1}.
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
        // a statement (GpuSubset refuses an increment whose value is used)
        boolean up = u.getKind() == Tree.Kind.PREFIX_INCREMENT || u.getKind() == Tree.Kind.POSTFIX_INCREMENT;
        return e + " = " + (up ? add : sub) + e + ", " + one + ")";
      }
      default:
        return null;
    }
  }


  String identifier(TreePath path, IdentifierTree t) {
    Element e = trees.getElement(path);
    String name = t.getName().toString();
    TypeMirror type = trees.getTypeMirror(path);
    if (e == null || (type != null && type.getKind() == TypeKind.ERROR)) {
      unresolved = true;
      return name;
    }
    Role role = roles.get(e);
    if (role != null) {
      return roleRef(path, e, role, name);
    }
    if (e.getKind() == ElementKind.LOCAL_VARIABLE) {
      return localNames.getOrDefault(e, KernelNames.user(name));
    }
    if (e.getKind() == ElementKind.PARAMETER) {
      return KernelNames.user(name); // a helper's parameter
    }
    if (e.getKind() == ElementKind.FIELD) {
      return staticField(path, (VariableElement) e);
    }
    if (name.equals("this")) {
      subset.refuse(path, current, Message.GPU_OBJECT, "this", e.asType());
      return "0";
    }
    return name;
  }

  private String roleRef(TreePath path, Element e, Role role, String name) {
    switch (role) {
      case ITEM:
        return KernelNames.user(name);
      case PARAM_FIELD: {
        FieldModel f = fields.get(e);
        return KernelNames.paramRead(f.element().asType(), KernelNames.param(stage.name(), f.name()));
      }
      case REDUCE_FIELD:
        return oneLane
            ? KernelNames.reduceSlot(stage.name(), fields.get(e).name()) + "[" + KernelNames.G + "]"
            : KernelNames.reducePartial(stage.name(), fields.get(e).name()) + "[" + KernelNames.LANE + "]";
      case STATE_FIELD:
        // one copy per work-group (pipeline instance); only handlers, on lane 0, write it
        return KernelNames.state(stage.name(), fields.get(e).name()) + "[" + KernelNames.G + "]";
      case CHANNEL:
      case RAISE:
        // push and raise are translated where called: what is left here is a use of the channel itself
        if (path.getParentPath().getLeaf() instanceof MethodInvocationTree call) {
          subset.refuse(path, current, Message.GPU_CHANNEL_PASSED, name,
              (role == Role.CHANNEL ? "an output channel (" : "a signal channel (") + e.asType() + ")",
              "'" + call.getMethodSelect() + "(...)'", current.getSimpleName());
          return "0";
        }
        subset.refuse(path, current, Message.GPU_OBJECT, name, e.asType());
        return "0";
      default:
        subset.refuse(path, current, Message.GPU_OBJECT, name, e.asType());
        return "0";
    }
  }

  /** A static field: a compile-time constant becomes its literal. */
  private String staticField(TreePath path, VariableElement f) {
    Object value = f.getConstantValue();
    if (f.getModifiers().contains(Modifier.STATIC) && value != null && !(value instanceof String)) {
      read.add((TypeElement) f.getEnclosingElement());
      return JavaSpelling.literal(value);
    }
    subset.field(path, current, f, f.getModifiers().contains(Modifier.STATIC));
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
    subset.refuse(path, current, Message.GPU_OBJECT, t.toString(), e == null ? "?" : e.asType());
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
      return KernelNames.user(e.getSimpleName().toString()); // an array parameter of a helper
    }
    if (e != null && e.getKind() == ElementKind.FIELD) {
      // a static table or an instance field that is no @Param: SLU611 or SLU610, each with its fix
      subset.field(path, current, (VariableElement) e, e.getModifiers().contains(Modifier.STATIC));
      return "0";
    }
    if (e != null && e.getKind() == ElementKind.LOCAL_VARIABLE && !e.asType().getKind().isPrimitive()) {
      return "0"; // its declaration was refused (local()): one error for one local, not one per use
    }
    if (e != null && (e.getKind() == ElementKind.LOCAL_VARIABLE || e.getKind() == ElementKind.PARAMETER)) {
      subset.primitive(path, current, path.getLeaf().toString(), e.asType());
      return "0";
    }
    if (path.getLeaf().getKind() == Tree.Kind.NEW_ARRAY) {
      // new int[3].length: an allocation, said as one (it read "'new int[3]' has type ?")
      subset.refuse(path, current, Message.GPU_ALLOCATION, path.getLeaf().toString());
      return "0";
    }
    TypeMirror type = e != null ? e.asType() : trees.getTypeMirror(path);
    if (type != null && type.getKind() == TypeKind.ARRAY) {
      // c ? p1 : p2, or a call's result: SLU610 would say primitive arrays are fine (outside-in helper-118)
      subset.refuse(path, current, Message.GPU_CONSTRUCT, "'" + path.getLeaf() + "', an array chosen or made in the"
          + " code", "a kernel names each @Param array by its field: choose between the values, c ? p1[i] : p2[i],"
          + " or call the helper in each branch, c ? sum(p1) : sum(p2)");
      return "0";
    }
    subset.refuse(path, current, Message.GPU_OBJECT, path.getLeaf().toString(), type);
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
      if (owner != null && owner.getKind() == ElementKind.LOCAL_VARIABLE && !owner.asType().getKind().isPrimitive()) {
        return "0"; // a call on a local whose declaration was refused: that error says it
      }
      if (owner != null && owner.getKind() == ElementKind.PARAMETER && calling.contains(current)
          && owner.asType().getKind() == TypeKind.DECLARED) {
        // a helper's object parameter, refused where it is declared (SLU610): "make the helper static"
        // said nothing true of a helper that is static (outside-in helper-99)
        return "0";
      }
    }
    if (!(callee instanceof ExecutableElement m) || !m.getModifiers().contains(Modifier.STATIC)) {
      subset.refuse(path, current, Message.GPU_CALL, t.getMethodSelect().toString() + "(...)");
      return "0";
    }
    List<String> args = new ArrayList<>();
    for (ExpressionTree a : t.getArguments()) {
      int reported = subset.count();
      args.add(expr(child(path, a)));
      TypeMirror at = trees.getTypeMirror(child(path, a));
      if (at != null && at.getKind() == TypeKind.ARRAY) {
        // a helper takes each array's length after it (unless the array itself was refused already)
        args.add(subset.count() > reported ? "0" : arrayLength(child(path, a)));
      }
    }
    TypeElement owner = (TypeElement) m.getEnclosingElement();
    String ownerName = owner.getQualifiedName().toString();
    if (ownerName.equals("java.lang.Math") || (ownerName.equals("java.lang.StrictMath")
        && ArithmeticCalls.SAME_IN_STRICT_MATH.contains(m.getSimpleName().toString()))) {
      return subset.math(path, current, m.getSimpleName().toString()) ? ArithmeticCalls.math(m, args) : "0";
    }
    args.add(0, KernelNames.CONTEXT);
    return KernelNames.helper(ownerName, m.getSimpleName().toString()) + helper(path, m) + "(" + String.join(", ", args) + ")";
  }

  /**
   * Whether {@code m}'s outermost class holds a record that declares its canonical constructor, which
   * javac refuses once a body of that class is read (SLU314's bug): refused at the call, before its
   * body is read (outside-in helper-99: a record's own static method, called from a kernel).
   */
  private boolean besideRecord(TreePath at, ExecutableElement m, String key) {
    TypeElement top = dev.sluice.processor.validate.RecordsBesideNodes.outermost((TypeElement) m.getEnclosingElement());
    List<ExecutableElement> canonical = dev.sluice.processor.validate.RecordsBesideNodes.declaredCanonical(top, elements);
    if (canonical.isEmpty()) {
      return false;
    }
    Element record = canonical.get(0).getEnclosingElement();
    String where = record.equals(m.getEnclosingElement()) ? "a method of record " + record.getSimpleName()
        : "whose class shares " + top.getQualifiedName() + " with record " + record.getSimpleName();
    subset.refuse(at, current, Message.GPU_HELPER_BESIDE_RECORD, key + "(...)", where, m.getSimpleName());
    return true;
  }

  /** Copies a static helper into the kernel (translated by the same rules); returns "" or a problem marker. */
  String helper(TreePath at, ExecutableElement m) {
    String key = ((TypeElement) m.getEnclosingElement()).getQualifiedName() + "." + m.getSimpleName();
    if (calling.contains(m)) {
      subset.refuse(at, current, Message.GPU_RECURSION, key + "(...)");
      return "";
    }
    if (helpers.containsKey(key)) {
      return "";
    }
    TreePath mp = trees.getPath(m);
    if (mp != null && besideRecord(at, m, key)) {
      helpers.put(key, null); // said once, at the first call
      return "";
    }
    if (!subset.helper(at, current, m, key, mp)) {
      if (mp != null) {
        helpers.put(key, null); // a declaration's problem (overloaded, native, ...): said once
      }
      // a method without source is refused at each call, each its own error on its own line
      return "";
    }
    if (m.getParameters().stream().anyMatch(p -> ParamTypes.classify(p.asType()).shape() != ParamTypes.Shape.OTHER)) {
      return ""; // a channel passed to it: refused at the call (SLU614), its body says nothing more
    }
    read.add((TypeElement) m.getEnclosingElement());
    MethodTree tree = (MethodTree) mp.getLeaf();
    CodeBlock.Builder b = CodeBlock.builder();
    ExecutableElement saved = current;
    LoopExits.Flags savedLoop = loop;
    int savedCount = loopCount;
    Set<String> savedDeclared = declared;
    calling.add(m);
    current = m;
    // the helper is a method of its own: no loop of the caller's around its statements, no locals
    loop = null;
    loopCount = 0;
    declared = new HashSet<>();
    helpers.put(key, null); // reserve the name while translating (recursion is caught above)
    String ret;
    // a helper's checks report the calling lane's group, stage and item
    List<String> types = new ArrayList<>(List.of("int", "int", "int"));
    List<String> names = new ArrayList<>(List.of(KernelNames.G, KernelNames.STAGE, KernelNames.SLOT));
    try {
      ret = m.getReturnType().getKind() == TypeKind.VOID ? "void"
          : primitiveName(mp, key + "(...)", m.getReturnType());
      for (VariableElement p : m.getParameters()) {
        TypeMirror pt = p.asType();
        boolean primitiveArray = pt.getKind() == TypeKind.ARRAY
            && ((javax.lang.model.type.ArrayType) pt).getComponentType().getKind().isPrimitive()
            && ((javax.lang.model.type.ArrayType) pt).getComponentType().getKind() != TypeKind.CHAR;
        // spelled from the component's kind: a type-use annotation (@NonNull int[]) is in toString()'s
        types.add(primitiveArray ? ((javax.lang.model.type.ArrayType) pt).getComponentType().getKind().name()
            .toLowerCase(java.util.Locale.ROOT) + "[]" : primitiveName(mp, p.getSimpleName().toString(), pt));
        names.add(KernelNames.user(p.getSimpleName().toString()));
        if (primitiveArray) {
          types.add("int");
          names.add(KernelNames.length(p.getSimpleName().toString()));
        }
      }
      TreePath body = new TreePath(mp, tree.getBody());
      unresolved |= !BodyTranslator.compiles(trees, body);
      statements(body, tree.getBody().getStatements(), b);
    } finally {
      calling.remove(m);
      current = saved;
      loop = savedLoop;
      loopCount = savedCount;
      declared = savedDeclared;
    }
    helpers.put(key, new BodyTranslator.Helper(KernelNames.helper(((TypeElement) m.getEnclosingElement()).getQualifiedName().toString(),
        m.getSimpleName().toString()), key, ret, types, names, b.build()));
    return "";
  }

  /** The kernel's name of primitive {@code type}; a refusal (SLU610) of another names {@code what}. */
  private String primitiveName(TreePath at, String what, TypeMirror type) {
    if (!subset.primitive(at, current, what, type)) {
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
    if (a instanceof NewClassTree && !subset.recordConstruction(arg, current, type)) {
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
      subset.refuse(arg, current, Message.GPU_OBJECT, a.toString(), type.simpleName()
          + " (push 'new " + type.simpleName() + "(...)' or the input item itself)");
      return "0";
    }
    // a record of no components (a bare @SignalTag) adds no arguments after the call's fixed ones
    return (parts.isEmpty() ? call.substring(0, call.lastIndexOf(',')) : call) + String.join(", ", parts) + ")";
  }
}
