package dev.sluice.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in README.md and docs/ leads somewhere: the file exists and, for a link into a
 * Markdown file, the heading its anchor names does, by the rule GitHub uses to name headings
 * (lower case, punctuation other than '-' and '_' dropped, spaces as '-', a repeated heading
 * numbered -1, -2, ...). Links inside fenced code are not links.
 */
class DocLinksTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");

  @Test
  void everyRelativeLinkAndAnchorExists() throws IOException {
    List<Path> docs = new ArrayList<>();
    docs.add(ROOT.resolve("README.md"));
    try (Stream<Path> s = Files.walk(ROOT.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path doc : docs) {
      int n = 0;
      for (String line : prose(doc)) {
        n++;
        if (line == null) {
          continue;
        }
        Matcher m = LINK.matcher(line);
        while (m.find()) {
          String target = m.group(1);
          if (target.matches("[a-z]+:.*")) {
            continue;
          }
          checked++;
          int hash = target.indexOf('#');
          String file = hash < 0 ? target : target.substring(0, hash);
          Path to = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
          if (!Files.exists(to)) {
            broken.add(ROOT.relativize(doc) + ":" + n + ": no file " + target);
          } else if (hash >= 0 && to.toString().endsWith(".md")) {
            Set<String> known = anchors.computeIfAbsent(to, DocLinksTest::anchorsOf);
            if (!known.contains(target.substring(hash + 1))) {
              broken.add(ROOT.relativize(doc) + ":" + n + ": no heading for " + target);
            }
          }
        }
      }
    }
    assertEquals(List.of(), broken, "broken links among " + checked);
  }

  /** The file's lines, with those in fenced code blocks as null (so line numbers stay right). */
  private static List<String> prose(Path doc) {
    List<String> out = new ArrayList<>();
    boolean fenced = false;
    try {
      for (String line : Files.readAllLines(doc)) {
        boolean fence = line.stripLeading().startsWith("```");
        out.add(fenced || fence ? null : line);
        fenced ^= fence;
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  private static Set<String> anchorsOf(Path doc) {
    Set<String> out = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(doc)) {
      Matcher h = line == null ? null : HEADING.matcher(line);
      if (h != null && h.matches()) {
        String slug = slug(h.group(1));
        int times = seen.merge(slug, 1, Integer::sum);
        out.add(times == 1 ? slug : slug + "-" + (times - 1));
      }
    }
    return out;
  }

  static String slug(String heading) {
    String text = INLINE_LINK.matcher(heading).replaceAll("$1");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = Character.toLowerCase(text.charAt(i));
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        b.append(c);
      } else if (c == ' ') {
        b.append('-');
      }
    }
    return b.toString();
  }

  @Test
  void headingsAreNamedAsGitHubNamesThem() {
    assertEquals("eclipse-m2e", slug("Eclipse (m2e)"));
    assertEquals("the-cpu-back-ends-direct-executor-_cpudirect", slug("The CPU back end's direct executor (`_CpuDirect`)"));
    assertEquals("region-numbering-computeregionnumbering", slug("Region numbering (`compute/RegionNumbering`)"));
    assertEquals("pictures-of-a-pipeline", slug("[Pictures](x.md) of a pipeline"));
  }
}
