package dev.sluice.processor.diagnostics;

import java.util.Locale;
import javax.tools.Diagnostic.Kind;

/**
 * Every message the processor prints, each with a stable code: {@code SLU1xx} graph, {@code SLU2xx}
 * node shape, {@code SLU3xx} state and method bodies, {@code SLU4xx} types, {@code SLU5xx} regions
 * and signals, {@code SLU6xx} the GPU subset of node bodies, {@code SLU999} internal errors. Codes are never reused or renumbered; the printed text
 * starts with {@code [SLUnnn] }.
 */
public enum Message {
  // graph
  UNKNOWN_STAGE(101, "@From refers to unknown stage '%s'; the stages it can read are %s%s"),
  UNKNOWN_CHANNEL(102, "stage '%s' has no output channel '%s'; its channels are %s%s"),
  AMBIGUOUS_REFERENCE(103, "stage '%s' has several channels %s; name one as '%s.<channel>'"),
  CYCLE(104, "stages form a cycle: %s; a pipeline is acyclic: remove one of these @From references"),
  NO_SOURCE(105, "pipeline %s has no @Source method"),
  SEVERAL_SOURCES(106, "pipeline has more than one @Source: '%s' and '%s'"),
  UNREACHABLE(107, "stage '%s' is not reachable from the source '%s'; name its input with @From"),
  FROM_SINK(108, "'%s' is a @Sink; sinks have no outputs, so no stage can read @From it"),
  FAN_IN_IN_REGION(109, "stage '%s' joins several inputs inside region %d; fan-in is allowed only outside every region"),
  FAN_IN_WITH_SIGNAL(110, "stage '%s' joins several inputs, but user signal %s can arrive on them; signal credit is counted per edge: handle the signal in a stage before the join, or read one input here"),
  SOURCE_WITH_FROM(111, "the @Source '%s' has no inputs; remove @From"),
  SOURCE_AND_SINK(112, "stage '%s' cannot be both @Source and @Sink"),
  STAGE_PARAMETERS(113, "stage method '%s' must take no parameters"),
  NOT_A_NODE(114, "stage '%s' returns %s, which is not a @Node class: annotate the class @Node, or mark the method @Source or @Sink if it is one"),
  DUPLICATE_INPUT(115, "stage '%s' reads '%s' more than once"),
  PIPELINE_NOT_INTERFACE(116, "@Pipeline must annotate an interface"),
  PIPELINE_GENERIC(117, "@Pipeline interface %s must not be generic"),
  INACCESSIBLE(118, "%s %s is not accessible from the generated class in package '%s': %s"),
  BAD_SETTING(119, "@Pipeline(%s = %d) must be at least %d"),
  NO_CHANNELS(120, "stage '%s' has no output channels to read from"),
  UNRESOLVED_TYPE(121, "pipeline %s uses a type or constant that could not be resolved: %s"),
  RESULT_NAME_CLASH(122, "the generated Result would have two accessors named %s(): %s and %s; rename one"),
  SETTING_TOO_LARGE(123, "@Pipeline(%s = %d) must be at most %d"),
  QUEUE_TOO_LARGE(124, "the data queue of stage '%s' would hold %d items (max(%d x queueScale %d, %d + %d)), more than the limit of %d items per queue and pipeline instance; lower %s"),
  SINK_RUN_TOO_LARGE(125, "channel '%s' of stage '%s' may push %d items into sink '%s' in one run (@Max(%d) per item, width %d), more than the limit of %d per pipeline instance; lower @Max"),
  GENERATED_NAME_TAKEN(126, "pipeline %s generates the type %s, but this compilation already has a type of that name (%s); rename one of them"),
  GENERATED_NAME_TOO_LONG(127, "pipeline %s would generate the class file %s, whose name is %d bytes long, and file systems allow at most %d: shorten the names of the pipeline, its stages or their channels"),
  INHERITED_STAGE(128, "pipeline %s inherits the stage method %s() from %s, but stages are read from the @Pipeline interface itself: declare it there"),
  STAGE_WITH_BODY(129, "%s() is a %s method marked as a stage; a stage is an abstract method, which the generated class implements: remove its body (and 'default' or 'static')"),
  JAVA_LANG_HIDDEN(130, "%s declares %s, which hides java.lang.%s from the generated class %s: its code spells the name %s where java.lang's may be meant ('%s'), and no import tells the two apart; rename %s, or declare the pipeline in another package"),
  GENERATED_NAMES_CASE(131, "pipeline %s would generate the class files %s and %s, whose names differ only in case: on a case-insensitive file system (macOS's and Windows' defaults) one would overwrite the other. Rename a stage or channel so that the names differ in more than case"),
  UNNAMED_PACKAGE_NAME_HIDDEN(132, "%s is in the unnamed package, and the classes generated for pipeline %s name it where its simple name means %s (in %s): a type of the unnamed package has no longer name to write instead. Declare it in a package (the generated code then names it in full), or rename it"),
  GENERATED_METHOD_TOO_WIDE(133, "pipeline %s would generate the method %s with %d parameter slots (a long or double takes two), and the JVM allows at most %d: %s"),
  EMPTY_FROM(134, "@From on stage '%s' names no stage; name the stage it reads, or 'stage.channel' for one of its channels"),
  NO_OUTPUT(135, Kind.WARNING, "pipeline %s has no @Sink and no @Reduce field, so a run returns only its report; add a @Sink stage for the items it should keep"),
  GENERATED_TYPE_ON_CLASS_PATH(136, "pipeline %s generates the type %s, but the compiler finds a class of that name on the class path, and refuses to write its source again (%s): an earlier build's generated classes, on the class path of this one (Eclipse's batch compiler does this; javac writes over them). Delete %s*.class from that folder, or build into an empty one"),
  PIPELINE_TOO_LARGE(137, "pipeline %s has %d %s, more than the %d its generated classes can hold (some of their methods grow with each, and the JVM allows 64 KB of bytecode a method); split it into pipelines that run one after another, the sinks of one the input of the next"),
  UNREAD_CHANNEL(138, Kind.WARNING, "channel '%s' of stage '%s' is read by no stage or sink, so what it pushes is dropped; read it with @From(\"%s.%s\"), or put @SuppressWarnings(\"unused\") on %s() to drop it"),
  WIDE_FOR_GPUS(139, Kind.WARNING, "width %d is above %d, the largest work-group of most GPUs (NVIDIA's and AMD's among them), and on OpenCL the width is the work-group size: on such a device a run is refused; lower the width, or use @Pipeline(gpu = false) for a pipeline meant for the CPU"),
  NODE_UNSTAMPED(140, Kind.WARNING, "node class %s, which stage %s() uses, was compiled without sluice-processor (there is no %s beside its class file): its method bodies were not checked (@State, @Reduce), and a change to it after this build is not detected at run time; run sluice-processor where it is compiled (annotationProcessorPaths in that module)"),
  GENERATED_SOURCE_GIVEN(141, "pipeline %s generates the type %s, but this compilation was also given that type's source as an earlier build wrote it (%s, @Generated by the Sluice processor): a folder of generated sources is on the source path. Delete that earlier output (mvn clean, or empty the folder), or take the folder off the source path; the processor writes the type again"),

