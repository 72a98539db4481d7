package ${package};

/** One line of a text: bytes {@code start} (inclusive) to {@code end} (exclusive), without the line break. */
public record Line(int start, int end) {}
