package dev.sluice.processor;

import com.google.auto.service.AutoService;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.ScheduleBuilder;
import dev.sluice.processor.diagnostics.BodySite;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.diagnostics.Placement;
import dev.sluice.processor.diagnostics.Reporter;
import dev.sluice.processor.kernel.BodyTranslator;
import dev.sluice.processor.kernel.KernelPlanner;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.Packages;
import dev.sluice.processor.read.PendingTypes;
import dev.sluice.processor.read.PipelineReader;
import dev.sluice.processor.read.WrittenAnnotations;
import dev.sluice.processor.read.WrittenModifiers;
import dev.sluice.processor.validate.BodyChecker;
import dev.sluice.processor.validate.GraphValidator;
import dev.sluice.processor.validate.LombokOrder;
import dev.sluice.processor.validate.NodeValidator;
import dev.sluice.processor.validate.RecordsBesideNodes;
import dev.sluice.processor.validate.PipelineValidator;
import dev.sluice.processor.validate.StrayAnnotations;
import dev.sluice.processor.write.PipelineWriter;
import dev.sluice.processor.write.SourceStampWriter;
import dev.sluice.runtime.SourceStamps;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * The Sluice annotation processor: for each {@code @Pipeline} interface (and each {@code @Node}
 * class, checked once on its own), read → validate (report every error; stop if any) → compute →
 * decide whether the pipeline gets an OpenCL kernel → write its classes; then, in the next round,
 * check the node bodies and translate them into the kernel. A pipeline that refers to types not
 * generated yet is deferred to a later round. Nothing is thrown out of the processor: an internal
 * failure becomes an {@link Message#INTERNAL_ERROR} on the element being processed.
 *
 * <p>Why bodies wait a round: reading a body's types makes javac attribute its class, and with a
 * nested node the whole enclosing class, for good. A method there that uses the generated pipeline
 * through {@code var} or a lambda, attributed before the pipeline class exists, keeps an erroneous
 * type into the next round, and javac then fails inside its own flow analysis (a
 * NullPointerException or AssertionError, not a diagnostic). The classes users name are therefore
 * written from declarations alone, and no body is read before the round in which they exist.
 */
@AutoService(Processor.class)
public final class SluiceProcessor extends AbstractProcessor {
  private final Consumer<Schedule> scheduleListener;
  private final UnaryOperator<Filer> filerWrapper;
  private Filer filer;
  private Reporter reporter;
  private Optional<BodyChecker> bodies;
  /** javac's Trees, which tell a type with source in the compilation from one read from a class file. */
  private Optional<com.sun.source.util.Trees> trees;
  /** Whether a source names a type not generated yet, which holds the bodies back; empty without Trees. */
  private Optional<PendingTypes> pendingTypes;
  /** Where a pipeline's diagnostics are printed when their element is in another file or a class file. */
  private Placement placement;
  private KernelPlanner kernels;
  private SourceStampWriter stamps;
  /** Whether javac said an error was raised in any round so far. */
  private boolean errorSeen;
  /** Node classes checked so far, by qualified name: whether their declarations are valid. */
  private final Map<String, Boolean> nodes = new HashMap<>();
  /**
   * Per node class, its parent-type conflicts that no use outnumbers (NodeValidator): reported at the
   * end of the round for a node that no pipeline of the round read; a pipeline that reads it reports
   * the uses its region's parent type does not match, or an error that stops before that check.
   */
  private final Map<String, List<Diagnostic>> undecided = new java.util.LinkedHashMap<>();
  /** Node classes whose bodies are checked next round, by qualified name. */
  private final Set<String> bodiesToCheck = new LinkedHashSet<>();
  /** Node classes whose bodies have been checked, by qualified name: whether they are valid. */
  private final Map<String, Boolean> validBodies = new HashMap<>();
  /** Pipelines whose classes are written and whose kernel is written next round, by qualified name. */
  private final Set<String> kernelsToWrite = new LinkedHashSet<>();
  /**
   * Pipelines among {@link #kernelsToWrite} whose kernel is refused already (SLU613): their bodies are
   * translated only to report their own errors too, so that one compile lists them all.
   */
  private final Set<String> kernelsRefused = new HashSet<>();
  /** Node classes waiting for types generated in a later round, by qualified name. */
  private final Set<String> nodesWaiting = new LinkedHashSet<>();
  /** Pipelines waiting for types generated in a later round, by qualified name. */
  private final Set<String> deferred = new LinkedHashSet<>();
  /** The binary names of the compilation's top-level types so far, which no generated type may take. */
  private final Set<String> declared = new java.util.HashSet<>();
  /**
   * The pipelines whose classes were written, by package and simple name ({@code p.Flow} for {@code
   * p.A.Flow}): a second pipeline of that name (nested in another class) is told which one it clashes with.
   */
  private final Map<String, TypeElement> writtenPipelines = new HashMap<>();
  /** Annotations as the source writes them, for those javac 17 drops when their type does not resolve. */
  private WrittenAnnotations written;
  /** Modifiers as the source has them now, for the access checks (another processor may have changed them). */
  private WrittenModifiers modifiers;

  public SluiceProcessor() {
    this(schedule -> {});
  }

  /** For tests: {@code listener} sees each computed schedule before it is written. */
  SluiceProcessor(Consumer<Schedule> scheduleListener) {
    this(scheduleListener, UnaryOperator.identity());
  }

  /** For tests: generated files are written through {@code filerWrapper} applied to the compiler's Filer. */
  SluiceProcessor(Consumer<Schedule> scheduleListener, UnaryOperator<Filer> filerWrapper) {
    this.scheduleListener = scheduleListener;
    this.filerWrapper = filerWrapper;
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    // all of Sluice's annotations, claimed (process returns true), and those on the classes it writes
    // (@Generated, the kernel's @Kernel.Local): javac's -Xlint:processing warns of annotations no
    // processor claims, which fails a build with -Werror
    return Set.of(Pipeline.class.getPackageName() + ".*", "javax.annotation.processing.Generated",
        "com.aparapi.Kernel.Local");
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    filer = filerWrapper.apply(env.getFiler());
    reporter = new Reporter(env.getMessager());
    bodies = BodyChecker.create(env);
    trees = dev.sluice.processor.read.SourceTrees.of(env);
    pendingTypes = trees.map(t -> new PendingTypes(t, env.getElementUtils()));
    written = new WrittenAnnotations(trees);
    modifiers = new WrittenModifiers(trees);
    placement = new Placement(trees);
    if (bodies.isEmpty()) {
      env.getMessager().printMessage(Message.BODY_CHECKS_SKIPPED.kind(), Message.BODY_CHECKS_SKIPPED.text());
    }
    kernels = new KernelPlanner(BodyTranslator.create(env), modifiers);
    stamps = SourceStampWriter.create(env, filer, reporter);
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (TypeElement type : ElementFilter.typesIn(round.getRootElements())) {
      declared.add(processingEnv.getElementUtils().getBinaryName(type).toString());
    }
    reporter.report(StrayAnnotations.find(round, this::erroneousAnnotation));
    // first what the last round left: the classes it wrote exist now
    boolean bodiesWait = (!bodiesToCheck.isEmpty() || !kernelsToWrite.isEmpty()) && bodiesWait(round);
    for (String name : bodiesWait ? List.<String>of() : takeAll(bodiesToCheck)) {
      TypeElement node = processingEnv.getElementUtils().getTypeElement(name);
      if (node != null) {
        guarded(node, () -> validBodies(node));
      }
    }
    for (String name : bodiesWait ? List.<String>of() : takeAll(kernelsToWrite)) {
      TypeElement pipeline = processingEnv.getElementUtils().getTypeElement(name);
      // after an error javac makes this round the last, and warns of any source written in it
      // ("will not be subject to annotation processing"): the build fails anyway, so no kernel; a
      // kernel refused for its fields still has its bodies' errors said
      if (pipeline != null && (!round.errorRaised() || kernelsRefused.contains(name))) {
        guarded(pipeline, () -> writeKernel(pipeline, !round.errorRaised() && !kernelsRefused.contains(name)));
      }
    }
    // each node once its declarations resolve: one that names a type another processor generates
    // later waits for it (checked, and stamped, with the types its generated classes will see)
    List<String> nodeNames = takeAll(nodesWaiting);
    for (TypeElement node : ElementFilter.typesIn(round.getElementsAnnotatedWith(Node.class))) {
      nodeNames.add(node.getQualifiedName().toString());
    }
    for (String name : nodeNames) {
      TypeElement node = processingEnv.getElementUtils().getTypeElement(name);
      if (node == null) {
        continue;
      }
      guarded(node, () -> {
        if (!unresolved(node)) {
          reporter.report(stamps.write(node));
          validNode(node);
        } else if (!round.processingOver()) {
          nodesWaiting.add(name);
        }
        // unresolved when processing is over: javac reports the missing type, and the build fails
      });
    }
    List<TypeElement> pipelines = new ArrayList<>();
    for (String name : deferred) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        pipelines.add(type);
      }
    }
    deferred.clear();
    for (Element e : round.getElementsAnnotatedWith(Pipeline.class)) {
      if (e instanceof TypeElement type && !pipelines.contains(type)) {
        pipelines.add(type);
      }
    }
    for (TypeElement pipeline : pipelines) {
      guarded(pipeline, () -> processPipeline(pipeline));
    }
    errorSeen |= round.errorRaised();
    // reported in the round that read them: javac makes the elements of source classes anew each round
    undecided.values().forEach(reporter::report);
    undecided.clear();
    if (round.processingOver()) {
      for (String name : deferred) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
        reporter.report(Diagnostic.on(type, Message.UNRESOLVED_TYPE, name, "see the compiler's other errors"));
      }
      deferred.clear();
      // the nodes' stamps only from a compilation that can succeed (SourceStampWriter#flush)
      if (!errorSeen && reporter.errorCount() == 0) {
        for (TypeElement node : stamps.pending()) {
          guarded(node, () -> stamps.flush(node));
        }
      }
    }
    return true; // Sluice's annotations are Sluice's to process
  }

  /**
   * Whether the node bodies wait this round: a node's file (or one it names) names a type another
   * processor has yet to write, and reading a body attributes its class for good, so that javac fails
   * inside its flow analysis once the type appears ({@link PendingTypes}). In the last round they are
   * read, unless the name never came: then javac's error stands alone.
   */
  private boolean bodiesWait(RoundEnvironment round) {
    if (pendingTypes.isEmpty()) {
      return false;
    }
    List<TypeElement> read = new ArrayList<>();
    for (Map.Entry<String, Boolean> node : nodes.entrySet()) {
      TypeElement type = node.getValue() ? processingEnv.getElementUtils().getTypeElement(node.getKey()) : null;
      if (type != null) {
        read.add(type);
      }
    }
    Optional<com.sun.source.util.TreePath> pending = pendingTypes.get().first(read);
    if (pending.isEmpty()) {
      return false;
    }
    if (!round.processingOver() || pendingTypes.get().missing(pending.get())) {
      return true;
    }
    // the name was there all along: say which one moved the kernels to the last round
    com.sun.source.util.TreePath at = pending.get();
    reporter.report(List.of(Diagnostic.in(new BodySite(at.getLeaf(), at.getCompilationUnit(), trees.get()), null,
        Message.KERNEL_IN_LAST_ROUND, at.getLeaf())));
    return false;
  }

  private void processPipeline(TypeElement pipeline) {
    if (unresolved(pipeline)) {
      deferred.add(pipeline.getQualifiedName().toString());
      return;
    }
    PipelineValidator.Report report = new PipelineValidator((node, usedAt) -> validNode(node, usedAt), processingEnv.getElementUtils(),
        modifiers).validate(pipeline);
    reporter.report(placement.placed(pipeline, report.diagnostics()));
    if (!report.readable()) {
      return;
    }
    PipelineModel model = PipelineReader.read(pipeline, processingEnv.getElementUtils());
    for (StageModel s : model.nodes()) {
      undecided.remove(s.node().element().getQualifiedName().toString());
    }
    if (reporter.report(placement.placed(pipeline, GraphValidator.validate(model)))) {
      return;
    }
    Schedule schedule = ScheduleBuilder.build(model);
    scheduleListener.accept(schedule);
    KernelPlanner.Plan kernel = kernels.decide(model);
    // its errors (SLU613) refuse the kernel alone: the classes every back end has are written, and
    // the bodies translated next round for their own errors, but no kernel
    boolean refused = reporter.report(kernel.diagnostics());
    try {
      new PipelineWriter(processingEnv, filer).writeHost(model, schedule, kernel, declared,
          model.nodes().stream().map(s -> s.node().element()).filter(stamps::stamped).collect(Collectors.toSet()));
      writtenPipelines.putIfAbsent(generatedStem(model), pipeline);
    } catch (PipelineWriter.NameTaken | PipelineWriter.NameHidden | PipelineWriter.JavaLangHidden | PipelineWriter.NameTooLong
        | PipelineWriter.NameCaseClash | PipelineWriter.TooManyParameters e) {
      reporter.report(badName(pipeline, model, e));
      return;
    }
    if (kernel.hasKernel() || refused) {
      kernelsToWrite.add(pipeline.getQualifiedName().toString());
    }
    if (kernel.hasKernel()) {
      // a source that names the kernel (a test, say) does not hold the bodies back: they make it
      pendingTypes.ifPresent(p -> p.expect(PipelineWriter.kernelName(model)));
    }
    if (refused) {
      kernelsRefused.add(pipeline.getQualifiedName().toString());
    }
  }

  /**
   * The round after a pipeline's classes were written: its node bodies are checked (in this same
   * round, before this) and translated, and its kernel written if {@code write}, unless a body has an
   * error.
   */
  private void writeKernel(TypeElement pipeline, boolean write) {
    PipelineModel model = PipelineReader.read(pipeline, processingEnv.getElementUtils());
    for (StageModel s : model.nodes()) {
      if (!validBodies(s.node().element())) {
        return;
      }
    }
    KernelPlanner.Plan kernel = kernels.translate(model);
    if (reporter.report(kernel.diagnostics()) || !kernel.hasKernel() || !write) {
      return;
    }
    // the kernel records the stamps of the sources it copies: its nodes', and those of the other
    // classes whose static helpers and constants it copies
    Set<TypeElement> from = new LinkedHashSet<>();
    model.nodes().forEach(s -> from.add(s.node().element()));
    for (BodyTranslator.Translation t : kernel.bodies().values()) {
      for (TypeElement type : t.read()) {
        stamps.copied(type);
        from.add(type);
      }
    }
    try {
      new PipelineWriter(processingEnv, filer).writeKernel(model, ScheduleBuilder.build(model), kernel,
          stamps.translatedFrom(from));
    } catch (PipelineWriter.NameTaken | PipelineWriter.NameHidden | PipelineWriter.JavaLangHidden | PipelineWriter.NameTooLong
        | PipelineWriter.NameCaseClash | PipelineWriter.TooManyParameters e) {
      reporter.report(badName(pipeline, model, e));
    }
  }

  /**
   * The error for a generated type whose name is taken, that would hide a user's type of the unnamed
   * package, or whose class file's name no file system would keep apart or hold.
   */
  /** The package and simple name the pipeline's generated types are named from. */
  private static String generatedStem(PipelineModel model) {
    String simple = model.element().getSimpleName().toString();
    return model.packageName().isEmpty() ? simple : model.packageName() + "." + simple;
  }

  private List<Diagnostic> badName(TypeElement pipeline, PipelineModel model, RuntimeException e) {
    if (e instanceof PipelineWriter.NameTaken t) {
      TypeElement there = processingEnv.getElementUtils().getTypeElement(t.typeName);
      // an earlier build's generated source given to this compilation, among its files or found on the
      // source path, not a user's type to rename nor a class file to delete (outside-in helper-124;
      // @Generated is kept in sources only, so a class file never says so)
      if (there != null && PipelineWriter.writtenBefore(outermost(there))) {
        return List.of(Diagnostic.on(pipeline, Message.GENERATED_SOURCE_GIVEN, pipeline.getQualifiedName(),
            t.typeName, sourceFile(outermost(there))));
      }
      if (there != null && !declared.contains(processingEnv.getElementUtils().getBinaryName(outermost(there)).toString())) {
        // not among the compilation's sources: a class file on the class path, an earlier build's own output
        // (a type another pipeline generates in this round is not found until the next)
        String simple = t.typeName.substring(t.typeName.lastIndexOf('.') + 1);
        return List.of(Diagnostic.on(pipeline, Message.GENERATED_TYPE_ON_CLASS_PATH, pipeline.getQualifiedName(),
            t.typeName, t.compilerWords, simple));
      }
      TypeElement other = writtenPipelines.get(generatedStem(model));
      String holder = other != null && !other.equals(pipeline)
          ? "pipeline " + other.getQualifiedName() + ", of the same simple name in the same package, generates it too"
          : t.getMessage();
      return List.of(Diagnostic.on(pipeline, Message.GENERATED_NAME_TAKEN, pipeline.getQualifiedName(), t.typeName,
          holder));
    }
    if (e instanceof PipelineWriter.JavaLangHidden j) {
      String simple = j.type.getSimpleName().toString();
      String pkg = Packages.nameOf(j.type);
      // in the unnamed package the line may be one that names the user's type: it has no longer name
      return List.of(Diagnostic.on(pipeline, Message.JAVA_LANG_HIDDEN, pkg.isEmpty() ? "the unnamed package" : "package " + pkg,
          j.type.getQualifiedName(), simple, j.generated, simple, j.line, simple));
    }
    if (e instanceof PipelineWriter.NameHidden h) {
      // each on the user's type, all at once
      return h.hiddenBy.entrySet().stream().map(u -> Diagnostic.on(u.getKey(), Message.UNNAMED_PACKAGE_NAME_HIDDEN,
          u.getKey().getSimpleName(), pipeline.getQualifiedName(), u.getValue(), h.generated)).toList();
    }
    if (e instanceof PipelineWriter.TooManyParameters m) {
      // the kernel's methods go with @Pipeline(gpu = false); the API's (runColumns, Result) stay
      String way = m.kernel ? "records of fewer components, fewer @Reduce fields or helper parameters, or"
          + " @Pipeline(gpu = false) (the kernel passes each component, reduction and argument on its own)"
          : "a record of fewer components, or fewer @Reduce fields (the method takes each component or reduction on its"
          + " own, on every back end)";
      return List.of(Diagnostic.on(pipeline, Message.GENERATED_METHOD_TOO_WIDE, pipeline.getQualifiedName(), m.method,
          m.slots, PipelineWriter.MAX_PARAMETER_SLOTS, way));
    }
    if (e instanceof PipelineWriter.NameCaseClash c) {
      return List.of(Diagnostic.on(caseClashSite(pipeline, model), Message.GENERATED_NAMES_CASE,
          pipeline.getQualifiedName(), c.first, c.second));
    }
    PipelineWriter.NameTooLong t = (PipelineWriter.NameTooLong) e;
    return List.of(Diagnostic.on(pipeline, Message.GENERATED_NAME_TOO_LONG, pipeline.getQualifiedName(), t.fileName,
        t.bytes, PipelineWriter.MAX_FILE_NAME_BYTES));
  }

  /**
   * Where to report class files whose names differ only in case: on the later of two stages whose names
   * do ({@code count} and {@code Count}), else on the later of two channels of one node that do, else
   * (names from a stage and a channel together) on the pipeline.
   */
  private static Element caseClashSite(TypeElement pipeline, PipelineModel model) {
    Set<String> stages = new HashSet<>();
    for (StageModel s : model.stages()) {
      if (!stages.add(s.name().toLowerCase(Locale.ROOT))) {
        return s.method();
      }
    }
    for (StageModel s : model.nodes()) {
      Set<String> channels = new HashSet<>();
      for (ChannelModel ch : s.node().channels()) {
        if (!channels.add(ch.name().toLowerCase(Locale.ROOT)) && ch.element() != null) {
          return ch.element();
        }
      }
    }
    return pipeline;
  }

  /** Validates a node class's declarations once (reporting their problems); whether they are valid. */
  private boolean validNode(TypeElement node) {
    return validNode(node, null);
  }

  /**
   * {@link #validNode(TypeElement)}, for the stage method {@code usedAt}: a node class from the class
   * path (compiled elsewhere) has no file or line to show its problems on, so they are shown on the
   * stage that uses it, naming the class.
   */
  private boolean validNode(TypeElement node, ExecutableElement usedAt) {
    String name = node.getQualifiedName().toString();
    Boolean valid = nodes.get(name);
    if (valid == null) {
      List<Diagnostic> tie = new ArrayList<>();
      List<Diagnostic> found = new ArrayList<>(NodeValidator.validate(node, modifiers, tie));
      if (trees.isPresent()) {
        LombokOrder.check(node, processingEnv.getElementUtils(), trees.get()).ifPresent(found::add);
      }
      if (usedAt != null && placement.compiledElsewhere(node)) {
        found = found.stream().map(d -> d.movedTo(usedAt, Placement.elsewhereNote(node, usedAt))).toList();
        if (found.isEmpty() && !stampedOnClassPath(node)) {
          // a library of nodes built without the processor: nothing checked its bodies, and the
          // generated classes cannot tell when it changes (outside-in helper-123)
          found = List.of(Diagnostic.on(usedAt, Message.NODE_UNSTAMPED, name, usedAt.getSimpleName(),
              SourceStamps.resource(processingEnv.getElementUtils().getBinaryName(node).toString())));
        }
      }
      valid = !reporter.report(found);
      if (valid && !tie.isEmpty()) {
        undecided.put(name, usedAt != null && placement.compiledElsewhere(node)
            ? tie.stream().map(d -> d.movedTo(usedAt, Placement.elsewhereNote(node, usedAt))).toList() : tie);
      }
      if (valid && trees.isPresent() && trees.get().getPath(node) != null) {
        // its body is read with javac's Trees API: not beside a record that javac would then refuse
        valid = !besideRecords(node);
        // a node javac found on the source path (not among the compilation's files, so not in any
        // round's @Node elements) is compiled all the same, and a kernel translated from its source:
        // stamped like the others, or a later build of that node alone would leave the kernel stale
        // unseen (outside-in helper-85); once per compilation, like every stamp
        valid &= !reporter.report(stamps.write(node));
      }
      nodes.put(name, valid);
      if (valid) {
        bodiesToCheck.add(name);
      }
    }
    return valid;
  }

  /**
   * Whether the class path holds the stamps the processor writes beside node class {@code node}
   * ({@link SourceStamps#SUFFIX}); true where that cannot be told: a node of a named module (on the
   * module path, which this lookup does not search), or a compiler whose Filer reads no class path.
   */
  private boolean stampedOnClassPath(TypeElement node) {
    javax.lang.model.element.ModuleElement module = processingEnv.getElementUtils().getModuleOf(node);
    if (module != null && !module.isUnnamed()) {
      return true;
    }
    String pkg = processingEnv.getElementUtils().getPackageOf(node).getQualifiedName().toString();
    String file = SourceStamps.fileName(processingEnv.getElementUtils().getBinaryName(node).toString());
    try {
      filer.getResource(javax.tools.StandardLocation.CLASS_PATH, pkg, file).openInputStream().close();
      return true;
    } catch (java.io.FileNotFoundException | java.nio.file.NoSuchFileException e) {
      return false;
    } catch (IOException | RuntimeException e) {
      return true;
    }
  }

  /** Canonical constructors already reported by {@link #besideRecords}, once each. */
  private final java.util.Set<ExecutableElement> recordsReported = new java.util.HashSet<>();

  /**
   * Whether {@code node}'s outermost class holds a record that declares its canonical constructor
   * ({@link RecordsBesideNodes}): then no body of that class may be read. Reports SLU314 on each such
   * constructor once, however many nodes the class holds.
   */
  private boolean besideRecords(TypeElement node) {
    TypeElement top = RecordsBesideNodes.outermost(node);
    List<ExecutableElement> constructors = RecordsBesideNodes.declaredCanonical(top, processingEnv.getElementUtils());
    for (ExecutableElement c : constructors) {
      if (recordsReported.add(c)) {
        String record = c.getEnclosingElement().getSimpleName().toString();
        reporter.report(List.of(Diagnostic.on(c, Message.RECORD_CONSTRUCTOR_BESIDE_NODE, record, top.getQualifiedName(),
            node.getSimpleName(), record)));
      }
    }
    return !constructors.isEmpty();
  }

  /** Checks a valid node class's method bodies once (reporting their problems); whether they are valid. */
  private boolean validBodies(TypeElement node) {
    String name = node.getQualifiedName().toString();
    Boolean valid = validBodies.get(name);
    if (valid == null) {
      valid = bodies.isEmpty() || !reporter.report(bodies.get().check(node));
      validBodies.put(name, valid);
      bodiesToCheck.remove(name);
    }
    return valid;
  }

  private static List<String> takeAll(Set<String> names) {
    List<String> all = new ArrayList<>(names);
    names.clear();
    return all;
  }

  /**
   * Whether a pipeline (or node) mentions a type that does not exist yet (an error type): its
   * superclass and interfaces, the types of its methods and fields and, for node classes a pipeline's
   * methods return, the same of those.
   */
  private boolean unresolved(TypeElement type) {
    if (erroneousAnnotation(type) || isError(type.getSuperclass())
        || type.getInterfaces().stream().anyMatch(this::isError)) {
      return true;
    }
    for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (isError(m.getReturnType()) || m.getParameters().stream().map(VariableElement::asType).anyMatch(this::isError)
          || erroneousAnnotation(m) || m.getParameters().stream().anyMatch(this::erroneousAnnotation)) {
        return true;
      }
      if (type.getKind() == ElementKind.INTERFACE
          && m.getReturnType() instanceof DeclaredType d
          && d.asElement() instanceof TypeElement node
          && (node.getAnnotation(Node.class) != null ? unresolved(node) : erroneousAnnotation(node))) {
        // a stage's class that names a missing type, or whose @Node itself does not resolve (a missing import)
        return true;
      }
    }
    return ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
        .anyMatch(f -> isError(f.asType()) || erroneousAnnotation(f));
  }

  /**
   * Whether an annotation on {@code e} has a value javac could not resolve ({@code @Max(MAX_OUTS)} with
   * no such constant, or one generated later): reading it threw AnnotationTypeMismatchException, an
   * internal error, where javac reports the name itself.
   */
  private boolean erroneousAnnotation(Element e) {
    if (written.unresolved(e)) {
      return true;
    }
    for (AnnotationMirror a : e.getAnnotationMirrors()) {
      if (isError(a.getAnnotationType())) {
        return true;
      }
      for (AnnotationValue v : a.getElementValues().values()) {
        if (erroneous(v)) {
          return true;
        }
      }
    }
    return false;
  }

  private boolean erroneous(AnnotationValue v) {
    Object value = v.getValue();
    if (value instanceof List<?> values) {
      return values.stream().anyMatch(x -> x instanceof AnnotationValue av && erroneous(av));
    }
    if (value instanceof TypeMirror t) {
      return isError(t);
    }
    // javac gives an unresolved value as the text "<error>" (or a constant of type <any>)
    return String.valueOf(value).contains("<error>") || String.valueOf(value).contains("<any>");
  }

  private boolean isError(TypeMirror type) {
    return isError(type, new HashSet<>());
  }

  /**
   * {@link #isError}, looking into the components of records ({@code seen}: those looked into): an item
   * record with a component of a missing type got SLU401 at every use, before javac's error (outside-in
   * helper-85).
   */
  private boolean isError(TypeMirror type, Set<Element> seen) {
    if (type.getKind() == TypeKind.ERROR) {
      return true;
    }
    if (type instanceof ArrayType a) {
      return isError(a.getComponentType(), seen);
    }
    if (!(type instanceof DeclaredType d)) {
      return false;
    }
    if (d.getTypeArguments().stream().anyMatch(t -> isError(t, seen))) {
      return true;
    }
    return d.asElement() instanceof TypeElement record && record.getKind() == ElementKind.RECORD && seen.add(record)
        && record.getRecordComponents().stream().anyMatch(c -> isError(c.asType(), seen));
  }

  /** The file {@code type} was read from, as javac names it; its name where the compiler has no Trees API. */
  private String sourceFile(TypeElement type) {
    return trees.map(t -> t.getPath(type)).map(p -> p.getCompilationUnit().getSourceFile().getName())
        .orElse(type.getQualifiedName().toString());
  }

  private static TypeElement outermost(TypeElement type) {
    TypeElement at = type;
    while (at.getEnclosingElement() instanceof TypeElement outer) {
      at = outer;
    }
    return at;
  }

  /** Runs {@code work}; an exception becomes an internal-error diagnostic on {@code element}. */
  private void guarded(Element element, Runnable work) {
    try {
      work.run();
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      reporter.report(Diagnostic.on(element, Message.INTERNAL_ERROR, element, trace));
    }
  }
}
