package ${package};

/** What one line holds: where it starts, how many words it has, and the length of its longest word. */
public record LineStats(int start, int words, int longest) {}
