package dev.sluice.processor.write;

import dev.sluice.processor.kernel.BodyTranslator;
import dev.sluice.processor.kernel.KernelPlanner;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The types a pipeline's generated files are derived from, which the files name as originating
 * elements: the pipeline interface; every node class; every record that travels through it (source
 * and sink items, node inputs and channel items, parents, signal tags); and, when there is a kernel,
 * the classes whose static helpers it copies or whose constants it inlines. A change to any of them
 * can change the generated code, so a build tool that tracks originating elements (Gradle) must
 * regenerate when one changes. JDK classes (constants such as {@code Integer.MAX_VALUE}) are left
 * out: they do not change between builds.
 */
final class OriginatingElements {
  private OriginatingElements() {}

  static List<TypeElement> of(PipelineModel model, KernelPlanner.Plan kernel, Elements elements) {
    Set<TypeElement> out = new LinkedHashSet<>();
    out.add(model.element());
    for (StageModel s : model.nodes()) {
      out.add(s.node().element());
    }
    for (ItemType record : model.records()) {
      out.add(record.element());
    }
    for (BodyTranslator.Translation t : kernel.bodies().values()) {
      for (TypeElement type : t.read()) {
        if (!inJdk(type, elements)) {
          out.add(type);
        }
      }
    }
    return new ArrayList<>(out);
  }

  private static boolean inJdk(Element type, Elements elements) {
    ModuleElement module = elements.getModuleOf(type);
    if (module == null || module.isUnnamed()) {
      return false;
    }
    String name = module.getQualifiedName().toString();
    return name.startsWith("java.") || name.startsWith("jdk.");
  }
}
