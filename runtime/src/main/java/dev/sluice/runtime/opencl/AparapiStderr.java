package dev.sluice.runtime.opencl;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Keeps the one line Aparapi's native library writes straight to the process's stderr from reaching
 * the user, and everything else written there meanwhile from being lost; and catches what the
 * OpenCL compiler writes there while a kernel builds, so that a failed build's exception can quote
 * its errors ({@link #catching}, {@link Kernels#compile}).
 *
 * <p>As it lists the OpenCL platforms (once per JVM: Aparapi caches the list), Aparapi's native
 * library prints {@code WARNING: Aparapi is running on an untested OpenCL platform version: ...}
 * with C's {@code fprintf(stderr, ...)} for every platform newer than OpenCL 2.1. PoCL and NVIDIA's
 * driver report OpenCL 3.0, so every user saw it; it says nothing about whether Sluice's kernels
 * run there (Sluice checks that each builds and runs). No Java API reaches file descriptor 2, so
 * {@link #listing} points it at a temporary file for the listing's duration, through the C library's
 * {@code dup}/{@code dup2} (called through JNA), and passes on what reaches the file to the real
 * stderr as it comes ({@link Relay}), byte for byte and in order, less Aparapi's line; what is left
 * when the window closes is passed on then, before the descriptor is put back. What the JVM or
 * another thread writes to stderr in that window (Java's {@code System.err} writes to the same
 * descriptor) so arrives at most a tenth of a second late; a JVM that dies in the window leaves its
 * last lines in that file, whose name says so.
 *
 * <p>Where this cannot be done (Windows, whose C runtime keeps its own descriptor table; no
 * writable temporary folder; JNA's native part not loading), or with
 * {@code -Dsluice.aparapi.log=all}, the listing runs as before, the line gets through, and the
 * device line explains it ({@link OpenClDiscovery#notes()}).
 */
final class AparapiStderr {
  /** The start of Aparapi's line (its native {@code OpenCLJNI.cpp}, {@code getPlatforms}). */
  static final String LINE = "WARNING: Aparapi is running on an untested OpenCL platform version: ";

  /** What the C library gives here, as JNA calls it. */
  interface C extends Library {
    int dup(int fd) throws LastErrorException;

    int dup2(int fd, int target) throws LastErrorException;

    int open(String path, int flags) throws LastErrorException;

    int close(int fd) throws LastErrorException;

    long write(int fd, byte[] bytes, long count) throws LastErrorException;
  }

  /** How often the relay passes on what reached the file (see {@link Relay}). */
  private static final long RELAY_MILLIS = 100;

  private static final int STDERR = 2;
  private static final int O_WRONLY = 1;

  /** How many of Aparapi's lines were kept from stderr in this JVM. */
  private static final java.util.concurrent.atomic.AtomicInteger HELD_BACK = new java.util.concurrent.atomic.AtomicInteger();

  private AparapiStderr() {}

  /** Whether Aparapi's line was written in this JVM and kept from the user. */
  static boolean lineHeldBack() {
    return HELD_BACK.get() > 0;
  }

  /**
   * Runs {@code listing} with stderr caught, then writes what was caught less Aparapi's line; just
   * runs it where stderr cannot be caught (see the class comment).
   */
  static <T> T listing(Supplier<T> listing) {
    if ("all".equalsIgnoreCase(System.getProperty(AparapiLog.PROPERTY, "").trim())) {
      return listing.get();
    }
    return catching(listing, text -> {});
  }

  /**
   * Runs {@code work} with file descriptor 2 pointed at a temporary file, as {@link #listing} does,
   * hands what it caught to {@code seen}, and writes it to stderr again (less Aparapi's line): for a
   * kernel build, whose OpenCL compiler writes its errors there and not into the exception
   * Aparapi throws. Where descriptors cannot be moved, {@code work} runs as it is and {@code seen}
   * gets nothing.
   */
  static <T> T catching(Supplier<T> work, java.util.function.Consumer<String> seen) {
    if (Platform.isWindows()) {
      return work.get();
    }
    // file descriptor 2 is the process's: one window at a time in the JVM, across class loaders
    synchronized (FD2) {
      return caught(work, seen);
    }
  }

  /**
   * A lock every copy of this class in the JVM shares (a string literal is interned JVM-wide): two
   * applications with their own Sluice jars (an application server's class loaders) that moved the
   * descriptor at once could put it back in the wrong order (outside-in helper-100). Taken inside
   * {@code OpenClDevices}' listing lock and a build's lock, never around them.
   */
  private static final Object FD2 = "dev.sluice.runtime.opencl.AparapiStderr: file descriptor 2";

  private static <T> T caught(Supplier<T> work, java.util.function.Consumer<String> seen) {
    Path caught;
    C c;
    int saved;
    try {
      caught = Files.createTempFile("sluice-stderr-during-opencl-", ".txt");
    } catch (IOException | RuntimeException e) {
      return work.get();
    }
    try {
      c = Native.load(Platform.C_LIBRARY_NAME, C.class);
      System.err.flush();
      saved = c.dup(STDERR);
      try {
        int file = c.open(caught.toString(), O_WRONLY);
        try {
          c.dup2(file, STDERR);
        } finally {
          c.close(file);
        }
      } catch (RuntimeException e) {
        c.close(saved);
        throw e;
      }
    } catch (LinkageError | RuntimeException e) {
      // JNA did not load, or the C library refused: the descriptor is unchanged
      delete(caught);
      return work.get();
    }
    Relay relay = new Relay(caught, c, saved);
    try {
      try {
        relay.start();
      } catch (Throwable e) {
        relay = null; // no thread to be had (a process at its limit): what was caught comes out at the end
      }
      return work.get();
    } finally {
      System.err.flush();
      long passed = 0;
      if (relay != null) {
        relay.finish();
        passed = relay.passedOn();
      }
      try {
        // the rest goes where the relay's went: the real stderr, whatever System.err now is
        replay(caught, passed, seen, c, saved);
      } finally {
        c.dup2(saved, STDERR);
        c.close(saved);
      }
    }
  }

  /** Writes all of {@code bytes} to {@code fd}, as many calls as it takes. */
  private static void writeAll(C c, int fd, byte[] bytes) {
    int done = 0;
    while (done < bytes.length) {
      byte[] rest = done == 0 ? bytes : java.util.Arrays.copyOfRange(bytes, done, bytes.length);
      long n = c.write(fd, rest, rest.length);
      if (n <= 0) {
        return; // the descriptor refuses more: nothing else can be done with it
      }
      done += (int) n;
    }
  }

  /**
   * Passes on to the real stderr, every {@link #RELAY_MILLIS} ms, the whole lines that reached the
   * file, less Aparapi's: a build takes seconds (minutes on some drivers), and what other threads of
   * the JVM wrote meanwhile (a log's console handler) came out late in one burst, and was lost if the
   * JVM was stopped during the build (outside-in helper-96). What a JVM killed in the window wrote in
   * its last tenth of a second stays in the file.
   */
  private static final class Relay extends Thread {
    private final Path file;
    private final C c;
    private final int target;
    /** Bytes of the file passed on (or held back); read by the caller after {@link #finish}. */
    private volatile long passed;
    private volatile boolean done;

    Relay(Path file, C c, int target) {
      super("sluice-stderr-relay");
      setDaemon(true);
      this.file = file;
      this.c = c;
      this.target = target;
    }

    @Override
    public void run() {
      while (!done) {
        try {
          Thread.sleep(RELAY_MILLIS);
          passOn();
        } catch (InterruptedException e) {
          return;
        } catch (IOException | RuntimeException e) {
          return; // the caller's replay passes on the rest
        }
      }
    }

    /** The whole lines that arrived since the last call. */
    private void passOn() throws IOException {
      byte[] bytes;
      try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
        long size = ch.size();
        if (size <= passed) {
          return;
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate((int) Math.min(size - passed, 1 << 20));
        ch.read(b, passed);
        bytes = java.util.Arrays.copyOf(b.array(), b.position());
      }
      String text = new String(bytes, StandardCharsets.ISO_8859_1);
      int whole = text.lastIndexOf('\n') + 1;
      if (whole == 0) {
        return;
      }
      writeAll(c, target, withoutAparapiLines(text.substring(0, whole)).getBytes(StandardCharsets.ISO_8859_1));
      passed += whole;
    }

    /**
     * Stops the relay and waits for it, even when the calling thread is interrupted (a cancelled build):
     * the descriptor it writes to is closed next, and what it had not passed on is the caller's.
     */
    void finish() {
      done = true;
      interrupt();
      boolean interrupted = false;
      while (isAlive()) {
        try {
          join();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    long passedOn() {
      return passed;
    }
  }

  /**
   * Hands what {@code caught} holds to {@code seen}, writes what the relay had not passed on (all past
   * its first {@code passed} bytes) to descriptor {@code fd}, the real stderr, less Aparapi's lines, and
   * deletes it.
   */
  private static void replay(Path caught, long passed, java.util.function.Consumer<String> seen, C c, int fd) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(caught);
    } catch (IOException e) {
      writeAll(c, fd, ("Sluice: what was written to stderr during an OpenCL listing or build is in " + caught
          + " (reading it back failed: " + e + ")" + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
      return;
    }
    // ISO-8859-1 maps bytes to chars one to one, so what is not Aparapi's line goes out unchanged
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    try {
      seen.accept(text);
    } catch (RuntimeException e) {
      // what the caller makes of the text must not lose it for the user
    }
    writeAll(c, fd, withoutAparapiLines(text.substring((int) Math.min(passed, text.length())))
        .getBytes(StandardCharsets.ISO_8859_1));
    delete(caught);
  }

  /** {@code text} less the lines that begin with Aparapi's {@link #LINE}, counted in {@link #HELD_BACK}. */
  private static String withoutAparapiLines(String text) {
    StringBuilder kept = new StringBuilder(text.length());
    int from = 0;
    while (from < text.length()) {
      int end = text.indexOf('\n', from);
      end = end < 0 ? text.length() : end + 1;
      if (text.startsWith(LINE, from)) {
        HELD_BACK.incrementAndGet();
      } else {
        kept.append(text, from, end);
      }
      from = end;
    }
    return kept.toString();
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary file left behind; nothing was lost
    }
  }
}