  // node shape
  NODE_NOT_CLASS(201, "@Node must annotate a class, not %s"),
  NODE_NOT_FINAL(202, "@Node class %s must be final"),
  NODE_ABSTRACT(203, "@Node class %s must not be abstract"),
  NODE_GENERIC(204, "@Node class %s must not be generic"),
  MISSING_RUN(205, "@Node class %s declares no run method: declare void run(T item, ...) in the class itself, since inherited methods are not read (or make it a @Region with int count(P parent))"),
  SEVERAL_RUN(206, "@Node class %s has more than one run method"),
  RUN_NOT_VOID(207, "run must return void; push outputs to a channel parameter instead"),
  RUN_FIRST_PARAMETER(208, "the first parameter of run must be the input item (int, long, float, double or a record of those)"),
  UNKNOWN_PARAMETER(209, "parameter '%s' has type %s; run takes the item, then @Parent P, output channels (IntOut, LongOut, FloatOut, DoubleOut, Out<R>) and Raise<T>%s"),
  REGION_COUNT(210, "@Region node %s must declare exactly one method int count(P parent)"),
  REGION_WITH_RUN(211, "@Region node %s enumerates with count(parent); it must not declare run"),
  MAX_LESS_THAN_ONE(212, "@Max(%d) on channel '%s' must be at least 1"),
  CHANNEL_CONFLICT(213, "channel '%s' is declared as %s here but as %s in %s; one name is one channel%s"),
  HANDLER_NOT_VOID(214, "signal handler %s must return void"),
  HANDLER_SIGNATURE(215, "@SignalHandler(%s) %s must take %s as its first parameter%s"),
  HANDLER_PARAMETER(216, "parameter '%s' of signal handler %s must be an output channel%s"),
  DUPLICATE_HANDLER(217, "%s has more than one handler for %s"),
  REGION_HANDLER(218, "@Region node %s cannot handle signals; handle them in a node of its region"),
  METHOD_NOT_USABLE(219, "%s must not be %s: the generated pipeline calls it"),
  BAD_REGION_SPEC(220, "@Region(%s = %d) must be at least 1"),
  SEVERAL_PARENTS(221, "run may take at most one @Parent parameter"),
  PARENT_TYPE_CONFLICT(222, "parameter '%s' of %s takes parent type %s, but parameter '%s' of %s takes %s; a node's items have one parent type, their region's"),
  CHECKED_EXCEPTION(223, "%s declares the checked exception %s, which the generated pipeline cannot pass on; catch it inside, or throw an unchecked exception (a failing run has it as its cause)"),
  SEVERAL_RAISE(224, "run takes two Raise<%s> parameters, '%s' and '%s'; one raises every %s signal"),
  PARENT_ON_ITEM(225, "@Parent cannot mark run's first parameter, the input item: it marks a later parameter, the parent of the item's region"),
  MAX_NOT_ON_CHANNEL(226, "@Max on '%s' has no effect: it bounds how many items one call pushes on an output channel"),
  COUNT_SIGNATURE(227, "count(...) of @Region node %s %s; declare int count(P parent)"),
  AGGREGATE_NOT_ON_CHANNEL(228, "@Aggregate on '%s' has no effect: it marks an output channel of an END handler whose pushes leave the region"),
  NOT_IN_A_NODE(229, "@%s on %s '%s' has no effect: %s is not a @Node class, and only a node's are read; %s"),
  NODE_NAME_TOO_LONG(230, "node class %s gets the file %s beside its class file (the stamp of its declarations, which tells a stale class at run time), whose name is %d bytes long, and file systems allow at most %d: shorten the class's name by %d bytes"),
  PARAMETER_ANNOTATION_NOT_READ(231, "@%s on parameter '%s' of %s has no effect: it is read on the parameters of a node's run method and signal handlers only; %s"),
  METHOD_NAME_TAKEN(232, "%s of %s is named %s, the name of the node's %s: the processor finds that method by its name; give this one another name"),
  LOMBOK_AFTER(233, "Lombok has not written the constructor @%s asks for on %s yet: list Lombok before sluice-processor in annotationProcessorPaths (an annotation processor listed after it, or not listed, runs too late or not at all)"),
  STAMP_NOT_WRITTEN(234, "could not write %s beside the class file of %s: %s. Without it a run refuses the pipeline's generated classes, since it cannot tell whether they are older than the class: free the disk or fix the class output's permissions, and compile again"),
  CLASS_NOT_BESIDE_STAMP(235, "%s, the stamp of %s, goes to %s, but javac wrote the class file elsewhere, and a run looks for the stamp beside the class: without it the run refuses the pipeline's generated classes. javac 17 without -d writes class files beside their sources and the processor's files into the current folder: pass -d <folder> to javac"),

