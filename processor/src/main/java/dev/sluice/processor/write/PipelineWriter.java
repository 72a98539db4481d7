package dev.sluice.processor.write;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterSpec;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.kernel.KernelPlanner;
import dev.sluice.processor.kernel.RecordMethods;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.read.FreshPushes;
import dev.sluice.processor.read.ItemTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.annotation.processing.FilerException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;

/**
 * Writes a pipeline's generated classes: the public {@code <Name>Pipeline} (plan, builder, run
 * methods, result), its {@code _CpuInstance} (the scheduled CPU executor) and {@code _CpuDirect} (the
 * direct one) and its picture ({@link DiagramWriter}) first ({@link #writeHost}), then, a round later,
 * its {@code _Kernel} when it gets one ({@link #writeKernel}). Each class is {@code @Generated} and names every type it is derived from
 * as an originating element ({@link OriginatingElements}), so incremental builds redo it when any of
 * them changes.
 */
public final class PipelineWriter {
  private final ProcessingEnvironment env;
  private final Filer filer;

  /** Writes through {@code filer}: the compiler's, or one that wraps it. */
  public PipelineWriter(ProcessingEnvironment env, Filer filer) {
    this.env = env;
    this.filer = filer;
  }

  /**
   * Writes the pipeline's own classes: {@code <Name>Pipeline}, the two CPU executors and the picture.
   * They read no method body, so user code that names them can be compiled before any body is
   * attributed; {@code kernel} is {@link KernelPlanner#decide}'s promise, which {@link #writeKernel}
   * keeps a round later. {@code stamped}: the nodes this compilation stamped ({@link SourceStampWriter#stamped}).
   */
  public void writeHost(PipelineModel model, Schedule schedule, KernelPlanner.Plan kernel, Set<String> declared,
      Set<TypeElement> stamped) {
    Names names = new Names(model);
    List<TypeElement> origins = OriginatingElements.of(model, kernel, env.getElementUtils());
    // a channel's records held by their components on the CPU (CpuDirectWriter#byComponents)
    java.util.Optional<RecordMethods> records = RecordMethods.of(env);
    java.util.Optional<FreshPushes> fresh = FreshPushes.of(env);
    List<TypeSpec> types = List.of(new ApiWriter(model, schedule, names, kernel).write(),
        new CpuInstanceWriter(model, schedule, names, stamped).write(),
        new CpuDirectWriter(model, schedule, names, stamped, (stage, channel) -> records.isPresent() && fresh.isPresent()
            && records.get().buildableFromComponents(stage.channelType(channel))
            && fresh.get().onlyFresh(stage.node(), stage.node().channel(channel).orElseThrow())).write());
    types.forEach(PipelineWriter::checkClassFileNames);
    types.forEach(type -> checkParameterSlots(type, false));
    // every name is checked before any file is written: a file written beside a refused one would
    // name it, and javac would add its own errors inside the generated code to the report
    List<TypeSpec> checked = new ArrayList<>(types);
    if (kernel.hasKernel()) {
      // its body is written a round later, but the classes written now name it
      checked.add(TypeSpec.classBuilder(KernelShape.className(names).simpleName()).superclass(KernelShape.KERNEL).build());
    }
    for (TypeSpec type : checked) {
      checkNotDeclared(model, type, declared);
      checkUnnamedPackage(model, type);
    }
    types.forEach(type -> checkJavaLang(model, origins, type));
    for (TypeSpec type : types) {
      emit(model, origins, type, false);
    }
    new DiagramWriter(filer).write(model, schedule, names, origins);
  }

  /**
   * Whether {@code type} was written by this processor, in an earlier build: its {@code @Generated}
   * names the processor, as {@link #emit} writes it.
   */
  public static boolean writtenBefore(TypeElement type) {
    return type.getAnnotationMirrors().stream().anyMatch(a -> ((TypeElement) a.getAnnotationType().asElement())
        .getQualifiedName().contentEquals(Names.GENERATED.canonicalName())
        && a.getElementValues().values().stream().anyMatch(v -> v.getValue() instanceof List<?> l
            && l.stream().anyMatch(x -> x instanceof javax.lang.model.element.AnnotationValue e
                && Names.PROCESSOR.equals(e.getValue()))));
  }

