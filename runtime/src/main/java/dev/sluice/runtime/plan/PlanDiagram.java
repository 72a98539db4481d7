package dev.sluice.runtime.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A picture of a pipeline's graph, drawn from its plan and written as Mermaid or as Graphviz DOT.
 *
 * <p>This is the one place that decides what the picture shows. The annotation processor draws every
 * pipeline with it at compile time, from the same plan it writes into the generated class, and
 * {@code RunReport} draws a run with it, adding the run's figures. The two renderers only spell the
 * same {@link Node}s, {@link Box}es and {@link Arrow}s in their own syntax.
 *
 * <ul>
 *   <li>Stages: the source (a parallelogram), nodes (boxes), enumerators (double boxes, "opens region
 *       r"), sinks (cylinders). A node's label says which signals it handles, which user signals it
 *       raises and which it forwards without handling them. BEGIN/END travel from a region's head to
 *       the members of its box, so they are not repeated on the arrows.
 *   <li>Regions: one box per region, nested as the regions are, titled with the head, the parent
 *       buffer and the element limit. A stage is drawn in the box of its innermost region; a head sits
 *       outside the box it opens.
 *   <li>Arrows: one per edge, labelled with the channel, its {@code @Max} and {@code @Aggregate}
 *       (drawn thick: its items leave the region), and the user signals that travel along it. A
 *       channel read by several stages (broadcast) has one arrow to each; a stage that joins several
 *       inputs (fan-in) has several arrows in.
 *   <li>A channel that no stage or sink reads: a dotted arrow to a point of its own, "unread: items
 *       dropped", beside its stage.
 *   <li>A run's figures, when given: the items that went along each arrow and each sink's count, and
 *       the vector fill of each stage.
 * </ul>
 */
public final class PlanDiagram {

  /**
   * What a run adds to the picture.
   *
   * @param edgeItems the items that went along each edge, by plan edge index; -1 where the run's
   *     counters cannot tell
   * @param stageFill the vector fill of each stage, by plan stage index (0..1)
   * @param sinkItems the items each sink collected
   */
  public record Figures(long[] edgeItems, double[] stageFill, long[] sinkItems) {}

  /** How a stage is drawn. */
  public enum Shape {
    SOURCE,
    ENUMERATOR,
    NODE,
    SINK,
    /** Where a channel that no stage or sink reads ends: its items are dropped (SLU138 warns of it). */
    UNREAD
  }

  /** A stage: an id unique in the picture (the stage's name) and its label, one line per entry. */
  public record Node(String id, Shape shape, List<String> lines) {}

  /** A region: its frame's title and what is drawn inside, in order (each a {@link Node} or a {@link Box}). */
  public record Box(int region, String title, List<Object> content) {}

  /** An edge, between two node ids, with its label lines; {@code aggregate} is drawn thick. */
  public record Arrow(String from, String to, List<String> lines, boolean aggregate) {}

  private final String name;
  private final List<Object> top;
  private final List<Arrow> arrows;

  private PlanDiagram(String name, List<Object> top, List<Arrow> arrows) {
    this.name = name;
    this.top = top;
    this.arrows = arrows;
  }

  /** The pipeline as declared. */
  public static PlanDiagram of(PipelinePlan plan) {
    return of(plan, null);
  }

  /** The pipeline with a run's figures on it; {@code figures} may be null. */
  public static PlanDiagram of(PipelinePlan plan, Figures figures) {
    int n = plan.stageCount();
    // region r's box holds the stages whose innermost region is r, and the boxes of the regions
    // whose heads are among them
    List<List<Object>> inside = new ArrayList<>();
    for (int r = 0; r < plan.regionCount(); r++) {
      inside.add(new ArrayList<>());
    }
    List<Object> top = inside.get(0);
    Box[] boxes = new Box[plan.regionCount()];
    for (int r = 1; r < plan.regionCount(); r++) {
      boxes[r] = new Box(r, regionTitle(plan, r), inside.get(r));
    }
    List<List<Object>> drawnIn = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      List<Object> into = plan.label(s) > 0 ? inside.get(plan.label(s)) : top;
      drawnIn.add(into);
      into.add(new Node(plan.stageName(s), shape(plan.kind(s)), stageLines(plan, s, figures)));
      if (plan.heads(s) > 0) {
        into.add(boxes[plan.heads(s)]);
      }
    }
    for (int k = 0; k < plan.sinkCount(); k++) {
      List<String> lines = new ArrayList<>(List.of(plan.sinkName(k), "sink"));
      if (figures != null) {
        lines.add(items(figures.sinkItems()[k]));
      }
      top.add(new Node(plan.sinkName(k), Shape.SINK, lines));
    }
    List<Arrow> arrows = new ArrayList<>();
    for (int e = 0; e < plan.edgeCount(); e++) {
      int to = plan.edgeTo(e);
      String target = to >= 0 ? plan.stageName(to) : plan.sinkName(-to - 1);
      arrows.add(new Arrow(plan.stageName(plan.edgeFrom(e)), target, edgeLines(plan, e, figures),
          plan.edgeAggregate(e)));
    }
    // a channel nothing reads ends at a point of its own beside its stage, so that the picture shows
    // where items go missing (outside-in helper-97: a stage commented out lost 266 of 400 requests);
    // its id holds a dot, which no stage's or sink's name (a Java identifier) does
    for (int s = 0; s < n; s++) {
      String[] channels = plan.stageChannels(s);
      int[] max = plan.stageChannelMax(s);
      for (int c = 0; c < channels.length; c++) {
        if (!read(plan, s, channels[c])) {
          String id = plan.stageName(s) + "." + channels[c];
          drawnIn.get(s).add(new Node(id, Shape.UNREAD, List.of("unread: items dropped")));
          arrows.add(new Arrow(plan.stageName(s), id,
              List.of(max[c] > 0 ? channels[c] + " @Max(" + max[c] + ")" : channels[c]), false));
        }
      }
    }
    return new PlanDiagram(plan.name, top, arrows);
  }

  /** Whether {@code a} goes to an unread channel's end (drawn dotted): the one id with a dot in it. */
  private static boolean toUnread(Arrow a) {
    return a.to().indexOf('.') >= 0;
  }

  private static boolean read(PipelinePlan plan, int s, String channel) {
    for (int e : plan.outEdges(s)) {
      if (plan.edgeChannel(e).equals(channel)) {
        return true;
      }
    }
    return false;
  }

  private static Shape shape(StageKind kind) {
    return switch (kind) {
      case SOURCE -> Shape.SOURCE;
      case ENUMERATE -> Shape.ENUMERATOR;
      case TRANSFORM -> Shape.NODE;
    };
  }

  private static String regionTitle(PipelinePlan plan, int r) {
    String title = "region " + r + ": " + plan.stageName(plan.regionHead(r)) + ", " + plan.regionParentBuffer(r)
        + (plan.regionParentBuffer(r) == 1 ? " parent" : " parents") + " at once";
    if (plan.regionMaxElements(r) != Integer.MAX_VALUE) {
      title += ", at most " + plan.regionMaxElements(r) + " elements each";
    }
    return title;
  }

  private static List<String> stageLines(PipelinePlan plan, int s, Figures figures) {
    List<String> lines = new ArrayList<>();
    lines.add(plan.stageName(s));
    if (plan.kind(s) == StageKind.SOURCE) {
      lines.add("source");
    }
    if (plan.heads(s) > 0) {
      lines.add("opens region " + plan.heads(s));
    }
    List<String> handles = new ArrayList<>();
    List<String> raises = new ArrayList<>();
    List<String> forwards = new ArrayList<>();
    for (int k = 0; k < plan.signalCount(); k++) {
      boolean user = plan.signalRegion(k) < 0;
      if (plan.handler(s, k) >= 0) {
        handles.add(plan.signalName(k));
      } else if (user && plan.forward(s, k).length > 0) {
        forwards.add(plan.signalName(k));
      }
      if (user && plan.origin(s, k).length > 0) {
        raises.add(plan.signalName(k));
      }
    }
    addList(lines, "handles ", handles);
    addList(lines, "raises ", raises);
    addList(lines, "forwards ", forwards);
    if (figures != null && !Double.isNaN(figures.stageFill()[s])) {
      lines.add(String.format(Locale.ROOT, "fill %.1f%%", 100 * figures.stageFill()[s]));
    }
    return lines;
  }

  private static List<String> edgeLines(PipelinePlan plan, int e, Figures figures) {
    List<String> lines = new ArrayList<>();
    int from = plan.edgeFrom(e);
    if (plan.kind(from) != StageKind.SOURCE) {
      String channel = plan.edgeChannel(e);
      if (plan.edgeMax(e) > 0) {
        channel += " @Max(" + plan.edgeMax(e) + ")";
      }
      if (plan.edgeAggregate(e)) {
        channel += " @Aggregate";
      }
      lines.add(channel);
    }
    List<String> tags = new ArrayList<>();
    for (int k = 0; k < plan.signalCount(); k++) {
      if (plan.signalRegion(k) < 0 && (contains(plan.origin(from, k), e) || contains(plan.forward(from, k), e))) {
        tags.add(plan.signalName(k));
      }
    }
    addList(lines, "signal ", tags);
    if (figures != null) {
      long items = figures.edgeItems()[e];
      lines.add(items < 0 ? "? items" : items(items));
    }
    return lines;
  }

  private static void addList(List<String> lines, String verb, List<String> names) {
    if (!names.isEmpty()) {
      lines.add(verb + String.join(", ", names));
    }
  }

  private static boolean contains(int[] edges, int e) {
    for (int x : edges) {
      if (x == e) {
        return true;
      }
    }
    return false;
  }

  private static String items(long n) {
    return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "item" : "items");
  }

  /** The stages and region boxes at the top level, in plan order, sinks last. */
  public List<Object> content() {
    return top;
  }

  public List<Arrow> arrows() {
    return arrows;
  }

  /** The picture as a Mermaid flowchart, top to bottom. */
  public String mermaid() {
    StringBuilder b = new StringBuilder("flowchart TB\n");
    mermaid(b, top, "  ");
    for (Arrow a : arrows) {
      b.append("  ").append(mermaidId(a.from()));
      String label = mermaidText(String.join("<br/>", a.lines()));
      if (toUnread(a)) {
        b.append(" -. \"").append(label).append("\" .-> ");
      } else if (a.lines().isEmpty()) {
        b.append(a.aggregate() ? " ==> " : " --> ");
      } else if (a.aggregate()) {
        b.append(" == \"").append(label).append("\" ==> ");
      } else {
        b.append(" -- \"").append(label).append("\" --> ");
      }
      b.append(mermaidId(a.to())).append('\n');
    }
    return b.toString();
  }

  private static void mermaid(StringBuilder b, List<Object> content, String indent) {
    for (Object o : content) {
      if (o instanceof Node node) {
        String label = "\"" + mermaidText(String.join("<br/>", node.lines())) + "\"";
        String shaped = switch (node.shape()) {
          case SOURCE -> "[/" + label + "/]";
          case ENUMERATOR -> "[[" + label + "]]";
          case NODE -> "[" + label + "]";
          case SINK -> "[(" + label + ")]";
          case UNREAD -> "((" + label + "))";
        };
        b.append(indent).append(mermaidId(node.id())).append(shaped).append('\n');
      } else {
        Box box = (Box) o;
        b.append(indent).append("subgraph region").append(box.region()).append(" [\"")
            .append(mermaidText(box.title())).append("\"]\n");
        mermaid(b, box.content(), indent + "  ");
        b.append(indent).append("end\n");
      }
    }
  }

  /**
   * A Mermaid node id for a stage name. Mermaid's ids take ASCII letters, digits and {@code _} only,
   * where a Java identifier may also hold {@code $}, other currency signs, combining marks and
   * non-ASCII digits ({@code กิน}, {@code price€}), which Mermaid's lexer refuses. So every other
   * character is written {@code _x<hex>_} and {@code _} itself {@code __}, which keeps two names
   * apart; the prefix keeps Mermaid's keywords ({@code end}) out. The label shows the name as it is.
   */
  static String mermaidId(String id) {
    StringBuilder b = new StringBuilder("n_");
    id.codePoints().forEach(c -> {
      if (c == '_') {
        b.append("__");
      } else if (c < 128 && Character.isLetterOrDigit(c)) {
        b.appendCodePoint(c);
      } else {
        b.append("_x").append(Integer.toHexString(c)).append('_');
      }
    });
    return b.toString();
  }

  private static String mermaidText(String s) {
    return s.replace("\"", "#quot;");
  }

  /** The picture as a Graphviz DOT digraph, top to bottom, regions as clusters. */
  public String dot() {
    StringBuilder b = new StringBuilder();
    b.append("digraph ").append(dotQuote(name)).append(" {\n");
    b.append("  graph [fontname=\"Helvetica\", fontsize=11, labeljust=l];\n");
    b.append("  node [fontname=\"Helvetica\", fontsize=11, shape=box];\n");
    b.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    dot(b, top, "  ");
    for (Arrow a : arrows) {
      b.append("  ").append(dotQuote(a.from())).append(" -> ").append(dotQuote(a.to()));
      List<String> attrs = new ArrayList<>();
      if (!a.lines().isEmpty()) {
        attrs.add("label=" + dotQuote(String.join("\n", a.lines())));
      }
      if (a.aggregate()) {
        attrs.add("penwidth=2.5");
      }
      if (toUnread(a)) {
        attrs.add("style=dashed");
      }
      if (!attrs.isEmpty()) {
        b.append(" [").append(String.join(", ", attrs)).append(']');
      }
      b.append(";\n");
    }
    return b.append("}\n").toString();
  }

  private static void dot(StringBuilder b, List<Object> content, String indent) {
    for (Object o : content) {
      if (o instanceof Node node) {
        String shape = switch (node.shape()) {
          case SOURCE -> ", shape=parallelogram";
          case ENUMERATOR -> ", peripheries=2";
          case NODE -> "";
          case SINK -> ", shape=cylinder";
          case UNREAD -> ", shape=plaintext, fontcolor=gray40";
        };
        b.append(indent).append(dotQuote(node.id())).append(" [label=")
            .append(dotQuote(String.join("\n", node.lines()))).append(shape).append("];\n");
      } else {
        Box box = (Box) o;
        b.append(indent).append("subgraph cluster_region").append(box.region()).append(" {\n");
        b.append(indent).append("  label=").append(dotQuote(box.title())).append(";\n");
        b.append(indent).append("  style=rounded;\n");
        dot(b, box.content(), indent + "  ");
        b.append(indent).append("}\n");
      }
    }
  }

  private static String dotQuote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }
}
