package dev.sluice.processor.read;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CaseTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeParameterTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Whether a source whose classes reading the node bodies attributes names a type that does not
 * exist yet: one another processor writes in a later round ({@code var p = DaggerC.create().pipeline();}
 * in a class that holds a node, with Dagger's component made from the generated pipeline).
 *
 * <p>Reading a body through the Trees API makes javac attribute its whole class for good (the
 * processor's Javadoc says why bodies wait a round). A class attributed while a type it names is
 * missing keeps an erroneous type, and once that type appears in a later round javac fails inside its
 * own flow analysis: {@code NullPointerException} in {@code Flow.visitApply} on JDK 17,
 * {@code AssertionError} on JDK 25 (outside-in helper-91). So the bodies wait while such a name is
 * pending. The files looked at are those of the node classes and, transitively, of the source types
 * they name (where a static helper a kernel copies lives); the rest of the compilation is javac's
 * alone, and a typo there keeps its own error (outside-in helper-94).
 *
 * <p>The test reads the syntax tree only, never attributing: an import must name a type that exists
 * (a static one, its owner; a module import counts as an on-demand import of each of its packages);
 * an identifier that starts with an upper-case letter (a type, or a constant) must be declared
 * in its file (a class, type variable, variable or enum constant), a member of one of the file's
 * classes or of their supertypes, or a type that its imports, its package or {@code java.lang} give;
 * a name qualified by a package ({@code t.Made}) must name a type of it. A name the test cannot place
 * holds the bodies back to the last round, where {@link #missing} attributes it to tell a name that
 * never came (javac reports it; no kernel is written) from one the test could not place.
 */
public final class PendingTypes {
  private final Trees trees;
  private final Elements elements;
  /** Simple names of the classes this processor writes once it has read the bodies: its kernels. */
  private final Set<String> expected = new HashSet<>();

  public PendingTypes(Trees trees, Elements elements) {
    this.trees = trees;
    this.elements = elements;
  }

  /** Takes note of a class this processor writes from the bodies, which a source may name already. */
  public void expect(String simpleName) {
    expected.add(simpleName);
  }

  /**
   * Where the files of {@code nodes}, or of a source type they name (transitively), name a type that
   * does not resolve yet: the first such name.
   */
  public Optional<TreePath> first(Collection<TypeElement> nodes) {
    Deque<CompilationUnitTree> todo = new ArrayDeque<>();
    Set<CompilationUnitTree> seen = new HashSet<>();
    for (TypeElement node : nodes) {
      TreePath path = trees.getPath(node);
      if (path != null && seen.add(path.getCompilationUnit())) {
        todo.add(path.getCompilationUnit());
      }
    }
    while (!todo.isEmpty()) {
      Unit unit = new Unit(todo.poll());
      Optional<TreePath> missing = unit.missing();
      if (missing.isPresent()) {
        return missing;
      }
      for (TypeElement named : unit.sourceTypesNamed) {
        TreePath path = trees.getPath(named);
        if (path != null && seen.add(path.getCompilationUnit())) {
          todo.add(path.getCompilationUnit());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the name at {@code path} (from {@link #first}) names nothing even once javac has attributed
   * its class. Only for the last round, when no type can appear any more: attributing earlier is what
   * this class exists to avoid.
   */
  public boolean missing(TreePath path) {
    if (path.getLeaf() instanceof ImportTree) {
      // an import of a type that is not there: javac's error, which needs no attribution to be sure of
      return true;
    }
    // javac takes the unknown X of X.Y for a package: what X.Y (X.Y.Z ...) names says whether it is one
    TreePath named = path;
    while (named.getParentPath() != null && named.getParentPath().getLeaf() instanceof MemberSelectTree select
        && select.getExpression() == named.getLeaf()) {
      named = named.getParentPath();
    }
    Element e = trees.getElement(named);
    TypeMirror type = trees.getTypeMirror(named);
    return e == null || (type != null && type.getKind() == TypeKind.ERROR);
  }

  /** One file: what it declares and imports, and the names it uses. */
  private final class Unit {
    private final CompilationUnitTree tree;
    private final Set<String> known = new HashSet<>();
    private final List<String> onDemand = new ArrayList<>();
    private final String prefix;
    /** Source types of the compilation this file names through its imports or package. */
    private final List<TypeElement> sourceTypesNamed = new ArrayList<>();
    private TreePath badImport;

    Unit(CompilationUnitTree tree) {
      this.tree = tree;
      PackageElement pkg = tree.getPackageName() == null ? null
          : elements.getPackageElement(tree.getPackageName().toString());
      prefix = pkg == null || pkg.isUnnamed() ? "" : pkg.getQualifiedName() + ".";
      for (ImportTree i : tree.getImports()) {
        readImport(i);
      }
    }

    private void readImport(ImportTree i) {
      String imported = i.getQualifiedIdentifier().toString();
      int dot = imported.lastIndexOf('.');
      String last = imported.substring(dot + 1);
      String owner = dot < 0 ? "" : imported.substring(0, dot);
      if (i.isStatic()) {
        TypeElement from = elements.getTypeElement(owner);
        if (from == null) {
          pending(i);
          return;
        }
        // a helper may live there: its file is looked at too
        sourceTypesNamed.add(from);
        if (last.equals("*")) {
          elements.getAllMembers(from).forEach(m -> known.add(m.getSimpleName().toString()));
        } else {
          known.add(last);
        }
      } else if (last.equals("*")) {
        onDemand.add(owner);
      } else if (elements.getTypeElement(imported) != null) {
        known.add(last);
      } else if (elements.getModuleElement(imported) != null) {
        // `import module m;` (JDK 25): the types of m's packages, as on-demand imports of each
        for (Element p : elements.getModuleElement(imported).getEnclosedElements()) {
          onDemand.add(((PackageElement) p).getQualifiedName().toString());
        }
      } else {
        pending(i);
      }
    }

    private void pending(ImportTree i) {
      if (badImport == null) {
        badImport = new TreePath(new TreePath(tree), i);
      }
    }

    Optional<TreePath> missing() {
      if (badImport != null) {
        return Optional.of(badImport);
      }
      Map<String, TreePath> used = new LinkedHashMap<>();
      List<TreePath> qualified = new ArrayList<>();
      TreePath root = new TreePath(tree);
      for (Tree decl : tree.getTypeDecls()) {
        if (decl instanceof ClassTree c) {
          TypeElement top = elements.getTypeElement(prefix + c.getSimpleName());
          if (top != null) {
            membersOf(top);
          }
          new Names(used, qualified, known).scan(new TreePath(root, decl), null);
        }
      }
      for (Map.Entry<String, TreePath> u : used.entrySet()) {
        String name = u.getKey();
        if (known.contains(name) || expected.contains(name)) {
          continue;
        }
        TypeElement type = type(name);
        if (type == null && elements.getPackageElement(name) == null) {
          // (a package whose name starts upper-case, as in Geo.Pt, is no pending type)
          return Optional.of(u.getValue());
        }
        if (type == null) {
          continue;
        }
        sourceTypesNamed.add(type);
      }
      for (TreePath q : qualified) {
        if (!typeOfPackage((MemberSelectTree) q.getLeaf())) {
          return Optional.of(q);
        }
      }
      return Optional.empty();
    }

    /** The members of {@code type} and of its member types, inherited ones included. */
    private void membersOf(TypeElement type) {
      for (Element m : elements.getAllMembers(type)) {
        known.add(m.getSimpleName().toString());
      }
      for (TypeElement nested : ElementFilter.typesIn(type.getEnclosedElements())) {
        membersOf(nested);
      }
    }

    private TypeElement type(String name) {
      for (String candidate : List.of("java.lang." + name, prefix + name)) {
        TypeElement t = elements.getTypeElement(candidate);
        if (t != null) {
          return t;
        }
      }
      for (String owner : onDemand) {
        TypeElement t = elements.getTypeElement(owner + "." + name);
        if (t != null) {
          return t;
        }
      }
      return null;
    }

    /**
     * Whether {@code a.b.C} (lower-case names, then an upper-case one) names a type, where {@code a.b}
     * is a package; true where it is not one (a variable's field, say).
     */
    private boolean typeOfPackage(MemberSelectTree select) {
      String text = select.toString();
      String pkg = text.substring(0, text.lastIndexOf('.'));
      if (elements.getPackageElement(pkg) == null) {
        return true;
      }
      TypeElement type = elements.getTypeElement(text);
      if (type != null) {
        sourceTypesNamed.add(type);
      }
      return type != null;
    }
  }

  /**
   * Collects the names a class declares, and where it uses an upper-case identifier: a simple name or
   * the first name of a qualified one, but not a method's name, an enum constant in a {@code case}
   * (named without its type) or an annotation's element; and each {@code a.b.C} whose first names are
   * lower-case (a package, perhaps, and a type of it).
   */
  private static final class Names extends TreePathScanner<Void, Void> {
    private final Map<String, TreePath> used;
    private final List<TreePath> qualified;
    /** Names declared anywhere in the file, which count everywhere in it (a superset of Java's scopes). */
    private final Set<String> declared;
    /** The enum constants that {@code case} labels name, by identity. */
    private final Set<Tree> constantLabels = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    Names(Map<String, TreePath> used, List<TreePath> qualified, Set<String> declared) {
      this.used = used;
      this.qualified = qualified;
      this.declared = declared;
    }

    @Override
    public Void visitClass(ClassTree c, Void unused) {
      declared.add(c.getSimpleName().toString());
      return super.visitClass(c, null);
    }

    @Override
    public Void visitVariable(VariableTree v, Void unused) {
      declared.add(v.getName().toString());
      return super.visitVariable(v, null);
    }

    @Override
    public Void visitTypeParameter(TypeParameterTree t, Void unused) {
      declared.add(t.getName().toString());
      return super.visitTypeParameter(t, null);
    }

    @Override
    public Void visitIdentifier(IdentifierTree id, Void unused) {
      if (constantLabels.contains(id)) {
        return null;
      }
      String name = id.getName().toString();
      if (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) {
        used.putIfAbsent(name, getCurrentPath());
      }
      return null;
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree m, Void unused) {
      // a.b.C: the first upper-case name after lower-case ones, which a package may qualify
      if (lowerCaseChain(m.getExpression()) && upperCase(m.getIdentifier().toString())) {
        qualified.add(getCurrentPath());
        return null;
      }
      // only the first name of a.b.C otherwise: the rest are members, which resolve once it does
      return scan(m.getExpression(), null);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
      for (Tree t : call.getTypeArguments()) {
        scan(t, null);
      }
      if (!(call.getMethodSelect() instanceof IdentifierTree)) {
        scan(call.getMethodSelect(), null);
      }
      for (Tree t : call.getArguments()) {
        scan(t, null);
      }
      return null;
    }

    @Override
    public Void visitCase(CaseTree c, Void unused) {
      // an enum constant as a label is named without its type; patterns, their bindings and guards
      // (JDK 21+), which the JDK's own scanner visits, are read like any other code
      for (ExpressionTree label : c.getExpressions()) {
        if (label instanceof IdentifierTree) {
          constantLabels.add(label);
        }
      }
      return super.visitCase(c, null);
    }

    @Override
    public Void visitNewClass(NewClassTree n, Void unused) {
      if (n.getEnclosingExpression() == null) {
        return super.visitNewClass(n, null);
      }
      // outer.new Inner(): Inner is a member of outer's type, not a name of the file's scope
      scan(n.getEnclosingExpression(), null);
      scan(n.getTypeArguments(), null);
      scan(n.getArguments(), null);
      return scan(n.getClassBody(), null);
    }

    @Override
    public Void visitAnnotation(AnnotationTree a, Void unused) {
      scan(a.getAnnotationType(), null);
      for (ExpressionTree arg : a.getArguments()) {
        scan(arg instanceof AssignmentTree set ? set.getExpression() : arg, null);
      }
      return null;
    }

    private static boolean lowerCaseChain(ExpressionTree e) {
      if (e instanceof IdentifierTree id) {
        return !upperCase(id.getName().toString()) && !id.getName().contentEquals("this")
            && !id.getName().contentEquals("super");
      }
      return e instanceof MemberSelectTree m && !upperCase(m.getIdentifier().toString())
          && lowerCaseChain(m.getExpression());
    }

    private static boolean upperCase(String name) {
      return !name.isEmpty() && Character.isUpperCase(name.charAt(0));
    }
  }
}
