package dev.sluice.processor.read;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.CaseTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeParameterTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Whether a source of the compilation names a type that does not exist yet: one another processor
 * writes in a later round ({@code var p = DaggerC.create().pipeline();} in a class that holds a node,
 * with Dagger's component made from the generated pipeline).
 *
 * <p>Reading a body through the Trees API makes javac attribute its whole class for good (the
 * processor's Javadoc says why bodies wait a round). A class attributed while a type it names is
 * missing keeps an erroneous type, and once that type appears in a later round javac fails inside its
 * own flow analysis: {@code NullPointerException} in {@code Flow.visitApply} on JDK 17,
 * {@code AssertionError} on JDK 25 (outside-in helper-91). So no body is read while any source of the
 * compilation names a type that does not resolve, until the last round, when no type can appear any
 * more (javac then reports a name that never came as its own error).
 *
 * <p>The test reads the syntax tree only, never attributing: an identifier that starts with an
 * upper-case letter (a type, or a constant) must be declared in its file (a class, type variable,
 * variable or enum constant), a member of one of the file's classes or of their supertypes, or a type
 * that its imports, its package or {@code java.lang} give. A name the test cannot place (an
 * inherited constant of a local class, say) only makes the bodies wait for the last round.
 */
public final class PendingTypes {
  private final Trees trees;
  private final Elements elements;
  /** The compilation's top-level source types so far, by qualified name. */
  private final Set<String> sources = new LinkedHashSet<>();
  /** Simple names of the classes this processor writes once it has read the bodies: its kernels. */
  private final Set<String> expected = new HashSet<>();

  public PendingTypes(Trees trees, Elements elements) {
    this.trees = trees;
    this.elements = elements;
  }

  /** Takes note of a round's root types. */
  public void add(Set<? extends Element> roots) {
    for (TypeElement type : ElementFilter.typesIn(roots)) {
      sources.add(type.getQualifiedName().toString());
    }
  }

  /** Takes note of a class this processor writes from the bodies, which a source may name already. */
  public void expect(String simpleName) {
    expected.add(simpleName);
  }

  /** The first name a source of the compilation gives that does not resolve yet, as "Name (in File)". */
  public Optional<String> first() {
    Set<CompilationUnitTree> seen = new HashSet<>();
    for (String name : sources) {
      TypeElement type = elements.getTypeElement(name);
      TreePath path = type == null ? null : trees.getPath(type);
      if (path == null || !seen.add(path.getCompilationUnit())) {
        continue;
      }
      Optional<String> missing = missingIn(path.getCompilationUnit());
      if (missing.isPresent()) {
        return missing;
      }
    }
    return Optional.empty();
  }

  private Optional<String> missingIn(CompilationUnitTree unit) {
    Set<String> known = new HashSet<>();
    List<String> onDemand = new ArrayList<>();
    for (ImportTree i : unit.getImports()) {
      String imported = i.getQualifiedIdentifier().toString();
      int dot = imported.lastIndexOf('.');
      String last = imported.substring(dot + 1);
      String owner = dot < 0 ? "" : imported.substring(0, dot);
      if (i.isStatic()) {
        TypeElement from = elements.getTypeElement(owner);
        if (last.equals("*")) {
          if (from != null) {
            elements.getAllMembers(from).forEach(m -> known.add(m.getSimpleName().toString()));
          }
        } else if (from != null) {
          known.add(last);
        }
      } else if (last.equals("*")) {
        onDemand.add(owner);
      } else if (elements.getTypeElement(imported) != null) {
        known.add(last);
      }
    }
    PackageElement pkg = unit.getPackageName() == null ? null
        : elements.getPackageElement(unit.getPackageName().toString());
    String prefix = pkg == null || pkg.isUnnamed() ? "" : pkg.getQualifiedName() + ".";
    Set<String> candidates = new LinkedHashSet<>();
    for (Tree decl : unit.getTypeDecls()) {
      if (decl instanceof ClassTree c) {
        TypeElement top = elements.getTypeElement(prefix + c.getSimpleName());
        if (top != null) {
          membersOf(top, known);
        }
        new Names(known, candidates).scan(decl, null);
      }
    }
    for (String name : candidates) {
      if (!known.contains(name) && !expected.contains(name) && !isType(name, prefix, onDemand)) {
        return Optional.of(name + " (in " + unit.getSourceFile().getName() + ")");
      }
    }
    return Optional.empty();
  }

  /** The members of {@code type} and of its member types, inherited ones included. */
  private void membersOf(TypeElement type, Set<String> known) {
    for (Element m : elements.getAllMembers(type)) {
      known.add(m.getSimpleName().toString());
    }
    for (TypeElement nested : ElementFilter.typesIn(type.getEnclosedElements())) {
      membersOf(nested, known);
    }
  }

  private boolean isType(String name, String prefix, List<String> onDemand) {
    if (elements.getTypeElement("java.lang." + name) != null || elements.getTypeElement(prefix + name) != null) {
      return true;
    }
    for (String owner : onDemand) {
      if (elements.getTypeElement(owner + "." + name) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * Collects the names a class declares into {@code known}, and the upper-case identifiers it uses
   * into {@code candidates}: simple names and the first name of a qualified one, but not a method's
   * name, an enum constant in a {@code case} (named without its type) or an annotation's element.
   */
  private static final class Names extends TreeScanner<Void, Void> {
    private final Set<String> known;
    private final Set<String> candidates;

    Names(Set<String> known, Set<String> candidates) {
      this.known = known;
      this.candidates = candidates;
    }

    @Override
    public Void visitClass(ClassTree c, Void unused) {
      known.add(c.getSimpleName().toString());
      return super.visitClass(c, null);
    }

    @Override
    public Void visitVariable(VariableTree v, Void unused) {
      known.add(v.getName().toString());
      return super.visitVariable(v, null);
    }

    @Override
    public Void visitTypeParameter(TypeParameterTree t, Void unused) {
      known.add(t.getName().toString());
      return super.visitTypeParameter(t, null);
    }

    @Override
    public Void visitIdentifier(IdentifierTree id, Void unused) {
      String name = id.getName().toString();
      if (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) {
        candidates.add(name);
      }
      return null;
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree m, Void unused) {
      // only the first name of a.b.C: the rest are members, which resolve once the first does
      return scan(m.getExpression(), null);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
      scan(call.getTypeArguments(), null);
      if (!(call.getMethodSelect() instanceof IdentifierTree)) {
        scan(call.getMethodSelect(), null);
      }
      return scan(call.getArguments(), null);
    }

    @Override
    public Void visitCase(CaseTree c, Void unused) {
      for (ExpressionTree label : c.getExpressions()) {
        if (!(label instanceof IdentifierTree)) {
          scan(label, null);
        }
      }
      scan(c.getStatements(), null);
      return scan(c.getBody(), null);
    }

    @Override
    public Void visitAnnotation(AnnotationTree a, Void unused) {
      scan(a.getAnnotationType(), null);
      for (ExpressionTree arg : a.getArguments()) {
        scan(arg instanceof com.sun.source.tree.AssignmentTree set ? set.getExpression() : arg, null);
      }
      return null;
    }
  }
}
