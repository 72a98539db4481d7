package dev.sluice.processor.write;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.diagnostics.Reporter;
import dev.sluice.processor.read.SourceTrees;
import dev.sluice.runtime.SourceStamps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Stamps each node class compiled from source with its source file's {@linkplain SourceStamps stamp}
 * and its {@linkplain #declarations declarations'}: the resource {@code <Node>.sluice-source} beside
 * its class file, the source stamp in every kernel translated from it ({@link #translatedFrom}), the
 * declarations' in the CPU classes that call it ({@link CpuBlocks#nodes}). The runtime refuses
 * generated code whose stamps differ from the resources (a node recompiled without its pipeline). A
 * node read from a class file gets no resource; under a compiler without javac's Trees API the
 * source stamp says {@link SourceStamps#UNREAD}.
 */
public final class SourceStampWriter {
  private final Filer filer;
  private final Elements elements;
  private final Reporter reporter;
  private final Optional<Trees> trees;
  /** Stamps computed so far, by binary name: one per node file and compilation, written once. */
  private final Map<String, String> stamps = new HashMap<>();
  /** The stamps of classes without {@code @Node} that a kernel copies from ({@link #copied}), by binary name. */
  private final Map<String, String> copied = new HashMap<>();
  /** Resources not yet written: {@link #flush} writes them once the compilation has raised no error (javac). */
  private final List<Pending> pending = new java.util.ArrayList<>();
  /**
   * Resources {@link #flush} created, by binary name, that wait for javac to write their class files
   * ({@link ClassFiles}); empty where javac's task cannot be reached.
   */
  private final Map<String, Created> awaiting = new HashMap<>();
  /** Whether javac's task is followed, so that each stamp waits for its class file. */
  private final boolean followed;

  /** {@code ofClass}: the stamp of the class file follows the text, once javac has written it. */
  private record Pending(String name, PackageElement pkg, String file, String text, TypeElement node, boolean ofClass) {}

  private record Created(String name, PackageElement pkg, FileObject file, String text, boolean ofClass) {}

  private SourceStampWriter(ProcessingEnvironment env, Filer filer, Reporter reporter, Optional<Trees> trees) {
    this.filer = filer;
    this.elements = env.getElementUtils();
    this.reporter = reporter;
    this.trees = trees;
    this.followed = trees.isPresent() && ClassFiles.follow(env, this::classWritten);
  }

  /**
   * Writes through {@code filer}, reading sources through javac's Trees API where there is one; a stamp
   * that cannot be written once javac has written its class is reported to {@code reporter}.
   */
  public static SourceStampWriter create(ProcessingEnvironment env, Filer filer, Reporter reporter) {
    return new SourceStampWriter(env, filer, reporter, SourceTrees.of(env));
  }


  /**
   * Stamps {@code node}, once per compilation, and keeps its resource for {@link #flush}; nothing for
   * a node read from a class file. Returns the error for a class whose name leaves no room for the
   * resource's longer suffix (SLU230).
   */
  public List<Diagnostic> write(TypeElement node) {
    String name = elements.getBinaryName(node).toString();
    if (stamps.containsKey(name)) {
      return List.of();
    }
    Optional<String> stamp = trees.isEmpty() ? Optional.of(SourceStamps.UNREAD) : stampOf(node);
    if (stamp.isEmpty()) {
      return List.of();
    }
    stamps.put(name, stamp.get());
    PackageElement pkg = elements.getPackageOf(node);
    String file = SourceStamps.fileName(name);
    int bytes = file.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > PipelineWriter.MAX_FILE_NAME_BYTES) {
      return List.of(Diagnostic.on(node, Message.NODE_NAME_TOO_LONG, node.getQualifiedName(), file, bytes,
          PipelineWriter.MAX_FILE_NAME_BYTES, bytes - PipelineWriter.MAX_FILE_NAME_BYTES));
    }
    // under javac the class file's stamp follows, once javac has written it: a node compiled again
    // without the processor (-proc:none) changes its class file but not its stamp
    Pending p = new Pending(name, pkg, file, stamp.get() + "\n" + declarations(node) + "\n", node, followed);
    if (trees.isEmpty()) {
      // Eclipse's compiler writes a class file even for a class it reported an error on: the stamp
      // must follow it at once (review helper-40)
      try {
        write(create(p));
      } catch (NotWritten e) {
        return List.of(e.diagnostic(node));
      }
    } else {
      pending.add(p);
    }
    return List.of();
  }

  /**
   * The nodes whose resources {@link #flush} writes. Under javac the processor writes them in the last
   * round, and only when no error was raised: javac writes no class file then, and a resource written
   * anyway would describe declarations no class file has, so that the runtime refused the classes of
   * the last good build as stale (outside-in helper-38: a node edited into a Sluice error, then back).
   */
  public List<TypeElement> pending() {
    return pending.stream().map(Pending::node).toList();
  }

  /**
   * Writes {@code node}'s pending resource: at once, or, where javac's task can be followed, once javac
   * has written the node's class file ({@link ClassFiles}). javac finds some errors after the last
   * round's checks (in a method body, in an import) and then writes no class file for the classes it
   * has not reached: a stamp written in the last round described a class file that was never written,
   * and the runtime refused the last good build's classes as stale (outside-in helper-138: a node's
   * body edited into a type error and compiled alone). Under {@code -proc:only}, which writes no class
   * file, no stamp is written either. The resource is created now, while the filer takes new files,
   * and written then.
   */
  public void flush(TypeElement node) {
    for (java.util.Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
      Pending p = it.next();
      if (p.node().equals(node)) {
        it.remove();
        try {
          Created c = create(p);
          if (followed) {
            awaiting.put(p.name(), c);
          } else {
            write(c);
          }
        } catch (NotWritten e) {
          reporter.report(e.diagnostic(node));
        }
      }
    }
  }

  /** A stamp that could not be written: SLU234 on its class. */
  private static final class NotWritten extends RuntimeException {
    private final String name;

    NotWritten(String name, Exception cause) {
      super(cause);
      this.name = name;
    }

    Diagnostic diagnostic(TypeElement type) {
      if (getCause() instanceof ClassElsewhere e) {
        return Diagnostic.on(type, Message.CLASS_NOT_BESIDE_STAMP, SourceStamps.fileName(name), name, e.folder);
      }
      return Diagnostic.on(type, Message.STAMP_NOT_WRITTEN, SourceStamps.fileName(name), name, getCause());
    }
  }

  /** javac wrote a class file where its stamp does not go (javac 17 without {@code -d}). */
  private static final class ClassElsewhere extends IOException {
    private final java.nio.file.Path folder;

    ClassElsewhere(java.nio.file.Path folder) {
      super("no class file in " + folder);
      this.folder = folder;
    }
  }

  private Created create(Pending p) {
    try {
      return new Created(p.name(), p.pkg(),
          filer.createResource(StandardLocation.CLASS_OUTPUT, p.pkg().getQualifiedName(), p.file(), p.node()), p.text(),
          p.ofClass());
    } catch (IOException | IllegalArgumentException e) {
      // IllegalArgumentException: javac's file manager refuses a path that is a folder
      throw new NotWritten(p.name(), e);
    }
  }

  private void write(Created c) {
    try {
      String text = c.ofClass() ? c.text() + SourceStamps.CLASS_FILE + SourceStamps.ofClass(classFile(c)) + "\n" : c.text();
      try (Writer w = c.file().openWriter()) {
        w.write(text);
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new NotWritten(c.name(), e);
    }
  }

  /**
   * The class file javac has just written for {@code c}'s class, from the class output, or else from
   * beside the stamp: javac 18 and later without {@code -d} write both beside the source, where the
   * class output (the current folder) has neither. Where neither has it, javac wrote it elsewhere
   * than the stamp goes (javac 17 without {@code -d}: beside the source, and the stamp into the
   * current folder), and a run would not find the stamp: {@link ClassElsewhere}.
   */
  private byte[] classFile(Created c) throws IOException {
    String simple = c.name().substring(c.name().lastIndexOf('.') + 1) + ".class";
    try (java.io.InputStream in = filer.getResource(StandardLocation.CLASS_OUTPUT, c.pkg().getQualifiedName(),
        simple).openInputStream()) {
      return in.readAllBytes();
    } catch (java.nio.file.NoSuchFileException | java.io.FileNotFoundException e) {
      java.net.URI stamp = c.file().toUri();
      if (!"file".equals(stamp.getScheme())) {
        throw e;
      }
      java.nio.file.Path beside = java.nio.file.Path.of(stamp).resolveSibling(simple);
      if (!java.nio.file.Files.isRegularFile(beside)) {
        throw new ClassElsewhere(beside.getParent());
      }
      return java.nio.file.Files.readAllBytes(beside);
    }
  }

  /**
   * javac wrote the class file of {@code type}: its stamp follows. A stamp that cannot be written is a
   * compile error on the class (SLU234), not an exception, which javac would report as its own crash.
   */
  private void classWritten(TypeElement type) {
    Created c = awaiting.remove(elements.getBinaryName(type).toString());
    if (c != null) {
      try {
        write(c);
      } catch (NotWritten e) {
        reporter.report(e.diagnostic(type));
      }
    }
  }

  /**
   * Stamps {@code owner}, a class a kernel copies static helpers or constants from, once per
   * compilation, where it has no {@code @Node} or {@code @Pipeline} (those are stamped, or write the
   * kernel again, whenever they are compiled). A file without a Sluice annotation compiled again alone
   * does not reach the processor, so its stamp cannot follow it then; its class file does. So its
   * resource holds its source's stamp, which the kernel records ({@link #translatedFrom}), and the
   * {@linkplain SourceStamps#ofClass stamp of its class file}, written once javac has written that:
   * the runtime refuses the kernel when the class it loads is another. Nothing for a class read from
   * a class file (a kernel copies only from sources), or where javac's task cannot be followed.
   */
  public void copied(TypeElement owner) {
    String name = elements.getBinaryName(owner).toString();
    if (!followed || copied.containsKey(name) || stamps.containsKey(name)
        || owner.getAnnotation(dev.sluice.Node.class) != null || owner.getAnnotation(dev.sluice.Pipeline.class) != null) {
      return;
    }
    TreePath path = trees.get().getPath(owner);
    String file = SourceStamps.fileName(name);
    if (path == null || file.getBytes(StandardCharsets.UTF_8).length > PipelineWriter.MAX_FILE_NAME_BYTES) {
      // a name too long for the resource (SLU230 for a node) leaves the class unchecked, as before stamps
      return;
    }
    String stamp;
    try {
      stamp = SourceStamps.of(path.getCompilationUnit().getSourceFile().getCharContent(true));
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the source of " + owner, e);
    }
    copied.put(name, stamp);
    pending.add(new Pending(name, elements.getPackageOf(owner), file, stamp + "\n", owner, true));
  }

  /** Whether this compilation stamped {@code node} (compiled from source), so that its stamp is written beside its class. */
  public boolean stamped(TypeElement node) {
    return stamps.containsKey(elements.getBinaryName(node).toString());
  }

  /**
   * For a kernel: each class of {@code classes} that has a stamp, by binary name: its nodes (all have
   * one, since a kernel is translated from sources) and the classes it copies from ({@link #copied}).
   */
  public Map<String, String> translatedFrom(Iterable<TypeElement> classes) {
    Map<String, String> out = new LinkedHashMap<>();
    for (TypeElement type : classes) {
      String name = elements.getBinaryName(type).toString();
      String stamp = stamps.getOrDefault(name, copied.get(name));
      if (stamp != null) {
        out.put(name, stamp);
      }
    }
    return out;
  }

  /**
   * The stamp of {@code node}'s declarations, which the generated CPU classes follow (the second line
   * of its resource): what those classes read of the node, and nothing else, so that the node read
   * from a class file (another module, a jar) gives the stamp its source gave. That is the node's
   * Sluice annotations; each field with a Sluice annotation (its role), with its type and the
   * modifiers that decide access; and each method called from generated code ({@code run},
   * {@code count}, a method with a Sluice annotation such as a handler) with its return and parameter
   * types and each parameter's Sluice annotations, and each record those types name with its
   * components (the generated code builds and reads the record by them). Left out, since a class file may not have them or
   * the generated code does not read them: other annotations (source-only ones such as
   * {@code @SuppressWarnings}, type-use ones such as {@code @NonNull}), other members (Lombok's
   * getters), constructors (the user's factories call them) and bodies.
   *
   * <p>The names of those methods' channel parameters are stamped apart, after a space: the generated
   * code passes channels by position and downstream stages name them, so two channels of one type
   * swapped in a node compiled alone would swap its outputs in silence (review helper-48). A class
   * file compiled with neither {@code -g} nor {@code -parameters} names its parameters {@code arg0},
   * {@code arg1}, ...:
   * names of that form alone are taken as absent, and the runtime then checks the first stamp only
   * ({@link SourceStamps#declarationsMatch}).
   */
  public static String declarations(TypeElement node) {
    StringBuilder b = new StringBuilder();
    java.util.Map<String, String> channelNames = new java.util.TreeMap<>();
    java.util.Map<String, String> records = new java.util.TreeMap<>();
    boolean named = false;
    annotations(b, node);
    // the members sorted: Eclipse's compiler lists a class file's members in another order than its
    // source's (outside-in helper-47: a node with a @Param field, read from a class file, got another
    // stamp, and the CPU back end refused a build that was not stale); the generated code names them
    java.util.List<String> members = new java.util.ArrayList<>();
    for (Element e : node.getEnclosedElements()) {
      boolean sluice = e.getAnnotationMirrors().stream().anyMatch(SourceStampWriter::ours);
      StringBuilder m = new StringBuilder();
      if (e.getKind() == ElementKind.FIELD && sluice) {
        m.append("\nFIELD ").append(access(e)).append(' ');
        annotations(m, e);
        m.append(type(e.asType())).append(' ').append(e.getSimpleName());
      } else if (e instanceof ExecutableElement method && e.getKind() == ElementKind.METHOD
          && (sluice || method.getSimpleName().contentEquals("run") || method.getSimpleName().contentEquals("count"))) {
        m.append("\nMETHOD ").append(access(e)).append(' ');
        annotations(m, e);
        m.append(type(method.getReturnType())).append(' ').append(method.getSimpleName()).append('(');
        StringBuilder channels = new StringBuilder();
        int position = 0;
        records(method.getReturnType(), records);
        for (VariableElement p : method.getParameters()) {
          annotations(m, p);
          m.append(type(p.asType())).append(',');
          records(p.asType(), records);
          named |= !p.getSimpleName().contentEquals("arg" + position++);
          if (channel(p.asType())) {
            channels.append(p.getSimpleName()).append(',');
          }
        }
        m.append(')');
        channelNames.merge(m.toString(), channels.toString(), (x, y) -> x + ';' + y);
      } else {
        continue;
      }
      members.add(m.toString());
    }
    members.stream().sorted().forEach(b::append);
    records.forEach((name, components) -> b.append("\nRECORD ").append(name).append(components));
    if (!named || channelNames.values().stream().allMatch(String::isEmpty)) {
      return SourceStamps.of(b);
    }
    // in the members' sorted order, as the first stamp
    return SourceStamps.of(b) + ' ' + SourceStamps.of(String.join("\n", channelNames.values()));
  }

  /**
   * Adds to {@code out} each record named in {@code t} (itself, or a type argument: {@code Out<R>},
   * {@code Raise<T>}) with its components' types and names, which the generated code builds and reads
   * the record by: a record changed and compiled again with its node but not with the pipeline would
   * otherwise leave the pipeline's classes calling a constructor that is gone (outside-in helper-138).
   */
  private static void records(TypeMirror t, java.util.Map<String, String> out) {
    if (t instanceof DeclaredType d) {
      d.getTypeArguments().forEach(a -> records(a, out));
      if (d.asElement().getKind() == ElementKind.RECORD) {
        TypeElement r = (TypeElement) d.asElement();
        out.put(r.getQualifiedName().toString(), r.getRecordComponents().stream()
            .map(c -> type(c.asType()) + ' ' + c.getSimpleName())
            .collect(java.util.stream.Collectors.joining(",", "(", ")")));
      }
    }
  }

  /**
   * Whether a parameter of type {@code t} is an output channel ({@code Out}, {@code IntOut}, ...), which
   * the generated code passes by position; a {@code Raise} is named by its tag, not its parameter.
   */
  private static boolean channel(TypeMirror t) {
    return t instanceof DeclaredType d && d.asElement().getEnclosingElement() instanceof PackageElement p
        && p.getQualifiedName().contentEquals("dev.sluice")
        && CHANNEL_TYPES.contains(d.asElement().getSimpleName().toString());
  }

  private static final java.util.Set<String> CHANNEL_TYPES = java.util.Set.of("Out", "IntOut", "LongOut", "FloatOut",
      "DoubleOut");

  /** An annotation of Sluice's own (class retention: a class file keeps it). */
  private static boolean ours(AnnotationMirror a) {
    return ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().toString().startsWith("dev.sluice.");
  }

  /** The modifiers the generated code's access depends on, in a fixed order. */
  private static String access(Element e) {
    return java.util.stream.Stream.of(Modifier.PUBLIC, Modifier.PROTECTED, Modifier.PRIVATE, Modifier.STATIC,
        Modifier.FINAL).filter(e.getModifiers()::contains).map(Modifier::toString)
        .collect(java.util.stream.Collectors.joining(" "));
  }

  /**
   * A type as source names it, without type-use annotations ({@code @NonNull int} is {@code int}), which
   * javac prints from source and may not read back from a class file.
   */
  static String type(TypeMirror t) {
    return switch (t.getKind()) {
      case DECLARED -> {
        DeclaredType d = (DeclaredType) t;
        String name = ((TypeElement) d.asElement()).getQualifiedName().toString();
        yield d.getTypeArguments().isEmpty() ? name : name + d.getTypeArguments().stream()
            .map(SourceStampWriter::type).collect(java.util.stream.Collectors.joining(",", "<", ">"));
      }
      case ARRAY -> type(((ArrayType) t).getComponentType()) + "[]";
      case TYPEVAR -> ((TypeVariable) t).asElement().getSimpleName().toString();
      case WILDCARD -> {
        WildcardType w = (WildcardType) t;
        yield w.getExtendsBound() != null ? "? extends " + type(w.getExtendsBound())
            : w.getSuperBound() != null ? "? super " + type(w.getSuperBound()) : "?";
      }
      default -> t.getKind().isPrimitive() ? t.getKind().name().toLowerCase(java.util.Locale.ROOT) : t.toString();
    };
  }

  /** Each Sluice annotation's type and explicit values, sorted by name, in a form that does not depend on the compiler. */
  private static void annotations(StringBuilder b, Element e) {
    // sorted too, for the same reason as the members
    java.util.List<String> texts = new java.util.ArrayList<>();
    for (AnnotationMirror a : e.getAnnotationMirrors()) {
      if (!ours(a)) {
        continue;
      }
      StringBuilder t = new StringBuilder();
      t.append('@').append(((TypeElement) a.getAnnotationType().asElement()).getQualifiedName()).append('(');
      new TreeMap<String, AnnotationValue>(a.getElementValues().entrySet().stream().collect(
          java.util.stream.Collectors.toMap(v -> v.getKey().getSimpleName().toString(), Map.Entry::getValue)))
          .forEach((name, value) -> t.append(name).append('=').append(value(value.getValue())).append(';'));
      t.append(") ");
      texts.add(t.toString());
    }
    texts.stream().sorted().forEach(b::append);
  }

  private static String value(Object v) {
    if (v instanceof TypeMirror t) {
      return type(t); // a class literal
    }
    if (v instanceof VariableElement constant) {
      return constant.getSimpleName().toString(); // an enum constant
    }
    if (v instanceof List<?> list) {
      return list.stream().map(x -> value(x instanceof AnnotationValue av ? av.getValue() : x))
          .collect(java.util.stream.Collectors.joining(",", "{", "}"));
    }
    return String.valueOf(v);
  }

  private Optional<String> stampOf(TypeElement node) {
    TreePath path = trees.get().getPath(node);
    if (path == null) {
      return Optional.empty();
    }
    CompilationUnitTree unit = path.getCompilationUnit();
    try {
      // with the declarations, whose records' components come from other files: a record changed and
      // compiled again with the node makes the kernel stale too (its host builds records by them)
      return Optional.of(SourceStamps.of(unit.getSourceFile().getCharContent(true) + "\n" + declarations(node)));
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the source of " + node, e);
    }
  }
}
