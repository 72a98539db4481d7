package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.ChildJvm;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.Skip;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * PoCL reports no device at all when it cannot create its kernel cache (a container user without a
 * home): Sluice then points {@code POCL_CACHE_DIR} at a folder of its own and says so in the device
 * line (outside-in helper-96).
 */
class PoclCacheTest {
  @Test
  void pocsDefaultCacheFollowsXdgThenHome() {
    assertEquals(Path.of("/x/pocl/kcache"), PoclEnvironment.defaultCache("/x", "/home/u"));
    assertEquals(Path.of("/home/u/.cache/pocl/kcache"), PoclEnvironment.defaultCache("", "/home/u"));
    assertEquals(Path.of("/home/u/.cache/pocl/kcache"), PoclEnvironment.defaultCache(null, "/home/u"));
  }

  @Test
  void aFolderUnderAFileCannotBeCreated() throws Exception {
    Path file = Files.createTempFile("sluice-not-a-folder", ".txt");
    try {
      assertFalse(PoclEnvironment.creatable(file.resolve("cache/pocl/kcache")));
      assertTrue(PoclEnvironment.creatable(file.resolveSibling("sluice-no-such-folder/pocl/kcache")));
    } finally {
      Files.delete(file);
    }
  }

  /** The cache folder PoCL would use lies under a file (as under a home that cannot be written): PoCL still lists its device. */
  @Test
  void pocLStillListsItsDeviceWhereItsCacheCannotBeMade() throws Exception {
    boolean pocl = OpenClAvailable.devices().stream().anyMatch(d -> d.getOpenCLPlatform().getVendor().contains("pocl"));
    if (!pocl) {
      throw Skip.because("PoclCacheTest is about PoCL's cache, and no OpenCL device here is PoCL");
    }
    Path file = Files.createTempFile("sluice-not-a-folder", ".txt");
    Path tmp = Files.createTempDirectory("sluice-pocl-cache-test");
    try {
      // named by the user's number (a container user may have no name); kept for the next run
      Path own = tmp.resolve("sluice-pocl-cache-" + Files.getAttribute(file, "unix:uid"));
      for (int run = 0; run < 2; run++) {
        String out = child(file, tmp);
        assertFalse(out.contains("pocl devices: 0"), out);
        assertTrue(out.contains("note: PoCL's kernel cache " + file.resolve("cache/pocl/kcache")
            + " cannot be created, so Sluice set POCL_CACHE_DIR=" + own + " for this process"), out);
      }
      // a file, or a link another user could point elsewhere, at that name: a folder of its own instead
      deleteAll(own);
      Files.createSymbolicLink(own, Files.createDirectory(tmp.resolve("elsewhere")));
      String linked = child(file, tmp);
      assertTrue(linked.matches("(?s).*POCL_CACHE_DIR=" + java.util.regex.Pattern.quote(tmp.resolve("sluice-pocl-cache-").toString())
          + "[0-9]+ for this process.*"), linked);
      assertFalse(linked.contains("pocl devices: 0"), linked);
      Files.delete(own);
      Files.createFile(own);
      String blocked = child(file, tmp);
      assertTrue(blocked.matches("(?s).*POCL_CACHE_DIR=" + java.util.regex.Pattern.quote(tmp.resolve("sluice-pocl-cache-").toString())
          + "[0-9]+ for this process.*"), blocked);
    } finally {
      Files.delete(file);
      deleteAll(tmp);
    }
  }

  /** The child's output, its PoCL cache to be made under a file (so not makeable) and java.io.tmpdir {@code tmp}. */
  private static String child(Path file, Path tmp) throws Exception {
    ChildJvm.Output o = ChildJvm.run(PoclCacheChild.class, List.of("-Djava.io.tmpdir=" + tmp),
        List.of(PoclEnvironment.CACHE_VARIABLE),
        Map.of("XDG_CACHE_HOME", file.resolve("cache").toString(), "POCL_SIGFPE_HANDLER", "0"));
    return o.out() + o.err();
  }

  private static void deleteAll(Path p) throws java.io.IOException {
    if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (var walk = Files.walk(p)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(q -> q.toFile().delete());
    }
  }
}
