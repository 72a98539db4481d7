package dev.sluice.processor.write;

import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.runtime.plan.PlanDiagram;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes a picture of each pipeline beside its generated classes: {@code <Name>Pipeline.mmd}
 * (Mermaid) and {@code <Name>Pipeline.dot} (Graphviz), class-output resources in the pipeline's
 * package, so they land in {@code target/classes} and in the jar, where
 * {@code NamePipeline.class.getResource("NamePipeline.mmd")} finds them. Both are drawn by the
 * runtime's {@link PlanDiagram} from the plan the generated class carries (built here by
 * {@link PlanBuilder}), and name the same originating elements as the generated classes ({@link OriginatingElements}).
 */
final class DiagramWriter {
  private final Filer filer;

  /** Writes through {@code filer}, the one the generated classes go through. */
  DiagramWriter(Filer filer) {
    this.filer = filer;
  }

  void write(PipelineModel model, Schedule schedule, Names names, List<TypeElement> origins) {
    PlanDiagram diagram = PlanDiagram.of(PlanBuilder.build(model, schedule, names));
    String from = model.element().getQualifiedName().toString();
    write(model, origins, ".mmd", "%% The pipeline " + from + ", drawn by the Sluice annotation processor. Do not edit.\n"
        + diagram.mermaid());
    write(model, origins, ".dot", "// The pipeline " + from + ", drawn by the Sluice annotation processor. Do not edit.\n"
        + diagram.dot());
  }

  private void write(PipelineModel model, List<TypeElement> origins, String extension, String text) {
    String name = model.generatedName() + extension;
    try {
      FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, model.packageName(), name,
          origins.toArray(new Element[0]));
      try (Writer w = file.openWriter()) {
        w.write(text);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + model.packageName() + "/" + name, e);
    }
  }
}
