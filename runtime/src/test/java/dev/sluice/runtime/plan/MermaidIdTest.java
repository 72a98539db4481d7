package dev.sluice.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Stage names as Mermaid ids: Java identifiers that Mermaid's lexer refuses as they are (outside-in
 * helper-42, checked with Mermaid 11's own flowchart parser: combining marks, currency signs other
 * than {@code $}, non-ASCII digits) become ids of ASCII letters, digits and {@code _}, and two names
 * never share an id.
 */
class MermaidIdTest {
  static final List<String> NAMES = List.of("parse", "end", "a_b", "a__b", "a$b", "a_x24_b", "กิน", "क्ष", "e\u0301",
      "price€", "cost¥", "x٣", "Ⅻ", "a‿b", "é", "Δ", "漢字", "_", "__", "$", "n_x");

  @Test
  void everyIdIsAsciiLettersDigitsAndUnderscores() {
    for (String name : NAMES) {
      String id = PlanDiagram.mermaidId(name);
      assertTrue(id.matches("n_[A-Za-z0-9_]+"), name + " -> " + id);
    }
  }

  @Test
  void twoNamesNeverShareAnId() {
    Set<String> ids = new HashSet<>();
    for (String name : NAMES) {
      assertTrue(ids.add(PlanDiagram.mermaidId(name)), "a second name with the id of " + name);
    }
  }

  @Test
  void plainNamesStayReadable() {
    assertEquals("n_parse", PlanDiagram.mermaidId("parse"));
    assertEquals("n_end", PlanDiagram.mermaidId("end"));
    assertEquals("n_make__line", PlanDiagram.mermaidId("make_line"));
    assertEquals("n_price_x20ac_", PlanDiagram.mermaidId("price€"));
  }
}
