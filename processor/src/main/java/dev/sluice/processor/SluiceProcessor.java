package dev.sluice.processor;

import com.google.auto.service.AutoService;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.ScheduleBuilder;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.diagnostics.Reporter;
import dev.sluice.processor.kernel.BodyTranslator;
import dev.sluice.processor.kernel.KernelPlanner;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.read.PipelineReader;
import dev.sluice.processor.validate.BodyChecker;
import dev.sluice.processor.validate.GraphValidator;
import dev.sluice.processor.validate.NodeValidator;
import dev.sluice.processor.validate.PipelineValidator;
import dev.sluice.processor.write.PipelineWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * The Sluice annotation processor: for each {@code @Pipeline} interface (and each {@code @Node}
 * class, checked once on its own), read → validate (report every error; stop if any) → compute →
 * kernel (decide whether the pipeline gets an OpenCL kernel; translate node bodies into the GPU
 * subset) → write. A pipeline that refers to types not generated yet is deferred to a later round. Nothing is
 * thrown out of the processor: an internal failure becomes an {@link Message#INTERNAL_ERROR} on the
 * element being processed.
 */
@AutoService(Processor.class)
public final class SluiceProcessor extends AbstractProcessor {
  private final Consumer<Schedule> scheduleListener;
  private final UnaryOperator<Filer> filerWrapper;
  private Filer filer;
  private Reporter reporter;
  private NodeValidator nodeValidator;
  private KernelPlanner kernels;
  /** Node classes checked so far, by qualified name: whether they are valid. */
  private final Map<String, Boolean> nodes = new HashMap<>();
  /** Pipelines waiting for types generated in a later round, by qualified name. */
  private final Set<String> deferred = new LinkedHashSet<>();

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
    return Set.of(Pipeline.class.getCanonicalName(), Node.class.getCanonicalName());
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
    Optional<BodyChecker> bodies = BodyChecker.create(env);
    if (bodies.isEmpty()) {
      env.getMessager().printMessage(Message.BODY_CHECKS_SKIPPED.kind(), Message.BODY_CHECKS_SKIPPED.text());
    }
    nodeValidator = new NodeValidator(bodies);
    kernels = new KernelPlanner(BodyTranslator.create(env));
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (TypeElement node : ElementFilter.typesIn(round.getElementsAnnotatedWith(Node.class))) {
      guarded(node, () -> {
        if (!unresolved(node)) {
          validNode(node);
        }
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
    if (round.processingOver()) {
      for (String name : deferred) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
        reporter.report(Diagnostic.on(type, Message.UNRESOLVED_TYPE, name, "see the compiler's other errors"));
      }
      deferred.clear();
    }
    return false;
  }

  private void processPipeline(TypeElement pipeline) {
    if (unresolved(pipeline)) {
      deferred.add(pipeline.getQualifiedName().toString());
      return;
    }
    PipelineValidator.Report report = new PipelineValidator(this::validNode).validate(pipeline);
    reporter.report(report.diagnostics());
    if (!report.readable()) {
      return;
    }
    PipelineModel model = PipelineReader.read(pipeline, processingEnv.getElementUtils());
    if (reporter.report(GraphValidator.validate(model))) {
      return;
    }
    Schedule schedule = ScheduleBuilder.build(model);
    scheduleListener.accept(schedule);
    KernelPlanner.Plan kernel = kernels.plan(model);
    reporter.report(kernel.diagnostics());
    try {
      new PipelineWriter(processingEnv, filer).write(model, schedule, kernel);
    } catch (PipelineWriter.NameTaken e) {
      reporter.report(List.of(Diagnostic.on(pipeline, Message.GENERATED_NAME_TAKEN, pipeline.getQualifiedName(),
          e.typeName, pipeline.getSimpleName())));
    }
  }

  /** Validates a node class once (reporting its problems); whether it is valid. */
  private boolean validNode(TypeElement node) {
    String name = node.getQualifiedName().toString();
    Boolean valid = nodes.get(name);
    if (valid == null) {
      valid = !reporter.report(nodeValidator.validate(node));
      nodes.put(name, valid);
    }
    return valid;
  }

  /**
   * Whether a pipeline (or node) mentions a type that does not exist yet (an error type): the
   * return types of its methods and, for node classes they return, the types of their members.
   */
  private boolean unresolved(TypeElement type) {
    for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (isError(m.getReturnType()) || m.getParameters().stream().map(VariableElement::asType).anyMatch(this::isError)) {
        return true;
      }
      if (type.getKind() == ElementKind.INTERFACE
          && m.getReturnType() instanceof DeclaredType d
          && d.asElement() instanceof TypeElement node
          && node.getAnnotation(Node.class) != null
          && unresolved(node)) {
        return true;
      }
    }
    return ElementFilter.fieldsIn(type.getEnclosedElements()).stream().map(VariableElement::asType).anyMatch(this::isError);
  }

  private boolean isError(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      return true;
    }
    return type instanceof DeclaredType d && d.getTypeArguments().stream().anyMatch(this::isError);
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
