package dev.sluice.runtime.opencl;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.nio.charset.StandardCharsets;

/**
 * The JVM {@link AparapiStderrTest} starts: writes to file descriptor 2 from C (as a native library
 * does) and from Java inside {@link AparapiStderr#listing}, Aparapi's line among them, then from Java
 * after it; a second listing throws. Says on stdout whether the line was held back.
 */
public final class AparapiStderrChild {
  /** The C library's {@code write}, as a native library writes to stderr. */
  interface Posix extends Library {
    long write(int fd, byte[] bytes, long count);
  }

  private AparapiStderrChild() {}

  static void write(Posix c, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    c.write(2, b, b.length);
  }

  public static void main(String[] args) throws InterruptedException {
    Posix c = Native.load(Platform.C_LIBRARY_NAME, Posix.class);
    if (args.length > 0 && args[0].equals("interrupted")) {
      // a build on a cancelled thread: the relay is stopped before stderr is put back, and the flag kept
      int alive = 0;
      for (int i = 0; i < 20; i++) {
        Thread.currentThread().interrupt();
        AparapiStderr.catching(() -> {
          write(c, "native: during\n");
          return null;
        }, text -> { });
        alive += Thread.getAllStackTraces().keySet().stream()
            .anyMatch(t -> t.getName().equals("sluice-stderr-relay") && t.isAlive()) ? 1 : 0;
        System.out.println("still interrupted: " + Thread.interrupted());
      }
      System.out.println("relays alive after return: " + alive);
      return;
    }
    if (args.length > 0 && args[0].equals("relay")) {
      // stdout and stderr go to one file here: a line written to stderr during a long build is there
      // before what stdout gets a second later, still inside the build
      AparapiStderr.catching(() -> {
        write(c, "native: during the build\n");
        try {
          Thread.sleep(1_000);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
        System.out.println("stdout: a second later, still building");
        System.out.flush();
        return null;
      }, text -> { });
      return;
    }
    String got = AparapiStderr.listing(() -> {
      write(c, "native: before\n");
      write(c, AparapiStderr.LINE + "OpenCL 3.0 Some Driver\n");
      System.err.println("java: during, \u00e9t\u00e9");
      write(c, "native: after, no newline");
      return "listed";
    });
    System.err.println("|java: after the listing");
    System.out.println("returned: " + got);
    System.out.println("held back: " + AparapiStderr.lineHeldBack());
    try {
      AparapiStderr.listing(() -> {
        write(c, "native: before a failure\n");
        throw new IllegalStateException("the listing failed");
      });
    } catch (IllegalStateException e) {
      System.err.println("java: after the failure: " + e.getMessage());
    }
  }
}
