package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The stamp of a node's source: what changes it and what does not. */
class SourceStampsTest {
  private static final String NODE = """
      package p;
      /** Doubles. */
      @Node final class D {
        void run(int x, IntOut out) { out.push(x * 2); } // the body
      }
      """;

  @Test
  void commentsAndWhiteSpaceDoNotCount() {
    assertEquals("package p;@Node final class D{void run(int x,IntOut out){out.push(x*2);}}",
        SourceStamps.tokens(NODE));
    assertEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("  ", "\t").replace("\n", "\r\n")));
    assertEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("/** Doubles. */", "/* a\n * b */ // c")));
    // outside-in: spaces between tokens counted (a+b against a + b)
    assertEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("x * 2", "x*2").replace("(int x, ", "( int x,")));
  }

  @Test
  void spaceThatKeepsTokensApartCounts() {
    assertEquals("a- -b", SourceStamps.tokens("a - -b"));
    assertEquals("a--b", SourceStamps.tokens("a-- b"));
    assertEquals("return x;", SourceStamps.tokens("  return   x ;"));
    assertNotEquals(SourceStamps.of("int x;"), SourceStamps.of("intx;"));
  }

  @Test
  void codeCounts() {
    assertNotEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("x * 2", "x * 3")));
    assertNotEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("int x", "intx")));
    assertEquals(16, SourceStamps.of(NODE).length());
  }

  @Test
  void literalsAreKeptAsWritten() {
    // comment markers and white space inside literals are code
    assertEquals("s=\"a // b\"+\"/* c */\"+' '+'\\''+\"\\\"  x\";",
        SourceStamps.tokens("s  =  \"a // b\" + \"/* c */\" + ' ' + '\\'' + \"\\\"  x\";"));
    assertNotEquals(SourceStamps.of("s = \"a  b\";"), SourceStamps.of("s = \"a b\";"));
    assertEquals("t=\"\"\"\n  one  // two\n  \"\"\";", SourceStamps.tokens("t = \"\"\"\n  one  // two\n  \"\"\";  // three"));
  }

  @Test
  void anUnclosedCommentOrLiteralEndsTheText() {
    assertEquals("a", SourceStamps.tokens("a /* b"));
    assertEquals("a\"b", SourceStamps.tokens("a \"b"));
  }

  @Test
  void theResourceSitsBesideTheClassFile() {
    assertEquals("p/Outer$Inner.sluice-source", SourceStamps.resource("p.Outer$Inner"));
  }

  @Test
  void channelNamesAreComparedOnlyWhereBothStampsHaveThem() {
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef", "0123456789abcdef"));
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef aaaaaaaaaaaaaaaa", "0123456789abcdef aaaaaaaaaaaaaaaa"));
    // a class file without parameter names, or a resource from before names were stamped
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef", "0123456789abcdef aaaaaaaaaaaaaaaa"));
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef aaaaaaaaaaaaaaaa", "0123456789abcdef"));
    assertFalse(SourceStamps.declarationsMatch("0123456789abcdef aaaaaaaaaaaaaaaa", "0123456789abcdef bbbbbbbbbbbbbbbb"));
    assertFalse(SourceStamps.declarationsMatch("0123456789abcdef", "fedcba9876543210 aaaaaaaaaaaaaaaa"));
  }
}
