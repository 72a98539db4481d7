package dev.sluice.processor.kernel;

import com.squareup.javapoet.CodeBlock;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EmptyStatementTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * The statements of a kernel lane method: blocks, locals, {@code if}, the loops (their {@code break}
 * and {@code continue} as flags, {@link LoopExits}), {@code return}, pushes and updates as expression
 * statements ({@link ExpressionPrinter} prints the expressions).
 */
final class StatementPrinter extends ExpressionPrinter {
  StatementPrinter(Trees trees, Elements elements, StageModel stage, ExecutableElement method, List<RunParam> params,
      boolean oneLane, GpuSubset subset, Map<String, BodyTranslator.Helper> helpers, Set<TypeElement> read) {
    super(trees, elements, stage, method, params, oneLane, subset, helpers, read);
  }

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
        LoopExits.Flags saved = loop;
        loop = exits(f.getStatement(), out);
        endless = loop.broke() == null && (f.getCondition() == null || endless(path, f.getCondition()));
        try {
          List<String> guarded = loop.broke() == null ? update : guardedUpdates(path, f, update, loop.broke());
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
            body.beginControlFlow("if (!$N)", loop.broke());
            for (String u : update) {
              body.addStatement("$L", u);
            }
            body.endControlFlow();
            backEdge(body);
          } else if (update.isEmpty()) {
            backEdge(body);
          }
          // the break flag is tested first: after a break the condition is not evaluated again
          String test = loop.broke() == null ? cond : "!" + loop.broke() + (cond.isEmpty() ? "" : " && (" + cond + ")");
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
        LoopExits.Flags saved = loop;
        loop = exits(w.getStatement(), out);
        loopEntry(out);
        try {
          CodeBlock.Builder body = CodeBlock.builder();
          loopBody(child(path, w.getStatement()), body);
          if (completes(child(path, w.getStatement()))) {
            backEdge(body);
          }
          String test = untilFailed(loop.broke() == null ? cond : "(!" + loop.broke() + " && " + cond + ")");
          out.beginControlFlow("while $L", test.startsWith("(") ? test : "(" + test + ")");
          out.add(body.build());
          endless = loop.broke() == null && endless(path, w.getCondition());
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
        LoopExits.Flags saved = loop;
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
          if (loop.broke() != null) {
            out.beginControlFlow("if ($N)", loop.broke())
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
          endless = loop.broke() == null && endless(path, d.getCondition());
        } finally {
          loop = saved;
        }
        unreachableEnd(endless, out);
      }
      case BREAK, CONTINUE -> {
        boolean isBreak = t.getKind() == Tree.Kind.BREAK;
        Object label = isBreak ? ((BreakTree) t).getLabel() : ((ContinueTree) t).getLabel();
        String flag = loop == null ? null : isBreak ? loop.broke() : loop.next();
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

  /**
   * The flags of a loop whose body is {@code body}, declared before it when the body breaks or
   * continues (see {@link LoopExits}); names are numbered per kernel method.
   */
  private LoopExits.Flags exits(StatementTree body, CodeBlock.Builder out) {
    LoopExits.Found f = LoopExits.of(body);
    if (!f.any()) {
      return LoopExits.Flags.NONE;
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
    return new LoopExits.Flags(broke, next, n);
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
    if (loop.next() != null) {
      out.addStatement("$N = false", loop.next());
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
}
