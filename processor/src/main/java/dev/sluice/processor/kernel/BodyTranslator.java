package dev.sluice.processor.kernel;

import com.squareup.javapoet.CodeBlock;
import com.sun.source.tree.ErroneousTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.ClassOutput;
import dev.sluice.processor.read.SourceTrees;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Translates a node's {@code run} body into the body of a kernel lane method, through the javac Trees
 * API, as a JavaPoet code block ({@link StatementPrinter} and {@link ExpressionPrinter} print it). The
 * printers accept exactly the GPU subset: primitive locals,
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
    StatementPrinter p = new StatementPrinter(trees, elements, stage, method, params, oneLane, subset, helpers, read);
    MethodTree tree = (MethodTree) path.getLeaf();
    CodeBlock.Builder out = CodeBlock.builder();
    if (tree.getBody() == null) {
      subset.refuse(path, method, Message.GPU_NATIVE, method.getSimpleName() + "(...)");
      return new Translation(out.build(), List.of(), problems, read, false);
    }
    TreePath body = new TreePath(path, tree.getBody());
    p.unresolved |= !compiles(trees, body);
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
  static boolean compiles(Trees trees, TreePath body) {
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
}
