package dev.sluice.examples.blast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.examples.blast.GenomeFile.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The parser on the real files, checked against an independent reading with regular expressions: the
 * tags are {@code <[^<>]*>}, and what is left after removing them and the line ends must be bases.
 */
class GenomeFileRealDataTest {
  private static final Pattern TAG = Pattern.compile("<[^<>]*>");

  static void assertMatchesIndependentReading(String file) throws IOException {
    String text = new String(Files.readAllBytes(RealData.folder().resolve(file)), StandardCharsets.ISO_8859_1);
    GenomeFile g = RealData.genome(file);
    GenomeFile.Report r = g.report();

    int tags = 0;
    int tagBytes = 0;
    int firstTag = -1;
    Set<Integer> tagLines = new HashSet<>();
    Matcher m = TAG.matcher(text);
    while (m.find()) {
      int line = 1 + (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count();
      tags++;
      tagBytes += m.end() - m.start();
      firstTag = firstTag < 0 ? line : firstTag;
      tagLines.add(line);
    }
    String bases = TAG.matcher(text).replaceAll("").replace("\r", "").replace("\n", "");
    assertTrue(bases.chars().allMatch(c -> c == 'A' || c == 'C' || c == 'G' || c == 'T'),
        file + ": after tags and line ends only A, C, G, T remain");

    assertEquals(bases.length(), g.length(), file + ": length");
    assertEquals(bases, Dna.letters(g.sequence(), 0, g.length()), file + ": the sequence, base by base");
    assertEquals(text.chars().filter(c -> c == '\r').count(), r.count(Kind.CR), file + ": CRs");
    assertEquals(text.chars().filter(c -> c == '\n').count(), r.lines(), file + ": lines");
    assertEquals(tags, r.count(Kind.TAG), file + ": tags");
    assertEquals(tagBytes, r.tally(Kind.TAG).bytes(), file + ": tag bytes");
    assertEquals(tags == 0 ? 0 : firstTag, r.tally(Kind.TAG).firstLine(), file + ": first tag's line");
    assertEquals(0, r.count(Kind.UNKNOWN) + r.count(Kind.OTHER) + r.count(Kind.HEADER) + r.count(Kind.BLANK), file);
    assertEquals(text.length(), g.length() + r.skippedBytes() + r.lines(), file + ": every byte accounted for");
  }

  @Test
  void ecoli() throws IOException {
    assertMatchesIndependentReading(DataFolder.ECOLI);
    // the data README: "8 lines with scraped HTML fragments (</pre></div><div><pre>) between bases"
    assertEquals(8 * 4, RealData.genome(DataFolder.ECOLI).report().count(Kind.TAG));
  }

  @Test
  void salmonella() throws IOException {
    assertMatchesIndependentReading(DataFolder.SALMONELLA_10K);
    assertMatchesIndependentReading(DataFolder.SALMONELLA_50K);
  }
}