  // state and method bodies
  UNANNOTATED_FIELD(301, "field '%s' of a @Node must be @Param, @State or @Reduce (or static)"),
  FIELD_ANNOTATIONS_CONFLICT(302, "field '%s' may have only one of @Param, @State and @Reduce"),
  BAD_FIELD_TYPE(303, "@%s field '%s' has type %s; allowed: %s"),
  REDUCE_OP_TYPE(304, "@Reduce(%s) needs an int or long field, not %s"),
  STATE_WRITTEN_IN_RUN(305, "@State field '%s' is assigned in %s; state may be written only in signal handlers (for a total updated per item, make it a @Reduce field: x += e)"),
  REDUCE_MISUSED(306, "@Reduce(%s) field '%s' may only be updated as %s in %s, never read or assigned otherwise%s"),
  PARAM_WRITTEN(307, "@Param field '%s' is read-only; assign it only in a constructor"),
  PARAM_ARRAY_WRITTEN(308, "elements of @Param array '%s' are read-only in %s (every instance shares it): copy the values you need into locals"),
  BODY_CHECKS_SKIPPED(309, Kind.NOTE, "this compiler has no javac Trees API (Eclipse's has none): node method bodies (@State, @Reduce, @Param use) are not checked and no OpenCL kernel is written, so pipelines compiled here run on the CPU back end; a javac build, such as Maven's, checks the bodies and writes the kernels"),
  REDUCE_FINAL(310, "@Reduce field '%s' must not be final%s: each run starts it at its operator's identity and stores the combined result in it"),
  REDUCE_ROUNDED(311, "@Reduce(%s) field '%s' (%s) is updated with a %s value: Java rounds the result back to %s at every update, so the total depends on how the items are split between instances and lanes; convert the value first ('%s %s (%s) (...)'), or make the field a %s"),
  ROLE_ON_STATIC_FIELD(312, "static field '%s' cannot be @%s: each pipeline instance's node object holds its own; remove 'static' (a constant needs no annotation)"),
  INHERITED_FIELD(313, "node %s inherits instance field '%s' from %s; a node's fields and their roles (@Param, @State, @Reduce) are read from the node class itself: declare it in %s (a superclass may hold static constants and methods)"),
  RECORD_CONSTRUCTOR_BESIDE_NODE(314, "record %s declares its canonical constructor and shares %s with node %s: javac refuses that constructor (\"invalid canonical constructor\", JDK-8387215) once the processor has read the node's body, which it must to check it; declare %s in a file of its own"),

