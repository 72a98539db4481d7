package dev.sluice.processor.write;

import static com.google.common.truth.Truth.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** What counts as spelling a name out in generated code's text: a bare identifier, in code. */
class JavaLangNamesTest {
  /** The name spelled out and its line, or null. */
  private static String bare(String text, String... names) {
    return JavaLangNames.bare(text, Set.of(names)).map(s -> s.name() + " in " + s.line()).orElse(null);
  }

  @Test
  void aBareNameInCodeIsSpelledOut() {
    assertThat(bare("class A {\n  long m = Math.max(1, 2);\n}", "Math")).isEqualTo("Math in long m = Math.max(1, 2);");
    assertThat(bare("Object[] columns = (Object[]) data;", "Object")).isEqualTo("Object in Object[] columns = (Object[]) data;");
    assertThat(bare("x = new Record[4];", "Record")).isEqualTo("Record in x = new Record[4];");
  }

  @Test
  void aQualifiedNameAnotherIdentifierCommentsAndLiteralsAreNot() {
    assertThat(bare("java.lang.Math.max(1, 2); java . lang . Record r;", "Math", "Record")).isNull();
    assertThat(bare("int MathOps = Records + 1;", "Math", "Record")).isNull();
    assertThat(bare("// Math here\n/* and Math\n there */ int a;", "Math")).isNull();
    assertThat(bare("String s = \"Math \\\" Math\"; char c = '\\''; String t = \"\"\"\n  Math\n  \"\"\";", "Math")).isNull();
    assertThat(bare("@java.lang.Override void run() {}", "Override")).isNull();
  }

  /** A stage named like the type names generated methods and fields so (outside-in helper-140). */
  @Test
  void aMethodsOrAVariablesNameIsNot() {
    assertThat(bare("public Builder Thread(Supplier<? extends p.Thread> factory) {", "Thread")).isNull();
    assertThat(bare("private final List<p.Record> Record; p.Record[] Record = x; int f(long Record) { return Record; }",
        "Record")).isNull();
    assertThat(bare("x = Thread(); this.Thread(); y = o.Thread();", "Thread")).isNull();
  }

  @Test
  void aNameWhereATypeFollowsIs() {
    assertThat(bare("x = new Thread(r);", "Thread")).isEqualTo("Thread in x = new Thread(r);");
    assertThat(bare("@Deprecated(since = \"1\") int a;", "Deprecated")).isNotNull();
    assertThat(bare("if (o instanceof Record) {}", "Record")).isNotNull();
    assertThat(bare("x = (Record) o;", "Record")).isNotNull();
    assertThat(bare("Map<String, Long> m;", "Long")).isNotNull();
    assertThat(bare("Class<?> c = Record.class;", "Record")).isNotNull();
  }
}
