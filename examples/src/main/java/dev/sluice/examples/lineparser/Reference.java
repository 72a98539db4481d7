package dev.sluice.examples.lineparser;

import java.util.ArrayList;
import java.util.List;

/** {@link LineParser} in plain Java, and the line splitting its input needs. */
public final class Reference {
  private Reference() {}

  /**
   * The lines of {@code text}: split at LF, a CR before the LF is not part of the line, and a last
   * line without LF counts when it is not empty.
   */
  public static Line[] lines(byte[] text) {
    List<Line> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '\n') {
        int end = i > start && text[i - 1] == '\r' ? i - 1 : i;
        lines.add(new Line(start, end));
        start = i + 1;
      }
    }
    if (start < text.length) {
      int end = text[text.length - 1] == '\r' ? text.length - 1 : text.length;
      lines.add(new Line(start, end));
    }
    return lines.toArray(new Line[0]);
  }

  /** One summary per line, scanning each line left to right. */
  public static List<LineSummary> summaries(byte[] text, Line[] lines) {
    List<LineSummary> out = new ArrayList<>(lines.length);
    for (Line line : lines) {
      int digits = 0;
      int numbers = 0;
      long sum = 0;
      long current = 0;
      boolean inNumber = false;
      for (int at = line.start(); at < line.end(); at++) {
        int c = text[at];
        if (c >= '0' && c <= '9') {
          digits++;
          current = current * 10 + (c - '0');
          if (!inNumber) {
            numbers++;
            inNumber = true;
          }
        } else {
          sum += current;
          current = 0;
          inNumber = false;
        }
      }
      out.add(new LineSummary(line.start(), digits, numbers, sum + current));
    }
    return out;
  }
}