  /** The simple name of the pipeline's {@code _Kernel} class. */
  public static String kernelName(PipelineModel model) {
    return KernelShape.className(new Names(model)).simpleName();
  }

  /**
   * Writes the pipeline's {@code _Kernel} from {@link KernelPlanner#translate}'s bodies;
   * {@code translatedFrom} is {@link SourceStampWriter#translatedFrom}'s for its nodes.
   */
  public void writeKernel(PipelineModel model, Schedule schedule, KernelPlanner.Plan kernel,
      Map<String, String> translatedFrom) {
    Names names = new Names(model);
    List<TypeElement> origins = OriginatingElements.of(model, kernel, env.getElementUtils());
    TypeSpec type = new KernelWriter(model, schedule, names, kernel.bodies(), translatedFrom, checkRows(model)).write();
    checkClassFileNames(type);
    checkParameterSlots(type, true);
    checkUnnamedPackage(model, type);
    checkJavaLang(model, origins, type);
    emit(model, origins, type, true);
  }

  /**
   * The simple names the generated classes write with their package: those of the user's types named
   * like a {@code java.lang} type, of another package or nested in one (q.Integer, p.Runtime.Item:
   * JavaPoet imports a nested type's top-level one unless the nested type's own simple name is to be
   * qualified, so that one is named too, outside-in helper-117 and helper-140), and those of the
   * {@code java.lang} types a type of the pipeline's package hides ({@link JavaLangNames}).
   */
  private String[] qualified(PipelineModel model, List<TypeElement> origins) {
    Set<String> out = new LinkedHashSet<>();
    for (TypeElement origin : origins) {
      String name = topLevel(origin).getSimpleName().toString();
      if (env.getElementUtils().getTypeElement("java.lang." + name) != null) {
        out.add(name);
        out.add(origin.getSimpleName().toString());
      }
    }
    out.addAll(hidden(model).keySet());
    return out.toArray(String[]::new);
  }

  /** {@link JavaLangNames#hiddenIn} the pipeline's package, looked up once for the classes this writer writes. */
  private Map<String, TypeElement> hidden(PipelineModel model) {
    if (hidden == null) {
      hidden = JavaLangNames.hiddenIn(model.packageName(), env.getElementUtils());
    }
    return hidden;
  }

  private Map<String, TypeElement> hidden;

  /**
   * Throws {@link JavaLangHidden} if a type of the pipeline's package is named like a {@code java.lang}
   * type that {@code type}'s code spells out by its simple name ({@link JavaLangNames}); {@link #emit}
   * writes the others with their package.
   */
  private void checkJavaLang(PipelineModel model, List<TypeElement> origins, TypeSpec type) {
    Map<String, TypeElement> hidden = hidden(model);
    Optional<JavaLangNames.Spelled> spelled = JavaLangNames.spelledOut(
        type.toBuilder().alwaysQualify(qualified(model, origins)).build(), hidden.keySet());
    if (spelled.isPresent()) {
      throw new JavaLangHidden(type.name, hidden.get(spelled.get().name()), spelled.get().line());
    }
  }

  /**
   * Whether the source's record declares its canonical constructor, which may refuse a row of
   * {@code runColumns}: the kernel's host then runs it on each row, as the CPU back ends do when they
   * build the items ({@link CpuBlocks#recordItems}).
   */
  private boolean checkRows(PipelineModel model) {
    ItemType input = model.source().itemType();
    return input.isRecord() && ItemTypes.declaredCanonical(input.element(), env.getElementUtils()).isPresent();
  }

  /** The most parameter slots a method may have (JVMS 4.3.3; {@code this} takes one, a long or double two). */
  public static final int MAX_PARAMETER_SLOTS = 255;

