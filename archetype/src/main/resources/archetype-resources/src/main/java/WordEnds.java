package ${package};

import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Parent;

/**
 * Runs once per character of a line and pushes the length of the word that ends there: a word is a
 * run of ASCII letters and digits, and it ends where the next character is not one, or at the end
 * of the line. {@code @Parent} gives the line the character belongs to.
 */
@Node
public final class WordEnds {
  @Param final byte[] text;

  public WordEnds(byte[] text) {
    this.text = text;
  }

  public void run(int i, @Parent Line line, @Max(1) IntOut lengths) {
    int at = line.start() + i;
    if (isWordChar(text[at]) && (at + 1 == line.end() || !isWordChar(text[at + 1]))) {
      int first = at;
      while (first > line.start() && isWordChar(text[first - 1])) {
        first--;
      }
      lengths.push(at - first + 1);
    }
  }

  static boolean isWordChar(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
}
