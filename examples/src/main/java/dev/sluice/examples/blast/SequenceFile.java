package dev.sluice.examples.blast;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * One search input read strictly: a file of one sequence (FASTA or plain), its name for the output
 * (the FASTA header's first word, else the file name without its extension) and its bases as
 * {@link GenomeFile} codes them. The BLAST command and the Spark job read their inputs here, so both
 * refuse the same files with the same words.
 *
 * <p>{@link GenomeFile} reads what it can (CRLF, lower case, scraped HTML tags, blanks); this reader
 * refuses, with the file and line, what a search must not guess at: a directory, a file that cannot
 * be opened or is larger than a Java array, binary data, a second FASTA record (which GenomeFile would
 * join to the first), a letter that is no nucleotide code, and a file with no base at all.
 */
public record SequenceFile(String id, GenomeFile genome) {
  /**
   * What the search should tell about this file, though it reads it: the other bytes skipped (a digit,
   * punctuation, a byte above 127 such as a non-Latin letter typed for a base), after which every
   * position is one less than a count of the file's characters would give; and tags closed by a
   * {@code >} that begins a line, which could have been a header. Empty when there were none.
   */
  public List<String> warnings(Path file) {
    List<String> out = new java.util.ArrayList<>();
    GenomeFile.Tally other = genome.report().tally(GenomeFile.Kind.OTHER);
    if (other.count() > 0) {
      out.add(String.format(Locale.ROOT, "%s:%d: %,d byte(s) skipped that are no base, blank,"
          + " tag or header (digits, punctuation, a '<' or '&' that opens nothing, bytes above 127), the first on"
          + " this line: the positions after them do not count them", file, other.firstLine(), other.count()));
    }
    int closed = genome.report().closedAtLineStart();
    if (closed > 0) {
      int[] lines = genome.report().firstClosedAtLineStart();
      out.add(String.format(Locale.ROOT, "%s:%d: a tag opened on line %d ends with the '>' that begins this line"
          + " (%,d such tag(s) in all), read as the tag's end, not as a FASTA header: if this line is a header,"
          + " the '<' on line %d is stray and the file holds a second record", file, lines[1], lines[0], closed,
          lines[0]));
    }
    return out;
  }

  /** The letters IUPAC defines for nucleotides besides A, C, G, T and U; they are read as unknown bases. */
  static final String IUPAC = "RYSWKMBDHVN";

  /** The largest file read: a Java array's limit. */
  static final long MAX_FILE = Integer.MAX_VALUE - 8;

  /** A file the search cannot read; the message names the file and, where there is one, its line. */
  public static final class UnreadableException extends Exception {
    private static final long serialVersionUID = 1L;

    UnreadableException(String message) {
      super(message);
    }
  }

  private static UnreadableException tooLarge(Path file, String size) {
    return new UnreadableException(String.format(Locale.ROOT, "%s: too large (%s): the search reads files of up to"
        + " %,d bytes, one sequence of up to 2^31 - 1 bases", file, size, MAX_FILE));
  }

  /**
   * A file that is not a regular one (a pipe, {@code /dev/stdin}, a device) has no size to check first:
   * it is read in blocks, refused at its first zero byte (binary data) or once it holds more than
   * {@link #MAX_FILE} bytes, rather than read whole into memory before either is seen ({@code /dev/zero}
   * ran the JVM out of memory).
   */
  private static byte[] readStream(Path file) throws IOException, UnreadableException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] block = new byte[1 << 16];
    long total = 0;
    int line = 1;
    try (java.io.InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(block)) >= 0; ) {
        for (int i = 0; i < n; i++) {
          if (block[i] == 0) {
            throw binary(file, line);
          }
          if (block[i] == '\n') {
            line++;
          }
        }
        total += n;
        if (total > MAX_FILE) {
          throw tooLarge(file, String.format(Locale.ROOT, "more than %,d bytes", MAX_FILE));
        }
        out.write(block, 0, n);
      }
    }
    return out.toByteArray();
  }

  private static UnreadableException binary(Path file, int line) {
    return new UnreadableException(file + ":" + line + ": binary data (a zero byte), not a sequence file;"
        + " a compressed file must be unpacked first");
  }

  /**
   * Refuses a FASTQ file, whose first line (after blanks and a byte-order mark) starts with '@': its
   * read names and quality letters could pass for bases, shifting every position.
   */
  private static void refuseFastq(Path file, byte[] raw) throws UnreadableException {
    int line = 1;
    for (int i = GenomeFile.startsWithBom(raw) ? 3 : 0; i < raw.length; i++) {
      byte b = raw[i];
      if (b == '@') {
        throw new UnreadableException(file + ":" + line + ": a line starting with '@', as a FASTQ record begins;"
            + " the search reads FASTA or plain sequence: convert the reads to FASTA first");
      }
      if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
        return;
      }
      line += b == '\n' ? 1 : 0;
    }
  }

  /** Reads one sequence file, or says what in it cannot be read, with its file and line. */
  public static SequenceFile read(Path file) throws UnreadableException {
    if (Files.isDirectory(file)) {
      throw new UnreadableException(file + ": is a directory, not a sequence file");
    }
    byte[] raw;
    try {
      if (Files.isRegularFile(file)) {
        long size = Files.size(file);
        if (size > MAX_FILE) {
          throw tooLarge(file, String.format(Locale.ROOT, "%,d bytes", size));
        }
        raw = Files.readAllBytes(file);
      } else {
        raw = readStream(file);
      }
    } catch (NoSuchFileException e) {
      throw new UnreadableException(file + ": no such file");
    } catch (AccessDeniedException e) {
      throw new UnreadableException(file + ": permission denied");
    } catch (IOException e) {
      throw new UnreadableException(file + ": cannot be read: " + e.getMessage());
    }
    if (raw.length >= 2 && ((raw[0] & 0xff) == 0xfe && (raw[1] & 0xff) == 0xff
        || (raw[0] & 0xff) == 0xff && (raw[1] & 0xff) == 0xfe)) {
      throw new UnreadableException(file + ":1: UTF-16 text (its byte-order mark); save it as ASCII or UTF-8");
    }
    refuseFastq(file, raw);
    int line = 1;
    for (byte b : raw) {
      if (b == 0) {
        throw binary(file, line);
      }
      if (b == '\n') {
        line++;
      }
    }
    GenomeFile genome = GenomeFile.parse(file.getFileName().toString(), raw);
    GenomeFile.Report report = genome.report();
    // the headers as GenomeFile saw them: a '>' that begins a line, outside a tag that closes on it
    List<GenomeFile.Header> headers = report.headers();
    if (headers.size() > 1) {
      throw new UnreadableException(file + ":" + headers.get(1).line() + ": a second FASTA record; the search reads"
          + " one sequence per file, so split the file or join the records");
    }
    if (!headers.isEmpty() && headers.get(0).positionsBefore() > 0) {
      throw new UnreadableException(file + ":" + headers.get(0).line() + ": a FASTA header after "
          + headers.get(0).positionsBefore() + " bases without one: a second record, which would be joined to the"
          + " first; the search reads one sequence per file, so split the file or join the records");
    }
    // the bad letter the file has first (outside-in helper-115: the first in the alphabet of a line's
    // was named, 'f' for "@notfastq"), with its line and column
    char bad = 0;
    for (char letter : report.unknownLetters().toCharArray()) {
      if (IUPAC.indexOf(letter) < 0 && (bad == 0 || report.firstOffsetOf(letter) < report.firstOffsetOf(bad))) {
        bad = letter;
      }
    }
    if (bad != 0) {
      int at = report.firstOffsetOf(bad);
      int lineBegins = at;
      while (lineBegins > 0 && raw[lineBegins - 1] != '\n' && raw[lineBegins - 1] != '\r') {
        lineBegins--;
      }
      // quoted as the file has it, so that a search of the file for it finds it
      throw new UnreadableException(file + ":" + report.firstLineOf(bad) + ":" + (at - lineBegins + 1) + ": '"
          + report.asWritten(bad) + "' is no nucleotide letter (A C G T U, or IUPAC "
          + String.join(" ", IUPAC.split("")) + "); is this a FASTA or plain sequence file?");
    }
    if (genome.length() == 0) {
      throw new UnreadableException(file + ": no bases in " + report.lines() + " line(s)");
    }
    String id = headers.isEmpty() ? "" : headers.get(0).id();
    if (id.isEmpty()) {
      String name = file.getFileName().toString();
      id = name.lastIndexOf('.') > 0 ? name.substring(0, name.lastIndexOf('.')) : name;
      // the id is one column of the tab-separated hits: like a header's first word, no blanks in it
      id = id.strip().replaceAll("\\s+", "_");
    }
    return new SequenceFile(id, genome);
  }
}
