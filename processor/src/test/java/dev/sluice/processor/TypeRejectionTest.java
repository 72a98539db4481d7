package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.sluice.processor.Sources.assertError;
import static dev.sluice.processor.Sources.compile;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.rejects;
import static dev.sluice.processor.Sources.sluiceErrors;

import com.google.testing.compile.Compilation;
import dev.sluice.processor.diagnostics.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Item types (SLU4xx): int, long, float, double, or records of those, everywhere items travel. */
class TypeRejectionTest {
  private static final String RECORDS = """
      record Named(String name, int n) {}
      record Line(int start, int end) {}
      record Nested(Line line) {}
      """;

  @Test
  void sourceOfStrings() {
    rejects(java("P", RECORDS + """
        @Pipeline interface P {
          @Source String in();
          @Sink @From("in") int out();
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "@Source String in()", "java.lang.String is not a supported item type");
  }

  /** A record of no components carries nothing; it used to reach an internal error (SLU999) in the writer. */
  @Test
  void sourceOfEmptyRecord() {
    rejects(java("P", RECORDS + """
        record Empty() {}
        @Pipeline interface P {
          @Source Empty in();
          @Sink @From("in") int out();
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "@Source Empty in()", "t.Empty is not a supported item type",
        "one or more components");
  }

  @Test
  void channelOfEmptyRecord() {
    rejects(java("P", RECORDS + """
        record Empty() {}
        @Node final class Mark { void run(int x,
            Out<Empty> out) { } }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Out<Empty> out", "t.Empty is not a supported item type");
  }

  /** outside-in helper-42: 'Out<?>' said '? is not a supported item type' with no channel named. */
  @Test
  void aWildcardChannelIsNamed() {
    rejects(java("P", RECORDS + """
        @Node final class Mark { void run(int x,
            Out<?> marks) { } }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Out<?> marks", "? is not a supported item type on channel 'marks':");
  }

  @Test
  void rawRaiseNamesItsMissingTypeArgument() {
    rejects(java("P", RECORDS + """
        @Node final class Mark { @SuppressWarnings("rawtypes") void run(int x,
            Raise flush) { } }
        """), Message.NOT_A_SIGNAL_TAG, "Raise flush)", "Raise without a type argument (Raise<T>) is used as a user signal");
  }

  @Test
  void itemOfEmptyRecordInANodeNoPipelineUses() {
    // each node is checked on its own: this was reported only where a pipeline's source fed it
    rejects(java("P", RECORDS + """
        record Empty() {}
        @Node final class Take { void run(Empty e) { } }
        """), Message.UNSUPPORTED_ITEM_TYPE, "void run(Empty e)", "t.Empty is not a supported item type");
  }

  /** A @SignalTag record may be a bare marker: raised, handled, and translated into the kernel. */
  @Test
  void emptySignalTagIsFine() {
    com.google.testing.compile.Compilation c = Sources.compile(java("P", """
        @SignalTag record Flush() {}
        @Node final class Mark { void run(int x, IntOut out, Raise<Flush> flush) { out.push(x); if (x == 0) flush.raise(new Flush()); } }
        @Node final class Catch { void run(int x, IntOut out) { out.push(x); }
                                  @SignalHandler void flush(Flush f, IntOut out) { out.push(-1); } }
        @Pipeline interface P {
          @Source int in();
          @From("in") Mark mark();
          @From("mark") Catch c();
          @Sink @From("c") int out();
        }
        """));
    com.google.testing.compile.CompilationSubject.assertThat(c).succeededWithoutWarnings();
    com.google.testing.compile.CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  @Test
  void sinkOfRecordWithObjectComponent() {
    rejects(java("P", RECORDS + """
        @Pipeline interface P {
          @Source int in();
          @Sink @From("in") Named out();
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Named out()", "t.Named");
  }

  @Test
  void sourceOfNestedRecord() {
    rejects(java("P", RECORDS + """
        @Pipeline interface P {
          @Source Nested in();
          @Sink @From("in") int out();
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Nested in()", "t.Nested");
  }

  @Test
  void runItemOfBoxedType() {
    rejects(java("N", RECORDS + """
        @Node final class N {
          void run(Integer x) { }
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Integer x", "java.lang.Integer is not a supported item type (the boxed int:"
        + " take int, and push ints on an IntOut, not an Out<Integer>)");
  }

  /** Out<Integer> for IntOut, a newcomer's guess (outside-in helper-72), is told the channel to take. */
  @Test
  void channelOfBoxedType() {
    rejects(java("N", RECORDS + """
        @Node final class N {
          void run(int x, Out<Long> out) { }
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Out<Long> out", "(the boxed long: take long, and push longs on a LongOut,"
        + " not an Out<Long>)");
  }

  @Test
  void genericRecordSaysWhy() {
    rejects(java("P", """
        record Box<T>(int a) {}
        @Pipeline interface P {
          @Source Box<String> in();
          @Sink @From("in") int out();
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Box<String> in()", "t.Box<java.lang.String> is not a supported item type"
        + " (a record with type parameters");
  }

  @Test
  void recordComponentSaysWhy() {
    rejects(java("P", """
        record Flagged(int a, boolean ok) {}
        @Pipeline interface P {
          @Source Flagged in();
          @Sink @From("in") int out();
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Flagged in()", "(its component 'ok' is a boolean)");
  }

  /**
   * A record with a component of another type, used by the source, a node's item and channel and the
   * sink, is refused once, where it is first met (helper-89: once per use, six errors for one fault).
   */
  @Test
  void aBadRecordIsRefusedOnceForAllItsUses() {
    rejects(java("P", """
        record Flagged(int a, short b) {}
        @Node final class N {
          public void run(Flagged f, Out<Flagged> out) { out.push(f); }
        }
        @Pipeline interface P {
          @Source Flagged in();
          @From("in") N n();
          @Sink @From("n") Flagged out();
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Flagged f", "(its component 'b' is a short)");
  }

  /**
   * A bad item type does not hide a bad channel type of the same run, and an array component reads
   * "an int[]" (outside-in helper-50: only the first was reported, and "a int[]").
   */
  @Test
  void aBadItemAndABadChannelOfOneRun() {
    JavaFileObject f = java("N", """
        record Bytes(int a, int[] rest) {}
        record Chars(char c) {}
        @Node final class N {
          void run(Bytes b,        // item
                   Out<Chars> out) { }   // channel
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.UNSUPPORTED_ITEM_TYPE, f, "// item", "t.Bytes is not a supported item type (its component 'rest' is an int[])");
    assertError(c, Message.UNSUPPORTED_ITEM_TYPE, f, "// channel", "t.Chars");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  @Test
  void outOfUnsupportedRecord() {
    rejects(java("N", RECORDS + """
        @Node final class N {
          void run(int x,
                   Out<Named> out) { }
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Out<Named> out", "t.Named");
  }

  @Test
  void rawOut() {
    rejects(java("N", RECORDS + """
        @SuppressWarnings("rawtypes")
        @Node final class N {
          void run(int x,
                   Out out) { }
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Out out", "Out without a type argument is not a supported item type",
        "declare channel 'out' as Out<R>, or as IntOut");
  }

  @Test
  void parentOfUnsupportedType() {
    rejects(java("N", RECORDS + """
        @Node final class N {
          void run(int x,
                   @Parent Named parent) { }
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "@Parent Named parent", "t.Named");
  }

  @Test
  void countOfUnsupportedParent() {
    rejects(java("N", RECORDS + """
        @Node @Region final class N {
          int count(Named parent) { return 1; }
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Named parent", "t.Named");
  }

  @Test
  void raisingARecordThatIsNotATag() {
    rejects(java("N", RECORDS + """
        @Node final class N {
          void run(int x,
                   Raise<Line> raise) { }
        }
        """), Message.NOT_A_SIGNAL_TAG, "Raise<Line> raise", "t.Line is used as a user signal but is not a record annotated @SignalTag");
  }

  @Test
  void signalTagWithUnsupportedComponent() {
    rejects(java("N", RECORDS + """
        @SignalTag record Bad(String why) {}
        @Node final class N {
          void run(int x) { }
          @SignalHandler void on(Bad bad) { }
        }
        """), Message.BAD_SIGNAL_TAG, "void on(Bad bad)", "signal tag t.Bad cannot be used (its component 'why' is a"
        + " java.lang.String): a @SignalTag is a record");
  }

  /** A tag's message speaks of tags, which may have no components (outside-in helper-83). */
  @Test
  void raisingATagWithABooleanComponent() {
    rejects(java("N", RECORDS + """
        @SignalTag record Flag(boolean on) {}
        @Node final class N {
          void run(int x,
                   Raise<Flag> raise) { }
        }
        """), Message.BAD_SIGNAL_TAG, "Raise<Flag> raise", "signal tag t.Flag cannot be used (its component 'on' is a"
        + " boolean)", "whose components, if it has any, are int, long, float or double");
  }

  /** A class annotated @SignalTag is told it is no record, not that it lacks the annotation. */
  @Test
  void raisingAnAnnotatedClass() {
    rejects(java("N", RECORDS + """
        @SignalTag final class Tick {}
        @Node final class N {
          void run(int x,
                   Raise<Tick> raise) { }
        }
        """), Message.NOT_A_SIGNAL_TAG, "Raise<Tick> raise", "t.Tick is used as a user signal but is not a record"
        + " annotated @SignalTag (it is annotated @SignalTag, but a class, not a record)");
  }

  /** An enum as an item says it is an enum. */
  @Test
  void anEnumItemSaysSo() {
    rejects(java("N", RECORDS + """
        enum Color { RED }
        @Node final class N {
          void run(Color c) { }
        }
        """), Message.UNSUPPORTED_ITEM_TYPE, "Color c", "t.Color is not a supported item type (an enum, not a record)");
  }
}
