package dev.sluice.processor.validate;

import dev.sluice.Aggregate;
import dev.sluice.Max;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.SignalTag;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.read.Annotations;
import dev.sluice.processor.read.ItemTypes;
import dev.sluice.processor.read.MadeUpNames;
import dev.sluice.processor.read.ParamTypes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Checks the parameters of one node's {@code run} and handlers, and what they must agree on across
 * methods: channels (type, {@code @Max}, {@code @Aggregate}), the parent type, one handler per tag.
 */
final class ParamChecker {
  private final List<Diagnostic> out;
  private final Map<String, Channel> channels = new LinkedHashMap<>();
  private final Set<String> handledTags = new HashSet<>();
  private final Map<VariableElement, ItemType> parentUses = new LinkedHashMap<>();

  private record Channel(ItemType type, int max, boolean aggregate, ExecutableElement method) {
    /**
     * This channel as declared, beside {@code other}: its type, and its {@code @Max} where the two differ,
     * the default said as such (helper-124: "@Max(2)" against a bare "int channel" read as a type clash).
     */
    String describe(Channel other) {
      String bound = max == other.max ? "" : max == 1 ? " @Max(1) (the default)" : " @Max(" + max + ")";
      String aggregated = aggregate == other.aggregate ? "" : aggregate ? " @Aggregate" : " without @Aggregate";
      return type + " channel" + bound + aggregated;
    }
  }

  ParamChecker(List<Diagnostic> out) {
    this.out = out;
  }

  void checkRun(ExecutableElement run) {
    usable(run, out);
    if (run.getReturnType().getKind() != TypeKind.VOID) {
      out.add(Diagnostic.on(run, Message.RUN_NOT_VOID));
    }
    List<? extends VariableElement> params = run.getParameters();
    if (params.isEmpty()) {
      out.add(Diagnostic.on(run, Message.RUN_FIRST_PARAMETER));
      return;
    }
    VariableElement item = params.get(0);
    if (NodeValidator.isParent(item)) {
      out.add(Diagnostic.on(item, Message.PARENT_ON_ITEM));
      return;
    }
    if (ParamTypes.classify(item.asType()).shape() != ParamTypes.Shape.OTHER) {
      out.add(Diagnostic.on(item, Message.RUN_FIRST_PARAMETER));
      return; // the other parameters would only be misread against a missing item
    }
    if (ItemTypes.item(item.asType()).isEmpty()) {
      // the other parameters are read as usual: one compile lists their problems too (helper-50)
      out.add(Diagnostic.on(item, Message.UNSUPPORTED_ITEM_TYPE, item.asType(), ItemTypes.why(item.asType()))
          .oncePer(ItemTypes.faultOf(item.asType())));
    }
    notOnChannel(item);
    int parents = 0;
    Map<String, VariableElement> raises = new HashMap<>();
    for (VariableElement p : params.subList(1, params.size())) {
      if (NodeValidator.isParent(p)) {
        if (++parents > 1) {
          out.add(Diagnostic.on(p, Message.SEVERAL_PARENTS));
        }
        notOnChannel(p);
        Optional<ItemType> type = ItemTypes.item(p.asType());
        if (type.isEmpty()) {
          out.add(Diagnostic.on(p, Message.UNSUPPORTED_ITEM_TYPE, p.asType(), ItemTypes.why(p.asType()))
              .oncePer(ItemTypes.faultOf(p.asType())));
        } else {
          parentUses.put(p, type.get());
        }
        continue;
      }
      ParamTypes.ParamType shape = ParamTypes.classify(p.asType());
      switch (shape.shape()) {
        case CHANNEL -> checkChannel(p, shape, run);
        case RAISE -> {
          checkTag(p, shape.argument(), p);
          notOnChannel(p);
          VariableElement before = shape.argument() == null ? null : raises.putIfAbsent(shape.argument().toString(), p);
          if (before != null) {
            String tag = ((DeclaredType) shape.argument()).asElement().getSimpleName().toString();
            out.add(Diagnostic.on(p, Message.SEVERAL_RAISE, tag, before.getSimpleName(), p.getSimpleName(), tag));
          }
        }
        // an item type there is most often the region's parent without its annotation (outside-in helper-129)
        case OTHER -> out.add(Diagnostic.on(p, Message.UNKNOWN_PARAMETER, p.getSimpleName(), p.asType(),
            ItemTypes.item(p.asType()).isPresent() ? ": if it is the parent of the region the node is in, write @Parent"
                + " before its type: @Parent " + (p.asType() instanceof DeclaredType d ? d.asElement().getSimpleName()
                : p.asType()) + " " + p.getSimpleName() : ""));
      }
    }
  }

