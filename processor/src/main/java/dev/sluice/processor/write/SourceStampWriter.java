package dev.sluice.processor.write;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.sluice.runtime.opencl.SourceStamps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Stamps each node class compiled from source with its source file's {@linkplain SourceStamps stamp}:
 * the resource {@code <Node>.sluice-source} beside its class file, and the same stamp in every kernel
 * translated from it ({@link #translatedFrom}). The runtime refuses a kernel whose stamps differ from
 * the resources (a node recompiled without its pipeline). A node read from a class file gets no
 * resource; under a compiler without javac's Trees API the resource says {@link SourceStamps#UNREAD}.
 */
public final class SourceStampWriter {
  private final Filer filer;
  private final Elements elements;
  private final Optional<Trees> trees;
  /** Stamps computed so far, by binary name: one per node file and compilation, written once. */
  private final Map<String, String> stamps = new HashMap<>();

  private SourceStampWriter(Filer filer, Elements elements, Optional<Trees> trees) {
    this.filer = filer;
    this.elements = elements;
    this.trees = trees;
  }

  /** Writes through {@code filer}, reading sources through javac's Trees API where there is one. */
  public static SourceStampWriter create(ProcessingEnvironment env, Filer filer) {
    Optional<Trees> trees;
    try {
      trees = Optional.of(Trees.instance(env));
    } catch (IllegalArgumentException | LinkageError e) {
      trees = Optional.empty();
    }
    return new SourceStampWriter(filer, env.getElementUtils(), trees);
  }

  /** Writes {@code node}'s resource, once per compilation; nothing for a node read from a class file. */
  public void write(TypeElement node) {
    String name = elements.getBinaryName(node).toString();
    if (stamps.containsKey(name)) {
      return;
    }
    Optional<String> stamp = trees.isEmpty() ? Optional.of(SourceStamps.UNREAD) : stampOf(node);
    if (stamp.isEmpty()) {
      return;
    }
    stamps.put(name, stamp.get());
    PackageElement pkg = elements.getPackageOf(node);
    String file = name.substring(name.lastIndexOf('.') + 1) + SourceStamps.SUFFIX;
    try {
      FileObject out = filer.createResource(StandardLocation.CLASS_OUTPUT, pkg.getQualifiedName(), file, node);
      try (Writer w = out.openWriter()) {
        w.write(stamp.get() + "\n");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not write the stamp of " + name, e);
    }
  }

  /**
   * For a kernel: each node class of {@code nodes} that has a stamp (all do, since a kernel is
   * translated from sources), by binary name.
   */
  public Map<String, String> translatedFrom(Iterable<TypeElement> nodes) {
    Map<String, String> out = new LinkedHashMap<>();
    for (TypeElement node : nodes) {
      String name = elements.getBinaryName(node).toString();
      String stamp = stamps.get(name);
      if (stamp != null) {
        out.put(name, stamp);
      }
    }
    return out;
  }

  private Optional<String> stampOf(TypeElement node) {
    TreePath path = trees.get().getPath(node);
    if (path == null) {
      return Optional.empty();
    }
    CompilationUnitTree unit = path.getCompilationUnit();
    try {
      return Optional.of(SourceStamps.of(unit.getSourceFile().getCharContent(true)));
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the source of " + node, e);
    }
  }
}
