package ${package};

import java.util.ArrayList;
import java.util.List;

/** Splits a text into the pipeline's input. */
public final class Text {
  private Text() {}

  /**
   * The lines of {@code text}: split at LF; a CR before the LF is not part of the line; a last line
   * without LF counts when it is not empty.
   */
  public static Line[] lines(byte[] text) {
    List<Line> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= text.length; i++) {
      if (i == text.length ? start < text.length : text[i] == '\n') {
        int end = i > start && text[i - 1] == '\r' ? i - 1 : i;
        lines.add(new Line(start, end));
        start = i + 1;
      }
    }
    return lines.toArray(new Line[0]);
  }
}