  void checkHandler(ExecutableElement handler) {
    usable(handler, out);
    Signal tag = handler.getAnnotation(SignalHandler.class).value();
    String name = handler.getSimpleName() + "(...)";
    if (handler.getReturnType().getKind() != TypeKind.VOID) {
      out.add(Diagnostic.on(handler, Message.HANDLER_NOT_VOID, name));
    }
    List<? extends VariableElement> params = handler.getParameters();
    String expected = tag == Signal.USER ? "a record annotated @SignalTag" : "the region's parent";
    // what to write: the parent's type is the item type of the enumerator that opens the region
    String how = tag == Signal.USER ? ": the tag it handles, as in void " + handler.getSimpleName() + "(MyTag tag)"
        : ": the item type its region's enumerator takes, as in void " + handler.getSimpleName()
            + "(Line line) for a region over lines";
    VariableElement first = params.isEmpty() ? null : params.get(0);
    if (first != null && ParamTypes.classify(first.asType()).shape() == ParamTypes.Shape.OTHER) {
      // a channel in the first place is refused below as out of place, @Max or @Aggregate and all
      notOnChannel(first);
    }
    // a channel first and the parent or tag after it: the parameters are in the wrong order, one error
    VariableElement misplaced = first == null || ParamTypes.classify(first.asType()).shape() != ParamTypes.Shape.CHANNEL
        ? null
        : params.stream().skip(1).filter(p -> ParamTypes.classify(p.asType()).shape() == ParamTypes.Shape.OTHER
            && !NodeValidator.isParent(p)).findFirst().orElse(null);
    if (misplaced != null) {
      how = ": put '" + misplaced.getSimpleName() + "' first, before the channels";
    }
    if (first == null || ParamTypes.classify(first.asType()).shape() != ParamTypes.Shape.OTHER || NodeValidator.isParent(first)) {
      if (first != null && NodeValidator.isParent(first)) {
        // it may be the parent already: the words must not ask for what is there
        how += ", without @Parent (a handler's first parameter is the parent or tag by its place)";
      }
      out.add(Diagnostic.on(first == null ? handler : first, Message.HANDLER_SIGNATURE, tag, name, expected, how));
    } else if (tag == Signal.USER) {
      if (!isSignalTagRecord(first.asType())) {
        if (Annotations.value(Annotations.mirror(handler, SignalHandler.class).orElseThrow(), "value").isEmpty()) {
          // USER is the default: a handler for a region's BEGIN or END whose signal was left out (helper-129)
          how += "; a handler of a region's BEGIN or END says which: @SignalHandler(Signal.BEGIN) or"
              + " @SignalHandler(Signal.END) (without a value it handles a user signal)";
        }
        out.add(Diagnostic.on(first, Message.HANDLER_SIGNATURE, tag, name, expected, how));
      } else if (ItemTypes.of(first.asType()).isEmpty()) {
        // a tag, not an item: it may have no components (outside-in helper-83)
        out.add(Diagnostic.on(first, Message.BAD_SIGNAL_TAG, first.asType(), ItemTypes.why(first.asType()))
            .oncePer(ItemTypes.faultOf(first.asType())));
      } else if (!handledTags.add(ItemTypes.of(first.asType()).get().javaName())) {
        out.add(Diagnostic.on(handler, Message.DUPLICATE_HANDLER, handler.getEnclosingElement().getSimpleName(),
            first.asType()));
      }
    } else {
      Optional<ItemType> type = ItemTypes.item(first.asType());
      if (type.isEmpty()) {
        out.add(Diagnostic.on(first, Message.UNSUPPORTED_ITEM_TYPE, first.asType(), ItemTypes.why(first.asType()))
            .oncePer(ItemTypes.faultOf(first.asType())));
      } else {
        parentUses.put(first, type.get());
      }
      if (!handledTags.add(tag.name())) {
        out.add(Diagnostic.on(handler, Message.DUPLICATE_HANDLER, handler.getEnclosingElement().getSimpleName(), tag));
      }
    }
    for (VariableElement p : params.subList(Math.min(1, params.size()), params.size())) {
      ParamTypes.ParamType shape = ParamTypes.classify(p.asType());
      if (p == misplaced) {
        continue;
      }
      if (shape.shape() == ParamTypes.Shape.CHANNEL && !NodeValidator.isParent(p)) {
        checkChannel(p, shape, handler);
      } else {
        String why = shape.shape() == ParamTypes.Shape.RAISE ? ": only run(...) may raise signals (take the Raise there)"
            : NodeValidator.isParent(p) ? (tag == Signal.USER
                ? ": a user signal's handler takes no @Parent (its first parameter is the tag; a signal that enters a"
                    + " region through its enumerator arrives between parents); read the parent in run(...) with @Parent"
                : ": a handler's parent is its first parameter, without @Parent")
            : ": a handler takes its parent or tag, then only Out, IntOut, LongOut, FloatOut or DoubleOut channels";
        out.add(Diagnostic.on(p, Message.HANDLER_PARAMETER, p.getSimpleName(), name, why));
      }
    }
  }

