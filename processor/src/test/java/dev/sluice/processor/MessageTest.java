package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.sluice.processor.diagnostics.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The message enum: stable, unique codes in the right ranges, the printed prefix, and the table in
 * docs/processor.md, which mirrors it exactly.
 */
class MessageTest {
  @Test
  void codesAreUniqueAndPrefixed() {
    Set<String> codes = new HashSet<>();
    for (Message m : Message.values()) {
      assertWithMessage("duplicate code %s", m.code()).that(codes.add(m.code())).isTrue();
      assertThat(m.code()).matches("SLU[1-6]\\d\\d|SLU999");
      assertThat(m.format()).doesNotContain("SLU");
    }
  }

  @Test
  void printedTextStartsWithTheCode() {
    assertThat(Message.NO_SOURCE.text("P")).isEqualTo("[SLU105] pipeline P has no @Source method");
  }

  @Test
  void codesAreStable() {
    // renumbering a message breaks users' builds and docs: these are part of the contract
    assertThat(Message.UNKNOWN_STAGE.code()).isEqualTo("SLU101");
    assertThat(Message.CYCLE.code()).isEqualTo("SLU104");
    assertThat(Message.NODE_NOT_FINAL.code()).isEqualTo("SLU202");
    assertThat(Message.STATE_WRITTEN_IN_RUN.code()).isEqualTo("SLU305");
    assertThat(Message.UNSUPPORTED_ITEM_TYPE.code()).isEqualTo("SLU401");
    assertThat(Message.REGION_OVERLAP.code()).isEqualTo("SLU501");
    assertThat(Message.INTERNAL_ERROR.code()).isEqualTo("SLU999");
  }

  @Test
  void categoriesMatchTheirRanges() {
    assertThat(Message.FAN_IN_WITH_SIGNAL.code()).startsWith("SLU1");
    assertThat(Message.HANDLER_SIGNATURE.code()).startsWith("SLU2");
    assertThat(Message.REDUCE_MISUSED.code()).startsWith("SLU3");
    assertThat(Message.TYPE_MISMATCH.code()).startsWith("SLU4");
    assertThat(Message.USER_SIGNAL_UNHANDLED.code()).startsWith("SLU5");
    assertThat(Message.USER_SIGNAL_UNHANDLED.kind()).isEqualTo(javax.tools.Diagnostic.Kind.WARNING);
    assertThat(Message.BODY_CHECKS_SKIPPED.kind()).isEqualTo(javax.tools.Diagnostic.Kind.NOTE);
  }

  @Test
  void theTableInTheDocsEqualsTheEnum() throws IOException {
    Path doc = Path.of("..", "docs", "processor.md");
    List<String> rows = new ArrayList<>();
    for (String line : Files.readAllLines(doc)) {
      if (line.startsWith("| SLU")) {
        rows.add(line);
      }
    }
    List<String> expected = new ArrayList<>();
    for (Message m : Message.values()) {
      expected.add("| " + m.code() + " | " + m.kind() + " | `" + m.name() + "` | "
          + m.format().replace("|", "\\|") + " |");
    }
    assertWithMessage("the rows of the message table in %s, in enum order", doc).that(rows)
        .containsExactlyElementsIn(expected).inOrder();
  }

  @Test
  void theUserGuideExplainsEveryCode() throws IOException {
    // the guide's "Compile errors" tables: one row per code, with what it means and the fix; SLU999
    // (an internal error) has a section of its own
    Path guide = Path.of("..", "docs", "user-guide.md");
    List<String> explained = new ArrayList<>();
    for (String line : Files.readAllLines(guide)) {
      if (line.matches("\\| SLU\\d{3} \\|.*")) {
        explained.add(line.substring(2, 8));
      }
    }
    List<String> codes = new ArrayList<>();
    for (Message m : Message.values()) {
      if (!m.code().equals("SLU999")) {
        codes.add(m.code());
      }
    }
    codes.sort(null);
    assertWithMessage("the codes the tables of %s explain, in numeric order", guide).that(explained)
        .containsExactlyElementsIn(codes).inOrder();
  }
}
