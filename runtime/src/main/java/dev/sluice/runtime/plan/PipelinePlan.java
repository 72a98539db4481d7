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

  private final String[] stageNames;
  private final StageKind[] kinds;
  /** Region number of each stage (innermost region containing it); -1 for the source. */
  private final int[] label;
  private final int[] rank;
  private final int[] inputsPerRun;
  /** Capacity of each stage's input data queue (0 for the source). */
  private final int[] queueCapacity;
  /**
   * The most items one run of any single producer puts into each stage's data queue (0 for the
   * source): the queue is FULL when its free space is below it, whichever producer ran.
   */
  private final int[] queueMaxPerRun;
  /** Region each stage heads, or -1. */
  private final int[] heads;

  private final String[] sinkNames;

  private final int[] edgeFrom;
  private final String[] edgeChannel;
  private final int[] edgeTo;
  /**
   * The most items the producer pushes on each edge in one run: the terms the processor summed into
   * {@link #queueMaxPerRun}, which is what the schedulers test.
   */
  private final int[] edgeMaxPerRun;
  /**
   * The {@code @Max} of each edge's channel (pushes per item or per handled signal), or 0 where the
   * plan does not say: the source's and an enumerator's channel, whose bound is the width.
   */
  private final int[] edgeMax;
  /** Whether each edge's channel is {@code @Aggregate}: its items leave the producer's innermost region. */
  private final boolean[] edgeAggregate;
  /**
   * The output channels of each stage, in declaration order: the source's one channel (named after
   * it), an enumerator's {@code elements}, a node's channels as {@link Builder#channel} declared them
   * (empty for a node where the plan does not list them).
   */
  private final String[][] stageChannels;
  /** The {@code @Max} of each of {@code stageChannels}, 0 where the plan does not say. */
  private final int[][] stageChannelMax;
  /** Out-edges per stage. */
  private final int[][] outEdges;
  /** Distinct node children per stage (sinks excluded). */
  private final int[][] children;

  /** Indexed by region number (entry 0 is region 0, whose head is the source). */
  private final int[] regionHead;
  private final int[] regionParentBuffer;
  private final int[] regionTerminals;
  private final int[] regionMaxElements;
  /** The signal kinds of each region's BEGIN and END (-1 for region 0, which has none). */
  private final int[] regionBegin;
  private final int[] regionEnd;

  /** Signal kinds: BEGIN/END of each region and each user tag. */
  private final String[] signalNames;
  private final int[] signalRegion;
  private final boolean[] signalIsEnd;
  private final boolean[] signalIsBegin;
  /** [stage][signal]: handler index of the node, or -1. */
  private final int[][] handler;
  /** [stage][signal]: edges the signal is forwarded along after it is handled. */
  private final int[][][] forward;
  /** [stage][signal]: edges a signal the stage raises itself (BEGIN/END of the region it heads, a user signal) goes along. */
  private final int[][][] origin;
  /** [stage][signal]: the node is a terminal of the signal's region and releases the parent. */
  private final boolean[][] release;
  /** Stages in the order the scheduler looks for one to fire: lowest rank first. */
  private final int[] priority;

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
    stageChannelMax = new int[n][];
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
      stageChannelMax[i] = new int[declared.size()];
      for (int c = 0; c < declared.size(); c++) {
        Channel ch = b.channels.get(st.name + "." + declared.get(c));
        stageChannelMax[i][c] = ch == null ? 0 : ch.max;
      }
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

  // Read-only views. The arrays stay private, so a plan cannot change after it is built: the back ends
  // and the generated code all run with the numbers the processor wrote (outside-in helper-92: a write
  // to a public array changed the scheduled executor's and the kernel's runs, not the direct executor's).

  /** The name of stage {@code s}. */
  public String stageName(int s) {
    return stageNames[s];
  }

  /** What stage {@code s} is. */
  public StageKind kind(int s) {
    return kinds[s];
  }

  /** The region number of stage {@code s} (the innermost region containing it); -1 for the source. */
  public int label(int s) {
    return label[s];
  }

  /** The static rank of stage {@code s}: the scheduler looks for a stage to fire lowest rank first. */
  public int rank(int s) {
    return rank[s];
  }

  /** The inputs one run of stage {@code s} takes ({@link #inputsPerRun(boolean, int)}). */
  public int inputsPerRun(int s) {
    return inputsPerRun[s];
  }

  /** The capacity of stage {@code s}'s input data queue (0 for the source). */
  public int queueCapacity(int s) {
    return queueCapacity[s];
  }

  /**
   * The most items one run of any single producer puts into stage {@code s}'s data queue (0 for the
   * source): the queue is FULL when its free space is below it, whichever producer ran.
   */
  public int queueMaxPerRun(int s) {
    return queueMaxPerRun[s];
  }

  /** The region stage {@code s} heads, or -1. */
  public int heads(int s) {
    return heads[s];
  }

  /** How many sinks the pipeline has. */
  public int sinkCount() {
    return sinkNames.length;
  }

  /** The name of sink {@code k}. */
  public String sinkName(int k) {
    return sinkNames[k];
  }

  /** How many edges the pipeline has. */
  public int edgeCount() {
    return edgeFrom.length;
  }

  /** The stage edge {@code e} leaves. */
  public int edgeFrom(int e) {
    return edgeFrom[e];
  }

  /** The output channel of its producer that edge {@code e} carries. */
  public String edgeChannel(int e) {
    return edgeChannel[e];
  }

  /** The stage edge {@code e} enters, or {@code -(k + 1)} for sink {@code k}. */
  public int edgeTo(int e) {
    return edgeTo[e];
  }

  /**
   * The most items the producer pushes on edge {@code e} in one run: the terms the processor summed
   * into {@link #queueMaxPerRun}, which is what the schedulers test.
   */
  public int edgeMaxPerRun(int e) {
    return edgeMaxPerRun[e];
  }

  /**
   * The {@code @Max} of edge {@code e}'s channel (pushes per item or per handled signal), or 0 where
   * the plan does not say: the source's and an enumerator's channel, whose bound is the width.
   */
  public int edgeMax(int e) {
    return edgeMax[e];
  }

  /** Whether edge {@code e}'s channel is {@code @Aggregate}: its items leave the producer's innermost region. */
  public boolean edgeAggregate(int e) {
    return edgeAggregate[e];
  }

  /**
   * The output channels of stage {@code s}, in declaration order: the source's one channel (named
   * after it), an enumerator's {@code elements}, a node's channels as {@link Builder#channel} declared
   * them (empty for a node where the plan does not list them). A copy.
   */
  public String[] stageChannels(int s) {
    return stageChannels[s].clone();
  }

  /**
   * The {@code @Max} of each of {@link #stageChannels}{@code (s)}, in the same order, or 0 where the plan
   * does not say (the source's and an enumerator's channel, whose bound is the width). A copy.
   */
  public int[] stageChannelMax(int s) {
    return stageChannelMax[s].clone();
  }

  /** The edges out of stage {@code s}. A copy. */
  public int[] outEdges(int s) {
    return outEdges[s].clone();
  }

  /** The distinct node children of stage {@code s} (sinks excluded). A copy. */
  public int[] children(int s) {
    return children[s].clone();
  }

  /** The stage that heads region {@code r} (region 0's head is the source). */
  public int regionHead(int r) {
    return regionHead[r];
  }

  /** Parents of region {@code r} that may be open at once per pipeline instance. */
  public int regionParentBuffer(int r) {
    return regionParentBuffer[r];
  }

  /** The terminal nodes of region {@code r}, whose END releases a parent. */
  public int regionTerminals(int r) {
    return regionTerminals[r];
  }

  /** The most elements a parent of region {@code r} may have. */
  public int regionMaxElements(int r) {
    return regionMaxElements[r];
  }

  /** The name of signal kind {@code k}: {@code BEGIN(r)}, {@code END(r)} or a user tag's. */
  public String signalName(int k) {
    return signalNames[k];
  }

  /** The region whose BEGIN or END signal kind {@code k} is, or -1 for a user tag. */
  public int signalRegion(int k) {
    return signalRegion[k];
  }

  /** Whether signal kind {@code k} is a region's END. */
  public boolean signalIsEnd(int k) {
    return signalIsEnd[k];
  }

  /** Whether signal kind {@code k} is a region's BEGIN. */
  public boolean signalIsBegin(int k) {
    return signalIsBegin[k];
  }

  /** The handler of stage {@code s}'s node for signal kind {@code k}, or -1. */
  public int handler(int s, int k) {
    return handler[s][k];
  }

  /** The edges along which stage {@code s} forwards signal kind {@code k} after handling it. A copy. */
  public int[] forward(int s, int k) {
    return forward[s][k].clone();
  }

  /**
   * The edges along which a signal of kind {@code k} that stage {@code s} raises itself (BEGIN/END
   * of the region it heads, a user signal) goes. A copy.
   */
  public int[] origin(int s, int k) {
    return origin[s][k].clone();
  }

  /** Whether stage {@code s}'s node is a terminal of signal kind {@code k}'s region and releases the parent. */
  public boolean release(int s, int k) {
    return release[s][k];
  }

  /** The stages in the order the scheduler looks for one to fire: lowest rank first. A copy. */
  public int[] priority() {
    return priority.clone();
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