  /** {@code @Max} and {@code @Aggregate} belong on output channels: anywhere else they would be silently ignored. */
  private void notOnChannel(VariableElement p) {
    Annotations.mirror(p, Max.class).ifPresent(m -> out.add(Diagnostic.on(p, m, null, Message.MAX_NOT_ON_CHANNEL, p.getSimpleName())));
    Annotations.mirror(p, Aggregate.class)
        .ifPresent(m -> out.add(Diagnostic.on(p, m, null, Message.AGGREGATE_NOT_ON_CHANNEL, p.getSimpleName())));
  }

  /**
   * All uses of the parent ({@code @Parent}, BEGIN/END handlers) must name one type. The region's type
   * is not known here (a node class is checked once, whichever pipeline uses it), so the uses of the
   * type most of them name are taken as right and each other use is reported. With no such type (one
   * {@code begin(Other)} against one {@code end(Comp)}) any of them may be the mistake (outside-in
   * helper-102: reporting only the later one put the error on the right handler): every use goes to
   * {@code undecided}, which the processor reports only for a node no pipeline of the round reads,
   * since a pipeline that puts the node in a region reports exactly the uses its parent type does not
   * match (SLU505, SLU506; outside-in helper-114: two errors for one mistake, the first on the right
   * handler).
   */
  void checkParentTypes(String node, List<Diagnostic> undecided) {
    Map<ItemType, Integer> count = new java.util.HashMap<>();
    parentUses.values().forEach(t -> count.merge(t, 1, Integer::sum));
    if (count.size() < 2) {
      return;
    }
    int most = java.util.Collections.max(count.values());
    boolean tie = count.values().stream().filter(n -> n == most).count() > 1;
    for (Map.Entry<VariableElement, ItemType> use : parentUses.entrySet()) {
      if (!tie && count.get(use.getValue()) == most) {
        continue;
      }
      // named against the first use of another type: one that most uses name, when there is one
      Map.Entry<VariableElement, ItemType> other = parentUses.entrySet().stream()
          .filter(u -> !u.getValue().equals(use.getValue()) && (tie || count.get(u.getValue()) == most))
          .findFirst().orElseThrow();
      (tie ? undecided : out).add(Diagnostic.on(use.getKey(), Message.PARENT_TYPE_CONFLICT, use.getKey().getSimpleName(),
          method(use.getKey(), node), use.getValue(), other.getKey().getSimpleName(), method(other.getKey(), node),
          other.getValue()));
    }
  }

  /** {@code Node.run(...)}: the method a parameter belongs to, for messages. */
  private static String method(VariableElement p, String node) {
    return node + "." + p.getEnclosingElement().getSimpleName() + "(...)";
  }

