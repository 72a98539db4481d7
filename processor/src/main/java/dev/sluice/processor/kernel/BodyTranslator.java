package dev.sluice.processor.kernel;

import com.squareup.javapoet.CodeBlock;
import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EmptyStatementTree;
import com.sun.source.tree.ErroneousTree;
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
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.ClassOutput;
import dev.sluice.processor.read.ParamTypes;
import dev.sluice.processor.read.SourceTrees;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
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
import javax.lang.model.util.Elements;

/**
 * Translates a node's {@code run} body into the body of a kernel lane method, through the javac Trees
 * API, as a JavaPoet code block. The printer accepts exactly the GPU subset: primitive locals,
 * arithmetic, {@code if}, {@code for}, {@code while}, {@code do}, {@code return}, unlabeled
 * {@code break} and {@code continue} (as flags, see {@link LoopExits}); reads of the item and
 * the {@code @Parent} (a record through its component accessors), of {@code @Param} fields and
 * compile-time constants; pushes; {@code @Reduce} updates; {@code java.lang.Math} and static methods
 * (whose bodies are translated into the kernel too). Every other construct is refused by
 * {@link GpuSubset} with a diagnostic on its own line, so one compile shows them all.
 *
 * <p>Rewrites: {@code out.push(e)} becomes a call of the kernel's staging method for that channel
 * (a record push passes its components); {@code r.c()} of a record item becomes the local holding
 * column {@code c}; a {@code @Param} field becomes a kernel field; a {@code @Reduce} field becomes the
 * lane's partial in local memory; a constant becomes its literal ({@link JavaSpelling}); an operation
 * whose meaning differs in OpenCL C becomes a call that keeps Java's ({@link ArithmeticCalls}).
 */
public final class BodyTranslator {
  private final Trees trees;
  private final Elements elements;
  private final ClassOutput output;

  private BodyTranslator(Trees trees, Elements elements, ClassOutput output) {
    this.trees = trees;
    this.elements = elements;
    this.output = output;
  }