  /**
   * Throws {@link TooManyParameters} if a method of {@code type} or of a class nested in it would take
   * more slots than the JVM allows (a record of 126 {@code long}s pushed in the kernel, one parameter
   * a component; 127 {@code long} reductions in a result's constructor), which javac refuses inside
   * the generated code. {@code kernel}: {@code type} is the kernel, which {@code @Pipeline(gpu = false)}
   * would not write.
   */
  static void checkParameterSlots(TypeSpec type, boolean kernel) {
    checkParameterSlots(type, type.name, true, kernel);
  }

  private static void checkParameterSlots(TypeSpec type, String name, boolean topLevel, boolean kernel) {
    boolean inner = !topLevel && !type.modifiers.contains(Modifier.STATIC);
    for (MethodSpec m : type.methodSpecs) {
      int slots = m.modifiers.contains(Modifier.STATIC) ? 0 : 1;
      if (m.isConstructor() && inner) {
        slots++; // the enclosing instance
      }
      for (ParameterSpec p : m.parameters) {
        slots += p.type.equals(TypeName.LONG) || p.type.equals(TypeName.DOUBLE) ? 2 : 1;
      }
      if (slots > MAX_PARAMETER_SLOTS) {
        throw new TooManyParameters(name + (m.isConstructor() ? "" : "." + m.name), slots, kernel);
      }
    }
    for (TypeSpec nested : type.typeSpecs) {
      checkParameterSlots(nested, name + "." + nested.name, false, kernel);
    }
  }

  /** A generated method would take more parameter slots than the JVM allows. */
  public static final class TooManyParameters extends RuntimeException {
    public final String method;
    public final int slots;
    /** Whether the method is the kernel's, which {@code @Pipeline(gpu = false)} does without. */
    public final boolean kernel;

    TooManyParameters(String method, int slots, boolean kernel) {
      super(method + " takes " + slots + " parameter slots");
      this.method = method;
      this.slots = slots;
      this.kernel = kernel;
    }
  }

  /**
   * Throws {@link NameTaken} if the compilation's own sources declare a type with the binary name of
   * {@code type} or of a class nested in it ({@code FlowPipeline_Kernel}, or {@code FlowPipeline$Builder}
   * written as one name). {@code declared} holds the binary names of the compilation's top-level types.
   */
  private static void checkNotDeclared(PipelineModel model, TypeSpec type, Set<String> declared) {
    String prefix = model.packageName().isEmpty() ? "" : model.packageName() + ".";
    for (String name : binaryNames(type, prefix + type.name, new ArrayList<>())) {
      if (declared.contains(name)) {
        throw new NameTaken(name, "a type declared in this compilation's sources");
      }
    }
  }

  /** {@code type}'s binary name ({@code binaryName}) and its nested classes' ({@code Outer$Nested}), outer first. */
  private static List<String> binaryNames(TypeSpec type, String binaryName, List<String> out) {
    out.add(binaryName);
    for (TypeSpec nested : type.typeSpecs) {
      binaryNames(nested, binaryName + "$" + nested.name, out);
    }
    return out;
  }

  /**
   * Throws {@link NameHidden} if a type of the unnamed package that the generated classes name (the
   * pipeline, a node, a record or tag) has the simple name of a class nested in {@code type} or of a
   * member type {@code type} inherits (Aparapi's {@code Kernel.Entry}): there that name means the
   * other type, and a type of the unnamed package has no longer name to write instead. Types of a
   * package are written in full where they would be hidden ({@link Names#user}).
   */
  private static void checkUnnamedPackage(PipelineModel model, TypeSpec type) {
    if (!model.packageName().isEmpty()) {
      return;
    }
    Map<String, String> hidden = new LinkedHashMap<>();
    hiddenNames(type, type.name, hidden);
    Set<TypeElement> named = new LinkedHashSet<>();
    named.add(model.element());
    model.nodes().forEach(s -> named.add(s.node().element()));
    model.records().forEach(r -> named.add(r.element()));
    Map<TypeElement, String> clashes = new LinkedHashMap<>();
    for (TypeElement user : named) {
      // a nested type is written from its top-level type on (Builder.N): that one's name is the one hidden
      TypeElement top = topLevel(user);
      String by = hidden.get(top.getSimpleName().toString());
      if (by != null) {
        clashes.put(top, by);
      }
    }
    if (!clashes.isEmpty()) {
      throw new NameHidden(type.name, clashes);
    }
  }

