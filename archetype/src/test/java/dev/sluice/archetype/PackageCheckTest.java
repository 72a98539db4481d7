package dev.sluice.archetype;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The archetype's post-generate script refuses a package that is not a Java package name, which the
 * archetype plugin takes from the groupId (outside-in helper-43: 'org.my-co' gave a project whose every
 * file failed to compile on line 1), and accepts every package Java does.
 */
class PackageCheckTest {
  static final Path SCRIPT = Path.of("src/main/resources/META-INF/archetype-post-generate.groovy");

  /** What the archetype plugin hands the script: the request's properties and where it wrote. */
  public static final class Request {
    private final Properties properties = new Properties();

    private final String pkg;

    String groupId = "org.example";

    String artifactId = "my-pipeline";

    Request(String pkg) {
      this(pkg, true);
    }

    /** With {@code asProperty} false, only {@code getPackage()} has it, as some callers set it. */
    Request(String pkg, boolean asProperty) {
      this.pkg = pkg;
      if (asProperty && pkg != null) {
        properties.setProperty("package", pkg);
      }
    }

    public Properties getProperties() {
      return properties;
    }

    public String getPackage() {
      return pkg;
    }

    public String getOutputDirectory() {
      return "/work";
    }

    public String getArtifactId() {
      return artifactId;
    }

    public String getGroupId() {
      return groupId;
    }
  }

  static void run(String pkg) throws IOException {
    run(new Request(pkg));
  }

  static void run(Request request) throws IOException {
    Binding binding = new Binding();
    binding.setVariable("request", request);
    new GroovyShell(binding).evaluate(Files.readString(SCRIPT));
  }

  /** review: a caller that sets the package only on the request, or none at all, is not an NPE. */
  @Test
  void thePackageIsReadFromTheRequestEitherWay() {
    assertThrows(IllegalArgumentException.class, () -> run(new Request("org.my-co", false)));
    assertDoesNotThrow(() -> run(new Request("org.example", false)));
    assertDoesNotThrow(() -> run(new Request(null, false)));
  }

  static String refusal(String pkg) {
    return assertThrows(IllegalArgumentException.class, () -> run(pkg)).getMessage();
  }

  @Test
  void javaPackageNamesAreAccepted() {
    for (String pkg : new String[] {"org.example", "acme", "com.acme.data.pipelines.v2", "org.ex_ample.p1",
        "com.Acme.MyData", "org.record.var.yield", "org.exämple.données", "org.ex$mple"}) {
      assertDoesNotThrow(() -> run(pkg), pkg);
    }
  }

  @Test
  void otherNamesAreRefusedNamingTheSegmentAndTheWayOut() {
    String tail = ", so the project generated in " + new File("/work", "my-pipeline") + " does not compile; remove"
        + " the files generated there and generate again with -Dpackage=<a Java package name> (the package defaults"
        + " to the groupId)";
    assertEquals("the package 'org.my-co' has 'my-co', which is not a Java identifier, as a segment" + tail,
        refusal("org.my-co"));
    assertEquals("the package 'org.example.int' has the Java keyword 'int' as a segment" + tail,
        refusal("org.example.int"));
    assertEquals("the package 'com.new.thing' has the Java keyword 'new' as a segment" + tail,
        refusal("com.new.thing"));
    assertEquals("the package 'org..example' has an empty segment" + tail, refusal("org..example"));
    assertEquals("the package '2fast.io' has '2fast', which is not a Java identifier, as a segment" + tail,
        refusal("2fast.io"));
  }

  /**
   * A package in java.* compiles and is refused by the JVM at run time, and a groupId or artifactId
   * Maven refuses fails the first build: each is refused at generation (outside-in helper-72).
   */
  @Test
  void namesThatCompileButDoNotRunOrBuildAreRefused() {
    assertEquals("the package 'java.flow' is in java.*, which the JVM keeps for the JDK's own classes, so the project"
        + " generated in " + new File("/work", "my-pipeline") + " compiles but does not run; remove the files generated"
        + " there and generate again with -Dpackage=<another package>", refusal("java.flow"));
    assertDoesNotThrow(() -> run("javax2.flow"));
    assertDoesNotThrow(() -> run("org.javaflow"));
    for (String groupId : new String[] {"org.gr\u00f6\u00dfe", "org.a$b"}) {
      Request r = new Request("org.ok");
      r.groupId = groupId;
      String m = assertThrows(IllegalArgumentException.class, () -> run(r)).getMessage();
      assertEquals("the groupId '" + groupId + "' has characters Maven refuses in one (it takes letters A-Z and a-z,"
          + " digits, '_', '-' and '.'), so the project generated in " + new File("/work", "my-pipeline") + " does not"
          + " build; remove the files generated there and generate again with another -DgroupId", m);
    }
    Request odd = new Request("org.ok");
    odd.groupId = "com.acme2_x-y";
    odd.artifactId = "odd.pipe-line";
    assertDoesNotThrow(() -> run(odd));
  }
}