  private void checkChannel(VariableElement p, ParamTypes.ParamType shape, ExecutableElement method) {
    String name = p.getSimpleName().toString();
    if (shape.type().isEmpty()) {
      if (shape.argument() == null) {
        // a raw Out: the type is not the problem, its missing argument is
        out.add(Diagnostic.on(p, Message.UNSUPPORTED_ITEM_TYPE, "Out without a type argument",
            " (declare channel '" + name + "' as Out<R>, or as IntOut, LongOut, FloatOut or DoubleOut)"));
      } else {
        // named with its channel: a type such as '?' says nothing of where it is
        out.add(Diagnostic.on(p, Message.UNSUPPORTED_ITEM_TYPE, shape.argument(),
            " on channel '" + name + "'" + ItemTypes.why(shape.argument())).oncePer(ItemTypes.faultOf(shape.argument())));
      }
      return;
    }
    Max maxAnnotation = p.getAnnotation(Max.class);
    int max = maxAnnotation == null ? 1 : maxAnnotation.value();
    if (max < 1) {
      AnnotationMirror mirror = Annotations.mirror(p, Max.class).orElseThrow();
      out.add(Diagnostic.on(p, mirror, Annotations.value(mirror, "value").orElse(null),
          Message.MAX_LESS_THAN_ONE, max, name));
      return;
    }
    Channel channel = new Channel(shape.type().get(), max, Annotations.has(p, Aggregate.class), method);
    Channel previous = channels.putIfAbsent(name, channel);
    if (previous != null
        && (!previous.type.equals(channel.type) || previous.max != channel.max || previous.aggregate != channel.aggregate)) {
      out.add(Diagnostic.on(p, Message.CHANNEL_CONFLICT, name, channel.describe(previous), previous.describe(channel),
          previous.method.getSimpleName() + "(...)",
          MadeUpNames.all(List.of(name)) ? MadeUpNames.hint(method.getEnclosingElement()) : ""));
    }
  }

  private void checkTag(VariableElement p, TypeMirror tag, VariableElement site) {
    if (tag == null || !isSignalTagRecord(tag)) {
      out.add(Diagnostic.on(site, Message.NOT_A_SIGNAL_TAG, tag == null ? "Raise without a type argument (Raise<T>)" : tag,
          tag == null ? "" : annotatedNotRecord(tag)));
    } else if (ItemTypes.of(tag).isEmpty()) {
      out.add(Diagnostic.on(site, Message.BAD_SIGNAL_TAG, tag, ItemTypes.why(tag)).oncePer(ItemTypes.faultOf(tag)));
    }
  }

  /** For a type annotated {@code @SignalTag} that is no record: what it is instead, for SLU403; else "". */
  private static String annotatedNotRecord(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return "";
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    if (element.getKind() == ElementKind.RECORD || !Annotations.has(element, SignalTag.class)) {
      return "";
    }
    return " (it is annotated @SignalTag, but" + ItemTypes.notARecord(element) + ")";
  }

  static boolean isSignalTagRecord(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    return element.getKind() == ElementKind.RECORD && Annotations.has(element, SignalTag.class);
  }

  /**
   * The generated code calls the method on an instance: it must be neither static nor private, and
   * declare no checked exception.
   */
  static void usable(ExecutableElement method, List<Diagnostic> out) {
    String name = method.getSimpleName() + "(...)";
    if (method.getModifiers().contains(Modifier.STATIC)) {
      out.add(Diagnostic.on(method, Message.METHOD_NOT_USABLE, name, "static"));
    }
    if (method.getModifiers().contains(Modifier.PRIVATE)) {
      out.add(Diagnostic.on(method, Message.METHOD_NOT_USABLE, name, "private"));
    }
    noCheckedExceptions(method, name, out);
  }

  /**
   * The generated code calls node methods, and the default factory calls the no-argument
   * constructor, where no checked exception can pass (a run fails with the node's unchecked exception
   * as its cause); one declared in {@code throws} would make the generated code fail to compile.
   */
  static void noCheckedExceptions(ExecutableElement method, String name, List<Diagnostic> out) {
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (checked(thrown)) {
        out.add(Diagnostic.on(method, Message.CHECKED_EXCEPTION, name, thrown));
      }
    }
  }

  /** Whether a thrown type is a checked exception: neither a RuntimeException nor an Error. */
  private static boolean checked(TypeMirror thrown) {
    TypeMirror type = thrown;
    while (type instanceof DeclaredType d && d.asElement() instanceof TypeElement e) {
      String n = e.getQualifiedName().toString();
      if (n.equals("java.lang.RuntimeException") || n.equals("java.lang.Error")) {
        return false;
      }
      type = e.getSuperclass();
    }
    return true;
  }
}
