package dev.sluice.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Refuses generated code older than its nodes.
 *
 * <p>A pipeline's kernel holds copies of its node bodies, translated by the processor, and its CPU
 * classes follow the nodes' declarations (channels and their {@code @Max}, field roles, operators);
 * the CPU back end runs the node classes themselves. A build that compiles a changed node file alone
 * (an IDE building the files just saved, or {@code javac} on that one file) writes the node class
 * again but not the pipeline's classes. So the processor writes, beside each node class it compiles,
 * a class-output resource {@code <Node>.sluice-source} holding two stamps: the {@linkplain #of stamp}
 * of the node's source file, and one of its declarations (and under javac a third, of its class file:
 * {@link #CLASS_FILE}). The kernel records the source stamp of
 * each node it was translated from (the OpenCL driver checks it, {@link #kernelRefusal}); the CPU
 * classes record the declarations' stamp of each node they call ({@link #declarationsStale}), so a
 * node whose body alone changed still runs on the CPU. A class that is no node but whose static
 * helpers or constants a kernel copies is stamped too, and the kernel records its source stamp; its
 * resource also holds the stamp of its class file ({@link #CLASS_FILE}), since such a class compiled
 * again alone does not reach the processor. Where the generated code was written in the
 * compilation that stamped the node, an absent resource is refused ({@link #missing}); a node read
 * from a class file (a library compiled without the processor) may have none, and is not checked. The resource is looked up through the class loader and, where
 * that finds none (a package of a named module not opened to every module), in the jar or folder the
 * node's class was loaded from.
 *
 * <p>The source stamp is a hash of the file's text with its comments and the white space between its
 * tokens dropped, so reformatting or a comment does not make a kernel stale, and it does not depend
 * on the compiler's version.
 *
 * <p><b>Internal</b>, for the back ends and the generated code (public across their packages); not
 * an API, and it may change in any release.
 */
public final class SourceStamps {
  private SourceStamps() {}

  /**
   * The resource beside a node class: {@code Name.class} has {@code Name.sluice-source}, which holds
   * a stamp a line: the source file's ({@link #of}), the node's declarations', and under javac the class
   * file's ({@link #CLASS_FILE}).
   */
  public static final String SUFFIX = ".sluice-source";

  /**
   * The stamp the processor writes for a node it compiled without reading its source (a compiler
   * with no javac Trees API, such as Eclipse's): no kernel was written from it, and none written
   * before it can be trusted.
   */
  public static final String UNREAD = "unread";

  /** The stamp's file name beside node class {@code binaryName}'s class file, in its package ({@code Outer$Inner.sluice-source}). */
  public static String fileName(String binaryName) {
    return binaryName.substring(binaryName.lastIndexOf('.') + 1) + SUFFIX;
  }

  /** The resource path of the stamp of {@code binaryName}'s class ({@code p/Outer$Inner.sluice-source}). */
  public static String resource(String binaryName) {
    return binaryName.replace('.', '/') + SUFFIX;
  }

  /**
   * What begins the line of a resource that holds the {@linkplain #ofClass stamp of its class's class
   * file}, written with that class file (javac): the second line beside a class that is no node but
   * whose static helpers or constants a kernel copies, the third beside a node. Such a class compiled
   * again alone, or a node compiled again without the processor ({@code -proc:none}), does not reach the
   * processor, which would write its stamp again; its class file changes.
   */
  public static final String CLASS_FILE = "class ";

  /** The stamp of a class file: the first 64 bits of the SHA-256 of its bytes, in hex. */
  public static String ofClass(byte[] classFile) {
    return sha256(classFile);
  }

  /**
   * The stamp of a source file's text: the first 64 bits of the SHA-256 of its {@linkplain #tokens
   * tokens}, in hex.
   */
  public static String of(CharSequence source) {
    return sha256(tokens(source).getBytes(StandardCharsets.UTF_8));
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /**
   * {@code source} without comments and without the white space between tokens: white space outside
   * literals is kept, as one space, only where dropping it would join two tokens into one ({@code
   * int x}, {@code a - -b}).
   */
  static String tokens(CharSequence source) {
    StringBuilder out = new StringBuilder(source.length());
    int n = source.length();
    int i = 0;
    while (i < n) {
      char c = source.charAt(i);
      if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
        while (i < n && source.charAt(i) != '\n' && source.charAt(i) != '\r') {
          i++;
        }
        space(out);
      } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
        int end = indexOf(source, "*/", i + 2);
        i = end < 0 ? n : end + 2;
        space(out);
      } else if (Character.isWhitespace(c)) {
        i++;
        space(out);
      } else if (c == '"' || c == '\'') {
        // a text block ends at the next unescaped """, a literal at its next unescaped quote
        String close = c == '"' && startsWith(source, i, "\"\"\"") ? "\"\"\"" : String.valueOf(c);
        int start = i;
        i += close.length();
        while (i < n && !startsWith(source, i, close)) {
          i += source.charAt(i) == '\\' ? 2 : 1;
        }
        i = Math.min(n, i + close.length());
        joined(out, c);
        out.append(source, start, i);
      } else {
        joined(out, c);
        out.append(c);
        i++;
      }
    }
    return out.toString().strip();
  }

  /** White space since the last token: a marker, kept or dropped when the next character comes. */
  private static final char SPACE = ' ';

  private static void space(StringBuilder out) {
    if (out.length() > 0 && out.charAt(out.length() - 1) != SPACE) {
      out.append(SPACE);
    }
  }

  /** Before {@code next}: drops a pending space unless it keeps two tokens apart. */
  private static void joined(StringBuilder out, char next) {
    int n = out.length();
    if (n < 2 || out.charAt(n - 1) != SPACE) {
      if (n == 1 && out.charAt(0) == SPACE) {
        out.setLength(0);
      }
      return;
    }
    char before = out.charAt(n - 2);
    boolean words = Character.isJavaIdentifierPart(before) && Character.isJavaIdentifierPart(next);
    boolean operators = before == next && "+-&|<>=".indexOf(next) >= 0 || before == '/' && next == '*';
    if (!words && !operators) {
      out.setLength(n - 1);
    }
  }

  private static boolean startsWith(CharSequence s, int at, String prefix) {
    return at + prefix.length() <= s.length() && s.subSequence(at, at + prefix.length()).toString().equals(prefix);
  }

  private static int indexOf(CharSequence s, String what, int from) {
    for (int i = from; i + what.length() <= s.length(); i++) {
      if (startsWith(s, i, what)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The other way a node's stamp gets newer than the pipeline's classes: the processor writes the stamp
   * when javac writes the node's class, and javac writes class files one at a time until its first
   * error, the generated ones last (docs/ide.md).
   */
  private static final String OR_FAILED = " Or a compile that failed: javac writes class files one at a time until its"
      + " first error, and the pipeline's generated classes come last";

  /** The message refusing a kernel to rebuild from clean ends with. */
  private static final String REBUILD = "Rebuild the module from clean with javac (mvn clean compile, or the IDE's"
      + " Rebuild Project; a plain mvn compile finds nothing newer to compile)";

  /**
   * Why the kernel of {@code pipeline} must not run, or null: the nodes of {@code translatedFrom}
   * (binary class name to the source stamp its kernel was translated from) whose resource, found
   * through {@code pipeline}'s class loader, holds another source stamp.
   */
  public static String kernelRefusal(Class<?> pipeline, Map<String, String> translatedFrom) {
    List<String> stale = new ArrayList<>();
    boolean unread = false;
    // a stale class that is no node but one the kernel copies from (CLASS_FILE): its constants may be
    // in the node classes too, as javac copied them there
    boolean copied = false;
    // nodes whose class file changed while their stamp did not: compiled without the processor
    List<String> unstamped = new ArrayList<>();
    for (Map.Entry<String, String> node : translatedFrom.entrySet()) {
      String[] now = read(pipeline.getClassLoader(), node.getKey());
      if (now == null) {
        // the kernel was translated from this node's source in the compilation that stamped it, so
        // the stamp was written: that it is not beside the class is no reason to trust the kernel
        String why = missing("the kernel of " + pipeline.getName() + " was translated from " + shown(node.getKey()),
            load(pipeline.getClassLoader(), node.getKey()), "OpenCL would run");
        if (why != null) {
          return why;
        }
        continue;
      }
      boolean helper = now.length > 1 && now[1].startsWith(CLASS_FILE);
      boolean classChanged = classChanged(pipeline.getClassLoader(), node.getKey(), now);
      if (!helper && classChanged && now[0].equals(node.getValue())) {
        unstamped.add(shown(node.getKey()));
      } else if (!now[0].equals(node.getValue()) || classChanged) {
        stale.add(shown(node.getKey()));
        unread |= now[0].equals(UNREAD);
        copied |= helper;
      }
    }
    if (!unstamped.isEmpty()) {
      String names = String.join(", ", unstamped);
      return "the kernel of " + pipeline.getName() + " may be older than " + names + ": "
          + (unstamped.size() == 1 ? names + " was" : "they were") + " compiled again without the processor since"
          + " (javac -proc:none, or an IDE with annotation processing off), which left the stamp beside the class as it"
          + " was, so OpenCL could run the old code while the CPU runs the new. Compile with the processor (in IntelliJ"
          + " IDEA: Settings | Build | Compiler | Annotation Processors | Enable annotation processing). " + REBUILD
          + " to write the kernel again";
    }
    if (stale.isEmpty()) {
      return null;
    }
    String names = String.join(", ", stale);
    String subject = stale.size() == 1 ? names + " was" : "they were";
    return "the kernel of " + pipeline.getName() + " is older than " + names + ": "
        + (unread ? subject + " compiled by a compiler that cannot read method bodies (Eclipse's)"
            : subject + " compiled again without the pipeline (an IDE building only the files that changed?" + OR_FAILED
                + ")")
        + ", so OpenCL would run the old code while the CPU runs the new"
        + (copied ? " (but for the changed constants of a class without @Node: javac copied their old values into the"
            + " classes that read them, which it did not compile again)" : "")
        + ". " + REBUILD + " to write the kernel again";
  }

  /** A class's binary name as a user writes it: {@code p.Outer.Inner} for {@code p.Outer$Inner}. */
  private static String shown(String binaryName) {
    return binaryName.replace('$', '.');
  }

  /**
   * Whether {@code stamps}, a class's resource, give its class file's stamp ({@link #CLASS_FILE}: the
   * second line of a class the kernel copies from, the third of a node), and the class file
   * {@code loader} finds now is another one. Where there is none (a stamp written by Eclipse's
   * compiler, or by an earlier version), or the class file cannot be read (a loader that serves no
   * resources), nothing can be told, and the source's stamp alone is compared.
   */
  private static boolean classChanged(ClassLoader loader, String binaryName, String[] stamps) {
    for (int i = 1; i < stamps.length; i++) {
      if (stamps[i].startsWith(CLASS_FILE)) {
        byte[] now = bytes(loader, binaryName.replace('.', '/') + ".class", binaryName);
        return now != null && !stamps[i].substring(CLASS_FILE.length()).equals(ofClass(now));
      }
    }
    return false;
  }

  /**
   * Whether the declarations' stamp {@code recorded} in generated code and {@code now}, beside the
   * node's class file, describe the same declarations. Each is one stamp, or two separated by a space:
   * the second, of the channels' names, is there only where the compiler gave real parameter names
   * (the node's source, or a class file compiled with {@code -g} or {@code -parameters}), and is compared only when
   * both have it.
   */
  public static boolean declarationsMatch(String recorded, String now) {
    String[] a = recorded.split(" ");
    String[] b = now.split(" ");
    return a[0].equals(b[0]) && (a.length < 2 || b.length < 2 || a[1].equals(b[1]));
  }

  /**
   * Why generated code written from a node's stamp cannot be checked against the class {@code node}, or
   * null where that class comes from no jar or folder: the processor wrote the stamp into the class output
   * of the compilation that compiled both, and it is not beside the class. Plain {@code javac} 17 without
   * {@code -d} writes class files beside the sources and resources into the current folder (javac 18 and
   * later write them beside the sources too); a packaging step may keep only class files (outside-in helper-125: a node changed and compiled alone then ran
   * with the old wiring and kernel, unchecked). {@code subject} says what was written from the stamp,
   * {@code old} what would run the code written before.
   */
  private static String missing(String subject, Class<?> node, String old) {
    java.nio.file.Path at = filePlace(node);
    if (at == null) {
      // a class from no jar or folder (a loader that defines classes from bytes and serves no resources,
      // a jrt: image): there is no place to look, and nothing to compare, as for a node read from a class file
      return null;
    }
    return subject + ", but the stamp the processor wrote beside that class, " + fileName(node.getName())
        + ", is not there (the class comes from " + at + "), so whether the class was compiled again since cannot"
        + " be told, and " + old + " the code written before if it was. The processor writes it into the class"
        + " output with each class file: compile with javac -d (Maven and the IDEs do) and the processor in the same"
        + " compile (javac -proc:only writes no class file, and so no stamp), and keep the " + SUFFIX
        + " resources when packaging the classes";
  }

  /** The jar or folder {@code type} was loaded from, as a path; null where it is not a file (or not known). */
  private static java.nio.file.Path filePlace(Class<?> type) {
    URL at = codeUrl(type);
    try {
      return at == null || !at.getProtocol().equals("file") ? null : java.nio.file.Path.of(at.toURI());
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      return null;
    }
  }


  /**
   * Why the CPU back end refuses node {@code stage} as an object of {@code node}: the generated
   * classes of {@code pipeline} were written in the compilation that compiled the node and stamped it,
   * and the stamp is not beside the node's class ({@link #missing}); null where the class comes from no
   * jar or folder, where there is no place to look.
   */
  public static String declarationsMissing(String pipeline, String stage, Class<?> node) {
    return missing("the generated classes of " + pipeline + " were written from the declarations of " + node.getName()
        + " (node '" + stage + "')", node, "the run would use");
  }

  /** The declarations' stamp beside {@code node}'s class file, or null when there is none. */
  public static String declarationsOf(Class<?> node) {
    String[] now = read(node.getClassLoader(), node.getName());
    return now == null || now.length < 2 ? null : now[1];
  }

  /**
   * Why the CPU back end refuses node {@code stage} as an object of {@code node}: the generated
   * classes of {@code pipeline} were written from other declarations of the node than the class's
   * ({@link #declarationsOf}: its {@code @Max}, a field's role, a {@code @Reduce} operator, the names
   * or order of its channels changed, and the pipeline was not compiled again). A node whose body alone changed runs: the CPU back end
   * calls the class as compiled.
   */
  public static String declarationsStale(String pipeline, String stage, Class<?> node) {
    String older = "the generated classes of " + pipeline + " are older than the declarations of " + node.getName()
        + " (node '" + stage + "'): ";
    String nodeFrom = location(node);
    String pipelineFrom = location(pipelineClass(pipeline, node));
    if (nodeFrom != null && pipelineFrom != null && !nodeFrom.equals(pipelineFrom)) {
      // a node from a library (a jar, another module) that changed after the pipeline's module was built
      return older + "it comes from " + nodeFrom + ", which changed after the pipeline was compiled in " + pipelineFrom
          + ", so the run would use the channels, field roles and operators it had before. Compile the pipeline's"
          + " module again against it to write them again: in one Maven build, mvn clean compile at the root of both"
          + " modules (in the pipeline's module alone, once the node's module is installed: mvn install there first),"
          + " or the IDE's Rebuild Project";
    }
    return older + "it was compiled again without the pipeline (an IDE building only the files that"
        + " changed?" + OR_FAILED + "), so the run would use the channels, field roles and operators it had before. " + REBUILD
        + " to write them again";
  }

  /** The pipeline interface named {@code name}, as the node's class loader or the thread's sees it; null if neither. */
  private static Class<?> pipelineClass(String name, Class<?> node) {
    for (ClassLoader loader : new ClassLoader[] {Thread.currentThread().getContextClassLoader(), node.getClassLoader()}) {
      try {
        return Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError | SecurityException e) {
        // the next loader, else none
      }
    }
    return null;
  }

  /** Class {@code binaryName} through {@code loader}, not initialized; null where it cannot be loaded. */
  private static Class<?> load(ClassLoader loader, String binaryName) {
    try {
      return Class.forName(binaryName, false, loader);
    } catch (ClassNotFoundException | LinkageError | SecurityException e) {
      return null;
    }
  }

  /** Where {@code type} was loaded from (the path of its jar or class folder), or null when that is not known. */
  private static String location(Class<?> type) {
    // a jar or folder is named by its path, as a user sees it
    java.nio.file.Path file = filePlace(type);
    if (file != null) {
      return file.toString();
    }
    URL at = codeUrl(type);
    return at == null ? null : at.toString();
  }

  /** The URL of the jar or folder {@code type} was loaded from; null where it is not known. */
  private static URL codeUrl(Class<?> type) {
    try {
      java.security.CodeSource source = type == null ? null : type.getProtectionDomain().getCodeSource();
      return source == null ? null : source.getLocation();
    } catch (SecurityException e) {
      return null;
    }
  }

  /** The stamps in {@code binaryName}'s resource, one per line (source, declarations), or null when there is none. */
  private static String[] read(ClassLoader loader, String binaryName) {
    byte[] text = bytes(loader, resource(binaryName), binaryName);
    return text == null ? null : lines(text);
  }

  /**
   * Resource {@code name} beside class {@code binaryName}: through {@code loader}, else from the jar or
   * folder the class was loaded from; null when there is none.
   */
  private static byte[] bytes(ClassLoader loader, String name, String binaryName) {
    URL url = loader == null ? ClassLoader.getSystemResource(name) : loader.getResource(name);
    if (url == null) {
      // a class loader finds a resource of a named module's package only when the package is open to
      // every module, which `opens p to aparapi` is not: the check was skipped there, and a stale
      // kernel ran (outside-in helper-123). The class's own jar or folder holds the resource still
      return besideClass(loader, name, binaryName);
    }
    try (InputStream in = url.openStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      return null;
    }
  }

  private static String[] lines(byte[] text) {
    return new String(text, StandardCharsets.UTF_8).strip().split("\\R");
  }

  /**
   * Resource {@code name} read from the jar or folder class {@code binaryName} was loaded from (not
   * through a class loader, which a module's encapsulation stops), or null when there is none or the
   * class's place is not a file.
   */
  private static byte[] besideClass(ClassLoader loader, String name, String binaryName) {
    java.nio.file.Path place = filePlace(load(loader, binaryName));
    if (place == null) {
      return null;
    }
    try {
      if (java.nio.file.Files.isDirectory(place)) {
        java.nio.file.Path file = place.resolve(name);
        return java.nio.file.Files.isRegularFile(file) ? java.nio.file.Files.readAllBytes(file) : null;
      }
      try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(place.toFile())) {
        java.util.zip.ZipEntry entry = jar.getEntry(name);
        if (entry == null) {
          return null;
        }
        try (InputStream in = jar.getInputStream(entry)) {
          return in.readAllBytes();
        }
      }
    } catch (IOException | SecurityException e) {
      return null;
    }
  }
}
