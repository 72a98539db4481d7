package dev.sluice.processor.write;

import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.TypeSpec;
import dev.sluice.processor.read.Packages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The types of a pipeline's package named like a {@code java.lang} one ({@code Record}, {@code Math}),
 * which hide that one from the classes generated there. Where the generated code names the
 * {@code java.lang} type through JavaPoet, it writes it with its package ({@code alwaysQualify});
 * where a piece of generated code names it in its text ({@code Math.max(...)}, {@code Object[]}), no
 * import can help, and the pipeline is refused (SLU130). So only the names the generated code
 * spells out are refused, not every {@code java.lang} name.
 */
final class JavaLangNames {
  private JavaLangNames() {}

  /**
   * The types of package {@code pkg} named like a public {@code java.lang} type, by simple name. Each
   * {@code java.lang} name is looked up in the package: listing the package's members instead makes
   * javac read its source path, which parses again a file already being compiled that holds a class of
   * another name (Helpers.java with class Aux): "duplicate class" (outside-in helper-75).
   */
  static Map<String, TypeElement> hiddenIn(String pkg, Elements elements) {
    Map<String, TypeElement> out = new LinkedHashMap<>();
    Element javaLang = elements.getTypeElement("java.lang.Object").getEnclosingElement();
    for (Element lang : javaLang.getEnclosedElements()) {
      String simple = lang.getSimpleName().toString();
      TypeElement type = lang instanceof TypeElement && lang.getModifiers().contains(Modifier.PUBLIC)
          ? elements.getTypeElement(pkg.isEmpty() ? simple : pkg + "." + simple) : null;
      if (type != null && Packages.of(type).getQualifiedName().contentEquals(pkg)) {
        out.put(simple, type);
      }
    }
    return out;
  }

  /** A name of {@code names} that {@code type}'s code spells out, and the line it is on. */
  record Spelled(String name, String line) {}

  /**
   * The first of {@code names} that {@code type}, which has those names to qualify ({@code
   * TypeSpec.Builder.alwaysQualify}), still spells out by its simple name: written in another package,
   * every type JavaPoet names (the user's of the pipeline's package too) comes out with its package, so
   * what is left is text of the generated code.
   */
  static Optional<Spelled> spelledOut(TypeSpec type, Set<String> names) {
    if (names.isEmpty()) {
      return Optional.empty();
    }
    return bare(JavaFile.builder("sluice.spelling", type).skipJavaLangImports(true).build().toString(), names);
  }

  /**
   * The first identifier of {@code names} in Java source {@code text}, outside comments and literals,
   * that may stand for a type: not qualified (after a {@code .}), not a method's name (before a
   * {@code (}, unless after {@code new}), and not a variable's (after a type or a word such as
   * {@code return}, before {@code ;}, {@code =}, {@code ,} or {@code )}: a stage named like the type
   * gives generated methods and fields that name, outside-in helper-140). Where it cannot tell, it
   * counts the name as a type, which refuses a pipeline rather than let one fail to compile.
   */
  static Optional<Spelled> bare(String text, Set<String> names) {
    List<Token> tokens = tokens(text);
    for (int k = 0; k < tokens.size(); k++) {
      Token t = tokens.get(k);
      if (!t.word() || !names.contains(t.text())) {
        continue;
      }
      String before = k > 0 ? tokens.get(k - 1).text() : "";
      String after = k + 1 < tokens.size() ? tokens.get(k + 1).text() : "";
      boolean typeFollows = TYPE_FOLLOWS.contains(before);
      boolean qualified = before.equals(".");
      boolean method = after.equals("(") && !typeFollows;
      boolean variable = (k > 0 && tokens.get(k - 1).word() && !typeFollows || before.equals(">") || before.equals("]"))
          && (after.equals(";") || after.equals("=") || after.equals(",") || after.equals(")"));
      if (!qualified && !method && !variable) {
        int at = t.at();
        return Optional.of(new Spelled(t.text(), text.substring(text.lastIndexOf('\n', at) + 1, lineEnd(text, at)).strip()));
      }
    }
    return Optional.empty();
  }

  /** The tokens after which a name is a type's: {@code new Record(}, {@code @Deprecated(}, {@code instanceof Record)}. */
  private static final Set<String> TYPE_FOLLOWS = Set.of("new", "@", "instanceof", "extends", "implements", "throws",
      "super");

  /** A token of generated code: a word (identifier or keyword) or one other character, at {@code at}. */
  private record Token(String text, int at, boolean word) {}

  /** The tokens of {@code text}, comments and literals left out (a literal is one token, "0"). */
  private static List<Token> tokens(String text) {
    List<Token> out = new ArrayList<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
        i = lineEnd(text, i);
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c == '"' || c == '\'') {
        String close = c == '"' && text.startsWith("\"\"\"", i) ? "\"\"\"" : String.valueOf(c);
        int start = i;
        i += close.length();
        while (i < n && !text.startsWith(close, i)) {
          i += text.charAt(i) == '\\' ? 2 : 1;
        }
        i = Math.min(n, i + close.length());
        out.add(new Token("0", start, false));
      } else if (Character.isJavaIdentifierStart(c)) {
        int start = i;
        while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
          i++;
        }
        out.add(new Token(text.substring(start, i), start, true));
      } else {
        if (!Character.isWhitespace(c)) {
          out.add(new Token(String.valueOf(c), i, false));
        }
        i++;
      }
    }
    return out;
  }

  private static int lineEnd(String text, int from) {
    int end = text.indexOf('\n', from);
    return end < 0 ? text.length() : end;
  }
}
