package dev.sluice.examples.blast;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A genome read from a text file that is not clean: CRLF line ends, scraped HTML fragments such as
 * {@code </pre></div><div><pre>} between bases, a FASTA header, blanks, stray bytes.
 *
 * <p>What becomes a position of the sequence, and what does not:
 *
 * <ul>
 *   <li>{@code A C G T}, upper or lower case: a base, codes 0, 1, 2, 3 ({@link Dna}); {@code U} (RNA's
 *       uracil) is read as {@code T}.
 *   <li>Any other ASCII letter ({@code N}, IUPAC codes such as {@code R Y K M}, or anything else): an
 *       <em>unknown</em> base, code {@link Dna#UNKNOWN}. It keeps its position, so no base after it
 *       shifts; it never matches and breaks every k-mer that contains it.
 *   <li>An HTML tag, {@code <} then a letter, {@code /}, {@code !} or {@code ?} (as HTML opens one),
 *       up to the next {@code >} (it may span lines; at most {@link #MAX_TAG} bytes and no {@code <}
 *       inside): skipped whole, so the letters of {@code pre} or {@code div} never become bases, and
 *       the bases on both sides of it stay contiguous.
 *   <li>An HTML character reference, {@code &} then {@code gt}, {@code lt}, {@code amp},
 *       {@code quot}, {@code apos} or {@code nbsp} (any case), or {@code #} and a number, then
 *       {@code ;} ({@code &gt;}, {@code &#62;}): skipped whole, so the letters of {@code gt} never
 *       become bases. One that stands for {@code >} at a line's start is a header's.
 *   <li>CR, LF, spaces and tabs: skipped. A CR not followed by LF ends a line, as LF does (old Mac
 *       files).
 *   <li>A UTF-8 byte-order mark at the start of the file (as Windows editors write): skipped, so a
 *       header on the first line stays a header.
 *   <li>A line whose first byte that is not a blank or a tag is {@code >} (or a character reference to
 *       it, as scraped HTML escapes it) or {@code ;} (a FASTA header or comment): skipped whole, so
 *       {@code <pre>>chr1} is a header.
 *   <li>Anything else (digits, punctuation, a {@code <} that starts no tag, bytes above 127): skipped
 *       and counted as other bytes.
 * </ul>
 *
 * <p>Nothing is dropped silently: {@link #report()} counts every kind of skipped byte with the first
 * line (1-based) where it occurs.
 */
public final class GenomeFile {
  /** The longest HTML tag, in bytes with its brackets; a longer {@code <...>} is not a tag. */
  public static final int MAX_TAG = 512;

  /** What the parser skipped or kept as unknown; each has a count, a byte count and a first line. */
  public enum Kind {
    CR("carriage returns"),
    BLANK("spaces and tabs"),
    TAG("HTML tags"),
    ENTITY("HTML character references"),
    HEADER("header or comment lines"),
    UNKNOWN("unknown bases (kept as positions, never matched)"),
    OTHER("other bytes"),
    BOM("UTF-8 byte-order marks");

    private final String words;

    Kind(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }
  }

  /**
   * A FASTA header ({@code >} at a line's start; {@code ;} comments are not headers).
   *
   * @param line its line, 1-based
   * @param id its first word, empty when {@code >} is followed by a blank or nothing
   * @param positionsBefore the positions of the sequence read before it
   */
  public record Header(int line, String id, long positionsBefore) {}

  /** The counts of one {@link Kind}: occurrences, bytes they took, and the first line (0: none). */
  public record Tally(long count, long bytes, int firstLine) {}

  /** What {@link #parse} found besides bases. */
  public static final class Report {
    private final long[] counts = new long[Kind.values().length];
    private final long[] bytes = new long[Kind.values().length];
    private final int[] firstLine = new int[Kind.values().length];
    private final boolean[] unknownLetters = new boolean[26];
    private final int[] unknownLetterLine = new int[26];
    /** Where in the file (a byte offset) each unknown letter was first read. */
    private final int[] unknownLetterAt = new int[26];
    /** Each unknown letter as the file first wrote it ('q' or 'Q'), for messages that quote the file. */
    private final char[] unknownLetterWritten = new char[26];
    private final List<Header> headers = new ArrayList<>();
    /** Tags that closed with a {@code >} that begins a line ({@link #closedAtLineStart()}), and the first's lines. */
    private int closedAtLineStart;
    private int closedOpened;
    private int closedLine;
    private int lines;
    private long lowerCase;
    private long positions;

    private void add(Kind kind, long byteCount, int line) {
      int k = kind.ordinal();
      if (counts[k] == 0) {
        firstLine[k] = line;
      }
      counts[k]++;
      bytes[k] += byteCount;
    }

    public Tally tally(Kind kind) {
      int k = kind.ordinal();
      return new Tally(counts[k], bytes[k], firstLine[k]);
    }

    public long count(Kind kind) {
      return counts[kind.ordinal()];
    }

    /** The FASTA headers, in file order: a file of one record has one, or none. */
    public List<Header> headers() {
      return List.copyOf(headers);
    }

    /** Lines in the file (a last line without LF counts). */
    public int lines() {
      return lines;
    }

    /** Positions of the sequence: bases plus unknown bases. */
    public long positions() {
      return positions;
    }

    /** Bases written in lower case (accepted as bases). */
    public long lowerCase() {
      return lowerCase;
    }

    /** The distinct letters read as unknown bases, upper case, in alphabetical order. */
    public String unknownLetters() {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 26; i++) {
        if (unknownLetters[i]) {
          b.append((char) ('A' + i));
        }
      }
      return b.toString();
    }

    /** The first line (1-based) where {@code letter} was read as an unknown base, or 0 if it never was. */
    public int firstLineOf(char letter) {
      int i = Character.toUpperCase(letter) - 'A';
      return i >= 0 && i < 26 ? unknownLetterLine[i] : 0;
    }

    /**
     * Tags that span lines and close with a {@code >} that begins its line, as {@code <div} then
     * {@code >ACGT}: read as a tag's end, though the line could be a FASTA header (outside-in
     * helper-115: {@code ...GC<A} then {@code >gag} joined "gag" to the bases); a reader that must not
     * guess says so ({@link SequenceFile#warnings}).
     */
    public int closedAtLineStart() {
      return closedAtLineStart;
    }

    /** The line that opened the first tag of {@link #closedAtLineStart()}, and the line its {@code >} begins. */
    public int[] firstClosedAtLineStart() {
      return new int[] {closedOpened, closedLine};
    }

    private void closedAtLineStart(int opened, int line) {
      if (closedAtLineStart++ == 0) {
        closedOpened = opened;
        closedLine = line;
      }
    }

    /** The byte offset in the file where {@code letter} was first read as an unknown base, or -1 if it never was. */
    public int firstOffsetOf(char letter) {
      int i = Character.toUpperCase(letter) - 'A';
      return i >= 0 && i < 26 && unknownLetters[i] ? unknownLetterAt[i] : -1;
    }

    /** {@code letter} as the file first wrote it where it was read as an unknown base (its case kept). */
    public char asWritten(char letter) {
      int i = Character.toUpperCase(letter) - 'A';
      return i >= 0 && i < 26 && unknownLetterWritten[i] != 0 ? unknownLetterWritten[i] : letter;
    }

    /** The bytes skipped in all: everything but the positions. */
    public long skippedBytes() {
      long n = 0;
      for (Kind k : Kind.values()) {
        if (k != Kind.UNKNOWN) {
          n += bytes[k.ordinal()];
        }
      }
      return n;
    }

    /** One line per kind that occurred, e.g. {@code 32 HTML tags (176 bytes), first on line 447}. */
    public List<String> describe() {
      List<String> out = new ArrayList<>();
      for (Kind k : Kind.values()) {
        Tally t = tally(k);
        if (t.count() == 0) {
          continue;
        }
        String s = t.count() + " " + k.words();
        if (k == Kind.TAG || k == Kind.HEADER || k == Kind.BLANK) {
          s += " (" + t.bytes() + " bytes)";
        }
        if (k == Kind.UNKNOWN) {
          s += " [" + unknownLetters() + "]";
        }
        out.add(s + ", first on line " + t.firstLine());
      }
      if (lowerCase > 0) {
        out.add(lowerCase + " lower-case bases (read as bases)");
      }
      return out;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%d positions from %d lines; %s", positions, lines,
          describe().isEmpty() ? "nothing skipped" : String.join("; ", describe()));
    }
  }

  private final String name;
  private final byte[] sequence;
  private final Report report;

  private GenomeFile(String name, byte[] sequence, Report report) {
    this.name = name;
    this.sequence = sequence;
    this.report = report;
  }

  /** Reads and parses a file. */
  public static GenomeFile read(Path file) throws IOException {
    return parse(file.getFileName().toString(), Files.readAllBytes(file));
  }

  /** Whether {@code raw} begins with a UTF-8 byte-order mark (Windows editors write one). */
  static boolean startsWithBom(byte[] raw) {
    return raw.length >= 3 && (raw[0] & 0xff) == 0xef && (raw[1] & 0xff) == 0xbb && (raw[2] & 0xff) == 0xbf;
  }

  /** Parses the bytes of a genome file (see the class comment for the rules). */
  public static GenomeFile parse(String name, byte[] raw) {
    Report report = new Report();
    byte[] seq = new byte[raw.length];
    int n = 0;
    int line = 1;
    boolean lineStart = true;
    int i = 0;
    if (startsWithBom(raw)) {
      report.add(Kind.BOM, 3, line);
      i = 3;
    }
    while (i < raw.length) {
      int b = raw[i] & 0xff;
      if (b == '\n') {
        line++;
        lineStart = true;
        i++;
        continue;
      }
      if (b == '\r') {
        report.add(Kind.CR, 1, line);
        i++;
        if (i < raw.length && raw[i] != '\n') {
          // a CR alone ends a line (old Mac files)
          line++;
          lineStart = true;
        }
        continue;
      }
      if (b == ' ' || b == '\t' || b == 0x0b || b == 0x0c) {
        report.add(Kind.BLANK, 1, line);
        i++;
        continue;
      }
      int marker = !lineStart ? 0 : b == '>' || b == ';' ? 1 : b == '&' ? greaterThan(raw, i) : 0;
      if (marker > 0) {
        int end = i;
        // to the line's end: LF, or a CR alone (a CRLF's CR stays in the header's bytes)
        while (end < raw.length && raw[end] != '\n'
            && !(raw[end] == '\r' && (end + 1 == raw.length || raw[end + 1] != '\n'))) {
          end++;
        }
        report.add(Kind.HEADER, end - i, line);
        if (b != ';') {
          // the first word: blanks after '>' are skipped ("> chrM" is chrM, as FASTA readers take it)
          int first = i + marker;
          while (first < end && (raw[first] == ' ' || raw[first] == '\t')) {
            first++;
          }
          int word = first;
          while (word < end && (raw[word] & 0xff) > ' ') {
            word++;
          }
          report.headers.add(new Header(line, headerId(raw, first, word), n));
        }
        i = end;
        continue;
      }
      if (b == '<') {
        int end = tagEnd(raw, i);
        if (end >= 0) {
          report.add(Kind.TAG, end + 1 - i, line);
          int opened = line;
          for (int j = i; j <= end; j++) {
            if (raw[j] == '\n') {
              line++;
              // a tag that spans lines ends on a later one, after its first bytes
              lineStart = false;
            }
          }
          if (closesAtLineStart(raw, i, end)) {
            report.closedAtLineStart(opened, line);
          }
          // a tag keeps a line's start: "<pre>>chr1" is a header, as the page showed it
          i = end + 1;
          continue;
        }
      }
      lineStart = false;
      if (b == '&') {
        int end = referenceEnd(raw, i);
        if (end >= 0) {
          report.add(Kind.ENTITY, end + 1 - i, line);
          i = end + 1;
          continue;
        }
      }
      int code = Dna.code(b);
      if (code >= 0) {
        if (code == Dna.UNKNOWN) {
          report.add(Kind.UNKNOWN, 1, line);
          int letter = (b | 0x20) - 'a';
          if (!report.unknownLetters[letter]) {
            report.unknownLetters[letter] = true;
            report.unknownLetterLine[letter] = line;
            report.unknownLetterAt[letter] = i;
            report.unknownLetterWritten[letter] = (char) b;
          }
        } else if (b >= 'a') {
          report.lowerCase++;
        }
        seq[n++] = (byte) code;
      } else {
        report.add(Kind.OTHER, 1, line);
      }
      i++;
    }
    report.lines = raw.length == 0 ? 0 : raw[raw.length - 1] == '\n' ? line - 1 : line;
    report.positions = n;
    return new GenomeFile(name, java.util.Arrays.copyOf(seq, n), report);
  }

  /** The longest HTML character reference, in bytes with its {@code &} and {@code ;}. */
  static final int MAX_REFERENCE = 32;

  /**
   * The names of the character references a scraped page has between bases: the five of XML and
   * {@code nbsp}. Other names are not taken as references, since {@code &} then letters then
   * {@code ;} could be bases between stray punctuation.
   */
  private static final java.util.Set<String> NAMED = java.util.Set.of("gt", "lt", "amp", "quot", "apos", "nbsp");

  /**
   * The index of the {@code ;} closing a character reference that opens at {@code amp} (one of
   * {@link #NAMED}, in any case, or {@code #} and decimal digits, or {@code #x} and hex digits), or -1
   * if none does: a {@code &} that opens none is an other byte.
   */
  private static int referenceEnd(byte[] raw, int amp) {
    int limit = Math.min(raw.length, amp + MAX_REFERENCE);
    int j = amp + 1;
    boolean numeric = j < limit && raw[j] == '#';
    boolean hex = false;
    if (numeric) {
      j++;
      hex = j < limit && (raw[j] | 0x20) == 'x';
      j += hex ? 1 : 0;
    }
    int from = j;
    while (j < limit && (numeric ? Character.digit(raw[j] & 0xff, hex ? 16 : 10) >= 0
        : (raw[j] | 0x20) >= 'a' && (raw[j] | 0x20) <= 'z')) {
      j++;
    }
    if (j == from || j >= limit || raw[j] != ';') {
      return -1;
    }
    return numeric || NAMED.contains(new String(raw, from, j - from, StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT))
        ? j : -1;
  }

  /** The length of a character reference to {@code >} at {@code amp} ({@code &gt;}, {@code &#62;}, {@code &#x3e;}), or 0. */
  private static int greaterThan(byte[] raw, int amp) {
    int end = referenceEnd(raw, amp);
    if (end < 0) {
      return 0;
    }
    String name = new String(raw, amp + 1, end - amp - 1, StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
    boolean gt = name.equals("gt") || name.matches("#0*62") || name.matches("#x0*3e");
    return gt ? end + 1 - amp : 0;
  }

  /**
   * A header's id: UTF-8, as FASTA files with non-ASCII ids are written today ({@code >héllo}); bytes
   * that are not UTF-8 are read as Latin-1, as older files were written, where UTF-8 would print each
   * as a replacement character. ASCII reads the same either way.
   */
  static String headerId(byte[] raw, int from, int to) {
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(raw, from, to - from)).toString();
    } catch (CharacterCodingException e) {
      return new String(raw, from, to - from, StandardCharsets.ISO_8859_1);
    }
  }

  /**
   * Whether the tag from {@code open} to {@code end} spans lines and its {@code >} is its line's first
   * byte other than blanks: where a FASTA header could begin as well.
   */
  private static boolean closesAtLineStart(byte[] raw, int open, int end) {
    int k = end - 1;
    while (k > open && (raw[k] == ' ' || raw[k] == '\t')) {
      k--;
    }
    return k > open && (raw[k] == '\n' || raw[k] == '\r');
  }

  /**
   * The index of the {@code >} closing a tag that opens at {@code open}, or -1 if none does: as in
   * HTML, a {@code <} opens a tag only before a letter, {@code /}, {@code !} or {@code ?}, so a stray
   * {@code <} at the end of a line of bases does not swallow the next line's header.
   */
  private static int tagEnd(byte[] raw, int open) {
    if (open + 1 >= raw.length) {
      return -1;
    }
    int next = raw[open + 1] & 0xff;
    if (!((next | 0x20) >= 'a' && (next | 0x20) <= 'z' || next == '/' || next == '!' || next == '?')) {
      return -1;
    }
    int limit = Math.min(raw.length, open + MAX_TAG);
    for (int j = open + 1; j < limit; j++) {
      if (raw[j] == '>') {
        return j;
      }
      if (raw[j] == '<') {
        return -1;
      }
    }
    return -1;
  }

  public String name() {
    return name;
  }

  /** The sequence: one byte per position, codes 0..3 for A, C, G, T and {@link Dna#UNKNOWN}. */
  public byte[] sequence() {
    return sequence;
  }

  public int length() {
    return sequence.length;
  }

  public Report report() {
    return report;
  }

  @Override
  public String toString() {
    return name + ": " + report;
  }
}
