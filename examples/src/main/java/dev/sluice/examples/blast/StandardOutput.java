package dev.sluice.examples.blast;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A command's standard output (the BLAST command's, the Spark job's), which tells a reader that closed
 * the pipe ({@code blast ... | head}) from a failed write. A {@link PrintStream} keeps its {@link IOException} to itself, and the JVM
 * ignores SIGPIPE, so without this both read as "writing the hits failed".
 */
public final class StandardOutput extends PrintStream {
  /** The status of a command killed by SIGPIPE (128 + 13), which a shell's {@code pipefail} reads as such. */
  public static final int CLOSED_PIPE = 141;

  private final Watched watched;

  private StandardOutput(Watched watched) {
    super(watched, false, StandardCharsets.UTF_8);
    this.watched = watched;
  }

  /** Standard output, buffered; {@link #flush} writes it. */
  public static StandardOutput open() {
    return over(new FileOutputStream(FileDescriptor.out));
  }

  /** Over {@code out}, for tests. */
  public static StandardOutput over(OutputStream out) {
    return new StandardOutput(new Watched(new java.io.BufferedOutputStream(out, 1 << 16)));
  }

  /**
   * Whether a write failed because the reader had closed the pipe: EPIPE, which the JDK reports as
   * an {@link IOException} with the system's message for it, {@code Broken pipe} (Linux, macOS), and
   * no other mark.
   */
  public boolean readerLeft() {
    flush();
    return watched.failure != null && "Broken pipe".equals(watched.failure.getMessage());
  }

  /** Keeps the first exception a write or flush threw. */
  private static final class Watched extends FilterOutputStream {
    IOException failure;

    Watched(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw kept(e);
      }
    }

    @Override
    public void write(int b) throws IOException {
      try {
        out.write(b);
      } catch (IOException e) {
        throw kept(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        throw kept(e);
      }
    }

    private IOException kept(IOException e) {
      if (failure == null) {
        failure = e;
      }
      return e;
    }
  }
}
