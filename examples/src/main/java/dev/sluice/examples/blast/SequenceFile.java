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
   * position is one less than a count of the file's characters would give. Empty when there were none.
   */
  public java.util.Optional<String> warning(Path file) {
    GenomeFile.Tally other = genome.report().tally(GenomeFile.Kind.OTHER);
    if (other.count() == 0) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(String.format(Locale.ROOT, "%s:%d: %,d byte(s) skipped that are no base, blank,"
        + " tag or header (digits, punctuation, a '<' or '&' that opens nothing, bytes above 127), the first on"
        + " this line: the positions after them do not count them", file, other.firstLine(), other.count()));
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
    // the headers as GenomeFile saw them: a '>' inside a tag that spans lines is no header
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
    // the bad letter the file has first (by line; on one line, the first in the alphabet)
    char bad = 0;
    for (char letter : report.unknownLetters().toCharArray()) {
      if (IUPAC.indexOf(letter) < 0 && (bad == 0 || report.firstLineOf(letter) < report.firstLineOf(bad))) {
        bad = letter;
      }
    }
    if (bad != 0) {
      // quoted as the file has it, so that a search of the file for it finds it
      throw new UnreadableException(file + ":" + report.firstLineOf(bad) + ": '" + report.asWritten(bad)
          + "' is no nucleotide letter (A C G T U, or IUPAC " + String.join(" ", IUPAC.split("")) + ");"
          + " is this a FASTA or plain sequence file?");
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