  // types
  UNSUPPORTED_ITEM_TYPE(401, "%s is not a supported item type%s: use int, long, float, double or a record with one or more components of those"),
  TYPE_MISMATCH(402, "'%s' carries %s but stage '%s' consumes %s; make the channel's type and %s the same"),
  NOT_A_SIGNAL_TAG(403, "%s is used as a user signal but is not a record annotated @SignalTag%s"),
  BAD_SIGNAL_TAG(404, "signal tag %s cannot be used%s: a @SignalTag is a record without type parameters whose components, if it has any, are int, long, float or double"),

  // regions and signals
  REGION_OVERLAP(501, "stage '%s' is reached inside regions %s along one input and %s along another; regions must nest or be disjoint"),
  AGGREGATE_OUTSIDE_REGION(502, "@Aggregate channel '%s' of %s in stage '%s' leaves no region: the stage is outside every enumeration region; wire it downstream of a @Region node, or use a node whose channel is not @Aggregate here"),
  HANDLER_OUTSIDE_REGION(503, "@SignalHandler(%s) %s of %s in stage '%s' can never be called: the stage is outside every enumeration region; wire it downstream of a @Region node, or use a node without that handler here"),
  PARENT_OUTSIDE_REGION(504, "@Parent parameter '%s' of %s in stage '%s' has no parent: the stage is outside every enumeration region; wire it downstream of a @Region node, or use a node without @Parent here"),
  PARENT_MISMATCH(505, "@Parent type %s of stage '%s' does not match the parent type %s of its region %d (enumerator '%s')"),
  HANDLER_PARENT_MISMATCH(506, "%s handler %s of stage '%s' takes %s, but its region %d (enumerator '%s') has parent type %s"),
  USER_SIGNAL_UNHANDLED(507, Kind.WARNING, "%s can reach sink '%s' without being handled (signals are not delivered to sinks)"),
  SIGNAL_QUEUE_TOO_SMALL(508, "@Pipeline(signalQueue = %d) must be greater than MAX_SIGNALS_PER_VEC + MAX_SIGNALS_PER_SIG = %d"),
  SIGNAL_SLOTS_TOO_LARGE(509, "@Pipeline(signalQueue = %d) needs %d %s per pipeline instance (%s), more than the limit of %d; lower signalQueue"),
  PARENT_SLOTS_TOO_LARGE(510, "@Region(parentBuffer = %d) of stage '%s' brings the parent buffers of pipeline %s to %d slots per pipeline instance, more than the limit of %d; lower parentBuffer"),
  SIGNAL_BETWEEN_PARENTS(511, "%s of stage '%s' pushes on channel '%s' into region %d, but user signal %s raised by '%s' enters that region through its enumerator '%s', so it arrives between two parents and the item would have none; push there only to sinks, or on an @Aggregate channel whose items land outside every region the signal entered (from a nested region they land in the one around it), or handle %s before '%s'"),
  TAG_NAME_CLASH(512, "user signals %s and %s have one simple name, %s, by which the pipeline's plan and generated code name signals; rename one"),

