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
 * {@code dup}/{@code dup2} (called through JNA), then puts it back and writes what the file caught
 * to stderr again, byte for byte, less Aparapi's line. What the JVM or another thread writes to
 * stderr in that window (Java's {@code System.err} writes to the same descriptor) is written out
 * after it, in order; a JVM that dies in the window leaves it in that file, whose name says so.
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
  }

  private static final int STDERR = 2;
  private static final int O_WRONLY = 1;

  /** How many of Aparapi's lines were kept from stderr in this JVM. */
  private static int heldBack;

  private AparapiStderr() {}

  /** Whether Aparapi's line was written in this JVM and kept from the user. */
  static synchronized boolean lineHeldBack() {
    return heldBack > 0;
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
  static synchronized <T> T catching(Supplier<T> work, java.util.function.Consumer<String> seen) {
    if (Platform.isWindows()) {
      return work.get();
    }
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
    try {
      return work.get();
    } finally {
      System.err.flush();
      c.dup2(saved, STDERR);
      c.close(saved);
      replay(caught, seen);
    }
  }

  /** Hands what {@code caught} holds to {@code seen}, writes it to stderr less Aparapi's lines, and deletes it. */
  private static void replay(Path caught, java.util.function.Consumer<String> seen) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(caught);
    } catch (IOException e) {
      System.err.println("Sluice: what was written to stderr during an OpenCL listing or build is in " + caught
          + " (reading it back failed: " + e + ")");
      return;
    }
    // ISO-8859-1 maps bytes to chars one to one, so what is not Aparapi's line goes out unchanged
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    try {
      seen.accept(text);
    } catch (RuntimeException e) {
      // what the caller makes of the text must not lose it for the user
    }
    StringBuilder kept = new StringBuilder(text.length());
    int from = 0;
    while (from < text.length()) {
      int end = text.indexOf('\n', from);
      end = end < 0 ? text.length() : end + 1;
      if (text.startsWith(LINE, from)) {
        heldBack++;
      } else {
        kept.append(text, from, end);
      }
      from = end;
    }
    System.err.write(kept.toString().getBytes(StandardCharsets.ISO_8859_1), 0, kept.length());
    System.err.flush();
    delete(caught);
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary file left behind; nothing was lost
    }
  }
}