  /** A translator, or empty without javac's Trees API. */
  public static Optional<BodyTranslator> create(ProcessingEnvironment env) {
    return SourceTrees.of(env).map(trees -> new BodyTranslator(trees, env.getElementUtils(), ClassOutput.of(env)));
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
   * @param unresolved whether the body names something that does not exist: javac reports that error
   *     in the user's source, and a kernel written from it would repeat it in generated code
   */
  public record Translation(CodeBlock body, List<Helper> helpers, List<Diagnostic> problems, Set<TypeElement> read,
      boolean unresolved) {}

  /**
   * A static method the body calls, translated for the kernel.
   *
   * @param name its name in the kernel
   * @param source the original, {@code pkg.Owner.method}
   * @param returnType a primitive type or {@code void}
   * @param parameterTypes primitive types or primitive arrays
   */
  public record Helper(String name, String source, String returnType, List<String> parameterTypes,
      List<String> parameterNames, CodeBlock body) {}

  /**
   * Whether {@code stage}'s methods have their source in this compilation (not a class file): what
   * the translation reads. Reads no body.
   */
  public boolean hasSource(StageModel stage) {
    if (trees.getPath(stage.node().method()) == null) {
      return false;
    }
    return stage.node().handlers().stream().allMatch(h -> trees.getPath(h.method()) != null);
  }

  /**
   * Whether {@code record}'s declaration has its source in this compilation (not a class file), where
   * {@link RecordMethods} can read its accessors and constructor.
   */
  public boolean hasSource(ItemType record) {
    return trees.getPath(record.element()) != null;
  }

  /** The checks of the records a kernel moves (their accessors and constructors). */
  public RecordMethods records() {
    return new RecordMethods(trees, elements);
  }

  /**
   * Translates {@code stage}'s {@code run} (or an enumerator's {@code count}) method, whose source is
   * in this compilation ({@link #hasSource}). An enumerator's {@code count} runs on lane 0 alone, when
   * it opens a parent, so, as in a handler, a {@code @Reduce} field there is the work-group's value.
   */
  public Translation translate(StageModel stage) {
    return translate(stage, stage.node().method(), stage.node().runParams(), stage.node().isEnumerator());
  }

  /**
   * Translates a BEGIN/END handler of {@code stage}: it runs on one lane, so a {@code @Reduce} field
   * is the work-group's combined value, not a lane's partial.
   */
  public Translation translateHandler(StageModel stage, HandlerModel handler) {
    return translate(stage, handler.method(), handler.params(), true);
  }

  private Translation translate(StageModel stage, ExecutableElement method, List<RunParam> params, boolean oneLane) {
    TreePath path = trees.getPath(method);
    List<Diagnostic> problems = new ArrayList<>();
    Map<String, Helper> helpers = new LinkedHashMap<>();
    Set<TypeElement> read = new LinkedHashSet<>();
    if (path == null) {
      throw new IllegalStateException(method + " has no source to translate");
    }
    GpuSubset subset = new GpuSubset(trees, elements, problems, output);
    Printer p = new Printer(stage, method, params, oneLane, subset, helpers, read);
    MethodTree tree = (MethodTree) path.getLeaf();
    CodeBlock.Builder out = CodeBlock.builder();
    if (tree.getBody() == null) {
      subset.refuse(path, method, Message.GPU_NATIVE, method.getSimpleName() + "(...)");
      return new Translation(out.build(), List.of(), problems, read, false);
    }
    TreePath body = new TreePath(path, tree.getBody());
    p.unresolved |= !compiles(body);
    p.statements(body, tree.getBody().getStatements(), out);
    List<Helper> all = new ArrayList<>();
    for (Helper h : helpers.values()) {
      if (h != null) {
        all.add(h);
      }
    }
    read.remove(stage.node().element());
    return new Translation(out.build(), all, problems, read, p.unresolved);
  }

  /**
   * Whether javac attributed {@code body} without an error: no erroneous type, and every call and
   * {@code new} resolved. A body with a typo ({@code frist} for {@code first}, {@code out.pushh}) has
   * types the GPU subset would refuse, and those refusals would stand in for javac's own error.
   */
  private boolean compiles(TreePath body) {
    boolean[] bad = {false};
    new TreePathScanner<Void, Void>() {
      @Override
      public Void scan(Tree tree, Void unused) {
        if (tree == null || bad[0]) {
          return null;
        }
        TreePath here = new TreePath(getCurrentPath(), tree);
        if (tree instanceof ErroneousTree) {
          bad[0] = true;
        } else if (tree instanceof ExpressionTree || tree instanceof VariableTree) {
          TypeMirror type = trees.getTypeMirror(here);
          bad[0] = type != null && type.getKind() == TypeKind.ERROR;
        }
        if (!bad[0] && (tree instanceof MethodInvocationTree || tree instanceof NewClassTree)) {
          bad[0] = trees.getElement(here) == null;
        }
        return bad[0] ? null : super.scan(tree, unused);
      }
    }.scan(body, null);
    return !bad[0];
  }

  /**
   * The flags of a loop being printed: set by its {@code break} ({@code broke}) and its
   * {@code continue} ({@code next}), each null when the body has none.
   */
  private record Exits(String broke, String next, int n) {
    static final Exits NONE = new Exits(null, null, 0);

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

  /** What a name in the body refers to, beyond locals. */
  private enum Role { ITEM, RECORD_ITEM, CHANNEL, RAISE, PARAM_FIELD, REDUCE_FIELD, STATE_FIELD }

  private final class Printer {
    private final StageModel stage;
    /** Printing a method lane 0 runs alone (a signal handler, an enumerator's count). */
    private final boolean oneLane;
    private final ExecutableElement method;
    private final GpuSubset subset;
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
    /** The innermost loop being printed: the flags its {@code break} and {@code continue} set. */
    private Exits loop;
    /** Loops with flags so far, in the method being printed: their flags' numbers. */
    private int loopCount;
    /** The kernel names of the locals declared so far in the method being printed. */
    private Set<String> declared = new HashSet<>();
    /** Whether the body names something javac could not resolve (the user's compile error). */
    boolean unresolved;
    /** Each local's kernel name: {@link KernelNames#user}, or {@link KernelNames#sibling} where an earlier block took it. */
    private final Map<Element, String> localNames = new HashMap<>();
    /** Whether each expression seen is a constant expression (see {@link #constant}). */
    private final Map<Tree, Boolean> constants = new IdentityHashMap<>();

    Printer(StageModel stage, ExecutableElement method, List<RunParam> params, boolean oneLane,
        GpuSubset subset, Map<String, Helper> helpers, Set<TypeElement> read) {
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

    private TreePath child(TreePath parent, Tree tree) {
      return new TreePath(parent, tree);
    }

    // ---- statements ----

    void statement(TreePath path, CodeBlock.Builder out) {
      Tree t = path.getLeaf();
      switch (t.getKind()) {
        case BLOCK -> {
          out.add("{\n$>");
          statements(path, ((BlockTree) t).getStatements(), out);
          out.add("$<}\n");
        }
        case EXPRESSION_STATEMENT -> out.addStatement("$L", expr(child(path, ((ExpressionStatementTree) t).getExpression())));
        case VARIABLE -> out.addStatement("$L", local(path));
        case IF -> ifStatement(path, (IfTree) t, out);
        case FOR_LOOP -> {
          boolean endless;
          ForLoopTree f = (ForLoopTree) t;
          if (f.getInitializer().size() > 1 && f.getInitializer().get(0) instanceof VariableTree) {
            // Aparapi declares only the first (OpenCL: "use of undeclared identifier")
            subset.refuse(path, current, Message.GPU_CONSTRUCT, "a for loop that declares "
                + f.getInitializer().size() + " variables", "declare them before the loop: int i; int j; for (i = 0, j = n; ...)");
          }
          List<String> init = new ArrayList<>();
          for (StatementTree s : f.getInitializer()) {
            init.add(s instanceof VariableTree ? local(child(path, s))
                : expr(child(path, ((ExpressionStatementTree) s).getExpression())));
          }
          List<String> update = new ArrayList<>();
          for (ExpressionStatementTree s : f.getUpdate()) {
            update.add(expr(child(path, s.getExpression())));
          }
          String cond = loopCondition(path, f.getCondition());
          // declarations share one type (int i = 0, j = 1); expressions are listed as they are
          String first = f.getInitializer().isEmpty() || f.getInitializer().get(0) instanceof VariableTree
              ? JavaSpelling.forInit(init) : String.join(", ", init);
          Exits saved = loop;
          loop = exits(f.getStatement(), out);
          endless = loop.broke == null && (f.getCondition() == null || endless(path, f.getCondition()));
          try {
            List<String> guarded = loop.broke == null ? update : guardedUpdates(path, f, update, loop.broke);
            CodeBlock.Builder body = CodeBlock.builder();
            loopBody(child(path, f.getStatement()), body);
            if (!completes(child(path, f.getStatement()))) {
              // a body that always returns: nothing after it runs, and javac refuses what would follow
            } else if (guarded == null) {
              // an update that is not an assignment to a local: it moves to the body's end, behind the
              // flag; Aparapi then rebuilds a while loop, which loses a variable the init declares
              if (!f.getInitializer().isEmpty() && f.getInitializer().get(0) instanceof VariableTree) {
                subset.refuse(path, current, Message.GPU_CONSTRUCT,
                    "a for loop with a break, a variable declared in its init and an update the kernel cannot guard (one that"
                        + " assigns a field)",
                    "declare the variable before the loop, or update a local in the header and the field in the body");
              }
              body.beginControlFlow("if (!$N)", loop.broke);
              for (String u : update) {
                body.addStatement("$L", u);
              }
              body.endControlFlow();
              backEdge(body);
            } else if (update.isEmpty()) {
              backEdge(body);
            }
            // the break flag is tested first: after a break the condition is not evaluated again
            String test = loop.broke == null ? cond : "!" + loop.broke + (cond.isEmpty() ? "" : " && (" + cond + ")");
            test = untilFailed(test);
            if (guarded != null) {
              // after a break the update must not run: each assignment keeps its variable once the flag is set
              out.beginControlFlow("for ($L; $L; $L)", first, test, String.join(", ", guarded));
            } else {
              out.beginControlFlow("for ($L; $L; )", first, test);
            }
            out.add(body.build());
          } finally {
            loop = saved;
          }
          out.endControlFlow();
          unreachableEnd(endless, out);
        }
        case WHILE_LOOP -> {
          boolean endless;
          WhileLoopTree w = (WhileLoopTree) t;
          String cond = loopCondition(path, w.getCondition());
          Exits saved = loop;
          loop = exits(w.getStatement(), out);
          loopEntry(out);
          try {
            CodeBlock.Builder body = CodeBlock.builder();
            loopBody(child(path, w.getStatement()), body);
            if (completes(child(path, w.getStatement()))) {
              backEdge(body);
            }
            String test = untilFailed(loop.broke == null ? cond : "(!" + loop.broke + " && " + cond + ")");
            out.beginControlFlow("while $L", test.startsWith("(") ? test : "(" + test + ")");
            out.add(body.build());
            endless = loop.broke == null && endless(path, w.getCondition());
          } finally {
            loop = saved;
          }
          out.endControlFlow();
          unreachableEnd(endless, out);
        }
        case DO_WHILE_LOOP -> {
          boolean endless = false;
          DoWhileLoopTree d = (DoWhileLoopTree) t;
          String cond = loopCondition(path, d.getCondition());
          Exits saved = loop;
          loop = exits(d.getStatement(), out);
          try {
            CodeBlock.Builder body = CodeBlock.builder();
            loopBody(child(path, d.getStatement()), body);
            if (!loop.any() && !completes(child(path, d.getStatement()))) {
              // the body runs once and returns (do { if (c) return 1; else return 2; } while (x);, or a loop
              // inside that only a return leaves): Java never reaches the condition, and the flag's
              // statements after the body would be unreachable (javac; review helper-40)
              out.add(body.build());
              return;
            }
            // the loop goes on while a flag set at its end says so: every loop tests the group's error
            // word (untilFailed), and from do { } while (going && cond), or a condition with && or ||,
            // Aparapi writes the first test again as a statement of its own, on which clang warns
            // (-Wunused-comparison) at every build
            String going = untilFailed("");
            String again = KernelNames.loopAgain(loop.any() ? loop.n() : ++loopCount);
            out.addStatement("boolean $N = true", again);
            out.beginControlFlow("do");
            out.add(body.build());
            if (loop.broke != null) {
              out.beginControlFlow("if ($N)", loop.broke)
                  .addStatement("$N = false", again)
                  .nextControlFlow("else")
                  .addStatement("$N = $L", again, cond)
                  .endControlFlow();
            } else {
              out.addStatement("$N = $L", again, cond);
            }
            out.beginControlFlow("if (!$L)", going).addStatement("$N = false", again).endControlFlow();
            backEdge(out);
            out.endControlFlow("while ($N)", again);
            endless = loop.broke == null && endless(path, d.getCondition());
          } finally {
            loop = saved;
          }
          unreachableEnd(endless, out);
        }
        case BREAK, CONTINUE -> {
          boolean isBreak = t.getKind() == Tree.Kind.BREAK;
          Object label = isBreak ? ((BreakTree) t).getLabel() : ((ContinueTree) t).getLabel();
          String flag = loop == null ? null : isBreak ? loop.broke : loop.next;
          if (label != null || flag == null) {
            subset.statement(path, current);
          } else {
            out.addStatement("$N = true", flag);
          }
        }
        case RETURN -> {
          ReturnTree r = (ReturnTree) t;
          if (r.getExpression() == null) {
            out.addStatement("return");
          } else {
            out.addStatement("return $L", expr(child(path, r.getExpression())));
          }
        }
        case EMPTY_STATEMENT -> { }
        default -> subset.statement(path, current);
      }
    }

    /**
     * {@code if}, without empty branches: javac compiles an empty branch into a jump to the next
     * instruction, which inside a loop Aparapi refuses ({@code CodeGenException: goto}). An empty
     * {@code then} with an {@code else} becomes {@code if (!(c)) else}; an empty {@code else} is
     * dropped; with both empty, only a condition that can fail a check or assign is kept (Java
     * evaluates it), with a branch that assigns a local to itself.
     */
    private void ifStatement(TreePath path, IfTree i, CodeBlock.Builder out) {
      TreePath condition = child(path, i.getCondition());
      boolean noThen = empty(i.getThenStatement());
      boolean noElse = i.getElseStatement() == null || empty(i.getElseStatement());
      if (noThen && noElse) {
        if (effects(i.getCondition())) {
          // a branch with one instruction: the stage local, which every body and helper has, kept as it is
          out.beginControlFlow("if $L", expr(condition))
              .addStatement("$N = $N", KernelNames.STAGE, KernelNames.STAGE)
              .endControlFlow();
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
        out.beginControlFlow("if (!$L)", c);
        body(child(path, i.getElseStatement()), out);
        out.endControlFlow();
        return;
      }
      out.beginControlFlow("if $L", expr(condition));
      body(child(path, i.getThenStatement()), out);
      if (!noElse && completes(child(path, i.getThenStatement()))) {
        thenEnd(out);
      }
      if (!noElse) {
        out.nextControlFlow("else");
        body(child(path, i.getElseStatement()), out);
      }
      out.endControlFlow();
    }

    /**
     * Whether {@code s} ends in a {@code return} on every path that has no {@code break} or {@code continue}
     * of its own loop: a {@code return}, a block whose last statement does, an {@code if} whose two
     * branches do. Conservative: a loop that never ends counts as not returning.
     */
    private boolean alwaysReturns(StatementTree s) {
      if (s instanceof com.sun.source.tree.ReturnTree) {
        return true;
      }
      if (s instanceof com.sun.source.tree.BlockTree b) {
        List<? extends StatementTree> all = b.getStatements();
        return !all.isEmpty() && alwaysReturns(all.get(all.size() - 1));
      }
      if (s instanceof IfTree i) {
        return i.getElseStatement() != null && alwaysReturns(i.getThenStatement()) && alwaysReturns(i.getElseStatement());
      }
      return false;
    }

    /**
     * Whether the statement at {@code path}, as this class prints it, can complete normally by javac's
     * rules, so that a statement after it is reachable: a {@code return} cannot; a block cannot when one
     * of its statements cannot, unless a statement that may leave the current loop comes first (the
     * rest is then printed under {@code if (stay)}, which can complete); an {@code if} cannot when it
     * has both branches and neither can; {@code break} and {@code continue} are printed as flags and
     * can; a loop can, unless it only ends by {@code return} in a method that returns a value (one is
     * printed after it, {@link #unreachableEnd}), or it is a {@code do} whose body runs once and cannot.
     */
    private boolean completes(TreePath path) {
      Tree t = path.getLeaf();
      switch (t.getKind()) {
        case RETURN:
          return false;
        case BLOCK: {
          List<? extends StatementTree> all = ((BlockTree) t).getStatements();
          for (int k = 0; k < all.size(); k++) {
            if (!completes(child(path, all.get(k)))) {
              return false;
            }
            if (loop != null && loop.any() && k < all.size() - 1 && LoopExits.leaves(all.get(k))) {
              return true;
            }
          }
          return true;
        }
        case IF: {
          IfTree i = (IfTree) t;
          if (i.getElseStatement() == null || empty(i.getThenStatement()) || empty(i.getElseStatement())) {
            return true;
          }
          return completes(child(path, i.getThenStatement())) || completes(child(path, i.getElseStatement()));
        }
        case WHILE_LOOP: {
          WhileLoopTree w = (WhileLoopTree) t;
          return !(endless(path, w.getCondition()) && !LoopExits.of(w.getStatement()).breaks()) || returnsNothing();
        }
        case FOR_LOOP: {
          ForLoopTree f = (ForLoopTree) t;
          boolean never = (f.getCondition() == null || endless(path, f.getCondition()))
              && !LoopExits.of(f.getStatement()).breaks();
          return !never || returnsNothing();
        }
        case DO_WHILE_LOOP: {
          DoWhileLoopTree d = (DoWhileLoopTree) t;
          LoopExits.Found f = LoopExits.of(d.getStatement());
          if (!f.any() && !completes(child(path, d.getStatement()))) {
            return false;
          }
          return !(endless(path, d.getCondition()) && !f.breaks()) || returnsNothing();
        }
        default:
          return true;
      }
    }

    private boolean returnsNothing() {
      return current.getReturnType().getKind() == TypeKind.VOID;
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

    /** A branch or loop body, inside the braces its statement opened. */
    private void body(TreePath path, CodeBlock.Builder out) {
      if (path.getLeaf() instanceof BlockTree b) {
        statements(path, b.getStatements(), out);
      } else {
        statement(path, out);
      }
    }

    /**
     * The statements of a block: inside a loop whose {@code break}/{@code continue} are flags, those
     * after a statement that may set one run only while neither is set (Java would not reach them).
     */
    void statements(TreePath parent, List<? extends StatementTree> list, CodeBlock.Builder out) {
      int guards = 0;
      for (int k = 0; k < list.size(); k++) {
        StatementTree s = list.get(k);
        statement(child(parent, s), out);
        // (every declaration stores a value in the kernel: one without a value in Java gets its zero)
        if (s instanceof VariableTree && list.subList(k + 1, list.size()).stream()
            .allMatch(after -> compilesToNothing(child(parent, after)))) {
          keepInScope(child(parent, s), out);
        }
        if (loop != null && loop.any() && k < list.size() - 1 && LoopExits.leaves(s)) {
          out.beginControlFlow("if ($L)", loop.stay());
          guards++;
        }
      }
      for (int k = 0; k < guards; k++) {
        out.endControlFlow();
      }
    }

    /**
     * A read of the local just declared at {@code path}, where no code follows it in its block: javac
     * leaves such a local out of the class file's table of locals (its scope holds no instruction after
     * the store), and Aparapi then refuses the store ({@code CodeGenException: outOfScope}). It happens
     * to a local that is never read, or read only under an {@code if} whose condition is a constant
     * false, which javac drops.
     */
    private void keepInScope(TreePath path, CodeBlock.Builder out) {
      String name = localNames.get(trees.getElement(path));
      if (name != null) {
        out.add("// no code follows it in its block: a read keeps it in the table of locals Aparapi reads\n");
        out.addStatement("$N = $N", name, name);
      }
    }

    /** Whether javac compiles {@code path}'s statement to no instruction: empty, or under a constant false. */
    private boolean compilesToNothing(TreePath path) {
      Tree t = path.getLeaf();
      if (t instanceof EmptyStatementTree) {
        return true;
      }
      if (t instanceof BlockTree b) {
        return b.getStatements().stream().allMatch(s -> compilesToNothing(child(path, s)));
      }
      if (t instanceof IfTree i) {
        Object c = constantValue(child(path, i.getCondition()));
        if (Boolean.FALSE.equals(c)) {
          return i.getElseStatement() == null || compilesToNothing(child(path, i.getElseStatement()));
        }
        if (Boolean.TRUE.equals(c)) {
          return compilesToNothing(child(path, i.getThenStatement()));
        }
      }
      return false;
    }

    /** The value of a constant expression (javac's own rules, {@link ConstantFolder}), or null. */
    private Object constantValue(TreePath path) {
      return path.getLeaf() instanceof ExpressionTree x ? ConstantFolder.value(x, e -> {
        TreePath at = TreePath.getPath(path.getCompilationUnit(), e);
        return at != null && trees.getElement(at) instanceof VariableElement ve ? ve.getConstantValue() : null;
      }) : null;
    }

    /**
     * The flags of a loop whose body is {@code body}, declared before it when the body breaks or
     * continues (see {@link LoopExits}); names are numbered per kernel method.
     */
    private Exits exits(StatementTree body, CodeBlock.Builder out) {
      LoopExits.Found f = LoopExits.of(body);
      if (!f.any()) {
        return Exits.NONE;
      }
      int n = ++loopCount;
      String broke = f.breaks() ? KernelNames.loopBreak(n) : null;
      String next = f.continues() ? KernelNames.loopNext(n) : null;
      if (broke != null) {
        out.addStatement("boolean $N = false", broke);
      }
      if (next != null) {
        out.addStatement("boolean $N = false", next);
      }
      return new Exits(broke, next, n);
    }

    /**
     * Before a {@code while} loop: one instruction between the stores before it and its test. Aparapi
     * takes a store right before a loop for a {@code for} loop's init; when the loop then ends on
     * {@link #backEdge}'s statement instead of an update, it prints a {@code while} and drops that
     * store with its declaration ("use of undeclared identifier"), as in {@code { int v = ...; int k
     * = 0; while (k < 2) { int w = ...; ...; k++; } }} (outside-in case c07b).
     */
    /**
     * {@code test} with the lane's group test first: Java's exception ends the body at the first
     * failed check, and the kernel, which records it and goes on with a harmless value (index 0,
     * divisor 1), must still leave every loop, which that value may keep from ending (outside-in:
     * {@code while (v > 0) v /= base;} with {@code base} 0 ran forever, {@code while (text[j] != ';')
     * j++;} 2^32 times). Every loop, not only one whose own code ({@code code}) holds a check: a stand-in
     * made before it, or in a caller that passed it to this helper, reaches its condition as well
     * ({@code step = steps[x]; while (j < 10) j += step;} with x out of range and step 0, outside-in
     * helper-27). {@code test} empty: the group test alone.
     */
    private String untilFailed(String test) {
      String going = KernelNames.GOING + "(" + KernelNames.G + ")";
      return test.isEmpty() ? going : going + " && " + (enclosed(test) ? test : "(" + test + ")");
    }

    /** Whether {@code code} is one parenthesized expression: its first parenthesis closes at its end. */
    private static boolean enclosed(String code) {
      if (!code.startsWith("(")) {
        return false;
      }
      int depth = 0;
      for (int i = 0; i < code.length(); i++) {
        char c = code.charAt(i);
        if (c == '\'' || c == '"') {
          return false; // a literal may hold a parenthesis: do not guess
        }
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (depth == 0) {
          return i == code.length() - 1;
        }
      }
      return false;
    }

    private void loopEntry(CodeBlock.Builder out) {
      marker(out, "between the locals before the loop and its test, for Aparapi to keep their declarations");
    }

    /**
     * The last statement of a loop body that jumps back to its condition ({@code while}, {@code for}
     * without an update): one instruction for the body's branches to end on. Without it javac sends
     * some branches at the end of the body to the condition and others to the jump back, and Aparapi
     * cannot rebuild that loop ({@code CodeGenException: goto}): {@code while (c) { if (a) { int t = ..;
     * if (t > 0) {..} if (b) {..} } }} is enough.
     */
    private void backEdge(CodeBlock.Builder out) {
      marker(out, "where the body's branches end, for Aparapi to find the loop");
    }

    /**
     * The last statement of an {@code if}'s {@code then} that has an {@code else} (when the {@code then}
     * can complete): one instruction for the {@code then}'s own branches to end on. javac emits the jump
     * over the {@code else} and sends every jump still pending there (an inner {@code if}'s false
     * branch, a loop's exit, the {@code if (stay)} guards after a {@code break} or {@code continue})
     * straight to the end of the whole {@code if}, and Aparapi rebuilt such chains wrongly: in {@code
     * if (a) {..} else if (b) { if (c) return 2; } else { return 3; }} it left {@code b} as a statement
     * of its own and moved the {@code else} into the inner {@code if} (other results, silently), and
     * with a fourth branch it refused the kernel ("child list broken"; outside-in helper-38,
     * {@code IfChainsOpenClTest}, {@code ControlFlowFuzzTest}).
     */
    private void thenEnd(CodeBlock.Builder out) {
      marker(out, "where the branches of the then end, for Aparapi to find the else");
    }

    /** A statement that does nothing but is one instruction in the kernel's bytecode ({@code sl_stage = sl_stage}). */
    private void marker(CodeBlock.Builder out, String why) {
      out.add("// $L\n", why);
      out.addStatement("$N = $N", KernelNames.STAGE, KernelNames.STAGE);
    }

    /**
     * A {@code for} loop's printed updates, each {@code v = flag ? v : (value)} so that none runs after
     * a {@code break}; null when one does not assign a variable. They stay in the header: Aparapi
     * rebuilds a loop without one as a {@code while} and drops a variable its init declares.
     */
    private List<String> guardedUpdates(TreePath path, ForLoopTree f, List<String> update, String flag) {
      List<String> out = new ArrayList<>();
      for (int k = 0; k < update.size(); k++) {
        ExpressionStatementTree statement = f.getUpdate().get(k);
        ExpressionTree e = statement.getExpression();
        ExpressionTree variable = e instanceof AssignmentTree a ? a.getVariable()
            : e instanceof CompoundAssignmentTree c ? c.getVariable()
            : e instanceof UnaryTree u ? u.getExpression() : null;
        if (!(variable instanceof IdentifierTree)) {
          return null;
        }
        Element assigned = trees.getElement(child(child(child(path, statement), e), variable));
        String name = ((IdentifierTree) variable).getName().toString();
        String target = assigned != null && assigned.getKind() == ElementKind.LOCAL_VARIABLE
            ? localNames.getOrDefault(assigned, KernelNames.user(name)) : KernelNames.user(name);
        String printed = update.get(k);
        if (!printed.startsWith(target + " = ")) {
          return null;
        }
        out.add(target + " = " + flag + " ? " + target + " : (" + printed.substring(target.length() + 3) + ")");
      }
      return out;
    }

    /** A loop's body; a {@code continue} flag is cleared as each pass begins. */
    private void loopBody(TreePath path, CodeBlock.Builder out) {
      if (loop.next != null) {
        out.addStatement("$N = false", loop.next);
      }
      body(path, out);
    }

    /**
     * A local variable declaration: primitive, not char. One without a value gets its type's zero:
     * javac compiles {@code int b;} to nothing, and Aparapi declares a local where it is first stored,
     * so {@code int b; if (c) b = 1; else b = 2; use(b);} became a {@code b} of each branch and a
     * {@code use(b)} of none, which the OpenCL compiler rejected. Java reads a local only after it is
     * definitely assigned, so the zero is never seen.
     */
    private String local(TreePath path) {
      VariableTree v = (VariableTree) path.getLeaf();
      Element e = trees.getElement(path);
      TypeMirror type = e == null ? null : e.asType();
      String name = v.getName().toString();
      Tree init = v.getInitializer();
      if (init != null && (init.getKind() == Tree.Kind.LAMBDA_EXPRESSION || init.getKind() == Tree.Kind.MEMBER_REFERENCE)) {
        // a function value: refused as what it is (SLU612), not as a local of an object type (SLU610)
        subset.refusedExpression(child(path, init), current);
        return "int " + name;
      }
      if (!subset.localName(path, current, name) || type == null || !subset.primitive(path, current, name, type)) {
        return "int " + name;
      }
      String value = v.getInitializer() != null ? expr(child(path, v.getInitializer()))
          : type.getKind() == TypeKind.BOOLEAN ? "false" : "0";
      return type.getKind().name().toLowerCase(java.util.Locale.ROOT) + " " + declare(e, name) + " = " + value;
    }

    /** The kernel name of local {@code e}, declared now: its own unless a block beside this one took it. */
    private String declare(Element e, String name) {
      String printed = KernelNames.user(name);
      for (int k = 2; !declared.add(printed); k++) {
        printed = KernelNames.sibling(name, k);
      }
      localNames.put(e, printed);
      return printed;
    }

    // ---- expressions ----

    String expr(TreePath path) {
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

    /** Whether a loop's condition is a constant {@code true}: only a return or a break leaves it. */
    private boolean endless(TreePath loop, ExpressionTree condition) {
      return constant(child(loop, condition)) && Boolean.TRUE.equals(constantValue(child(loop, condition)));
    }

    /**
     * After a loop that only {@code return} leaves ({@code while (true)} with no break): javac knew
     * nothing follows it; with its condition a call ({@link #loopCondition}) it does not, so a method
     * that returns a value ends with a return that is never reached.
     */
    private void unreachableEnd(boolean endless, CodeBlock.Builder out) {
      TypeKind returns = current.getReturnType().getKind();
      if (!endless || returns == TypeKind.VOID) {
        return;
      }
      out.addStatement("return $L", switch (returns) {
        case BOOLEAN -> "false";
        case LONG -> "0L";
        case FLOAT -> "0f";
        case DOUBLE -> "0.0";
        case BYTE -> "(byte) 0";
        case SHORT -> "(short) 0";
        default -> "0";
      });
    }

    /**
     * A loop's condition, as a call when it is missing ({@code for (;;)}) or constant ({@code while
     * (true)}): javac compiles such a loop into a jump back with no test, which Aparapi cannot
     * structure ("CodeGenException: goto"), most often when only a {@code return} leaves it. The
     * call is not folded, so the loop keeps its test.
     */
    /** {@code e} in parentheses if it starts with a sign, so that a sign before it does not join it. */
    private static String signApart(String e) {
      return e.startsWith("-") || e.startsWith("+") ? "(" + e + ")" : e;
    }

    private String loopCondition(TreePath loop, ExpressionTree condition) {
      if (condition == null) {
        return KernelNames.ARITH + ".opaque(true)";
      }
      String printed = expr(child(loop, condition));
      if (!constant(child(loop, condition))) {
        return printed;
      }
      // a while's or do's condition is a parenthesized tree, printed in its parentheses: keep them outside
      String call = KernelNames.ARITH + ".opaque(" + printed + ")";
      return condition.getKind() == Tree.Kind.PARENTHESIZED ? "(" + call + ")" : call;
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

    /**
     * Whether the expression at {@code p} is a constant expression, which javac folds. Asked at every
     * expression node on the way down, so each answer is kept: linear in the expression's size.
     */
    private boolean constant(TreePath p) {
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


    private String identifier(TreePath path, IdentifierTree t) {
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
    private String helper(TreePath at, ExecutableElement m) {
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
      Exits savedLoop = loop;
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
          types.add(primitiveArray ? pt.toString() : primitiveName(mp, p.getSimpleName().toString(), pt));
          names.add(KernelNames.user(p.getSimpleName().toString()));
          if (primitiveArray) {
            types.add("int");
            names.add(KernelNames.length(p.getSimpleName().toString()));
          }
        }
        TreePath body = new TreePath(mp, tree.getBody());
        unresolved |= !compiles(body);
        statements(body, tree.getBody().getStatements(), b);
      } finally {
        calling.remove(m);
        current = saved;
        loop = savedLoop;
        loopCount = savedCount;
        declared = savedDeclared;
      }
      helpers.put(key, new Helper(KernelNames.helper(((TypeElement) m.getEnclosingElement()).getQualifiedName().toString(),
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
}