  // the GPU subset: what a node body may use when the pipeline gets an OpenCL kernel
  GPU_ALLOCATION(601, "'%s' allocates; a kernel may create only an item record passed straight to push (out.push(new R(...))). Compute into primitives instead, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_CALL(602, "call to %s is not in the GPU subset: a kernel may call java.lang.Math and static methods, not methods of objects or instance methods (make the helper static, and pass it the fields it reads), or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_CALL_NO_SOURCE(619, "call to %s(...) is not in the GPU subset: it is compiled elsewhere (a JDK or library method), and a kernel copies only static methods whose source is in this compilation, and translates java.lang.Math's: write the arithmetic out, put the helper's source in this compilation, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_LABEL(603, "'%s' is not in the GPU subset: labels are not; an unlabeled break or continue leaves the innermost loop, and a flag in an outer loop's condition ends that one; or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_SWITCH(604, "switch is not in the GPU subset: use if/else, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_CHAR(605, "type char is not in the GPU subset: use int (char literals such as '0' are fine), or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_EXCEPTION(606, "%s is not in the GPU subset: a kernel cannot throw or catch; filter bad items out instead, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_RECURSION(607, "%s is recursive; a kernel has no call stack: write it as a loop, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_OVERLOAD(608, "%s is overloaded; the kernel translator needs one method per name: rename one, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_VARARGS(609, "%s takes varargs (an array allocated per call): take the values as parameters, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_OBJECT(610, "'%s' has type %s; a kernel works on primitives, primitive arrays and the fields of the item record: use its components, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_STATIC_FIELD(611, "static field %s is not a compile-time constant, the only static values a kernel can read: make it a 'static final' primitive with a constant value, pass arrays and other values as a @Param, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_CONSTRUCT(612, "%s is not in the GPU subset (%s), or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_FIELD_INACCESSIBLE(613, "%s field '%s' of %s is %s; the generated kernel in package '%s' reads it: make it %s, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_MATH(615, "Math.%s is not among the Math methods the kernel translates (docs/gpu-backend.md, The GPU subset): write the arithmetic out, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_CHANNEL_PASSED(614, "'%s' is %s, which a kernel pushes only in the method that received it: it cannot be passed to %s. Let the helper return the value and push it in %s, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_NATIVE(616, "%s is native: the kernel is translated from Java bodies, and a native method has none; write it in Java, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_RECORD_ACCESSOR(617, "record %s declares accessor %s() with a body of its own, which pipeline %s's kernel would not run: the kernel moves the record as its component values and reads them directly. Let the accessor return its field alone, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_RECORD_CONSTRUCTOR(618, "record %s's constructor changes the values it is given (%s), which pipeline %s would do twice on OpenCL: the kernel moves the record as its component values, and the host builds it again from them with this constructor. Let the constructor check its arguments without changing them (change the values where the record is made), or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_KERNEL_SKIPPED(620, Kind.NOTE, "no OpenCL kernel for pipeline %s: %s; it runs on the CPU back end"),
  GPU_SHORT_ARRAY(621, Kind.NOTE, "no OpenCL kernel for pipeline %s: @Param array '%s' of %s is a short[], which Aparapi cannot copy to the device (it has no put(short[])); it runs on the CPU back end. Make the array an int[] to keep the pipeline on the device"),
  GPU_SHORT_STATE(622, Kind.NOTE, "no OpenCL kernel for pipeline %s: @State field '%s' of %s is a short, which the kernel keeps in a short[] that Aparapi cannot copy to the device (it has no put(short[])); it runs on the CPU back end. Make the field an int to keep the pipeline on the device"),
  GPU_PIPELINE_REFUSED(623, Kind.NOTE, "pipeline %s needs an OpenCL kernel of the node code of %s, whose errors are reported on that code; fix them there, or keep this pipeline on the CPU with @Pipeline(gpu = false)"),
  KERNEL_IN_LAST_ROUND(624, Kind.NOTE, "'%s' resolves, but not by the syntax-only test that holds node bodies back until the types other annotation processors write exist (it looks at a node's file and the files it names); the bodies were read, and the kernels written, in javac's last round, which javac warns of (\"created in the last round\"): qualify the name with its type, or move this code out of the files nodes are in"),
  GPU_HELPER_BESIDE_RECORD(625, "kernel code calls %s, %s, which declares its canonical constructor: javac refuses that constructor (\"invalid canonical constructor\", JDK-8387215) once the processor has read a method body of that class, which the kernel needs; move %s to a class of its own, or keep the pipeline on the CPU with @Pipeline(gpu = false)"),
  GPU_HELPER_COMPILED_BEFORE(626, "call to %s(...): %s was compiled before this compilation (its class file is in this build's class output, and its source is not in the compilation: a build of the changed files only?), and a kernel copies only static methods whose source is in this compilation: rebuild from clean (mvn clean compile, or the IDE's Rebuild Project), or keep the pipeline on the CPU with @Pipeline(gpu = false)"),

  INTERNAL_ERROR(999, "internal error in the Sluice processor while processing %s: %s");

  private final int number;
  private final Kind kind;
  private final String format;

  Message(int number, String format) {
    this(number, Kind.ERROR, format);
  }

  Message(int number, Kind kind, String format) {
    this.number = number;
    this.kind = kind;
    this.format = format;
  }

  /** The stable code, e.g. {@code "SLU101"}. */
  public String code() {
    return String.format(Locale.ROOT, "SLU%03d", number);
  }

  /** ERROR, WARNING or NOTE. */
  public Kind kind() {
    return kind;
  }

  /** The format string (without the code). */
  public String format() {
    return format;
  }

  /** The printed text: {@code "[SLUnnn] "} and the formatted message. */
  public String text(Object... args) {
    return "[" + code() + "] " + String.format(Locale.ROOT, format, args);
  }
}
