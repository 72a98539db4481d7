package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The stamp of a node's source: what changes it and what does not. */
class SourceStampsTest {
  private static final String NODE = """
      package p;
      /** Doubles. */
      @Node final class D {
        void run(int x, IntOut out) { out.push(x * 2); } // the body
      }
      """;

  @Test
  void commentsAndWhiteSpaceDoNotCount() {
    assertEquals("package p;@Node final class D{void run(int x,IntOut out){out.push(x*2);}}",
        SourceStamps.tokens(NODE));
    assertEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("  ", "\t").replace("\n", "\r\n")));
    assertEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("/** Doubles. */", "/* a\n * b */ // c")));
    // outside-in: spaces between tokens counted (a+b against a + b)
    assertEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("x * 2", "x*2").replace("(int x, ", "( int x,")));
  }

  @Test
  void spaceThatKeepsTokensApartCounts() {
    assertEquals("a- -b", SourceStamps.tokens("a - -b"));
    assertEquals("a--b", SourceStamps.tokens("a-- b"));
    assertEquals("return x;", SourceStamps.tokens("  return   x ;"));
    assertNotEquals(SourceStamps.of("int x;"), SourceStamps.of("intx;"));
  }

  @Test
  void codeCounts() {
    assertNotEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("x * 2", "x * 3")));
    assertNotEquals(SourceStamps.of(NODE), SourceStamps.of(NODE.replace("int x", "intx")));
    assertEquals(16, SourceStamps.of(NODE).length());
  }

  @Test
  void literalsAreKeptAsWritten() {
    // comment markers and white space inside literals are code
    assertEquals("s=\"a // b\"+\"/* c */\"+' '+'\\''+\"\\\"  x\";",
        SourceStamps.tokens("s  =  \"a // b\" + \"/* c */\" + ' ' + '\\'' + \"\\\"  x\";"));
    assertNotEquals(SourceStamps.of("s = \"a  b\";"), SourceStamps.of("s = \"a b\";"));
    assertEquals("t=\"\"\"\n  one  // two\n  \"\"\";", SourceStamps.tokens("t = \"\"\"\n  one  // two\n  \"\"\";  // three"));
  }

  @Test
  void anUnclosedCommentOrLiteralEndsTheText() {
    assertEquals("a", SourceStamps.tokens("a /* b"));
    assertEquals("a\"b", SourceStamps.tokens("a \"b"));
  }

  @Test
  void theResourceSitsBesideTheClassFile() {
    assertEquals("p/Outer$Inner.sluice-source", SourceStamps.resource("p.Outer$Inner"));
  }

  @Test
  void channelNamesAreComparedOnlyWhereBothStampsHaveThem() {
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef", "0123456789abcdef"));
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef aaaaaaaaaaaaaaaa", "0123456789abcdef aaaaaaaaaaaaaaaa"));
    // a class file without parameter names, or a resource from before names were stamped
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef", "0123456789abcdef aaaaaaaaaaaaaaaa"));
    assertTrue(SourceStamps.declarationsMatch("0123456789abcdef aaaaaaaaaaaaaaaa", "0123456789abcdef"));
    assertFalse(SourceStamps.declarationsMatch("0123456789abcdef aaaaaaaaaaaaaaaa", "0123456789abcdef bbbbbbbbbbbbbbbb"));
    assertFalse(SourceStamps.declarationsMatch("0123456789abcdef", "fedcba9876543210 aaaaaaaaaaaaaaaa"));
  }

  /**
   * A node in a package of a named module that is opened only to some modules (`opens p to aparapi`,
   * as the user guide's module-info has it): a class loader finds no resource there, so the check was
   * skipped and a stale kernel ran on OpenCL (outside-in helper-123). The stamp is read from the
   * module's folder instead, and the same from a jar.
   */
  @Test
  void aNodeOfANamedModuleIsStillChecked(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path src = dir.resolve("src");
    java.nio.file.Path out = dir.resolve("m");
    java.nio.file.Files.createDirectories(src.resolve("p"));
    java.nio.file.Files.writeString(src.resolve("module-info.java"), "module m { opens p to java.logging; }");
    java.nio.file.Files.writeString(src.resolve("p/N.java"), "package p; public final class N {}");
    javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, "-d", out.toString(), src.resolve("module-info.java").toString(),
        src.resolve("p/N.java").toString()));
    java.nio.file.Files.writeString(out.resolve("p/N.sluice-source"), "0123456789abcdef\nfedcba9876543210\n");
    java.nio.file.Path jar = dir.resolve("m.jar");
    try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(java.nio.file.Files.newOutputStream(jar))) {
      for (String entry : new String[] {"module-info.class", "p/N.class", "p/N.sluice-source"}) {
        z.putNextEntry(new java.util.zip.ZipEntry(entry));
        z.write(java.nio.file.Files.readAllBytes(out.resolve(entry)));
        z.closeEntry();
      }
    }
    for (java.nio.file.Path place : new java.nio.file.Path[] {out, jar}) {
      java.lang.module.Configuration config = ModuleLayer.boot().configuration().resolve(
          java.lang.module.ModuleFinder.of(place), java.lang.module.ModuleFinder.of(), java.util.Set.of("m"));
      ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(config, ClassLoader.getSystemClassLoader());
      Class<?> node = layer.findLoader("m").loadClass("p.N");
      assertTrue(node.getModule().isNamed(), place.toString());
      assertEquals(null, node.getClassLoader().getResource("p/N.sluice-source"), "the loader finds it: no test");
      assertEquals("fedcba9876543210", SourceStamps.declarationsOf(node), place.toString());
    }
  }

  /**
   * A node with no stamp beside it is refused where the stamp was written with it (the generated code
   * says so) and its class comes from a folder or jar, where it was looked for; a class defined from
   * bytes by a loader that serves no resources has no place to look, and is not (review helper-131).
   */
  @Test
  void aMissingStampIsRefusedOnlyWhereThereIsAPlaceToLookForIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Files.createDirectories(dir.resolve("src/p"));
    java.nio.file.Files.writeString(dir.resolve("src/p/N.java"), "package p; public final class N {}");
    java.nio.file.Path out = dir.resolve("classes");
    assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(),
        dir.resolve("src/p/N.java").toString()));
    try (java.net.URLClassLoader folder = new java.net.URLClassLoader(new java.net.URL[] {out.toUri().toURL()}, null)) {
      Class<?> fromFolder = folder.loadClass("p.N");
      String why = SourceStamps.declarationsMissing("p.P", "n", fromFolder);
      assertTrue(why != null && why.contains("N.sluice-source, is not there (the class comes from " + out + ")"), why);
      assertTrue(SourceStamps.kernelRefusal(fromFolder, java.util.Map.of("p.N", "0123456789abcdef")) != null);
    }
    byte[] bytes = java.nio.file.Files.readAllBytes(out.resolve("p/N.class"));
    ClassLoader fromBytes = new ClassLoader(null) {
      @Override
      protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (!name.equals("p.N")) {
          throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
      }
    };
    Class<?> defined = fromBytes.loadClass("p.N");
    assertEquals(null, SourceStamps.declarationsMissing("p.P", "n", defined));
    assertEquals(null, SourceStamps.kernelRefusal(defined, java.util.Map.of("p.N", "0123456789abcdef")));
  }
}
