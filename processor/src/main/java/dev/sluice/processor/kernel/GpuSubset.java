package dev.sluice.processor.kernel;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.BodySite;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.read.ClassOutput;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The GPU subset's refusals: what a node body, an enumerator's {@code count}, a handler or a static
 * helper may not contain to run in a kernel, each as a diagnostic (SLU6xx) on the construct's own
 * line. The translator asks here before it prints a construct and prints a harmless stand-in after a
 * refusal, so one compile reports every problem of a body.
 */
final class GpuSubset {
  /** The Math methods Aparapi maps to OpenCL built-ins. */
  private static final Set<String> MATH = Set.of("abs", "acos", "asin", "atan", "atan2", "ceil", "cos", "exp",
      "floor", "log", "max", "min", "pow", "IEEEremainder", "rint", "round", "sin", "sqrt", "tan", "toDegrees",
      "toRadians");

  private final Trees trees;
  private final Elements elements;
  private final List<Diagnostic> problems;
  private final ClassOutput output;

  GpuSubset(Trees trees, Elements elements, List<Diagnostic> problems, ClassOutput output) {
    this.trees = trees;
    this.elements = elements;
    this.problems = problems;
    this.output = output;
  }

  /** Records {@code message} on the construct at {@code at}, inside {@code method}. */
  void refuse(TreePath at, ExecutableElement method, Message message, Object... args) {
    problems.add(Diagnostic.in(new BodySite(at.getLeaf(), at.getCompilationUnit(), trees), method, message, args));
  }

  /** How many problems were found so far (to tell whether a sub-expression was refused). */
  int count() {
    return problems.size();
  }

  /** Refuses a statement the kernel has no form for (the translator prints the others). */
  void statement(TreePath path, ExecutableElement method) {
    Tree t = path.getLeaf();
    switch (t.getKind()) {
      // the translator prints an unlabeled break or continue of a loop (see LoopExits)
      case BREAK, CONTINUE -> refuse(path, method, Message.GPU_LABEL, t.toString().replace(";", ""));
      case SWITCH -> refuse(path, method, Message.GPU_SWITCH);
      case THROW -> refuse(path, method, Message.GPU_EXCEPTION, "throw");
      case TRY -> refuse(path, method, Message.GPU_EXCEPTION, "try");
      case ENHANCED_FOR_LOOP -> refuse(path, method, Message.GPU_CONSTRUCT, "a for-each loop", "write an indexed for loop");
      case SYNCHRONIZED -> refuse(path, method, Message.GPU_CONSTRUCT, "synchronized", "lanes of a kernel do not lock");
      case LABELED_STATEMENT -> refuse(path, method, Message.GPU_LABEL,
          ((com.sun.source.tree.LabeledStatementTree) t).getLabel() + ":");
      case ASSERT -> refuse(path, method, Message.GPU_EXCEPTION, "assert");
      default -> refuse(path, method, Message.GPU_CONSTRUCT, describe(t), "kernels take primitive statements and expressions");
    }
  }

  /** Refuses an expression of a kind the kernel has no values for; false for every other kind. */
  boolean refusedExpression(TreePath path, ExecutableElement method) {
    Tree t = path.getLeaf();
    switch (t.getKind()) {
      case STRING_LITERAL -> refuse(path, method, Message.GPU_OBJECT, t.toString(), "String");
      case NULL_LITERAL -> refuse(path, method, Message.GPU_OBJECT, "null", "null");
      case NEW_CLASS, NEW_ARRAY -> refuse(path, method, Message.GPU_ALLOCATION, t.toString());
      case SWITCH_EXPRESSION -> refuse(path, method, Message.GPU_SWITCH);
      case LAMBDA_EXPRESSION, MEMBER_REFERENCE ->
          refuse(path, method, Message.GPU_CONSTRUCT, describe(t), "a kernel has no function values");
      case INSTANCE_OF -> refuse(path, method, Message.GPU_CONSTRUCT, "instanceof", "a kernel has no objects");
      default -> {
        if (!assignmentValue(path)) {
          return false;
        }
        // Aparapi cannot rebuild the value javac keeps on the stack (dup) for the consumer
        refuse(path, method, Message.GPU_CONSTRUCT, "using the value of '" + t + "'",
            "assign in a statement of its own, then read the variable: i++; while (i < n)");
      }
    }
    return true;
  }

  /** Whether {@code path} is an assignment, compound assignment or increment whose value is used. */
  private static boolean assignmentValue(TreePath path) {
    Tree t = path.getLeaf();
    boolean assigns = t instanceof AssignmentTree || t instanceof CompoundAssignmentTree
        || switch (t.getKind()) {
          case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
          default -> false;
        };
    // a for loop's init and update are statements (the translator's path skips their statement node)
    Tree.Kind parent = path.getParentPath().getLeaf().getKind();
    return assigns && parent != Tree.Kind.EXPRESSION_STATEMENT && parent != Tree.Kind.FOR_LOOP;
  }

  /** Refuses any other expression the translator has no case for. */
  void unknownExpression(TreePath path, ExecutableElement method) {
    refuse(path, method, Message.GPU_CONSTRUCT, describe(path.getLeaf()), "kernels take primitive statements and expressions");
  }

  /** Whether a local may be called {@code name}: the kernel's own names start with {@link KernelNames#PREFIX}. */
  boolean localName(TreePath path, ExecutableElement method, String name) {
    if (name.startsWith(KernelNames.PREFIX)) {
      refuse(path, method, Message.GPU_CONSTRUCT, "the name '" + name + "'",
          "names starting with " + KernelNames.PREFIX + " belong to the generated kernel: rename it");
      return false;
    }
    return true;
  }

