package dev.sluice.runtime.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the processor computed about one pipeline, as plain numbers: stages, edges, queue
 * capacities, region numbers and terminal counts, signal dispatch tables and static ranks. Generated
 * pipelines build it once (so a reader can check the numbers in the generated source); back ends
 * only read it.
 *
 * <p>Stage 0 is the source; stages 1.. are the nodes. Sinks are numbered separately; an edge into
 * sink {@code k} has target {@code -(k + 1)}.
 */
public final class PipelinePlan {
  public final String name;
  /** Items per run (vector width). */
  public final int width;
  public final int signalCapacity;

  public final String[] stageNames;
  public final StageKind[] kinds;
  /** Region number of each stage (innermost region containing it); -1 for the source. */
  public final int[] label;
  public final int[] rank;
  public final int[] inputsPerRun;
  /** Capacity of each stage's input data queue (0 for the source). */
  public final int[] queueCapacity;
  /**
   * The most items one run of any single producer puts into each stage's data queue (0 for the
   * source): the queue is FULL when its free space is below it, whichever producer ran.
   */
  public final int[] queueMaxPerRun;
  /** Region each stage heads, or -1. */
  public final int[] heads;

  public final String[] sinkNames;

  public final int[] edgeFrom;
  public final String[] edgeChannel;
  public final int[] edgeTo;
  /**
   * The most items the producer pushes on each edge in one run: the terms the processor summed into
   * {@link #queueMaxPerRun}, which is what the schedulers test.
   */
  public final int[] edgeMaxPerRun;
  /**
   * The {@code @Max} of each edge's channel (pushes per item or per handled signal), or 0 where the
   * plan does not say: the source's and an enumerator's channel, whose bound is the width.
   */
  public final int[] edgeMax;
  /** Whether each edge's channel is {@code @Aggregate}: its items leave the producer's innermost region. */
  public final boolean[] edgeAggregate;
  /**
   * The output channels of each stage, in declaration order: the source's one channel (named after
   * it), an enumerator's {@code elements}, a node's channels as {@link Builder#channel} declared them
   * (empty for a node where the plan does not list them).
   */
  public final String[][] stageChannels;
  /** Out-edges per stage. */
  public final int[][] outEdges;
  /** Distinct node children per stage (sinks excluded). */
  public final int[][] children;

  /** Indexed by region number (entry 0 is region 0, whose head is the source). */
  public final int[] regionHead;
  public final int[] regionParentBuffer;
  public final int[] regionTerminals;
  public final int[] regionMaxElements;
  /** The signal kinds of each region's BEGIN and END (-1 for region 0, which has none). */
  private final int[] regionBegin;
  private final int[] regionEnd;

  /** Signal kinds: BEGIN/END of each region and each user tag. */
  public final String[] signalNames;
  public final int[] signalRegion;
  public final boolean[] signalIsEnd;
  public final boolean[] signalIsBegin;
  /** [stage][signal]: handler index of the node, or -1. */
  public final int[][] handler;
  /** [stage][signal]: edges the signal is forwarded along after it is handled. */
  public final int[][][] forward;
  /** [stage][signal]: edges a signal the stage raises itself (BEGIN/END of the region it heads, a user signal) goes along. */
  public final int[][][] origin;
  /** [stage][signal]: the node is a terminal of the signal's region and releases the parent. */
  public final boolean[][] release;
  /** Stages in the order the scheduler looks for one to fire: lowest rank first. */
  public final int[] priority;

