package dev.sluice.fuzz;

import dev.sluice.fuzz.Spec.Channel;
import dev.sluice.fuzz.Spec.Field;
import dev.sluice.fuzz.Spec.Kind;
import dev.sluice.fuzz.Spec.Role;
import dev.sluice.fuzz.Spec.SinkSpec;
import dev.sluice.fuzz.Spec.Stage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random valid pipelines from a seed. Everything it writes is accepted by the processor (see
 * docs/processor.md) and deterministic by the documented semantics, so the reference's multisets are
 * the only right answer on every back end, instance count and chunking:
 *
 * <ul>
 *   <li>fan-in only outside regions, and never where a user signal can arrive;
 *   <li>user signals never reach a fan-in; without {@code xsignals} they travel only to plain
 *       transforms of the raiser's region, with it also through enumerators into their regions and out
 *       on {@code @Aggregate} edges. Outside regions, and in a region the signal entered through its
 *       enumerator (where it arrives between parents), a handler reads its tag alone, since anything
 *       else there depends on chunking; in the latter it pushes only out of that region or to sinks
 *       (SLU511);
 *   <li>{@code @State} in a region is set in BEGIN (and user handlers), so it never carries over from
 *       another parent; outside regions it is a constant;
 *   <li>a {@code @Reduce} read by a handler is per parent: reset in END, so the run's final value is
 *       the identity; other reductions (an enumerator's, updated in {@code count} once per parent,
 *       among them) are never reset nor read, and are combined over the whole run;
 *   <li>arithmetic is exact: integers never overflow, floats stay integral (see {@link Prim}); only
 *       a {@code compound} block's local leaves that range, as Java defines, and is read back into it.
 * </ul>
 */
final class Generator {
  /** What {@code -Dfuzz.features=} can restrict; the default is all of them. */
  static final List<String> FEATURES = List.of(
      "fanout", "fanin", "regions", "signals", "state", "reduce", "params", "records", "floats", "tiny", "loops", "exits",
      "blocks", "dowhile", "nested", "helpers", "errors", "range", "beginpush", "cpuonly", "xsignals", "scans",
      "late", "countreduce", "compound", "bools");

  private static final int MAX_MULT = 2_000;

  private final Set<String> features;
  private Random r;
  /**
   * The draws for {@code "exits"} (a loop's break and continue): a stream of their own, so that adding
   * the feature left every other draw, and so the pipelines of the seeds found before, as they were.
   */
  private Random exitsRandom;
  /**
   * The draws for {@code "blocks"} (a block with a local around an if/else of pushes), likewise: a
   * block takes only the push budget the main draws left over, so those draws are unchanged.
   */
  private Random blocksRandom;
  /** The draws for a loop's form beyond {@code for} and {@code while} (a do-while), likewise. */
  private Random formsRandom;
  /** The draws for {@code "nested"} (a loop around a loop of pushes), likewise. */
  private Random nestRandom;
  /** The draws for {@code "helpers"} (static helper methods and their calls), likewise. */
  private Random helpersRandom;
  /** The draws for {@code "cpuonly"} (a gpu = false pipeline with code outside the GPU subset), likewise. */
  private Random cpuRandom;
  /** The draws for {@code "beginpush"} (pushes in a BEGIN handler), likewise. */
  private Random beginRandom;
  /** The draws for {@code "range"} (an int or long input that runRange can give), likewise. */
  private Random rangeRandom;
  /** The draws for {@code "errors"} (one stage that fails on some items), likewise. */
  private Random errorsRandom;
  /** The draws for {@code "xsignals"} (user signals into and out of regions), likewise. */
  private Random crossRandom;
  /** The draws for {@code "scans"} (a push after a loop of data-dependent length), likewise. */
  private Random scansRandom;
  /** The draws for {@code "late"} (a block's local declared with no value, assigned in branches), likewise. */
  private Random lateRandom;
  /** The draws for {@code "countreduce"} ({@code @Reduce} fields updated in an enumerator's count), likewise. */
  private Random countRandom;
  /**
   * The draws for {@code "compound"} (compound assignments, {@code ++} and {@code --} on locals of every
   * numeric type and on {@code @State} fields), likewise.
   */
  private Random compoundRandom;
  /** The draws for {@code "bools"} (a condition under {@code !} or in a boolean {@code ?:}), likewise. */
  private Random boolsRandom;
  /** The node whose bodies are being generated: where a new helper may be private. */
  private Stage current;
  /** The helper whose body is being generated, or null: its body calls only earlier helpers. */
  private Helper building;
  /** Whether the pushes being generated are inside a block's branch (blocks do not nest). */
  private boolean inBlock;
  private Spec spec;
  private final Map<Channel, Long> mult = new LinkedHashMap<>();
  /**
   * The bodies whose pushes {@code compound} may rewrite, each with the channel and what its pushes
   * read, in the order made: rewritten once the failing stage is drawn ({@link #generate}).
   */
  private final List<Pending> compounds = new ArrayList<>();

  /** A body of pushes on {@code c} over {@code sc}, for {@link #compound}. */
  private record Pending(List<Stmt> body, Channel c, Scope sc) {}

  Generator(Set<String> features) {
    this.features = features;
  }

  private boolean on(String f) {
    return features.contains(f);
  }

  Spec generate(long seed) {
    r = new Random(seed);
    exitsRandom = new Random(~seed * 0x9E3779B97F4A7C15L);
    blocksRandom = new Random(seed * 0xC2B2AE3D27D4EB4FL + 1);
    formsRandom = new Random(seed * 0x165667B19E3779F9L + 7);
    nestRandom = new Random(seed * 0x27D4EB2F165667C5L + 11);
    helpersRandom = new Random(seed * 0x85EBCA77C2B2AE63L + 13);
    errorsRandom = new Random(seed * 0x94D049BB133111EBL + 17);
    rangeRandom = new Random(seed * 0xBF58476D1CE4E5B9L + 19);
    beginRandom = new Random(seed * 0x9E3779B97F4A7C15L + 23);
    cpuRandom = new Random(seed * 0xD6E8FEB86659FD93L + 29);
    crossRandom = new Random(seed * 0xA0761D6478BD642FL + 31);
    scansRandom = new Random(seed * 0xE7037ED1A0B428DBL + 37);
    lateRandom = new Random(seed * 0x8CB92BA72F3D8DD7L + 41);
    countRandom = new Random(seed * 0xF1357AEA2E62A9C5L + 43);
    compoundRandom = new Random(seed * 0xA24BAED4963EE407L + 47);
    boolsRandom = new Random(seed * 0x9FB21C651E98DF25L + 53);
    current = null;
    building = null;
    inBlock = false;
    spec = new Spec(seed);
    mult.clear();
    compounds.clear();
    settings();
    if (on("records")) {
      int n = r.nextInt(3);
      for (int i = 0; i < n; i++) {
        spec.records.add(new Ty.Rec("R" + i, prims(1 + r.nextInt(3)), false));
      }
    }
    Stage src = new Stage(0, "src", Kind.SOURCE, List.of());
    src.inType = itemType();
    src.channels.add(new Channel(src, "src", src.inType, 1, false, List.of()));
    mult.put(src.channels.get(0), 1L);
    spec.stages.add(src);
    int n = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(8);
    for (int i = 0; i < n; i++) {
      addStage();
    }
    sinks();
    if (on("signals")) {
      signals();
    }
    spec.input = input();
    Ty in = spec.source().inType;
    if (on("range") && !in.isRecord() && in.prim.integral() && rangeRandom.nextInt(3) == 0) {
      // the same number of items, consecutive from the first (or a small start), within the item bound
      int items = spec.input.size();
      long first = items == 0 || rangeRandom.nextBoolean() ? rangeRandom.nextInt(100) - 50
          : ((Number) spec.input.get(0)).longValue();
      long from = Math.max(-(long) in.prim.itemBound, Math.min(first, (long) in.prim.itemBound - items));
      List<Object> range = new ArrayList<>();
      for (int i = 0; i < items; i++) {
        range.add(in.prim.box(from + i));
      }
      spec.input = range;
      spec.range = true;
      spec.used.add("range");
    }
    if (on("cpuonly") && cpuRandom.nextInt(8) == 0) {
      drawing(cpuRandom, () -> {
        cpuOnly();
        return null;
      });
    }
    if (on("errors") && errorsRandom.nextInt(4) == 0 && spec.failing == null) {
      drawing(errorsRandom, () -> {
        failing();
        return null;
      });
    }
    // after the failing stage, whose choice among the pushes so stays what it was without the feature,
    // and before the count reductions, which keep only enumerators that the final items reach
    for (Pending p : compounds) {
      drawing(compoundRandom, () -> {
        compound(p.body(), p.c(), p.sc());
        return null;
      });
    }
    if (on("reduce") && on("countreduce")) {
      countReductions();
    }
    return spec;
  }

  // ---------------------------------------------------------------- settings, types, input

  private void settings() {
    if (on("tiny") && r.nextInt(3) == 0) {
      spec.used.add("tiny");
      spec.width = 1 + r.nextInt(4);
      spec.queueScale = 1 + r.nextInt(2);
      spec.signalQueue = 4 + r.nextInt(3);
    } else if (r.nextInt(3) == 0) {
      spec.width = new int[] {8, 16, 32, 64, 128}[r.nextInt(5)];
      spec.queueScale = r.nextInt(4);
      spec.signalQueue = r.nextBoolean() ? 0 : 4 + r.nextInt(20);
    }
  }

  private Prim prim() {
    int n = on("floats") ? 4 : 2;
    return Prim.values()[r.nextInt(n)];
  }