  private static TypeElement topLevel(TypeElement type) {
    TypeElement top = type;
    while (top.getNestingKind() != NestingKind.TOP_LEVEL && top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    return top;
  }

  /** The simple names that mean another type inside {@code type} (named {@code where}), with that type. */
  private static void hiddenNames(TypeSpec type, String where, Map<String, String> out) {
    if (KernelShape.KERNEL.equals(type.superclass)) {
      for (String member : Names.KERNEL_MEMBER_TYPES) {
        out.putIfAbsent(member, KernelShape.KERNEL.nestedClass(member).canonicalName());
      }
    }
    for (TypeSpec nested : type.typeSpecs) {
      out.putIfAbsent(nested.name, where + "." + nested.name);
      hiddenNames(nested, where + "." + nested.name, out);
    }
  }

  /** The most bytes a file name may have on the usual file systems (ext4, APFS, NTFS: 255). */
  public static final int MAX_FILE_NAME_BYTES = 255;

  /**
   * Throws {@link NameTooLong} if a class file of {@code type} or of a class nested in it would have a
   * name too long to write ({@code Outer$Nested.class}), as javac would fail writing it after
   * compiling, or {@link NameCaseClash} if two would have names that differ only in case
   * ({@code Out_count_x} and {@code Out_Count_x}, from stages {@code count} and {@code Count}), which a
   * case-insensitive file system (macOS's and Windows' defaults) takes for one file: the second
   * overwrites the first, and the run fails loading a class of the wrong name.
   */
  static void checkClassFileNames(TypeSpec type) {
    Map<String, String> seen = new HashMap<>();
    for (String binaryName : binaryNames(type, type.name, new ArrayList<>())) {
      String file = binaryName + ".class";
      int bytes = file.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
      if (bytes > MAX_FILE_NAME_BYTES) {
        throw new NameTooLong(file, bytes);
      }
      String other = seen.putIfAbsent(file.toLowerCase(Locale.ROOT), file);
      if (other != null) {
        throw new NameCaseClash(other, file);
      }
    }
  }

  /** Two generated class files' names would differ only in case. */
  public static final class NameCaseClash extends RuntimeException {
    public final String first;
    public final String second;

    NameCaseClash(String first, String second) {
      super(first + " and " + second + " differ only in case");
      this.first = first;
      this.second = second;
    }
  }

  /** A generated class file's name would be longer than file systems allow. */
  public static final class NameTooLong extends RuntimeException {
    public final String fileName;
    public final int bytes;

    NameTooLong(String fileName, int bytes) {
      super(fileName + " is " + bytes + " bytes long");
      this.fileName = fileName;
      this.bytes = bytes;
    }
  }

  /**
   * Whether the generated classes may name something the user deprecated: the pipeline interface, a
   * node class, a record that travels through the pipeline, a member of one of them, or a class that
   * encloses one, or a class the kernel copied helpers or constants from ({@code origins}).
   */
  private boolean namesDeprecated(PipelineModel model, List<TypeElement> origins) {
    List<TypeElement> types = new ArrayList<>(origins);
    types.add(model.element());
    model.nodes().forEach(s -> types.add(s.node().element()));
    model.records().forEach(t -> types.add(t.element()));
    for (TypeElement t : types) {
      for (Element at = t; at instanceof TypeElement; at = at.getEnclosingElement()) {
        if (env.getElementUtils().isDeprecated(at)) {
          return true;
        }
      }
      if (t.getEnclosedElements().stream().anyMatch(m -> env.getElementUtils().isDeprecated(m))) {
        return true;
      }
    }
    return false;
  }

  /** Writes {@code type} with {@code origins}: the kernel's also name the classes whose helpers and constants it copied. */
  private void emit(PipelineModel model, List<TypeElement> origins, TypeSpec type, boolean kernel) {
    TypeSpec.Builder b = type.toBuilder()
        .addAnnotation(AnnotationSpec.builder(Names.GENERATED).addMember("value", "$S", Names.PROCESSOR).build());
    List<String> suppressed = new ArrayList<>();
    if (namesDeprecated(model, origins)) {
      // a user's @Deprecated node or record warns where the user names it, not again in each generated
      // class, where -Werror would fail a build on lines the user cannot change (outside-in helper-74);
      // only then, since Eclipse's compiler warns of a token that suppresses nothing (outside-in helper-85)
      suppressed.add("deprecation");
      suppressed.add("removal");
    }
    if (kernel) {
      // the kernel's `sl_stage = sl_stage;` markers are instructions Aparapi needs (BodyTranslator), which
      // Error Prone's SelfAssignment check reports as an ERROR (outside-in helper-91). javac ignores a
      // token it does not know, and Eclipse's compiler never sees a kernel (it has no Trees API)
      suppressed.add("SelfAssignment");
    }
    if (!suppressed.isEmpty()) {
      AnnotationSpec.Builder a = AnnotationSpec.builder(SuppressWarnings.class);
      suppressed.forEach(token -> a.addMember("value", "$S", token));
      b.addAnnotation(a.build());
    }
    for (TypeElement origin : origins) {
      b.addOriginatingElement(origin);
    }
    // the generated code names java.lang's types by their simple names (Integer.MAX_VALUE, Object[]);
    // a user's type of another package named like one (q.Integer, q.System) would be imported over it,
    // so such a type is written with its package instead (outside-in helper-117). JavaPoet imports a
    // nested type's top-level one unless the nested type's own simple name is to be qualified, so
    // that one is named too. A type of the pipeline's own package hides the java.lang one: JavaPoet
    // writes that one with its package, and code that spells it out was refused (checkJavaLang)
    b.alwaysQualify(qualified(model, origins));
    JavaFile file = JavaFile.builder(model.packageName(), b.build())
        .skipJavaLangImports(true)
        .addFileComment("Generated by the Sluice annotation processor from $L. Do not edit.",
            model.element().getQualifiedName())
        .build();
    try {
      file.writeTo(filer);
    } catch (FilerException e) {
      throw new NameTaken(model.packageName().isEmpty() ? type.name : model.packageName() + "." + type.name,
          "another @Pipeline named " + model.element().getSimpleName() + " in the same package, or a class of that"
              + " name; the compiler's words: " + e.getMessage(), e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + model.packageName() + "." + type.name, e);
    }
  }

  /**
   * The Filer refused a generated type's name: another pipeline of the compilation generated it (two
   * {@code @Pipeline} interfaces of one simple name in one package), or the user declared a type of
   * that name. The user's to fix, so it is reported as such, not as an internal error.
   */
  public static final class NameTaken extends RuntimeException {
    public final String typeName;
    /** What the compiler said, where it refused the name; else the holder. */
    public final String compilerWords;

    NameTaken(String typeName, String holder) {
      this(typeName, holder, holder);
    }

    NameTaken(String typeName, String holder, String compilerWords) {
      super(holder);
      this.typeName = typeName;
      this.compilerWords = compilerWords;
    }
  }

  /**
   * A type of the pipeline's package ({@link #type}) is named like a {@code java.lang} type that
   * generated class {@link #generated} spells out by its simple name, in {@link #line}.
   */
  public static final class JavaLangHidden extends RuntimeException {
    public final String generated;
    public final TypeElement type;
    public final String line;

    JavaLangHidden(String generated, TypeElement type, String line) {
      super(type + " hides java.lang." + type.getSimpleName() + " in " + generated);
      this.generated = generated;
      this.type = type;
      this.line = line;
    }
  }

  /**
   * A type of the unnamed package that the generated classes name has the simple name of a type that
   * name means inside one of them: the user's to fix (a package, or another name).
   */
  public static final class NameHidden extends RuntimeException {
    public final String generated;
    /** Each user's type that is hidden, with the type its simple name means in {@link #generated}. */
    public final Map<TypeElement, String> hiddenBy;

    NameHidden(String generated, Map<TypeElement, String> hiddenBy) {
      super(hiddenBy + " in " + generated);
      this.generated = generated;
      this.hiddenBy = hiddenBy;
    }
  }
}
