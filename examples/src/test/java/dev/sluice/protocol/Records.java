package dev.sluice.protocol;

/** Items of the nested-region test pipelines. */
final class Records {
  private Records() {}

  /** A document with {@code lines} lines. */
  record Doc(int id, int lines) {}

  /** Line {@code no} of document {@code doc}, {@code length} characters long. */
  record Line(int doc, int no, int length) {}

  /** How many characters of a line were kept. */
  record LineCount(int doc, int no, int kept) {}

  /** Characters kept over a whole document, and its line count seen by BEGIN/END. */
  record DocTotal(int doc, long kept, int lines) {}

  static int lineLength(int doc, int no) {
    return (doc * 7 + no * 3) % 11;
  }

  static boolean keep(Line l, int c) {
    return (l.doc() + l.no() + c) % 3 != 0;
  }
}