  /** Whether {@code type} is a primitive other than char; otherwise reports why not. */
  boolean primitive(TreePath at, ExecutableElement method, String what, TypeMirror type) {
    if (type.getKind() == TypeKind.CHAR) {
      refuse(at, method, Message.GPU_CHAR);
      return false;
    }
    if (type.getKind() == TypeKind.ARRAY) {
      // SLU610 would say primitive arrays are fine: only @Param arrays (and a helper's parameters) are
      refuse(at, method, Message.GPU_CONSTRUCT, "'" + what + "', an array local",
          "a kernel has no arrays but the @Param ones, read-only and named by their fields: index the @Param array"
              + " itself, keep the values in locals, or make the array a @Param");
      return false;
    }
    if (!type.getKind().isPrimitive()) {
      refuse(at, method, Message.GPU_OBJECT, what, type);
      return false;
    }
    return true;
  }

  /** A field that is not a compile-time constant: an instance field is an object's, a static one is shared. */
  void field(TreePath path, ExecutableElement method, VariableElement f, boolean isStatic) {
    if (!isStatic) {
      refuse(path, method, Message.GPU_OBJECT, f.getSimpleName(), f.asType());
    } else {
      refuse(path, method, Message.GPU_STATIC_FIELD, f.getEnclosingElement().getSimpleName() + "." + f.getSimpleName());
    }
  }

  /** Whether {@code Math.name} has an OpenCL built-in; otherwise reports it. */
  boolean math(TreePath path, ExecutableElement method, String name) {
    if (!MATH.contains(name)) {
      refuse(path, method, Message.GPU_MATH, name);
      return false;
    }
    return true;
  }

  /**
   * Whether static method {@code m}, called at {@code at}, can be copied into the kernel: its source is
   * in this compilation ({@code source} not null), it has no varargs, and no overload shares its name.
   */
  boolean helper(TreePath at, ExecutableElement method, ExecutableElement m, String key, TreePath source) {
    if (source == null) {
      TypeElement owner = (TypeElement) m.getEnclosingElement();
      if (output.holds(owner)) {
        // the module's own class, from an earlier build: this one compiled the changed files only
        // (outside-in helper-139: "a JDK or library method" sent the user the wrong way)
        refuse(at, method, Message.GPU_HELPER_COMPILED_BEFORE, key, owner.getQualifiedName());
      } else {
        refuse(at, method, Message.GPU_CALL_NO_SOURCE, key);
      }
      return false;
    }
    if (m.getModifiers().contains(javax.lang.model.element.Modifier.NATIVE)) {
      refuse(at, method, Message.GPU_NATIVE, key + "(...)");
      return false;
    }
    if (m.isVarArgs()) {
      refuse(at, method, Message.GPU_VARARGS, key + "(...)");
      return false;
    }
    if (generic(m.getReturnType()) || m.getParameters().stream().anyMatch(p -> generic(p.asType()))) {
      // one refusal at the call, not one per type variable on the helper's line
      refuse(at, method, Message.GPU_CONSTRUCT, "generic method " + key + "(...)", "its type parameters "
          + m.getTypeParameters() + " stand for objects, and a kernel's helper takes and returns primitives and"
          + " primitive arrays: write it for the types it is called with");
      return false;
    }
    long sameName = ElementFilter.methodsIn(m.getEnclosingElement().getEnclosedElements()).stream()
        .filter(o -> o.getSimpleName().equals(m.getSimpleName())).count();
    if (sameName > 1) {
      refuse(at, method, Message.GPU_OVERLOAD, key);
      return false;
    }
    return true;
  }

  /** Whether {@code type} is a type variable or an array of one. */
  private static boolean generic(TypeMirror type) {
    return type.getKind() == TypeKind.TYPEVAR
        || type.getKind() == TypeKind.ARRAY && generic(((javax.lang.model.type.ArrayType) type).getComponentType());
  }

  /**
   * Whether a record of {@code type} built at {@code arg} can be pushed as its components: by the
   * implicit canonical constructor, not by one the record declares (canonical, compact or another),
   * which the kernel would not run. Another constructor the record declares is no reason to refuse
   * a {@code new} that does not call it.
   */
  boolean recordConstruction(TreePath arg, ExecutableElement method, ItemType type) {
    Element called = trees.getElement(arg);
    if (!(called instanceof ExecutableElement c) || elements.getOrigin(c) != Elements.Origin.EXPLICIT) {
      return true;
    }
    if (trees.getPath(c) == null) {
      // read from a class file, where an implicit canonical constructor looks like one written out
      refuse(arg, method, Message.GPU_CONSTRUCT, "new " + type.simpleName() + "(...)", type.simpleName()
          + " comes from a class file (another module or a jar), where the kernel cannot tell whether its constructor"
          + " does more than store its components: declare " + type.simpleName() + " where the pipeline is compiled");
      return false;
    }
    List<String> names = c.getParameters().stream().map(p -> p.getSimpleName().toString()).toList();
    boolean canonical = names.equals(type.components().stream().map(ItemType.Component::name).toList());
    refuse(arg, method, Message.GPU_CONSTRUCT, "new " + type.simpleName() + "(...)", canonical
        ? type.simpleName() + " declares its own canonical constructor, which the kernel would not run: push a record without one"
        : "it calls a constructor " + type.simpleName() + " declares itself, which the kernel would not run: push new "
            + type.simpleName() + "(...) with one value per component");
    return false;
  }

  /** A tree's kind in words, for messages. */
  static String describe(Tree t) {
    return t.getKind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
