package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.sluice.processor.Sources.assertError;
import static dev.sluice.processor.Sources.compile;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.rejects;
import static dev.sluice.processor.Sources.sluiceErrors;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.sluice.processor.diagnostics.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Access modes in method bodies (SLU305-308), found through the Trees API on the exact line. */
class BodyRejectionTest {
  /**
   * A record that declares its canonical constructor in the class that holds a node (outside-in
   * helper-50): javac 17 and 25 refused the valid constructor ("invalid canonical constructor ... must
   * not contain explicit constructor invocation", JDK-8387215) once the processor had read the node's
   * body. SLU314 says why and where, once per record, and no body of that class is read, so javac's
   * own error does not follow.
   */
  @Test
  void aRecordThatDeclaresItsCanonicalConstructorBesideNodes() {
    JavaFileObject f = java("Outer", """
        final class Outer {
          record Checked(int a) {
            Checked {                                       // compact
              if (a < 0) throw new IllegalArgumentException();
            }
          }
          static final class Deeper {
            record Full(int b) {
              Full(int b) { this.b = Math.max(0, b) - Math.max(0, b) + b; }   // written out
            }
            record Other(int c) { Other(long c) { this((int) c); } }    // not canonical: fine
          }
          @Node static final class First { void run(int x) { } }
          @Node static final class Second { void run(int x) { } }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.RECORD_CONSTRUCTOR_BESIDE_NODE, f, "// compact", "record Checked declares its canonical"
        + " constructor and shares t.Outer with node First", "JDK-8387215", "declare Checked in a file of its own");
    assertError(c, Message.RECORD_CONSTRUCTOR_BESIDE_NODE, f, "// written out", "record Full");
    assertThat(sluiceErrors(c)).hasSize(2);
    assertThat(c.errors()).hasSize(2);
    // in a file of its own, the record is not attributed with the node, and all compiles
    CompilationSubject.assertThat(compile(java("Checked", """
        record Checked(int a) {
          Checked { if (a < 0) throw new IllegalArgumentException(); }
        }
        """), java("First", "@Node final class First { void run(int x) { } }"))).succeededWithoutWarnings();
  }

  @Test
  void stateAssignedInRunEveryWay() {
    JavaFileObject f = java("N", """
        @Node final class Count {
          @State int count;
          void run(int x) {
            int local = count;         // reading state is fine
            count = local;             // bare
            this.count += 2;           // compound, qualified
            count++;                   // increment
            --this.count;              // decrement
          }
          @SignalHandler void noop(Tag t) { count = 0; }  // fine in a handler
        }
        @SignalTag record Tag(int id) {}
        """);
    Compilation c = compile(f);
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// bare", "@State field 'count' is assigned in run(...)",
        "make it a @Reduce field");
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// compound");
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// increment");
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// decrement");
    assertThat(sluiceErrors(c)).hasSize(4);
  }

  @Test
  void stateAssignedInCount() {
    rejects(java("N", """
        record Line(int start, int end) {}
        @Node @Region final class E {
          @State int seen;
          int count(Line l) {
            seen = 1;
            return l.end() - l.start();
          }
        }
        """), Message.STATE_WRITTEN_IN_RUN, "seen = 1", "count(...)");
  }

  @Test
  void reduceUpdatedOnlyWithItsOperator() {
    JavaFileObject f = java("N", """
        @Node final class R {
          @Reduce(ReduceOp.SUM) long total;
          @Reduce(ReduceOp.MAX) int top;
          @Reduce(ReduceOp.PRODUCT) double prod;
          @Reduce(ReduceOp.OR) int bits;
          void run(int x) {
            total += x;
            total++;
            ++this.total;
            top = Math.max(top, x);
            top = Math.max(x, this.top);
            prod *= 2;
            bits |= x;
            total = total + x;         // plain assignment
            int y = top;               // read
            top = Math.min(top, x);    // wrong operator
            bits &= x;                 // wrong operator
            total += total;            // reads itself
            x = (int) (total -= 1);    // not a statement
            x = (int) (total += 1);    // inside an expression
            java.util.function.IntConsumer add = v -> total += v;
            java.util.function.IntConsumer more = v -> { total += v; };
            add.accept(x);
            more.accept(x);
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.REDUCE_MISUSED, f, "// plain assignment", "@Reduce(SUM) field 'total' may only be updated as 'total += e' or 'total++' in run(...)");
    assertError(c, Message.REDUCE_MISUSED, f, "// read", "@Reduce(MAX) field 'top'");
    assertError(c, Message.REDUCE_MISUSED, f, "// wrong operator", "'top = Math.max(top, e)'");
    assertError(c, Message.REDUCE_MISUSED, f, "bits &= x;", "'bits |= e'");
    assertError(c, Message.REDUCE_MISUSED, f, "// reads itself");
    // the right operator, but inside an expression: the message says so (outside-in helper-134 read
    // 'total += e' refused where a lambda's body was 'total += v', which is a statement, now accepted)
    assertError(c, Message.REDUCE_MISUSED, f, "// not a statement");
    assertError(c, Message.REDUCE_MISUSED, f, "// inside an expression",
        "here it is part of a larger expression: make it a statement of its own");
    assertThat(sluiceErrors(c)).hasSize(7);
    assertThat(sluiceErrors(c).stream().filter(e -> e.contains("larger expression")).count()).isEqualTo(1);
  }

  @Test
  void anIntegralReduceUpdatedWithAFloatingValueIsRefused() {
    // outside-in: int += double rounds at every update, so each back end (and each instance count)
    // gave another total; an int += long wraps, which combines exactly
    JavaFileObject f = java("N", """
        @Node final class R {
          @Reduce(ReduceOp.SUM) int whole;
          @Reduce(ReduceOp.PRODUCT) long scaled;
          @Reduce(ReduceOp.SUM) float approx;
          void run(double x) {
            whole += x;                // double into an int
            scaled *= 1.5f;            // float into a long
            whole += (int) x;
            whole += (long) x;
            approx += x;               // double into a float
            approx += (float) x;
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.REDUCE_ROUNDED, f, "// double into an int",
        "@Reduce(SUM) field 'whole' (int) is updated with a double value: Java rounds the result back to int at every"
            + " update", "convert the value first ('whole += (int) (...)'), or make the field a double");
    assertError(c, Message.REDUCE_ROUNDED, f, "// float into a long", "@Reduce(PRODUCT) field 'scaled' (long)",
        "or make the field a float or a double");
    // a float field's sum made in double and rounded at every update (outside-in helper-82)
    assertError(c, Message.REDUCE_ROUNDED, f, "// double into a float",
        "@Reduce(SUM) field 'approx' (float) is updated with a double value",
        "convert the value first ('approx += (float) (...)'), or make the field a double");
    assertThat(sluiceErrors(c)).hasSize(3);
  }

  @Test
  void reduceMayBeReadInHandlers() {
    Compilation c = compile(java("N", """
        @Node final class R {
          @Reduce(ReduceOp.MIN) float low;
          @State float last;
          void run(float x) { low = Math.min(low, x); }
          @SignalHandler void show(Tag t) { last = low; }
        }
        @SignalTag record Tag(int id) {}
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void paramAssignedOutsideConstructor() {
    JavaFileObject f = java("N", """
        @Node final class P {
          @Param int k;
          @Param final byte[] text;
          P(byte[] text, int k) { this.text = text; this.k = k; }
          void run(int x) {
            k = x;                     // param assigned
            text[x] = 0;               // element written
            text[x]++;                 // element incremented
          }
          @SignalHandler void reset(Tag t) { this.k = 0; text[0] = 1; }
        }
        @SignalTag record Tag(int id) {}
        """);
    Compilation c = compile(f);
    assertError(c, Message.PARAM_WRITTEN, f, "// param assigned", "@Param field 'k' is read-only");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// element written", "elements of @Param array 'text' are read-only in run(...) (every instance shares it): copy the values you need into locals");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// element incremented");
    assertError(c, Message.PARAM_WRITTEN, f, "void reset(Tag t)");
    // a handler may not write them either: the kernel would change its device copy and not the array
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "void reset(Tag t)", "elements of @Param array 'text' are read-only in reset(...)");
    assertThat(sluiceErrors(c)).hasSize(5);
  }

  /**
   * Through a cast, an {@code instanceof} pattern's binding, a switch expression's result, and on JDK 21
   * and later a switch pattern's binding: each wrote the array unseen on the CPU back ends, where cpu and
   * cpu:scheduled then disagreed (outside-in helper-99).
   */
  @Test
  void aParamArrayWrittenThroughPatternsCastsAndSwitchResultsIsRejected() {
    boolean switchPatterns = Runtime.version().feature() >= 21;
    JavaFileObject f = java("N", """
        @Node final class P {
          @Param final long[] table;
          P(long[] table) { this.table = table; }
          void run(long x, LongOut out) {
            Object o = table;
            if (o instanceof long[] arr) {
              arr[0] = x;                          // through a binding
            }
            long[] c = (long[]) o;
            c[1] = x;                              // through a cast
            ((long[]) o)[2] = x;                   // a cast written to
            long[] s = switch ((int) (x & 1)) {
              case 0 -> table;
              default -> { yield new long[1]; }
            };
            s[3] = x;                              // through a switch result
            long[] y = switch ((int) (x & 1)) {
              case 0: yield new long[4];
              default: yield (table);
            };
            y[0]++;                                // through a yield
        """ + (switchPatterns ? """
            switch (o) {
              case long[] t -> t[1] = x;           // through a switch pattern
              default -> { }
            }
            switch (o) {
              case long[] held:
                long[] buf;
                buf = new long[2];
                buf[0] = x;                        // a local of a case, not its binding: fine
                break;
              default:
                break;
            }
        """ : "") + """
            long[] outer = switch ((int) (x & 3)) {
              case 0 -> {
                long[] inner = switch ((int) (x & 1)) { case 0 -> table; default -> table; };
                yield new long[inner.length];
              }
              default -> new long[2];
            };
            outer[0] = x;                          // the inner switch's result is not the outer's: fine
            long[] fresh = new long[4];
            Object q = fresh;
            if (q instanceof long[] mine) {
              mine[0] = x;                         // a new array: fine
            }
            out.push(table[0] + fresh[0]);
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// through a binding", "(through local 'arr', which may hold it)");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// through a cast", "(through local 'c', which may hold it)");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// a cast written to");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// through a switch result", "(through local 's', which may hold it)");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// through a yield", "(through local 'y', which may hold it)");
    if (switchPatterns) {
      assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// through a switch pattern", "(through local 't', which may hold it)");
    }
    assertThat(sluiceErrors(c)).hasSize(switchPatterns ? 6 : 5);
  }

  @Test
  void aParamArrayPassedToAHelperThatWritesItIsRejected() {
    // the CPU back ends changed the caller's array and the kernel its device copy (outside-in case F2)
    JavaFileObject f = java("N", """
        @Node final class P {
          @Param final int[] t;
          @Param final int[] u;
          P(int[] t, int[] u) { this.t = t; this.u = u; }
          static void bump(int[] a, int i) { a[i] += 1; }
          static void viaBump(int[] a, int[] b) { bump(b, 0); }
          static int read(int[] a, int i) { return a[i]; }
          void run(int x, IntOut out) {
            bump(t, x & 3);                  // written by bump
            viaBump(t, u);                   // written two calls down
            out.push(read(t, x & 3) + read(u, 0));
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// written by bump",
        "elements of @Param array 't' are read-only in bump(...), which run(...) passes it to");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// written two calls down",
        "elements of @Param array 'u' are read-only in viaBump(...), which run(...) passes it to");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  /**
   * The node's own methods that run or count calls, directly or through another, follow run's rules:
   * otherwise a helper is a way around them (outside-in: both ran unchecked on the CPU back end).
   */
  @Test
  void helpersThatRunCallsFollowRunsRules() {
    JavaFileObject f = java("N", """
        @Node final class H {
          @State int seen;
          @Reduce(ReduceOp.SUM) int total;
          void bump() { seen++; }                          // state in a helper
          void add(int x) { total += x; twice(); }
          void twice() { total = total * 2; }              // reduce misused two calls down
          int peek() { return seen; }                      // reading state is fine
          void reset() { seen = 0; total = 0; }            // only a handler calls it: fine
          void mark(int x) { seen = x; }                   // reached through a method reference
          void run(int x, IntOut out) {
            bump(); add(x); out.push(peek());
            java.util.function.IntConsumer m = this::mark;
            m.accept(x);
          }
          @SignalHandler void clear(Tag t) { reset(); }
        }
        @SignalTag record Tag(int id) {}
        """);
    Compilation c = compile(f);
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// state in a helper",
        "@State field 'seen' is assigned in bump(...), which run(...) calls");
    assertError(c, Message.REDUCE_MISUSED, f, "// reduce misused two calls down",
        "@Reduce(SUM) field 'total' may only be updated as 'total += e' or 'total++' in twice(...), which add(...) calls");
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// reached through a method reference",
        "@State field 'seen' is assigned in mark(...), which run(...) calls");
    assertThat(sluiceErrors(c)).hasSize(3);
  }

  /**
   * Run's rules hold in the methods of other classes that run calls: an inner class's, a nested
   * class's static method handed the node, a top-level class's (outside-in helper-134: all three
   * wrote @State per item unchecked, while the node's own helpers were refused). A method of another
   * class that only a handler calls is not run's.
   */
  @Test
  void helpersInOtherClassesFollowRunsRules() {
    JavaFileObject f = java("N", """
        @Node final class H {
          @State int a;
          @State int b;
          @State int c;
          @Reduce(ReduceOp.SUM) int total;
          final class Inner {
            Inner() { a = 1; }                             // inner constructor
            void bump() { a++; }                           // inner method
          }
          static final class Nested {
            static void bump(H h) { h.b += 2; }            // nested static
          }
          void run(int x, IntOut out) {
            new Inner().bump();
            Nested.bump(this);
            Other.bump(this, x);
            Other.fine(x);
            new Object() { void go() { b = x; } }.go();   // anonymous, once
            out.push(x);
          }
          @SignalHandler void clear(Tag t) { Other.reset(this); }
        }
        final class Other {
          static void bump(H h, int x) { h.c = x; h.total = h.total * x; }   // other class
          static int fine(int x) { return x + 1; }
          static void reset(H h) { h.a = 0; h.b = 0; h.c = 0; }              // only a handler calls it
        }
        @SignalTag record Tag(int id) {}
        """);
    Compilation c = compile(f);
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// inner constructor",
        "@State field 'a' is assigned in new Inner(...), which run(...) calls");
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// inner method",
        "@State field 'a' is assigned in Inner.bump(...), which run(...) calls");
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// nested static",
        "@State field 'b' is assigned in Nested.bump(...), which run(...) calls");
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// other class",
        "@State field 'c' is assigned in Other.bump(...), which run(...) calls");
    assertError(c, Message.REDUCE_MISUSED, f, "// other class",
        "@Reduce(SUM) field 'total' may only be updated as 'total += e' or 'total++' in Other.bump(...), which run(...) calls");
    // an anonymous class's method is run's code, told once
    assertError(c, Message.STATE_WRITTEN_IN_RUN, f, "// anonymous, once", "@State field 'b' is assigned in run(...)");
    assertThat(sluiceErrors(c)).hasSize(6);
  }

  /**
   * A local that may hold a @Param array is the array: writing through it, or handing it (or the
   * array) to the JDK's methods that write an array, is refused like a[i] = ... (outside-in case 5).
   */
  @Test
  void aParamArrayWrittenThroughALocalOrTheJdkIsRejected() {
    JavaFileObject f = java("N", """
        @Node final class P {
          @Param final int[] t;
          P(int[] t) { this.t = t; }
          static void zero(int[] a) { int[] b = a; b[0] = 0; }
          void run(int x, IntOut out) {
            int[] a = t;
            a[0] = 9;                                        // through a local
            int[] b = x > 0 ? t : null;
            int[] c = b;
            if (c != null) c[1]++;                           // through a local of a local
            java.util.Arrays.fill(t, 1);                     // by Arrays.fill
            System.arraycopy(a, 0, t, 1, 1);                 // as arraycopy's target
            System.arraycopy(t, 0, new int[2], 0, 1);        // as its source: fine
            zero(a);                                         // by a helper, through its local
            int[] fresh = t.clone();
            fresh[0] = 3;                                    // a copy: fine
            a = new int[1];
            out.push(java.util.Arrays.binarySearch(t, x) + a.length);
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// through a local",
        "elements of @Param array 't' are read-only in run(...) (through local 'a', which may hold it)");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// through a local of a local", "through local 'c'");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// by Arrays.fill",
        "read-only in Arrays.fill(...), which run(...) passes it to");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// as arraycopy's target", "System.arraycopy(...)");
    assertError(c, Message.PARAM_ARRAY_WRITTEN, f, "// by a helper, through its local", "zero(...)");
    assertThat(sluiceErrors(c)).hasSize(5);
  }
}
