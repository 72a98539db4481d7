package dev.sluice.examples.blast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.examples.blast.GenomeFile.Kind;
import dev.sluice.examples.blast.GenomeFile.Tally;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class GenomeFileTest {
  static GenomeFile parse(String text) {
    return GenomeFile.parse("test", text.getBytes(StandardCharsets.ISO_8859_1));
  }

  static String letters(GenomeFile g) {
    return Dna.letters(g.sequence(), 0, g.length());
  }

  @Test
  void crLfLineEndsAreSkipped() {
    GenomeFile g = parse("ACGT\r\nTTGA\r\nC\r\n");
    assertEquals("ACGTTTGAC", letters(g));
    assertArrayEquals(new byte[] {0, 1, 2, 3, 3, 3, 2, 0, 1}, g.sequence());
    assertEquals(new Tally(3, 3, 1), g.report().tally(Kind.CR));
    assertEquals(3, g.report().lines());
    assertEquals(3, g.report().skippedBytes(), "the CRs (LFs end lines and are not counted)");
  }

  @Test
  void lowerCaseBasesAreBases() {
    GenomeFile g = parse("acgtACGTaCgT");
    assertEquals("ACGTACGTACGT", letters(g));
    assertEquals(6, g.report().lowerCase());
    assertEquals(12, g.report().positions());
  }

  @Test
  void tagBetweenBasesKeepsPositionsContiguous() {
    GenomeFile g = parse("AAAC\r\nGGT</pre></div><div><pre>TCA\r\nGG\r\n");
    assertEquals("AAACGGTTCAGG", letters(g), "no gap and no letter of 'pre' or 'div' at the tag");
    assertEquals(new Tally(4, 22, 2), g.report().tally(Kind.TAG));
    assertEquals(0, g.report().count(Kind.UNKNOWN));
    assertEquals(0, g.report().count(Kind.OTHER));
  }

  @Test
  void tagSplitAcrossLinesIsOneTag() {
    GenomeFile g = parse("ACG<div\r\n class=\"x\">TT\r\nGA<b>C\nG");
    assertEquals("ACGTTGACG", letters(g));
    Tally tags = g.report().tally(Kind.TAG);
    assertEquals(2, tags.count());
    assertEquals("<div\r\n class=\"x\">".length() + 3, tags.bytes());
    assertEquals(1, tags.firstLine());
    assertEquals(4, g.report().lines(), "the LF inside the tag still counts as a line end");
    assertEquals(1, g.report().count(Kind.CR), "a CR inside a tag is part of the tag");
    assertEquals(0, g.report().count(Kind.BLANK), "the blank is inside the tag");
    assertEquals(0, g.report().closedAtLineStart(), "its '>' does not begin a line");
  }

  /**
   * A tag whose '>' begins a line is read as a tag, and counted, since that line could have been a
   * FASTA header: '...GC<A' then '>gag' read "gag" as bases unsaid (outside-in helper-115).
   */
  @Test
  void tagsClosedAtALinesStartAreCounted() {
    GenomeFile g = parse(">a\nGTA<A\r\n>gag\nAGT<div\n  >CC\n");
    assertEquals("GTAGAGAGTCC", letters(g));
    assertEquals(2, g.report().closedAtLineStart());
    assertArrayEquals(new int[] {2, 3}, g.report().firstClosedAtLineStart());
    assertEquals(0, parse("ACG<div\n class=\"x\">TT\n").report().closedAtLineStart());
  }

  @Test
  void unknownBasesKeepTheirPosition() {
    GenomeFile g = parse("ACNNGT\r\nRYkA\r\n");
    assertArrayEquals(new byte[] {0, 1, 4, 4, 2, 3, 4, 4, 4, 0}, g.sequence());
    assertEquals(new Tally(5, 5, 1), g.report().tally(Kind.UNKNOWN));
    assertEquals("KNRY", g.report().unknownLetters());
    assertEquals(2, g.report().skippedBytes(), "only the CRs are skipped");
  }

  @Test
  void uracilIsReadAsThymineSoAnRnaSequenceMatchesItsDna() {
    GenomeFile g = parse("ACGU\nacgu\n");
    assertArrayEquals(new byte[] {0, 1, 2, 3, 0, 1, 2, 3}, g.sequence());
    assertEquals(new Tally(0, 0, 0), g.report().tally(Kind.UNKNOWN));
    assertEquals("", g.report().unknownLetters());
  }

  @Test
  void otherBytesAreSkippedAndCountedWithTheirFirstLine() {
    GenomeFile g = parse("ACGT\n  12 AC-GT\n\tA*C <x<pre>G\u00e9T\nAC<GT");
    assertEquals("ACGTACGTACXGTACGT".replace('X', 'N'), letters(g), "'x' is a letter: an unknown base");
    GenomeFile.Report r = g.report();
    assertEquals(new Tally(7, 7, 2), r.tally(Kind.OTHER), "1 2 - * < (no tag) e-acute < (no tag)");
    assertEquals(1, r.count(Kind.UNKNOWN));
    assertEquals(3, r.tally(Kind.UNKNOWN).firstLine());
    assertEquals(new Tally(1, 5, 3), r.tally(Kind.TAG));
    assertEquals(new Tally(5, 5, 2), r.tally(Kind.BLANK));
    assertEquals(4, r.lines());
  }

  @Test
  void fastaHeaderAndCommentLinesAreSkippedWhole() {
    GenomeFile g = parse(">chr1 Escherichia coli K-12\r\nACGT\r\n; a comment with ACGT in it\nTT>GG\n");
    assertEquals("ACGTTTGG", letters(g), "a '>' inside a line is not a header: an other byte");
    GenomeFile.Report r = g.report();
    assertEquals(2, r.count(Kind.HEADER));
    assertEquals(1, r.tally(Kind.HEADER).firstLine());
    assertEquals(new Tally(1, 1, 4), r.tally(Kind.OTHER));
  }

  /**
   * A header in scraped HTML, escaped or after a tag, is a header, and a stray '<' at a line's end
   * opens no tag: each used to give bases ("gtchr", "chr") that shifted every position silently
   * (outside-in helper-71).
   */
  @Test
  void headersInScrapedHtmlAreHeaders() {
    for (String header : new String[] {"<pre>&gt;chr1", "<pre>>chr1", "<pre>&#62;chr1", "&GT;chr1", "&#x3E;chr1",
        "<div> <pre>>chr1 E. coli"}) {
      GenomeFile g = parse(header + "\r\nACGT</pre>\r\n");
      assertEquals("ACGT", letters(g), header);
      assertEquals(1, g.report().headers().size(), header);
      assertEquals("chr1", g.report().headers().get(0).id(), header);
    }
    GenomeFile stray = parse(">a\nGTA<\n>chr2\nAGT\n");
    assertEquals("GTAAGT", letters(stray));
    assertEquals(2, stray.report().headers().size(), "the second record's header is a header, not in a tag");
    assertEquals(new Tally(1, 1, 2), stray.report().tally(Kind.OTHER), "the stray '<'");
  }

  /** A header id in UTF-8 reads as UTF-8; one in Latin-1 printed a replacement character (outside-in helper-71). */
  @Test
  void headerIdsAreUtf8ElseLatin1() {
    byte[] utf8 = ">h\u00e9llo x\nACGT\n".getBytes(StandardCharsets.UTF_8);
    byte[] latin1 = ">h\u00e9llo x\nACGT\n".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals("h\u00e9llo", GenomeFile.parse("u", utf8).report().headers().get(0).id());
    assertEquals("h\u00e9llo", GenomeFile.parse("l", latin1).report().headers().get(0).id());
  }

  @Test
  void characterReferencesAreSkippedWholeAndOtherAmpersandsAreOtherBytes() {
    GenomeFile g = parse("AC&nbsp;GT&amp;A&#160;C&TTA;G");
    assertEquals("ACGTACTTAG", letters(g), "&TTA; is no reference: its letters stay bases");
    assertEquals(new Tally(3, 17, 1), g.report().tally(Kind.ENTITY));
    assertEquals(new Tally(2, 2, 1), g.report().tally(Kind.OTHER), "the '&' and ';' of &TTA;");
  }

  @Test
  void aLongAngleBracketSpanIsNotATag() {
    String inside = "A".repeat(GenomeFile.MAX_TAG);
    GenomeFile g = parse("C<" + inside + ">G");
    assertEquals(2 + GenomeFile.MAX_TAG, g.length(), "the bases inside stay bases");
    assertEquals(2, g.report().count(Kind.OTHER));
  }

  @Test
  void emptyAndTagOnlyInputs() {
    assertEquals(0, parse("").length());
    assertEquals(0, parse("").report().lines());
    GenomeFile g = parse("<html>\r\n</html>");
    assertEquals(0, g.length());
    assertEquals(2, g.report().count(Kind.TAG));
  }

  @Test
  void reportDescribesWhatWasSkipped() {
    GenomeFile g = parse("AC\r\nG<b>T\r\nNN1\r\n");
    List<String> lines = g.report().describe();
    assertEquals(List.of("3 carriage returns, first on line 1", "1 HTML tags (3 bytes), first on line 2",
        "2 unknown bases (kept as positions, never matched) [N], first on line 3", "1 other bytes, first on line 3"),
        lines);
    assertTrue(g.toString().startsWith("test: 6 positions from 3 lines"), g.toString());
  }
}