  private List<Prim> prims(int n) {
    List<Prim> p = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      p.add(prim());
    }
    return p;
  }

  private Ty itemType() {
    if (!spec.records.isEmpty() && r.nextInt(3) == 0) {
      spec.used.add("records");
      return Ty.of(spec.records.get(r.nextInt(spec.records.size())));
    }
    Prim p = prim();
    if (!p.integral()) {
      spec.used.add("floats");
    }
    return Ty.of(p);
  }

  private Object value(Prim p, Random rr) {
    long v = switch (rr.nextInt(4)) {
      case 0 -> rr.nextInt(7) - 3;
      case 1 -> rr.nextInt(201) - 100;
      default -> (long) ((rr.nextDouble() * 2 - 1) * p.itemBound);
    };
    return p.box(v);
  }

  private Object value(Ty t, Random rr) {
    if (!t.isRecord()) {
      return value(t.prim, rr);
    }
    List<Object> v = new ArrayList<>();
    for (Prim p : t.comps()) {
      v.add(value(p, rr));
    }
    return List.copyOf(v);
  }

  private List<Object> input() {
    long worst = 1;
    for (long m : mult.values()) {
      worst = Math.max(worst, m);
    }
    int cap = (int) Math.max(1, Math.min(400, 30_000 / worst));
    int n = switch (r.nextInt(6)) {
      case 0 -> r.nextInt(3);
      case 1 -> 1 + r.nextInt(20);
      default -> r.nextInt(cap + 1);
    };
    List<Object> in = new ArrayList<>();
    Ty t = spec.source().inType;
    for (int i = 0; i < n; i++) {
      in.add(value(t, r));
    }
    return in;
  }

  // ---------------------------------------------------------------- graph

  private List<Channel> channels() {
    List<Channel> all = new ArrayList<>();
    for (Stage s : spec.stages) {
      all.addAll(s.channels);
    }
    return all;
  }

  /** A channel to read, the newest ones likelier (long chains), any of them possible (fan-out). */
  private Channel pick(List<Channel> all) {
    int n = all.size();
    int i = n - 1 - Math.min(n - 1, (int) Math.abs(r.nextGaussian() * n / 3));
    return all.get(i);
  }

  private boolean consumed(Channel c) {
    return !spec.consumers(c).isEmpty();
  }

  private void addStage() {
    List<Channel> all = channels();
    int id = spec.stages.size();
    String name = "n" + id;
    int action = r.nextInt(10);
    if (action < 2 && on("regions")) {
      Channel in = pick(all);
      if (in.stack.size() < 3) {
        enumerator(id, name, in);
        return;
      }
    }
    if (action < 4 && on("fanin")) {
      List<Channel> join = fanIn(all);
      if (join != null) {
        Stage s = new Stage(id, name, Kind.TRANSFORM, List.of());
        s.inputs.addAll(join);
        s.inType = join.get(0).ty;
        spec.used.add("fanin");
        if (join.get(0).owner == join.get(1).owner) {
          spec.used.add("fanin-same-producer");
        }
        if (join.stream().map(c -> c.max).distinct().count() > 1) {
          spec.used.add("fanin-unequal-max");
        }
        transform(s);
        return;
      }
    }
    Channel in = pick(all);
    if (consumed(in)) {
      spec.used.add("fanout");
      if (!on("fanout")) {
        in = all.stream().filter(c -> !consumed(c)).reduce((a, b) -> b).orElse(in);
      }
    }
    Stage s = new Stage(id, name, Kind.TRANSFORM, in.stack);
    s.inputs.add(in);
    s.inType = in.ty;
    transform(s);
  }

  /** Two or three channels of one type outside every region, or null. */
  private List<Channel> fanIn(List<Channel> all) {
    Map<Ty, List<Channel>> byType = new LinkedHashMap<>();
    for (Channel c : all) {
      if (c.stack.isEmpty()) {
        byType.computeIfAbsent(c.ty, k -> new ArrayList<>()).add(c);
      }
    }
    List<List<Channel>> options = byType.values().stream().filter(l -> l.size() >= 2).toList();
    if (options.isEmpty()) {
      return null;
    }
    List<Channel> pool = new ArrayList<>(options.get(r.nextInt(options.size())));
    List<Channel> join = new ArrayList<>();
    int k = Math.min(pool.size(), 2 + r.nextInt(2));
    for (int i = 0; i < k; i++) {
      join.add(pool.remove(r.nextInt(pool.size())));
    }
    return join;
  }

  private void enumerator(int id, String name, Channel in) {
    spec.used.add("regions");
    spec.used.add("depth" + (in.stack.size() + 1));
    Stage s = new Stage(id, name, Kind.ENUMERATOR, in.stack);
    s.inputs.add(in);
    s.inType = in.ty;
    int mask = new int[] {0, 1, 3, 3, 7, 7, 15}[r.nextInt(7)];
    if (mult.get(in) * Math.max(1, mask) > MAX_MULT) {
      mask = 1;
    }
    Scope sc = refs(Expr.Ref.Kind.PARENT, in.ty, "p");
    Expr e = cast(Prim.INT, gen(Prim.INT, 2, sc));
    current = s;
    s.count = new Expr.Bin("&", viaHelper(e, sc), new Expr.Const(Prim.INT, mask), mask);
    if (on("tiny") && r.nextInt(2) == 0) {
      s.parentBuffer = 1 + r.nextInt(3);
      spec.used.add("tiny");
    } else if (r.nextInt(3) == 0) {
      s.parentBuffer = 1 + r.nextInt(100);
    }
    if (r.nextInt(3) == 0) {
      s.maxElements = Math.max(1, mask + r.nextInt(2));
    }
    List<Integer> inner = new ArrayList<>(in.stack);
    inner.add(id);
    Channel out = new Channel(s, "elements", Ty.of(Prim.INT), 1, false, inner);
    s.channels.add(out);
    mult.put(out, mult.get(in) * Math.max(1, mask));
    spec.stages.add(s);
  }

  /**
   * Count reductions ({@code countreduce}) for half the enumerators, drawn once the pipeline, its
   * input and its failing stage are complete (they change nothing else, so nothing else needs them
   * earlier), and kept only on an enumerator that opens a parent with the first or the second
   * {@code @Param} data: one that opens none calls {@code count} never, so its reductions stay their
   * identities, which is also what an update lost on a back end leaves (about a third of the
   * enumerators drawn did: no input items, or none reached the enumerator's channel). The draws are the ones each enumerator
   * made at its creation before, in the same order, so an enumerator that opens a parent gets the
   * reductions it got then, and one that opens none draws and drops them (the later ones keep
   * theirs).
   */
  private void countReductions() {
    List<Stage> enumerators = spec.stages.stream().filter(s -> s.kind == Kind.ENUMERATOR).toList();
    if (enumerators.isEmpty()) {
      return;
    }
    Map<Stage, Integer> opened = opened(enumerators);
    for (Stage s : enumerators) {
      if (countRandom.nextInt(2) != 0) {
        continue;
      }
      Scope sc = refs(Expr.Ref.Kind.PARENT, s.inType, "p");
      List<Field> fields = new ArrayList<>();
      List<Stmt> updates = new ArrayList<>();
      drawing(countRandom, () -> {
        countReductions(sc, fields, updates);
        return null;
      });
      if (opened.get(s) > 0) {
        s.fields.addAll(fields);
        s.countBody.addAll(updates);
        spec.used.add("count-reduce");
      }
    }
  }

  /**
   * How many parents each of {@code enumerators} opens in the reference, with either {@code @Param}
   * data (as the back ends' runs use them); should the reference refuse the pipeline (a generator
   * bug, which the fuzzer then reports), every enumerator counts as opening one.
   */
  private Map<Stage, Integer> opened(List<Stage> enumerators) {
    Map<Stage, Integer> opened = new LinkedHashMap<>();
    try {
      for (int variant = 0; variant < 2; variant++) {
        Reference.parentsOpened(spec, variant).forEach((s, n) -> opened.merge(s, n, Integer::sum));
      }
    } catch (RuntimeException e) {
      for (Stage s : enumerators) {
        opened.put(s, 1);
      }
    }
    return opened;
  }

  /**
   * One or two {@code @Reduce} fields for an enumerator, into {@code fields}, each updated once in
   * {@code count} before its return ({@code updates}), with the operator and an expression over the
   * parent {@code sc} as a transform's run-wide reductions are (never reset nor read, so combined
   * over the whole run, once per parent opened): every draw from {@link #countRandom}, and no helper
   * call (whose draws and helpers would change the later stages), so the pipelines of earlier seeds
   * keep their shape.
   */
  private void countReductions(Scope sc, List<Field> fields, List<Stmt> updates) {
    int n = 1 + r.nextInt(2);
    for (int i = 0; i < n; i++) {
      Prim p = prim();
      Field f = new Field("r" + i, Role.REDUCE, p);
      f.op = reduceOp(p);
      fields.add(f);
      updates.add(reduce(f, sc, false));
    }
  }

  /** A {@code @Reduce} operator for type {@code p} (SUM twice as likely; MIN and MAX alone for floats). */
  private String reduceOp(Prim p) {
    String[] ops = p.integral()
        ? new String[] {"SUM", "SUM", "PRODUCT", "MIN", "MAX", "AND", "OR", "XOR"}
        : new String[] {"MIN", "MAX"};
    return ops[r.nextInt(ops.length)];
  }

  // ---------------------------------------------------------------- node bodies

  /** What an expression may read, with each leaf's bound. */
  final class Scope {
    final List<Expr> leaves = new ArrayList<>();
    final List<Field> arrays = new ArrayList<>();

    List<Expr> of(Prim t) {
      return leaves.stream().filter(e -> e.type == t).toList();
    }

    /** This scope and {@code leaf} (a loop index or a block's local), for the statements inside. */
    Scope with(Expr leaf) {
      Scope inner = new Scope();
      inner.leaves.addAll(leaves);
      inner.arrays.addAll(arrays);
      inner.leaves.add(leaf);
      return inner;
    }
  }

  /** A scope of each component of {@code ty}, read as {@code var}: the item, the parent or a tag. */
  private Scope refs(Expr.Ref.Kind kind, Ty ty, String var) {
    Scope sc = new Scope();
    for (int k = 0; k < ty.comps().size(); k++) {
      sc.leaves.add(new Expr.Ref(kind, ty, k, var, ty.comps().get(k).itemBound));
    }
    return sc;
  }

  private static long modulus(double bound) {
    if (bound >= 1_073_741_789L) {
      return 1_073_741_789L;
    }
    if (bound >= 1_048_573) {
      return 1_048_573;
    }
    if (bound >= 65_521) {
      return 65_521;
    }
    return 1_021;
  }

  /** {@code e} itself if its bound is at most {@code max}, else e reduced modulo a prime below max. */
  Expr fit(Expr e, double max) {
    if (e.bound <= max) {
      return e;
    }
    long m = modulus(max);
    if (e.type.integral()) {
      return new Expr.Bin("%", e, new Expr.Const(e.type, m), m - 1);
    }
    Expr asLong = new Expr.Cast(Prim.LONG, e);
    return new Expr.Cast(e.type, new Expr.Bin("%", asLong, new Expr.Const(Prim.LONG, m), m - 1));
  }

  /** An exact cast of {@code e} to {@code t}. */
  Expr cast(Prim t, Expr e) {
    if (e.type == t) {
      return e;
    }
    double max = Math.min(t.limit, e.type.limit);
    if (t == Prim.INT) {
      max = Math.min(max, 1 << 30);
    }
    return new Expr.Cast(t, fit(e, max));
  }

  private Expr constant(Prim t) {
    long v = switch (r.nextInt(3)) {
      case 0 -> r.nextInt(5) - 2;
      case 1 -> r.nextInt(200) - 100;
      default -> r.nextInt(100_000) - 50_000;
    };
    return new Expr.Const(t, v);
  }

  private Expr leaf(Prim t, Scope sc, int depth) {
    List<Expr> same = sc.of(t);
    int pick = r.nextInt(10);
    if (pick < 6 && !same.isEmpty()) {
      return same.get(r.nextInt(same.size()));
    }
    if (pick < 7 && depth > 0) {
      List<Field> arrays = sc.arrays.stream().filter(f -> f.type == t).toList();
      if (!arrays.isEmpty()) {
        Field a = arrays.get(r.nextInt(arrays.size()));
        return new Expr.Lookup(t, a.name, gen(Prim.INT, depth - 1, sc), t.itemBound);
      }
    }
    if (pick < 9 && !sc.leaves.isEmpty()) {
      return cast(t, sc.leaves.get(r.nextInt(sc.leaves.size())));
    }
    return constant(t);
  }

  Expr gen(Prim t, int depth, Scope sc) {
    for (int attempt = 0; attempt < 4; attempt++) {
      Expr e = tryGen(t, depth, sc);
      if (e.bound <= t.limit) {
        return e;
      }
    }
    return leaf(t, sc, 0);
  }

  private Expr tryGen(Prim t, int depth, Scope sc) {
    if (depth <= 0 || r.nextInt(4) == 0) {
      return leaf(t, sc, depth);
    }
    Expr a = gen(t, depth - 1, sc);
    if (t.integral()) {
      switch (r.nextInt(14)) {
        case 0, 1: {
          Expr b = gen(t, depth - 1, sc);
          return new Expr.Bin(r.nextBoolean() ? "+" : "-", a, b, a.bound + b.bound);
        }
        case 2: {
          Expr x = fit(a, 1 << 20);
          Expr c = new Expr.Const(t, r.nextInt(2001) - 1000);
          return new Expr.Bin("*", x, c, x.bound * c.bound);
        }
        case 3: {
          long m = 1 + r.nextInt(r.nextBoolean() ? 16 : 100_000);
          return new Expr.Bin("%", a, new Expr.Const(t, m), Math.min(a.bound, m - 1));
        }
        case 4: {
          long d = 1 + r.nextInt(r.nextBoolean() ? 8 : 1000);
          return new Expr.Bin("/", a, new Expr.Const(t, d), a.bound);
        }
        case 5: {
          long m = r.nextInt(1 << r.nextInt(20));
          return new Expr.Bin("&", a, new Expr.Const(t, m), m);
        }
        case 6: {
          Expr b = gen(t, depth - 1, sc);
          return new Expr.Bin(r.nextBoolean() ? "|" : "^", a, b, 2 * pow2(Math.max(a.bound, b.bound) + 1));
        }
        case 7: {
          int k = r.nextInt(t == Prim.INT ? 31 : 63);
          return new Expr.Bin(">>", a, new Expr.Const(Prim.INT, k), a.bound);
        }
        case 8: {
          int bits = t == Prim.INT ? 32 : 64;
          int k = bits - 20 + r.nextInt(20);
          return new Expr.Bin(">>>", a, new Expr.Const(Prim.INT, k), Math.pow(2, bits - k));
        }
        case 9: {
          int k = r.nextInt(8);
          return new Expr.Bin("<<", a, new Expr.Const(Prim.INT, k), a.bound * (1 << k));
        }
        case 10: {
          Expr b = gen(t, depth - 1, sc);
          return new Expr.Bin(r.nextBoolean() ? "min" : "max", a, b, Math.max(a.bound, b.bound));
        }
        case 11:
          return new Expr.Bin("abs", a, null, a.bound);
        case 12:
          return new Expr.Ternary(cond(sc, depth - 1), a, gen(t, depth - 1, sc));
        default:
          return cast(t, gen(prim(), depth - 1, sc));
      }
    }
    switch (r.nextInt(8)) {
      case 0, 1: {
        Expr b = gen(t, depth - 1, sc);
        return new Expr.Bin(r.nextBoolean() ? "+" : "-", a, b, a.bound + b.bound);
      }
      case 2: {
        Expr c = new Expr.Const(t, 2 + r.nextInt(2));
        return new Expr.Bin("*", a, c, a.bound * c.bound);
      }
      case 3: {
        Expr b = gen(t, depth - 1, sc);
        return new Expr.Bin(r.nextBoolean() ? "min" : "max", a, b, Math.max(a.bound, b.bound));
      }
      case 4:
        return new Expr.Bin("abs", a, null, a.bound);
      case 5:
        return new Expr.Ternary(cond(sc, depth - 1), a, gen(t, depth - 1, sc));
      default:
        return cast(t, gen(prim(), depth - 1, sc));
    }
  }

  private static double pow2(double b) {
    return Expr.pow2(b);
  }

  Expr.Cond cond(Scope sc) {
    Expr.Cond c = cond(sc, 1);
    if (c.a == null) {
      return c;
    }
    Expr a = viaHelper(c.a, sc);
    return a == c.a ? c : new Expr.Cond(c.op, a, c.b);
  }

  /** A condition whose expressions nest at most {@code depth} deep (javac is slow on deep conditionals). */
  Expr.Cond cond(Scope sc, int depth) {
    return bools(plainCond(sc, depth));
  }

  private Expr.Cond plainCond(Scope sc, int depth) {
    if (r.nextInt(5) == 0) {
      return new Expr.Cond(r.nextBoolean() ? "&&" : "||", cond(sc, 0), cond(sc, 0));
    }
    Prim t = prim();
    if (r.nextInt(3) == 0) {
      Expr a = cast(Prim.INT, gen(Prim.INT, depth, sc));
      Expr bit = new Expr.Bin("&", a, new Expr.Const(Prim.INT, 1 << r.nextInt(3)), 4);
      return new Expr.Cond(r.nextBoolean() ? "==" : "!=", bit, new Expr.Const(Prim.INT, 0));
    }
    Expr a = gen(t, depth, sc);
    Expr b = r.nextBoolean() ? gen(t, depth, sc) : constant(t);
    String op = COMPARISONS[r.nextInt(6)];
    return new Expr.Cond(op, a, b);
  }

  private static final String[] COMPARISONS = {"<", "<=", ">", ">=", "==", "!="};

  /**
   * With {@code "bools"}, one condition in four becomes {@code !c} or a boolean conditional: {@code
   * (c ? x : y)} where {@code x} and {@code y} compare c's own operands with other operators, or, for
   * an {@code &&} / {@code ||}, {@code (l ? r : !l)} and the like. It draws only from its own stream and
   * builds on c's expressions, so every seed keeps the statements it had.
   */
  private Expr.Cond bools(Expr.Cond c) {
    if (!on("bools") || boolsRandom.nextInt(4) != 0) {
      return c;
    }
    if (boolsRandom.nextInt(3) == 0) {
      return Expr.Cond.not(c);
    }
    Expr.Cond x;
    Expr.Cond y;
    if (c.a != null) {
      x = new Expr.Cond(COMPARISONS[boolsRandom.nextInt(6)], c.a, c.b);
      y = new Expr.Cond(COMPARISONS[boolsRandom.nextInt(6)], c.b, c.a);
    } else {
      Expr.Cond[] parts = {c.l, c.r, Expr.Cond.not(c.l), Expr.Cond.not(c.r)};
      x = parts[boolsRandom.nextInt(4)];
      y = parts[boolsRandom.nextInt(4)];
    }
    return Expr.Cond.choose(c, x, y);
  }

  /** Component expressions of a value of type {@code ty} (each within the item bound). */
  List<Expr> value(Ty ty, Scope sc) {
    List<Expr> comps = new ArrayList<>();
    for (Prim p : ty.comps()) {
      comps.add(fit(gen(p, 2, sc), p.itemBound));
    }
    for (int k = 0; k < comps.size(); k++) {
      comps.set(k, viaHelper(comps.get(k), sc));
    }
    return comps;
  }

  private void transform(Stage s) {
    spec.stages.add(s);
    current = s;
    long in = 0;
    for (Channel c : s.inputs) {
      in += mult.get(c);
    }
    Scope run = refs(Expr.Ref.Kind.ITEM, s.inType, "x");
    Scope parentScope = new Scope();
    if (s.inRegion()) {
      s.parentType = spec.stages.get(s.stack.get(s.stack.size() - 1)).inType;
      parentScope.leaves.addAll(refs(Expr.Ref.Kind.PARENT, s.parentType, "p").leaves);
      if (r.nextBoolean()) {
        s.usesParent = true;
        run.leaves.addAll(parentScope.leaves);
      }
    }
    // fields
    if (on("params")) {
      int n = r.nextInt(3);
      for (int i = 0; i < n; i++) {
        spec.used.add("params");
        Prim p = prim();
        Field f = new Field("k" + i, Role.PARAM, p);
        f.variants = new Object[] {value(p, r), value(p, r)};
        s.fields.add(f);
        run.leaves.add(new Expr.Ref(Expr.Ref.Kind.PARAM, p, f.name, p.itemBound));
      }
      n = r.nextInt(3);
      for (int i = 0; i < n; i++) {
        Prim p = prim();
        Field f = new Field("t" + i, Role.PARAM_ARRAY, p);
        f.variants = new Object[] {array(p), array(p)};
        s.fields.add(f);
        run.arrays.add(f);
        spec.used.add(java.lang.reflect.Array.getLength(f.variants[0]) == 0 ? "param-empty" : "param-array");
      }
    }
    List<Field> state = new ArrayList<>();
    if (on("state") && r.nextInt(3) == 0) {
      int n = 1 + r.nextInt(2);
      for (int i = 0; i < n; i++) {
        Prim p = prim();
        Field f = new Field("s" + i, Role.STATE, p);
        f.variants = new Object[] {value(p, r)};
        s.fields.add(f);
        state.add(f);
        run.leaves.add(new Expr.Ref(Expr.Ref.Kind.FIELD, p, f.name, p.itemBound));
        spec.used.add(s.inRegion() ? "state" : "state-const");
      }
    }
    List<Field> perParent = new ArrayList<>();
    if (on("reduce")) {
      int n = r.nextInt(3);
      for (int i = 0; i < n; i++) {
        boolean pp = s.inRegion() && r.nextBoolean();
        Prim p = pp ? Prim.values()[r.nextInt(2)] : prim();
        Field f = new Field("r" + i, Role.REDUCE, p);
        f.op = reduceOp(p);
        f.perParent = pp;
        s.fields.add(f);
        if (pp) {
          perParent.add(f);
        }
        spec.used.add(pp ? "reduce-per-parent" : "reduce");
      }
    }
    // channels
    int nch = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(r.nextInt(4) == 0 ? 3 : 1);
    Ty first = null;
    for (int i = 0; i < nch; i++) {
      Ty t;
      if (i == 1 && r.nextBoolean()) {
        t = first; // two channels of one type: same-producer fan-in material
      } else {
        t = r.nextInt(3) == 0 ? s.inType : itemType();
      }
      if (i == 0) {
        first = t;
      }
      int max = 1 + r.nextInt(r.nextBoolean() ? 1 : 4);
      if (in * max > MAX_MULT) {
        max = 1;
      }
      Channel c = new Channel(s, "c" + i, t, max, false, s.stack);
      s.channels.add(c);
      mult.put(c, in * max);
    }
    Channel agg = null;
    if (s.inRegion() && (r.nextInt(3) > 0 || !perParent.isEmpty())) {
      List<Integer> outer = s.stack.subList(0, s.stack.size() - 1);
      agg = new Channel(s, "a0", itemType(), 1 + r.nextInt(2), true, outer);
      s.channels.add(agg);
      mult.put(agg, in * agg.max);
      spec.used.add("aggregate");
    }
    // run
    for (Channel c : s.channels) {
      if (!c.aggregate) {
        pushes(s, c, run, c.max);
      }
    }
    for (Field f : s.fields) {
      if (f.role == Role.REDUCE) {
        s.run.add(reduce(f, run, true));
      }
    }
    // handlers
    if (!state.isEmpty() && s.inRegion()) {
      s.begin = new ArrayList<>();
      for (Field f : state) {
        s.begin.add(new Stmt.Assign(f, fit(gen(f.type, 2, parentScope), f.type.itemBound)));
        stateUpdates(s.begin, f, parentScope);
      }
    }
    if (!perParent.isEmpty() && r.nextBoolean()) {
      if (s.begin == null) {
        s.begin = new ArrayList<>();
      }
      for (Field f : perParent) {
        s.begin.add(new Stmt.Assign(f, null));
      }
    }
    if (agg != null || !perParent.isEmpty()) {
      s.end = new ArrayList<>();
      Scope end = handlerScope(s, parentScope, state, perParent);
      if (agg != null) {
        pushes(s, agg, end, agg.max);
      }
      for (Field f : perParent) {
        s.end.add(new Stmt.Assign(f, null));
      }
      spec.used.add("begin-end");
    }
    if (on("beginpush") && s.inRegion() && beginRandom.nextInt(3) == 0) {
      beginPushes(s, parentScope);
    }
  }

  /**
   * Pushes in {@code s}'s BEGIN handler, on one of its channels (an {@code @Aggregate} one leaves the
   * region before the parent's elements are done), over the parent and params: every draw from
   * {@link #beginRandom}, and no nested loop or block, whose streams so stay as they were.
   */
  private void beginPushes(Stage s, Scope parentScope) {
    // once per parent, at most @Max each: the channel's items at most double
    List<Channel> outs = s.channels.stream().filter(c -> mult.get(c) * 2 <= MAX_MULT).toList();
    if (outs.isEmpty()) {
      return;
    }
    drawing(beginRandom, () -> {
      Channel c = outs.get(r.nextInt(outs.size()));
      if (s.begin == null) {
        s.begin = new ArrayList<>();
      }
      boolean was = inBlock;
      inBlock = true;
      try {
        pushesInto(s.begin, s, c, handlerScope(s, parentScope, List.of(), List.of()), c.max);
      } finally {
        inBlock = was;
      }
      mult.put(c, mult.get(c) * 2);
      spec.used.add(c.aggregate ? "begin-push-aggregate" : "begin-push");
      return null;
    });
  }

  /** What a handler may read: its first parameter, state, per-parent reductions (reduced modulo a prime). */
  private Scope handlerScope(Stage s, Scope first, List<Field> state, List<Field> perParent) {
    Scope sc = new Scope();
    sc.leaves.addAll(first.leaves);
    for (Field f : state) {
      sc.leaves.add(new Expr.Ref(Expr.Ref.Kind.FIELD, f.type, f.name, f.type.itemBound));
    }
    for (Field f : perParent) {
      Expr ref = new Expr.Ref(Expr.Ref.Kind.FIELD, f.type, f.name, f.type == Prim.INT ? Integer.MAX_VALUE : Long.MAX_VALUE);
      sc.leaves.add(fit(ref, 1 << 20));
    }
    for (Field f : s.fields) {
      if (f.role == Role.PARAM) {
        sc.leaves.add(new Expr.Ref(Expr.Ref.Kind.PARAM, f.type, f.name, f.type.itemBound));
      }
    }
    return sc;
  }

  private Object array(Prim p) {
    int n = r.nextInt(5) == 0 ? 0 : 1 + r.nextInt(r.nextBoolean() ? 4 : 40);
    Object a = java.lang.reflect.Array.newInstance(switch (p) {
      case INT -> int.class; case LONG -> long.class; case FLOAT -> float.class; case DOUBLE -> double.class;
    }, n);
    for (int i = 0; i < n; i++) {
      java.lang.reflect.Array.set(a, i, value(p, r));
    }
    return a;
  }

  /** Push statements for {@code c} into the body being built ({@code s.run}, or the last handler). */
  private void pushes(Stage s, Channel c, Scope sc, int budget) {
    List<Stmt> body = c.aggregate ? s.end : s.run;
    pushesInto(body, s, c, sc, budget);
    if (on("scans")) {
      drawing(scansRandom, () -> {
        scan(body, c, sc);
        return null;
      });
    }
    if (on("compound")) {
      compounds.add(new Pending(body, c, sc));
    }
  }

  /**
   * Perhaps turns one of the pushes on {@code c} in {@code body} into a {@link Stmt.Scan}: the same
   * guard, a value that adds the loop's sum, a bound of {@code e & 31} or {@code e & 63}.
   */
  private void scan(List<Stmt> body, Channel c, Scope sc) {
    if (r.nextInt(3) != 0) {
      return;
    }
    List<Integer> at = where(body, s -> s instanceof Stmt.Push p && p.ch == c && p.comps != null);
    if (at.isEmpty()) {
      return;
    }
    int i = at.get(r.nextInt(at.size()));
    int mask = r.nextBoolean() ? 31 : 63;
    Expr bound = new Expr.Bin("&", cast(Prim.INT, gen(Prim.INT, 1, sc)), new Expr.Const(Prim.INT, mask), mask);
    Scope loop = sc.with(new Expr.Ref(Expr.Ref.Kind.LOCAL, Prim.INT, Stmt.Scan.INDEX, 63))
        .with(new Expr.Ref(Expr.Ref.Kind.LOCAL, Prim.INT, Stmt.Scan.LIMIT, mask));
    Expr term = new Expr.Bin("&", cast(Prim.INT, gen(Prim.INT, 1, loop)), new Expr.Const(Prim.INT, 255), 255);
    Expr.Cond skip = r.nextBoolean() ? cond(loop) : null;
    Expr acc = new Expr.Ref(Expr.Ref.Kind.LOCAL, Prim.INT, Stmt.Scan.SUM, 64 * 256);
    List<Expr> comps = value(c.ty, sc.with(acc));
    Expr first = comps.get(0);
    comps.set(0, fit(new Expr.Bin("+", cast(first.type, acc), first, acc.bound + first.bound), first.type.itemBound));
    Stmt.Push old = (Stmt.Push) body.get(i);
    body.set(i, new Stmt.Scan(bound, r.nextInt(Stmt.Scan.FORMS), term, skip, new Stmt.Push(c, comps, old.guard)));
    spec.used.add("scans");
  }

  private void pushesInto(List<Stmt> body, Stage s, Channel c, Scope sc, int budget) {
    while (budget > 0 && (r.nextInt(4) != 0 || body.stream().noneMatch(st -> st.pushes(c) > 0))) {
      if (budget >= 2 && on("loops") && r.nextInt(4) == 0) {
        int most = 2 + r.nextInt(budget - 1);
        Scope inner = sc.with(new Expr.Ref(Expr.Ref.Kind.LOOP, Prim.INT, "i", most));
        Stmt.LoopPush loop = new Stmt.LoopPush(c, loopCount(sc, most), most, value(c.ty, inner));
        if (on("exits")) {
          drawing(exitsRandom, () -> {
            if (r.nextInt(3) != 0) {
              loop.exits(r.nextBoolean() ? cond(inner) : null, r.nextBoolean() ? cond(inner) : null, r.nextBoolean(),
                  r.nextBoolean());
              spec.used.add("exits");
            }
            return null;
          });
        }
        if (on("dowhile") && formsRandom.nextInt(4) == 0) {
          loop.asDoWhile = true;
          spec.used.add("dowhile");
        }
        body.add(loop);
        budget -= most;
        spec.used.add("loops");
        continue;
      }
      Expr.Cond guard = r.nextInt(3) == 0 ? null : cond(sc);
      boolean pass = c.ty.equals(s.inType) && body == s.run && r.nextInt(3) == 0;
      body.add(new Stmt.Push(c, pass ? null : value(c.ty, sc), guard));
      budget -= 1;
    }
    if (budget >= 2 && on("nested") && !inBlock && nestRandom.nextInt(2) == 0) {
      budget -= nest(body, c, sc, budget);
    }
    if (budget > 0 && on("blocks") && !inBlock && blocksRandom.nextInt(3) != 0) {
      block(body, s, c, sc, budget);
    }
  }

  /**
   * A loop of at most {@code m} passes around a loop of at most {@code budget / m} pushes on {@code c},
   * perhaps with exits, and perhaps a {@code break} of the outer loop after the inner one: every draw
   * from {@link #nestRandom}. Returns the budget it takes.
   */
  private int nest(List<Stmt> body, Channel c, Scope sc, int budget) {
    return drawing(nestRandom, () -> {
      int outerMost = 2 + r.nextInt(Math.max(1, budget / 2 - 1));
      int innerMost = budget / outerMost;
      Expr outerCount = loopCount(sc, outerMost);
      Scope outer = sc.with(new Expr.Ref(Expr.Ref.Kind.LOCAL, Prim.INT, Stmt.Nest.INDEX, outerMost));
      Scope inner = outer.with(new Expr.Ref(Expr.Ref.Kind.LOOP, Prim.INT, "i", innerMost));
      Stmt.LoopPush loop = new Stmt.LoopPush(c, loopCount(outer, innerMost), innerMost, value(c.ty, inner));
      if (on("exits") && r.nextBoolean()) {
        loop.exits(r.nextBoolean() ? cond(inner) : null, r.nextBoolean() ? cond(inner) : null, r.nextBoolean(),
            r.nextBoolean());
      }
      Expr.Cond stop = on("exits") && r.nextBoolean() ? cond(outer) : null;
      body.add(new Stmt.Nest(outerCount, outerMost, loop, stop));
      spec.used.add("nested");
      return outerMost * innerMost;
    });
  }

  /** A loop's count, in 0..{@code most}: {@code (e & 0x7fff) % (most + 1)} of an int expression over {@code sc}. */
  private Expr loopCount(Scope sc, int most) {
    Expr masked = new Expr.Bin("&", cast(Prim.INT, viaHelper(gen(Prim.INT, 1, sc), sc)), new Expr.Const(Prim.INT, 0x7fff),
        0x7fff);
    return new Expr.Bin("%", masked, new Expr.Const(Prim.INT, most + 1), most);
  }

  /**
   * {@code work} with its draws from {@code stream} instead of the main one: a feature added later
   * draws from its own, so the main draws, and so the pipelines of seeds found before it, stay as they
   * were.
   */
  private <T> T drawing(Random stream, java.util.function.Supplier<T> work) {
    Random main = r;
    r = stream;
    try {
      return work.get();
    } finally {
      r = main;
    }
  }

  // ---------------------------------------------------------------- compound assignments

  /**
   * Perhaps puts one push on {@code c} in {@code body} into a block {@code { T u = init; u op= rhs;
   * ...; push(... u ...) }}, and perhaps one loop of pushes on {@code c} into {@code { T u = init;
   * for (...) { u op= rhs; ... push(... u ...) } }} (a local carried from pass to pass), {@code T}
   * any numeric type: every draw from {@link #compoundRandom}.
   */
  /** The positions in {@code body} of the statements {@code which} accepts (no draw: seeds are unchanged). */
  private static List<Integer> where(List<Stmt> body, java.util.function.Predicate<Stmt> which) {
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < body.size(); i++) {
      if (which.test(body.get(i))) {
        at.add(i);
      }
    }
    return at;
  }

  private void compound(List<Stmt> body, Channel c, Scope sc) {
    if (r.nextInt(3) != 0) {
      List<Integer> at = where(body, s -> s instanceof Stmt.Push p && p.ch == c && p.comps != null);
      if (!at.isEmpty()) {
        int i = at.get(r.nextInt(at.size()));
        Stmt.Push old = (Stmt.Push) body.get(i);
        Stmt.Var var = var();
        Expr init = init(var, sc);
        Expr read = read(var, Stmt.Declare.LOCAL, false);
        Scope inner = sc.with(read);
        List<Stmt> stmts = new ArrayList<>();
        int n = 2 + r.nextInt(4);
        for (int k = 0; k < n; k++) {
          stmts.add(update(var, Stmt.Declare.LOCAL, false, inner));
        }
        stmts.add(new Stmt.Push(c, withRead(old.comps, read), old.guard));
        body.set(i, new Stmt.Declare(var, init, stmts));
        spec.used.add("compound");
      }
    }
    if (r.nextInt(3) == 0) {
      List<Integer> at = where(body, s -> s instanceof Stmt.LoopPush l && l.ch == c && l.pre.isEmpty());
      if (!at.isEmpty()) {
        int i = at.get(r.nextInt(at.size()));
        Stmt.LoopPush loop = (Stmt.LoopPush) body.get(i);
        Stmt.Var var = var();
        Expr init = init(var, sc);
        Expr read = read(var, Stmt.Declare.LOCAL, false);
        Scope inner = sc.with(new Expr.Ref(Expr.Ref.Kind.LOOP, Prim.INT, "i", loop.most)).with(read);
        int n = 1 + r.nextInt(2);
        for (int k = 0; k < n; k++) {
          loop.pre.add(update(var, Stmt.Declare.LOCAL, false, inner));
        }
        loop.comps = withRead(loop.comps, read);
        body.set(i, new Stmt.Declare(var, init, List.of(loop)));
        spec.used.add("compound-loop");
      }
    }
  }

  /**
   * Perhaps one to three compound assignments (or {@code ++}/{@code --}) of the {@code @State} field
   * {@code f} in a handler's {@code body}, over {@code sc} and the field, then {@code f} back within
   * its item bound ({@code s0 = (s0 % 1048573);}), which every read of it assumes: every draw from
   * {@link #compoundRandom}.
   */
  private void stateUpdates(List<Stmt> body, Field f, Scope sc) {
    if (!on("compound")) {
      return;
    }
    drawing(compoundRandom, () -> {
      if (r.nextInt(3) == 0) {
        return null;
      }
      Stmt.Var var = Stmt.Var.of(f.type);
      Expr read = read(var, f.name, true);
      Scope inner = sc.with(read);
      int n = 1 + r.nextInt(3);
      for (int k = 0; k < n; k++) {
        body.add(update(var, f.name, true, inner));
      }
      body.add(new Stmt.Assign(f, read));
      spec.used.add("compound-state");
      return null;
    });
  }

  /** A local's type: any numeric type but {@code char} (floating ones with {@code floats}). */
  private Stmt.Var var() {
    int n = on("floats") ? 6 : 4;
    return Stmt.Var.values()[r.nextInt(n)];
  }

  /** A local's initial value: an expression over {@code sc} converted to its type, or an edge of its range. */
  private Expr init(Stmt.Var var, Scope sc) {
    boolean edge = r.nextInt(4) == 0;
    Prim from = prim();
    return switch (var) {
      case BYTE, SHORT -> new Expr.Narrow(var.java, edge
          ? new Expr.Const(Prim.INT, var == Stmt.Var.BYTE ? new long[] {127, -128, 126}[r.nextInt(3)]
              : new long[] {32767, -32768, 32766}[r.nextInt(3)])
          : gen(from, 2, sc));
      case INT -> edge ? new Expr.Const(Prim.INT, new long[] {Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1}[r.nextInt(3)])
          : cast(Prim.INT, gen(from, 2, sc));
      case LONG -> edge ? new Expr.Const(Prim.LONG, new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 1L << 31}[r.nextInt(3)])
          : cast(Prim.LONG, gen(from, 2, sc));
      case FLOAT -> edge ? new Expr.Frac(Prim.FLOAT, new double[] {16777216, 1e30, 0.5, -1.5}[r.nextInt(4)])
          : cast(Prim.FLOAT, gen(from, 2, sc));
      case DOUBLE -> edge ? new Expr.Frac(Prim.DOUBLE, new double[] {9007199254740992.0, 1e300, 0.5, -2.5}[r.nextInt(4)])
          : cast(Prim.DOUBLE, gen(from, 2, sc));
    };
  }

  /**
   * A read of the variable {@code name} of type {@code var} (a local, or a field) within its type's
   * item bound, whatever it holds: an integer modulo a prime; a floating value times 64, converted to
   * {@code long} (NaN gives 0, infinities saturate), modulo a prime, so what reaches a push is integral.
   */
  private Expr read(Stmt.Var var, String name, boolean field) {
    Expr ref = new Expr.Ref(field ? Expr.Ref.Kind.FIELD : Expr.Ref.Kind.LOCAL, var.prim, name, var.max);
    if (var.integral()) {
      return fit(ref, var.prim.itemBound);
    }
    long m = modulus(var.prim.itemBound);
    Expr scaled = new Expr.Bin("*", ref, new Expr.Const(var.prim, 64), Double.POSITIVE_INFINITY);
    return new Expr.Cast(var.prim, new Expr.Bin("%", new Expr.Cast(Prim.LONG, scaled), new Expr.Const(Prim.LONG, m), m - 1));
  }

  /** {@code comps} with one of them plus {@code read}, within the item bound. */
  private List<Expr> withRead(List<Expr> comps, Expr read) {
    List<Expr> out = new ArrayList<>(comps);
    int k = r.nextInt(out.size());
    Expr first = out.get(k);
    Expr added = cast(first.type, read);
    out.set(k, fit(new Expr.Bin("+", added, first, added.bound + first.bound), first.type.itemBound));
    return out;
  }

  /**
   * {@code name op= rhs} with any operator Java allows on {@code var} ({@code & | ^} and shifts only on
   * integral ones, with an integral right-hand side), or an increment or decrement. The right-hand side
   * has any numeric type; an integral divisor is never zero ({@code e != 0 ? e : 7} or {@code e | 1}).
   */
  private Stmt update(Stmt.Var var, String name, boolean field, Scope sc) {
    if (r.nextInt(8) == 0) {
      String op = new String[] {"pre++", "pre--", "post++", "post--"}[r.nextInt(4)];
      return new Stmt.Update(name, field, var, op, null);
    }
    String[] ops = var.integral()
        ? new String[] {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", ">>>"}
        : new String[] {"+", "-", "*", "/", "%"};
    String op = ops[r.nextInt(ops.length)];
    Expr rhs;
    switch (op) {
      case "<<", ">>", ">>>" -> rhs = shiftCount(sc);
      case "&", "|", "^" -> rhs = rhs(sc, true);
      default -> {
        rhs = rhs(sc, !on("floats"));
        if ((op.equals("/") || op.equals("%")) && Expr.promote(var.prim, rhs.type).integral()) {
          rhs = nonzero(rhs);
        }
      }
    }
    return new Stmt.Update(name, field, var, op, rhs);
  }

  /**
   * A right-hand side of any numeric type ({@code integral}: {@code int} or {@code long}): a leaf, an
   * expression, a {@code (byte)} or {@code (short)} narrowing, a constant ({@code 0.5}, {@code 1.0E10f},
   * an int's edge), a conditional, or, most often, two operands of different types ({@code i - 0.5}),
   * whose operator binds less tightly than the compound assignment's would in one C expression.
   */
  private Expr rhs(Scope sc, boolean integral) {
    List<Prim> types = integral ? List.of(Prim.INT, Prim.LONG) : List.of(Prim.values());
    Prim p = types.get(r.nextInt(types.size()));
    switch (r.nextInt(10)) {
      case 0:
        return gen(p, 0, sc);
      case 1:
      case 2:
        return gen(p, 1 + r.nextInt(2), sc);
      case 3:
        return new Expr.Narrow(r.nextBoolean() ? "byte" : "short", gen(p, 1, sc));
      case 4:
        if (p.integral()) {
          long[] edges = p == Prim.INT ? new long[] {1, -1, 3, 255, 65537, Integer.MAX_VALUE, -1_000_000}
              : new long[] {1, -1, 3, 4294967297L, Long.MAX_VALUE, -1_000_000_000_000L};
          return new Expr.Const(p, edges[r.nextInt(edges.length)]);
        }
        return frac(p);
      case 5:
        return new Expr.Ternary(cond(sc, 1), gen(p, 1, sc), p.integral() ? gen(p, 1, sc) : frac(p));
      default: {
        Expr a = gen(p, 1, sc);
        Prim q = types.get(r.nextInt(types.size()));
        Expr b = !q.integral() && r.nextBoolean() ? frac(q) : gen(q, 1, sc);
        String[] ops = Expr.promote(p, q).integral() ? new String[] {"+", "-"}
            : new String[] {"+", "-", "+", "-", "*", "/", "%"};
        return new Expr.Mixed(ops[r.nextInt(ops.length)], a, b);
      }
    }
  }

  /** A floating constant of {@code p}, not always integral, some beyond an int's or a long's range. */
  private Expr frac(Prim p) {
    double[] values = p == Prim.FLOAT
        ? new double[] {0.5, 1.5, -2.5, 0.1, 0.75, 3e9, -1e10, 1e20}
        : new double[] {0.5, 1.5, -2.5, 0.25, 0.1, -0.3, -7.75, 1e-3, 1e10, -3e9, 4.5e18, 1e20};
    return new Expr.Frac(p, values[r.nextInt(values.length)]);
  }

  /** A shift count: a constant (negative, or past the width), a {@code long}, or an expression. */
  private Expr shiftCount(Scope sc) {
    return switch (r.nextInt(4)) {
      case 0 -> new Expr.Const(Prim.INT, r.nextInt(70) - 3);
      case 1 -> new Expr.Const(Prim.LONG, r.nextInt(70));
      case 2 -> gen(r.nextBoolean() ? Prim.INT : Prim.LONG, 1, sc);
      default -> new Expr.Bin("&", cast(Prim.INT, gen(Prim.INT, 1, sc)), new Expr.Const(Prim.INT, 7), 7);
    };
  }

  /**
   * {@code e}, an integral divisor, made nonzero: {@code e != 0 ? e : 7} or {@code e | 1}; a nonzero
   * constant ({@code -1} among them) stays as it is.
   */
  private Expr nonzero(Expr e) {
    Prim t = e.type;
    if (e instanceof Expr.Const k && k.value != 0) {
      return e;
    }
    if (r.nextBoolean()) {
      return new Expr.Ternary(new Expr.Cond("!=", e, new Expr.Const(t, 0)), e, new Expr.Const(t, 7));
    }
    return new Expr.Bin("|", e, new Expr.Const(t, 1), Double.POSITIVE_INFINITY);
  }

  // ---------------------------------------------------------------- gpu = false

  /**
   * Makes the pipeline {@code gpu = false} and uses what only the CPU runs: a push value through
   * {@code Integer.bitCount} / {@code Long.bitCount}, and perhaps a node that throws its own
   * exception for some items (then the failing stage).
   */
  private void cpuOnly() {
    spec.cpuOnly = true;
    spec.used.add("cpu-only");
    List<Stage> transforms = spec.stages.stream().filter(s -> s.kind == Kind.TRANSFORM).toList();
    for (Stage s : transforms) {
      for (int at = 0; at < s.run.size(); at++) {
        if (s.run.get(at) instanceof Stmt.Push p && p.comps != null && r.nextInt(3) == 0) {
          int k = r.nextInt(p.comps.size());
          Expr e = p.comps.get(k);
          if (e.type.integral()) {
            replace(s.run, at, k, cast(e.type, new Expr.BitCount(e)));
            spec.used.add("cpu-bitcount");
          }
        }
      }
    }
    if (!transforms.isEmpty() && r.nextBoolean()) {
      Stage s = transforms.get(r.nextInt(transforms.size()));
      Scope items = refs(Expr.Ref.Kind.ITEM, s.inType, "x");
      s.run.add(0, new Stmt.Throw(cond(items, 1), items.leaves.get(0)));
      spec.failing = s;
      spec.used.add("error-throw");
    }
  }

  // ---------------------------------------------------------------- errors

  /**
   * Makes one stage fail on some items, if one can: a push value divided by (or taken modulo) a
   * divisor that is zero for some items, an array read with an index out of range for some, a loop
   * that may push one more than {@code @Max}, or an enumerator whose count may be negative or above
   * {@code maxElements}. Only that stage can fail, so, the graph being acyclic, the items it receives
   * do not depend on its failures: the run fails there on every back end exactly when the reference
   * fails there for some item (in {@link Reference}).
   */
  private void failing() {
    List<Option> options = new ArrayList<>();
    for (Stage s : spec.stages) {
      if (s.kind == Kind.ENUMERATOR) {
        Expr.Bin count = (Expr.Bin) s.count;
        long mask = ((Expr.Const) count.b).value;
        if (mask >= 2) {
          options.add(new Option(s, () -> {
            s.maxElements = 1 + r.nextInt((int) mask - 1);
            spec.used.add("error-count-max");
          }));
        }
        options.add(new Option(s, () -> {
          s.count = new Expr.Bin("-", count, new Expr.Const(Prim.INT, 1), mask + 1);
          spec.used.add("error-count-negative");
        }));
        continue;
      }
      if (s.kind != Kind.TRANSFORM) {
        continue;
      }
      Scope items = refs(Expr.Ref.Kind.ITEM, s.inType, "x");
      List<Field> arrays = s.fields.stream().filter(f -> f.role == Role.PARAM_ARRAY).toList();
      // run's pushes, and those of END and user handlers (a failure there names the signal), each
      // with what its divisor or index may read: the item, the parent, the tag
      List<Body> bodies = new ArrayList<>(List.of(new Body(s.run, items, "")));
      if (s.inRegion()) {
        Scope parent = refs(Expr.Ref.Kind.PARENT, s.parentType, "p");
        if (s.begin != null) {
          bodies.add(new Body(s.begin, parent, "-begin"));
        }
        if (s.end != null) {
          bodies.add(new Body(s.end, parent, "-end"));
        }
      }
      for (Map.Entry<Ty.Rec, List<Stmt>> h : s.userHandlers.entrySet()) {
        Ty tag = Ty.of(h.getKey());
        Scope reads = refs(Expr.Ref.Kind.TAG, tag, "t");
        bodies.add(new Body(h.getValue(), reads, "-handler"));
      }
      for (Body where : bodies) {
        addFailures(options, s, where, arrays);
      }
      for (Channel c : s.channels) {
        if (!c.aggregate && s.run.stream().anyMatch(st -> st.pushes(c) > 0)) {
          options.add(new Option(s, () -> {
            Scope inner = items.with(new Expr.Ref(Expr.Ref.Kind.LOOP, Prim.INT, "i", c.max + 1));
            s.run.add(new Stmt.LoopPush(c, loopCount(items, c.max + 1), c.max + 1, value(c.ty, inner)));
            spec.used.add("error-max");
          }));
        }
      }
    }
    if (options.isEmpty()) {
      return;
    }
    Option o = options.get(r.nextInt(options.size()));
    current = o.stage;
    o.change.run();
    spec.failing = o.stage;
  }

  /** A way to make {@code stage} fail on some items. */
  private record Option(Stage stage, Runnable change) {}

  /** A body of a stage, what its failure's divisor or index may read, and its name in the features. */
  private record Body(List<Stmt> stmts, Scope reads, String where) {}

  /** The ways to make a push of {@code body} fail on some items: a zero divisor, an index out of range. */
  private void addFailures(List<Option> options, Stage s, Body body, List<Field> arrays) {
    for (int at = 0; at < body.stmts.size(); at++) {
      if (!(body.stmts.get(at) instanceof Stmt.Push p) || p.comps == null) {
        continue;
      }
      int stmt = at;
      for (int k = 0; k < p.comps.size(); k++) {
        int comp = k;
        Prim t = p.comps.get(k).type;
        if (t.integral()) {
          options.add(new Option(s, () -> {
            long m = new long[] {1, 3, 7, 15}[r.nextInt(4)];
            Expr d = new Expr.Bin("&", cast(t, gen(t, 1, body.reads)), new Expr.Const(t, m), m);
            Expr a = p.comps.get(comp);
            replace(body.stmts, stmt, comp, new Expr.Bin(r.nextBoolean() ? "/" : "%", a, d, a.bound));
            spec.used.add("error-divide" + body.where);
          }));
        }
        if (!arrays.isEmpty()) {
          options.add(new Option(s, () -> {
            Field f = arrays.get(r.nextInt(arrays.size()));
            Expr masked = new Expr.Bin("&", cast(Prim.INT, gen(Prim.INT, 1, body.reads)), new Expr.Const(Prim.INT, 63), 63);
            Expr index = new Expr.Bin("-", masked, new Expr.Const(Prim.INT, 2), 65);
            Expr read = cast(t, fit(new Expr.Index(f.type, f.name, index, f.type.itemBound), t.itemBound));
            Expr a = p.comps.get(comp);
            replace(body.stmts, stmt, comp, fit(new Expr.Bin("+", a, read, a.bound + read.bound), t.itemBound));
            spec.used.add("error-index" + body.where);
          }));
        }
      }
    }
  }

  /** The push at {@code stmt} of {@code body} with component {@code comp} replaced by {@code e}. */
  private static void replace(List<Stmt> body, int stmt, int comp, Expr e) {
    Stmt.Push p = (Stmt.Push) body.get(stmt);
    List<Expr> comps = new ArrayList<>(p.comps);
    comps.set(comp, e);
    body.set(stmt, new Stmt.Push(p.ch, comps, p.guard));
  }

  // ---------------------------------------------------------------- helpers

  /**
   * {@code e} itself, or now and then a call of a static helper with {@code e} as its first argument
   * (a helper made for it, or one made before that this body may call): every draw from
   * {@link #helpersRandom}, and {@code e} keeps its draws, so the pipelines of earlier seeds keep
   * their shape. No helper is made while one is being made (a helper calls earlier ones only, in
   * {@link #helperBody}).
   */
  private Expr viaHelper(Expr e, Scope sc) {
    if (!on("helpers") || building != null || current == null || helpersRandom.nextInt(5) != 0) {
      return e;
    }
    return drawing(helpersRandom, () -> {
      Prim p = e.type;
      List<Helper> usable = spec.helpers.stream()
          .filter(h -> h.type == p && h.params.get(0) == p && callable(h, current, null, sc)).toList();
      Helper h = !usable.isEmpty() && r.nextInt(3) != 0 ? usable.get(r.nextInt(usable.size())) : helper(p, sc);
      spec.used.add(h.owner == null ? "helper-shared" : "helper");
      return call(h, fit(e, p.itemBound), sc, h.owner == null);
    });
  }

  /**
   * Whether {@code h} may be called from node {@code node}'s bodies, or from helper {@code from}'s
   * (which then belongs to that node or to {@code H}), with the arrays of {@code sc}.
   */
  private static boolean callable(Helper h, Stage node, Helper from, Scope sc) {
    boolean place = from == null ? h.owner == null || h.owner == node : h.owner == null || h.owner == from.owner;
    return place && (h.array == null || sc.arrays.stream().anyMatch(f -> f.type == h.array));
  }

  /** A call of {@code h} with {@code first} and further arguments drawn over {@code sc}. */
  private Expr call(Helper h, Expr first, Scope sc, boolean qualified) {
    List<Expr> args = new ArrayList<>();
    args.add(first);
    for (int k = 1; k < h.params.size(); k++) {
      Prim q = h.params.get(k);
      args.add(fit(gen(q, 1, sc), q.itemBound));
    }
    String array = null;
    if (h.array != null) {
      List<Field> arrays = sc.arrays.stream().filter(f -> f.type == h.array).toList();
      array = arrays.get(r.nextInt(arrays.size())).name;
    }
    return new Helper.Call(h, qualified, args, array);
  }

  /**
   * A new helper returning {@code p}, whose first parameter is a {@code p}: private to the current
   * node or shared in {@code H}, perhaps with an array parameter of a type {@code sc} can pass.
   */
  private Helper helper(Prim p, Scope sc) {
    Stage owner = r.nextBoolean() ? current : null;
    List<Prim> params = new ArrayList<>(List.of(p));
    int more = r.nextInt(3);
    for (int k = 0; k < more; k++) {
      params.add(prim());
    }
    Prim array = sc.arrays.isEmpty() || r.nextBoolean() ? null : sc.arrays.get(r.nextInt(sc.arrays.size())).type;
    Helper.Shape shape = Helper.Shape.values()[r.nextInt(3)];
    Helper h = new Helper("h" + spec.helpers.size(), owner, p, params, array, shape);
    Scope body = new Scope();
    for (int k = 0; k < params.size(); k++) {
      Prim q = params.get(k);
      body.leaves.add(new Expr.Ref(Expr.Ref.Kind.LOCAL, q, Helper.SCALARS.get(k), q.itemBound));
    }
    if (array != null) {
      body.arrays.add(new Field(Helper.ARRAY, Role.PARAM_ARRAY, array));
    }
    building = h;
    try {
      switch (shape) {
        case RETURN -> h.first = helperBody(h, body);
        case IF -> {
          h.cond = cond(body, 1);
          h.first = helperBody(h, body);
          h.second = helperBody(h, body);
        }
        case LOOP -> {
          h.first = helperBody(h, body);
          h.overArray = array != null && r.nextBoolean();
          int most = h.overArray ? 40 : 1 + r.nextInt(4);
          if (!h.overArray) {
            h.count = loopCount(body, most);
          }
          Scope withV = body.with(new Expr.Ref(Expr.Ref.Kind.LOCAL, p, "v", p.itemBound));
          Scope loop = withV.with(new Expr.Ref(Expr.Ref.Kind.LOCAL, Prim.INT, "i", most));
          h.skip = r.nextInt(3) == 0 ? cond(loop, 1) : null;
          h.second = helperBody(h, loop);
          h.stop = r.nextBoolean() ? cond(loop, 1) : null;
          h.stopDoes = r.nextBoolean() ? Helper.Stop.BREAK : Helper.Stop.RETURN;
          h.after = helperBody(h, withV);
        }
      }
    } finally {
      building = null;
    }
    spec.helpers.add(h);
    return h;
  }

  /** A value of a helper's type over {@code sc}, now and then through an earlier helper it may call. */
  private Expr helperBody(Helper h, Scope sc) {
    Expr e = fit(gen(h.type, 2, sc), h.type.itemBound);
    if (r.nextInt(4) != 0) {
      return e;
    }
    List<Helper> usable = spec.helpers.stream()
        .filter(g -> g.type == h.type && g.params.get(0) == h.type && callable(g, null, h, sc)).toList();
    if (usable.isEmpty()) {
      return e;
    }
    Helper g = usable.get(r.nextInt(usable.size()));
    spec.used.add("helper-calls-helper");
    return call(g, e, sc, g.owner == null && h.owner != null);
  }

  /**
   * {@code { T v = ...; if (...) { pushes } else { pushes } }} (or without the if) with up to
   * {@code budget} pushes on {@code c} in each branch, which may read {@code v}: every draw from
   * {@link #blocksRandom}.
   */
  private void block(List<Stmt> body, Stage s, Channel c, Scope sc, int budget) {
    inBlock = true;
    try {
      drawing(blocksRandom, () -> {
        List<Prim> types = new ArrayList<>(List.of(Prim.INT, Prim.LONG));
        if (on("floats")) {
          types.add(Prim.FLOAT);
          types.add(Prim.DOUBLE);
        }
        Prim t = types.get(r.nextInt(types.size()));
        Expr value = gen(t, 2, sc);
        Scope inner = sc.with(new Expr.Ref(Expr.Ref.Kind.LOCAL, t, Stmt.Branch.LOCAL, value.bound));
        // a third of the blocks have no if: their statements follow the local (a loop may end the block)
        Expr.Cond cond = r.nextInt(3) == 0 ? null : cond(inner);
        List<Stmt> then = new ArrayList<>();
        pushesInto(then, s, c, inner, budget);
        List<Stmt> otherwise = new ArrayList<>();
        if (cond != null && r.nextInt(3) != 0) {
          pushesInto(otherwise, s, c, inner, budget);
        }
        int[] late = {};
        if (on("late") && lateRandom.nextBoolean()) {
          late = new int[1 + lateRandom.nextInt(2)];
          for (int k = 0; k < late.length; k++) {
            late[k] = lateRandom.nextInt(64) - 8;
          }
          spec.used.add("late");
        }
        body.add(new Stmt.Branch(value, cond, then, otherwise, late));
        spec.used.add("blocks");
        return null;
      });
    } finally {
      inBlock = false;
    }
  }

  /**
   * {@code f}'s update by its own operator (the only one the processor allows) with a value over
   * {@code sc}; {@code helpers}: a PRODUCT's condition may call a helper.
   */
  private Stmt reduce(Field f, Scope sc, boolean helpers) {
    Expr e;
    switch (f.op) {
      case "SUM" -> {
        Expr x = gen(f.type, 2, sc);
        e = f.type == Prim.INT ? new Expr.Bin("&", x, new Expr.Const(Prim.INT, 15), 15) : fit(x, f.type.itemBound);
      }
      case "PRODUCT" -> e = new Expr.Ternary(helpers ? cond(sc) : cond(sc, 1), new Expr.Const(f.type, 1),
          new Expr.Const(f.type, -1));
      default -> e = gen(f.type, 2, sc);
    }
    return new Stmt.Reduce(f, e, r.nextBoolean());
  }

  // ---------------------------------------------------------------- sinks and signals

  private void sinks() {
    int n = 0;
    for (Channel c : channels()) {
      boolean extra = r.nextInt(5) == 0;
      if (!consumed(c) || extra) {
        spec.sinks.add(new SinkSpec("s" + n++, c));
      }
    }
  }

  private void signals() {
    int tags = 0;
    for (Stage s : spec.stages) {
      if (s.kind != Kind.TRANSFORM || tags >= 3 || r.nextInt(4) != 0) {
        continue;
      }
      int raises = 1 + (r.nextInt(4) == 0 ? 1 : 0);
      for (int k = 0; k < raises && tags < 3; k++) {
        Set<Stage> handlers = new LinkedHashSet<>();
        boolean ok = true;
        for (Spec.Edge e : outEdges(s)) {
          if (e.to() != null && !route(e.to(), s, handlers)) {
            ok = false;
          }
        }
        if (!ok) {
          continue;
        }
        Ty.Rec tag = new Ty.Rec("T" + tags++, prims(1 + r.nextInt(2)), true);
        spec.tags.add(tag);
        raise(s, tag);
        for (Stage h : handlers) {
          userHandler(h, tag, s);
        }
        spec.used.add("signals");
        if (handlers.isEmpty()) {
          spec.used.add("signal-unhandled");
        }
      }
    }
  }

  private List<Spec.Edge> outEdges(Stage s) {
    List<Spec.Edge> out = new ArrayList<>();
    for (Channel c : s.channels) {
      out.addAll(spec.consumers(c));
    }
    return out;
  }

  /**
   * Whether a signal from {@code raiser} may arrive at {@code n}: handled there or forwarded, never
   * reaching a fan-in, and (without {@code xsignals}) never leaving the raiser's region. An enumerator
   * cannot handle a signal: it forwards it into its region.
   */
  private boolean route(Stage n, Stage raiser, Set<Stage> handlers) {
    if (n.inputs.size() != 1) {
      return false;
    }
    boolean plain = n.kind == Kind.TRANSFORM && n.stack.equals(raiser.stack);
    if (!plain && !(on("xsignals") && (n.kind == Kind.TRANSFORM || n.kind == Kind.ENUMERATOR) && crossRandom.nextInt(3) != 0)) {
      return false;
    }
    if (n.kind == Kind.ENUMERATOR || (plain ? r.nextBoolean() : crossRandom.nextBoolean())) {
      Set<Stage> tentative = new LinkedHashSet<>(handlers);
      boolean ok = true;
      for (Spec.Edge e : outEdges(n)) {
        if (e.to() != null && !route(e.to(), raiser, tentative)) {
          ok = false;
          break;
        }
      }
      if (ok) {
        handlers.addAll(tentative);
        spec.used.add(n.kind == Kind.ENUMERATOR ? "signal-into-region" : "signal-forwarded");
        return true;
      }
      if (n.kind == Kind.ENUMERATOR) {
        return false;
      }
    }
    handlers.add(n);
    return true;
  }

  /** The regions of {@code h} that a signal from {@code raiser} enters through their enumerators: it arrives there between parents. */
  private static List<Integer> enteredBetweenParents(Stage h, Stage raiser) {
    return h.stack.stream().filter(region -> !raiser.stack.contains(region)).toList();
  }

  private void raise(Stage s, Ty.Rec tag) {
    current = s;
    Scope sc = refs(Expr.Ref.Kind.ITEM, s.inType, "x");
    s.raises.add(tag);
    String param = "g" + (s.raises.size() - 1);
    List<Expr> comps = new ArrayList<>();
    for (Prim p : tag.comps) {
      comps.add(fit(gen(p, 2, sc), p.itemBound));
    }
    s.run.add(new Stmt.Raise(param, tag, comps, r.nextInt(3) == 0 ? null : cond(sc)));
  }

  private void userHandler(Stage h, Ty.Rec tag, Stage raiser) {
    current = h;
    Ty tagTy = Ty.of(tag);
    Scope first = refs(Expr.Ref.Kind.TAG, tagTy, "t");
    List<Field> state = h.fields.stream().filter(f -> f.role == Role.STATE).toList();
    List<Field> perParent = h.fields.stream().filter(f -> f.role == Role.REDUCE && f.perParent).toList();
    List<Stmt> body = new ArrayList<>();
    List<Integer> between = enteredBetweenParents(h, raiser);
    // within the raiser's parent the handler may read the parent and its per-parent fields; outside
    // regions, or between parents, it sees only its tag (and constants): anything else there depends on chunking
    boolean inParent = h.inRegion() && between.isEmpty();
    Scope sc = inParent ? handlerScope(h, first, state, perParent) : first;
    List<Channel> outs = h.channels.stream()
        .filter(c -> between.isEmpty() ? !c.aggregate : !between.contains(c.stack.isEmpty() ? 0 : c.stack.get(c.stack.size() - 1))
            || spec.consumers(c).stream().allMatch(e -> e.sink() != null))
        .toList();
    if (!between.isEmpty()) {
      spec.used.add("signal-between-parents");
    }
    if (!outs.isEmpty() && r.nextInt(4) != 0) {
      Channel c = outs.get(r.nextInt(outs.size()));
      pushesInto(body, h, c, sc, c.max);
      mult.merge(c, mult.get(c) * 2, Long::sum);
    }
    if (inParent) {
      for (Field f : state) {
        if (r.nextBoolean()) {
          body.add(new Stmt.Assign(f, fit(gen(f.type, 2, sc), f.type.itemBound)));
        }
        stateUpdates(body, f, sc);
      }
      for (Field f : perParent) {
        if (r.nextBoolean()) {
          body.add(new Stmt.Assign(f, null));
        }
      }
    }
    h.userHandlers.put(tag, body);
    spec.used.add("signal-handler");
  }

  static Set<String> parse(String list) {
    if (list == null || list.isBlank() || list.equals("all")) {
      return new HashSet<>(FEATURES);
    }
    Set<String> f = new HashSet<>();
    for (String s : list.split(",")) {
      String t = s.trim();
      if (t.startsWith("-")) {
        if (f.isEmpty()) {
          f.addAll(FEATURES);
        }
        f.remove(t.substring(1));
      } else if (!FEATURES.contains(t)) {
        throw new IllegalArgumentException("unknown fuzz feature '" + t + "'; known: " + FEATURES);
      } else {
        f.add(t);
      }
    }
    return f;
  }
}