  private PipelinePlan(Builder b) {
    name = b.name;
    width = b.width;
    signalCapacity = b.signalCapacity;
    int n = b.stages.size();
    stageNames = new String[n];
    kinds = new StageKind[n];
    label = new int[n];
    rank = new int[n];
    inputsPerRun = new int[n];
    queueCapacity = new int[n];
    queueMaxPerRun = new int[n];
    heads = new int[n];
    for (int i = 0; i < n; i++) {
      Stage s = b.stages.get(i);
      stageNames[i] = s.name;
      kinds[i] = s.kind;
      label[i] = s.label;
      rank[i] = s.rank;
      inputsPerRun[i] = s.inputsPerRun;
      queueCapacity[i] = s.queueCapacity;
      queueMaxPerRun[i] = s.queueMaxPerRun;
      heads[i] = s.heads;
    }
    sinkNames = b.sinks.toArray(new String[0]);
    int e = b.edges.size();
    edgeFrom = new int[e];
    edgeChannel = new String[e];
    edgeTo = new int[e];
    edgeMaxPerRun = new int[e];
    edgeMax = new int[e];
    edgeAggregate = new boolean[e];
    List<List<Integer>> outs = new ArrayList<>();
    List<List<Integer>> kids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      outs.add(new ArrayList<>());
      kids.add(new ArrayList<>());
    }
    for (int i = 0; i < e; i++) {
      Edge d = b.edges.get(i);
      edgeFrom[i] = d.from;
      edgeChannel[i] = d.channel;
      edgeTo[i] = d.to;
      edgeMaxPerRun[i] = d.maxPerRun;
      Channel ch = b.channels.get(b.stages.get(d.from).name + "." + d.channel);
      if (ch != null) {
        edgeMax[i] = ch.max;
        edgeAggregate[i] = ch.aggregate;
      }
      outs.get(d.from).add(i);
      if (d.to >= 0 && !kids.get(d.from).contains(d.to)) {
        kids.get(d.from).add(d.to);
      }
    }
    outEdges = toArrays(outs);
    stageChannels = new String[n][];
    for (int i = 0; i < n; i++) {
      Stage st = b.stages.get(i);
      List<String> declared = new ArrayList<>();
      if (st.kind == StageKind.SOURCE) {
        declared.add(st.name);
      } else if (st.kind == StageKind.ENUMERATE) {
        declared.add("elements");
      } else {
        for (String key : b.channelOrder) {
          if (key.startsWith(st.name + ".")) {
            declared.add(key.substring(st.name.length() + 1));
          }
        }
      }
      stageChannels[i] = declared.toArray(new String[0]);
    }
    children = toArrays(kids);
    int r = b.regions.size();
    regionHead = new int[r];
    regionParentBuffer = new int[r];
    regionTerminals = new int[r];
    regionMaxElements = new int[r];
    for (int i = 0; i < r; i++) {
      int[] reg = b.regions.get(i);
      if (reg == null) {
        throw new IllegalArgumentException(name + ": region " + i + " not declared");
      }
      regionHead[i] = reg[0];
      regionParentBuffer[i] = reg[1];
      regionTerminals[i] = reg[2];
      regionMaxElements[i] = reg[3];
    }
    int k = b.signals.size();
    signalNames = new String[k];
    signalRegion = new int[k];
    signalIsBegin = new boolean[k];
    signalIsEnd = new boolean[k];
    for (int i = 0; i < k; i++) {
      String s = b.signals.get(i);
      signalNames[i] = s;
      signalIsBegin[i] = s.startsWith("BEGIN(");
      signalIsEnd[i] = s.startsWith("END(");
      signalRegion[i] = signalIsBegin[i] || signalIsEnd[i]
          ? Integer.parseInt(s.substring(s.indexOf('(') + 1, s.length() - 1)) : -1;
    }
    // looked up once here: the scheduler asks for them on every run of an enumerator
    regionBegin = new int[r];
    regionEnd = new int[r];
    Arrays.fill(regionBegin, -1);
    Arrays.fill(regionEnd, -1);
    for (int i = 0; i < k; i++) {
      if (signalRegion[i] >= 0 && signalRegion[i] < r) {
        (signalIsEnd[i] ? regionEnd : regionBegin)[signalRegion[i]] = i;
      }
    }
    handler = new int[n][k];
    forward = new int[n][k][];
    release = new boolean[n][k];
    origin = new int[n][k][];
    for (int[][] row : origin) {
      Arrays.fill(row, new int[0]);
    }
    for (Dispatch d : b.origins) {
      origin[d.stage][d.signal] = d.forward;
    }
    for (int[] row : handler) {
      Arrays.fill(row, -1);
    }
    for (int[][] row : forward) {
      Arrays.fill(row, new int[0]);
    }
    for (Dispatch d : b.dispatch) {
      handler[d.stage][d.signal] = d.handler;
      forward[d.stage][d.signal] = d.forward;
      release[d.stage][d.signal] = d.release;
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> rank[x] != rank[y] ? Integer.compare(rank[x], rank[y]) : Integer.compare(x, y));
    priority = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
  }

  private static int[][] toArrays(List<List<Integer>> lists) {
    int[][] out = new int[lists.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = lists.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
    return out;
  }

  public int stageCount() {
    return stageNames.length;
  }

  public int regionCount() {
    return regionHead.length;
  }

  public int signalCount() {
    return signalNames.length;
  }

  public int stage(String stageName) {
    for (int i = 0; i < stageNames.length; i++) {
      if (stageNames[i].equals(stageName)) {
        return i;
      }
    }
    throw new IllegalArgumentException(name + " has no stage '" + stageName + "'");
  }

  public int signal(String signalName) {
    for (int i = 0; i < signalNames.length; i++) {
      if (signalNames[i].equals(signalName)) {
        return i;
      }
    }
    throw new IllegalArgumentException(name + " has no signal '" + signalName + "'");
  }

  /** The signal index of BEGIN (or END) of region {@code r}. */
  public int regionSignal(int r, boolean end) {
    int kind = end ? regionEnd[r] : regionBegin[r];
    if (kind < 0) {
      throw new IllegalArgumentException(name + " has no signal '" + (end ? "END(" : "BEGIN(") + r + ")'");
    }
    return kind;
  }

  /**
   * The inputs one run of a node takes: a vector of {@code width} items, or one parent for an
   * enumerator, whose run enumerates that parent's elements. The processor's queue capacities read it
   * too ({@code QueueCapacities}).
   */
  public static int inputsPerRun(boolean enumerator, int width) {
    return enumerator ? 1 : width;
  }

  public static Builder builder(String name, int width, int signalCapacity) {
    return new Builder(name, width, signalCapacity);
  }

  private record Stage(String name, StageKind kind, int label, int rank, int inputsPerRun,
      int queueCapacity, int queueMaxPerRun, int heads) {}

  private record Edge(int from, String channel, int to, int maxPerRun) {}

  private record Channel(int max, boolean aggregate) {}

  private record Dispatch(int stage, int signal, int handler, boolean release, int[] forward) {}

  /** Fluent builder used by generated pipelines; names are resolved as they are added. */
  public static final class Builder {
    private final String name;
    private final int width;
    private final int signalCapacity;
    private final List<Stage> stages = new ArrayList<>();
    private final List<String> sinks = new ArrayList<>();
    private final List<Edge> edges = new ArrayList<>();
    private final List<int[]> regions = new ArrayList<>();
    private final List<String> signals = new ArrayList<>();
    private final List<Dispatch> dispatch = new ArrayList<>();
    private final List<Dispatch> origins = new ArrayList<>();
    private final Map<String, Integer> edgeByName = new HashMap<>();
    private final Map<String, Channel> channels = new HashMap<>();
    private final List<String> channelOrder = new ArrayList<>();

    private Builder(String name, int width, int signalCapacity) {
      this.name = name;
      this.width = width;
      this.signalCapacity = signalCapacity;
      regions.add(new int[] {0, 0, 0, Integer.MAX_VALUE});
    }

    /** The source: emits up to {@code width} items per run; heads region 0. */
    public Builder source(String stage, int rank) {
      stages.add(new Stage(stage, StageKind.SOURCE, -1, rank, width, 0, 0, 0));
      return this;
    }

    /**
     * A node running {@code run} on up to {@code width} items per run; its data queue holds
     * {@code queueCapacity} items and one producer run puts at most {@code queueMaxPerRun} into it.
     */
    public Builder transform(String stage, int label, int rank, int queueCapacity, int queueMaxPerRun) {
      stages.add(new Stage(stage, StageKind.TRANSFORM, label, rank, inputsPerRun(false, width), queueCapacity,
          queueMaxPerRun, -1));
      return this;
    }

    /** An enumerator: one parent per run, heading region {@code heads}; its queue as for {@link #transform}. */
    public Builder enumerate(String stage, int label, int rank, int queueCapacity, int queueMaxPerRun, int heads) {
      stages.add(new Stage(stage, StageKind.ENUMERATE, label, rank, inputsPerRun(true, width), queueCapacity,
          queueMaxPerRun, heads));
      return this;
    }

    public Builder sink(String sink) {
      sinks.add(sink);
      return this;
    }

    /** An edge from a stage's channel to a node or sink, with the producer's most items per run. */
    public Builder edge(String from, String channel, String to, int maxPerRun) {
      int f = indexOf(from);
      int t = sinks.indexOf(to) >= 0 ? -(sinks.indexOf(to) + 1) : indexOf(to);
      edgeByName.put(from + "->" + to, edges.size());
      edges.add(new Edge(f, channel, t, maxPerRun));
      return this;
    }

    /**
     * A node's output channel, connected or not, with what the user declared on it: its {@code @Max}
     * and whether it is {@code @Aggregate}. Pictures of the pipeline show them, and a run report uses
     * the list to tell each channel's items; the schedulers read only {@link #edge}'s numbers.
     */
    public Builder channel(String stage, String channel, int max, boolean aggregate) {
      indexOf(stage);
      if (channels.put(stage + "." + channel, new Channel(max, aggregate)) == null) {
        channelOrder.add(stage + "." + channel);
      }
      return this;
    }

    /** Region {@code number}: its head, parent buffer size, terminal node count, element limit. */
    public Builder region(int number, String head, int parentBuffer, int terminals, int maxElements) {
      while (regions.size() <= number) {
        regions.add(null);
      }
      regions.set(number, new int[] {indexOf(head), parentBuffer, terminals, maxElements});
      return this;
    }

    /** Declares a signal kind: {@code BEGIN(r)}, {@code END(r)} or a user tag's name. */
    public Builder signal(String signal) {
      signals.add(signal);
      return this;
    }

    /**
     * What {@code stage} does with {@code signal}: call its handler number {@code handler} (or -1),
     * release the parent ({@code release}), then forward it along the edges to {@code forwardTo}.
     */
    public Builder dispatch(String stage, String signal, int handler, boolean release, String... forwardTo) {
      dispatch.add(new Dispatch(indexOf(stage), signalIndex(signal), handler, release, edges(stage, forwardTo)));
      return this;
    }

    /** The edges along which {@code stage} sends a signal it raises itself. */
    public Builder originate(String stage, String signal, String... to) {
      origins.add(new Dispatch(indexOf(stage), signalIndex(signal), -1, false, edges(stage, to)));
      return this;
    }

    private int[] edges(String stage, String[] to) {
      int[] out = new int[to.length];
      for (int i = 0; i < out.length; i++) {
        Integer e = edgeByName.get(stage + "->" + to[i]);
        if (e == null) {
          throw new IllegalArgumentException(name + ": no edge " + stage + " -> " + to[i]);
        }
        out[i] = e;
      }
      return out;
    }

    private int signalIndex(String signal) {
      int k = signals.indexOf(signal);
      if (k < 0) {
        throw new IllegalArgumentException(name + ": undeclared signal " + signal);
      }
      return k;
    }

    private int indexOf(String stage) {
      for (int i = 0; i < stages.size(); i++) {
        if (stages.get(i).name.equals(stage)) {
          return i;
        }
      }
      throw new IllegalArgumentException(name + ": unknown stage '" + stage + "'");
    }

    public PipelinePlan build() {
      return new PipelinePlan(this);
    }
  }
}
