package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/** The check that refuses a kernel compiled without {@code javac -g} before Aparapi reads it. */
class LocalVariableTablesTest {
  /** A class with constants of every kind that has a two-slot entry, and a {@code long} local. */
  private static final String SOURCE = """
      class K {
        static final long BIG = 1234567890123L;
        static final double HALF = 0.5;
        long run(long x) { long a = x * BIG; double d = a * HALF; String s = "s" + d; return a + s.length(); }
      }
      """;

  @Test
  void aClassCompiledWithDebugInformationHasThem() throws IOException {
    assertTrue(LocalVariableTables.named(read(compile("-g"))));
    assertTrue(LocalVariableTables.named(read(compile("-g:vars"))));
  }

  @Test
  void aClassCompiledWithoutThemIsFound() throws IOException {
    assertFalse(LocalVariableTables.named(read(compile("-g:none"))));
    assertFalse(LocalVariableTables.named(read(compile("-g:source,lines"))));
  }

  @Test
  void aLoadedClassIsReadFromItsClassFile() throws ClassNotFoundException {
    assertTrue(LocalVariableTables.present(load(compile("-g"))));
    assertFalse(LocalVariableTables.present(load(compile("-g:none"))));
    // Maven compiles the tests with -g; an array class has no class file, and is left alone
    assertTrue(LocalVariableTables.present(LocalVariableTablesTest.class));
    assertTrue(LocalVariableTables.present(Runnable[].class));
  }

  /** Class {@code K} defined from {@code bytes} by a loader that serves them as its class file too. */
  private static Class<?> load(byte[] bytes) throws ClassNotFoundException {
    ClassLoader loader = new ClassLoader(null) {
      @Override
      protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (!name.equals("K")) {
          throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
      }

      @Override
      public InputStream getResourceAsStream(String name) {
        return name.equals("K.class") ? new ByteArrayInputStream(bytes) : null;
      }
    };
    return loader.loadClass("K");
  }

  @Test
  void somethingThatIsNotAClassFileIsLeftToAparapi() throws IOException {
    assertTrue(LocalVariableTables.named(new DataInputStream(new ByteArrayInputStream(new byte[] {1, 2, 3, 4}))));
    assertEquals("LocalVariableTable", LocalVariableTables.ATTRIBUTE);
  }

  private static DataInputStream read(byte[] bytes) {
    return new DataInputStream(new ByteArrayInputStream(bytes));
  }

  private static byte[] compile(String debug) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JavaFileManager files = new ForwardingJavaFileManager<>(javac.getStandardFileManager(null, null, null)) {
      @Override
      public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind, FileObject sibling) {
        return new SimpleJavaFileObject(URI.create("mem:///" + name + ".class"), kind) {
          @Override
          public OutputStream openOutputStream() {
            return out;
          }
        };
      }
    };
    JavaFileObject source = new SimpleJavaFileObject(URI.create("mem:///K.java"), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return SOURCE;
      }
    };
    assertTrue(javac.getTask(null, files, null, List.of(debug), null, List.of(source)).call());
    return out.toByteArray();
  }
}
