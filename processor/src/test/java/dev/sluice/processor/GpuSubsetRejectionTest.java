package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static dev.sluice.processor.Sources.assertError;
import static dev.sluice.processor.Sources.compile;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.rejects;
import static dev.sluice.processor.Sources.sluiceErrors;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import com.google.testing.compile.JavaFileObjects;
import dev.sluice.processor.diagnostics.Message;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The GPU subset of node bodies (SLU601-613), checked for the nodes of a {@code @Pipeline} that gets an
 * OpenCL kernel, with one error per construct on its exact line; and the SLU620 note when a pipeline
 * gets none.
 */
class GpuSubsetRejectionTest {
  /** A pipeline {@code in -> n (node N) -> res} of ints, on the GPU unless {@code annotation} says otherwise. */
  private static String pipeline(String annotation) {
    return annotation + " interface P { @Source int in(); @From(\"in\") N n(); @Sink @From(\"n\") int res(); }\n";
  }

  /** {@code node} (declaring {@code N}) used by a GPU pipeline, in one file. */
  private static JavaFileObject gpu(String node) {
    return java("N", pipeline("@Pipeline") + node);
  }

  // ---- SLU601 allocation ----

  @Test
  void allocatingAnObject() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            new Object();              // allocates
            out.push(x);
          }
        }
        """), Message.GPU_ALLOCATION, "// allocates", "'new Object()' allocates", "out.push(new R(...))");
  }

  @Test
  void theLengthOfANewArrayIsAnAllocation() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            out.push(new int[3].length);   // allocates
          }
        }
        """), Message.GPU_ALLOCATION, "// allocates", "'new int[3]' allocates");
  }

  @Test
  void allocatingAnArray() {
    rejects(gpu("""
        @Node final class N {
          static int first(int[] a) { return a[0]; }
          void run(int x, IntOut out) {
            out.push(first(new int[4]));   // allocates
          }
        }
        """), Message.GPU_ALLOCATION, "// allocates", "'new int[4]' allocates");
  }

  @Test
  void arrayLocalIsRejectedOnItsLine() {
    // the local's type is checked first: an array local is not a primitive
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            int[] a = new int[4];      // array local
            out.push(x);
          }
        }
        """), Message.GPU_CONSTRUCT, "// array local", "'a', an array local",
        "a kernel has no arrays but the @Param ones");
  }

  @Test
  void aLocalNamingAParamArrayIsOneErrorAtItsDeclaration() {
    // outside-in: reported again at every use, and told to make a @Param of what was one
    rejects(gpu("""
        @Node final class N {
          @Param final int[] t;
          N(int[] t) { this.t = t; }
          void run(int x, IntOut out) {
            int[] tt = t;              // alias
            out.push(tt[0] + tt[1]);
          }
        }
        """), Message.GPU_CONSTRUCT, "// alias", "'tt', an array local", "index the @Param array itself");
  }

  @Test
  void anArrayChosenByAConditionalIsRefusedAsOne() {
    // outside-in helper-118: SLU610 said "a kernel works on primitives, primitive arrays..." of an int[]
    rejects(gpu("""
        @Node final class N {
          @Param final int[] p1;
          @Param final int[] p2;
          N(int[] p1, int[] p2) { this.p1 = p1; this.p2 = p2; }
          static int sum(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }
          void run(int x, IntOut out) {
            out.push(sum(x > 0 ? p1 : p2));   // chosen
          }
        }
        """), Message.GPU_CONSTRUCT, "// chosen", "'x > 0 ? p1 : p2', an array chosen or made in the code",
        "c ? sum(p1) : sum(p2)");
  }

  @Test
  void aLambdaInALocalIsRefusedAsALambda() {
    // outside-in: refused as a local of type Runnable (SLU610, "use its components"), not as the docs say
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            Runnable r = () -> { };    // lambda
            out.push(x);
          }
        }
        """), Message.GPU_CONSTRUCT, "// lambda", "a kernel has no function values");
  }

  @Test
  void aRecordLocalIsOneErrorWithOneTypeName() {
    // outside-in: the declaration said 't.R', each use 'R' again
    rejects(java("N", """
        record R(int a, int b) {}
        @Pipeline interface P { @Source R in(); @From("in") N n(); @Sink @From("n") int res(); }
        @Node final class N {
          void run(R r, IntOut out) {
            R s = r;                   // record local
            out.push(s.a() + s.b());
          }
        }
        """), Message.GPU_OBJECT, "// record local", "'s' has type t.R");
  }

  @Test
  void pushingANewRecordIsNotAnAllocation() {
    Compilation c = compile(java("N", """
        record R(int a, int b) {}
        @Pipeline interface P { @Source int in(); @From("in") N n(); @Sink @From("n") R res(); }
        @Node final class N {
          void run(int x, Out<R> out) { out.push(new R(x, x + 1)); out.push((new R(x, 0))); }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  @Test
  void newRecordOutsidePushAllocates() {
    rejects(java("N", """
        record R(int a, int b) {}
        @Pipeline interface P { @Source int in(); @From("in") N n(); @Sink @From("n") int res(); }
        @Node final class N {
          void run(int x, IntOut out) {
            new R(x, 1);               // allocates
            out.push(x);
          }
        }
        """), Message.GPU_ALLOCATION, "// allocates", "'new R(x, 1)' allocates");
  }

  // ---- SLU602 calls ----

  @Test
  void instanceHelperMethod() {
    rejects(gpu("""
        @Node final class N {
          int twice(int v) { return v * 2; }
          void run(int x, IntOut out) {
            out.push(twice(x));        // instance helper
          }
        }
        """), Message.GPU_CALL, "// instance helper", "call to twice(...) is not in the GPU subset", "make the helper static");
  }

  @Test
  void callOnAnotherObject() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            out.push(Integer.valueOf(x).hashCode()); // object call
          }
        }
        """), Message.GPU_CALL, "// object call", "call to Integer.valueOf(x).hashCode(...)");
  }

  @Test
  void mathWithoutAnOpenClBuiltIn() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            int m = Math.max(x, 0);    // fine
            out.push(Math.floorMod(m, 7)); // floorMod
          }
        }
        """), Message.GPU_MATH, "// floorMod", "Math.floorMod is not among the Math methods the kernel translates",
        "write the arithmetic out");
  }

  // ---- SLU603 labels (an unlabeled break or continue is translated, see LoopExits) ----

  @Test
  void breakAndContinueInLoopsAreAccepted() {
    Compilation c = compile(gpu("""
        @Node final class N {
          void run(int x, @Max(8) IntOut out) {
            for (int i = 0; i < x; i++) {
              if (i > 7) break;
              out.push(i);
            }
            int i = 0;
            do {
              i++;
              if (i % 2 == x) {
                continue;
              }
              while (true) { if (i > 0) break; }
            } while (i < 8);
          }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void labeledBreak() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, @Max(8) IntOut out) {
            outer:                     // label
            for (int i = 0; i < x; i++) {
              for (int j = 0; j < x; j++) {
                if (i + j > 7) break outer;
              }
              out.push(i);
            }
          }
        }
        """), Message.GPU_LABEL, "// label", "'outer:' is not in the GPU subset", "unlabeled break");
  }

  @Test
  void assignmentWhoseValueIsUsed() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, @Max(8) IntOut out) {
            int i = -1;
            while (++i < 8) {          // used
              out.push(i);
            }
          }
        }
        """), Message.GPU_CONSTRUCT, "// used", "using the value of '++i' is not in the GPU subset", "i++; while (i < n)");
  }

  @Test
  void breakInAForWhoseUpdateIsNotAnAssignmentToALocal() {
    rejects(gpu("""
        @Node final class N {
          @Reduce(ReduceOp.SUM) int seen;
          void run(int x, @Max(8) IntOut out) {
            for (int i = 0; i < 8; i++, seen++) { // update
              if (i > x) break;
              out.push(i);
            }
          }
        }
        """), Message.GPU_CONSTRUCT, "// update", "a for loop with a break, a variable declared in its init",
        "declare the variable before the loop");
  }

  @Test
  void forLoopDeclaringTwoVariables() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, @Max(8) IntOut out) {
            for (int i = 0, j = x; i < 8; i++, j--) { // two
              out.push(i + j);
            }
          }
        }
        """), Message.GPU_CONSTRUCT, "// two", "a for loop that declares 2 variables", "declare them before the loop");
  }

  // ---- SLU604 switch ----

  @Test
  void switchStatement() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            switch (x) {               // switch
              case 1:
                out.push(10);
                break;
              default:
                out.push(x);
            }
          }
        }
        """), Message.GPU_SWITCH, "// switch", "switch is not in the GPU subset", "use if/else");
  }

  @Test
  void switchExpression() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            int y = switch (x) {       // switch expression
              case 1 -> 10;
              default -> x;
            };
            out.push(y);
          }
        }
        """), Message.GPU_SWITCH, "// switch expression");
  }

  // ---- SLU605 char ----

  @Test
  void charLocal() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            char c = 'a';              // char local
            out.push(x + c);
          }
        }
        """), Message.GPU_CHAR, "// char local", "type char is not in the GPU subset", "use int");
  }

  @Test
  void charCast() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            out.push((char) x);        // char cast
          }
        }
        """), Message.GPU_CHAR, "// char cast");
  }

  @Test
  void charLiteralsAreFine() {
    Compilation c = compile(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            if (x >= '0' && x <= '9') {
              out.push(x - '0');
            }
          }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  // ---- SLU606 exceptions ----

  @Test
  void throwStatement() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            if (x < 0) {
              throw new IllegalArgumentException("negative"); // throw
            }
            out.push(x);
          }
        }
        """), Message.GPU_EXCEPTION, "// throw", "throw is not in the GPU subset", "cannot throw or catch");
  }

  @Test
  void tryStatement() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            try {                      // try
              out.push(100 / x);
            } catch (ArithmeticException e) {
              out.push(0);
            }
          }
        }
        """), Message.GPU_EXCEPTION, "// try", "try is not in the GPU subset");
  }

  // ---- SLU607-609 static helpers ----

  @Test
  void recursiveHelper() {
    rejects(gpu("""
        @Node final class N {
          static int fact(int n) {
            return n <= 1 ? 1 : n * fact(n - 1); // recursion
          }
          void run(int x, IntOut out) {
            out.push(fact(x));
          }
        }
        """), Message.GPU_RECURSION, "// recursion", "t.N.fact(...) is recursive", "write it as a loop");
  }

  @Test
  void mutuallyRecursiveHelpers() {
    rejects(gpu("""
        @Node final class N {
          static int even(int n) { return n == 0 ? 1 : odd(n - 1); }
          static int odd(int n) {
            return n == 0 ? 0 : even(n - 1); // back to even
          }
          void run(int x, IntOut out) {
            out.push(even(x));
          }
        }
        """), Message.GPU_RECURSION, "// back to even", "t.N.even(...) is recursive");
  }

  @Test
  void overloadedHelper() {
    rejects(gpu("""
        @Node final class N {
          static int scale(int v) { return v * 2; }
          static int scale(int v, int by) { return v * by; }
          void run(int x, IntOut out) {
            out.push(scale(x));        // overloaded
          }
        }
        """), Message.GPU_OVERLOAD, "// overloaded", "t.N.scale is overloaded", "rename one");
  }

  @Test
  void anOverloadedHelperCalledTwiceIsReportedOnce() {
    rejects(gpu("""
        @Node final class N {
          static int f(int v) { return v * 2; }
          static long f(long v) { return v * 3; }
          void run(int x, IntOut out) {
            out.push(f(x));            // first call
            out.push((int) f((long) x));
          }
        }
        """), Message.GPU_OVERLOAD, "// first call", "t.N.f is overloaded");
  }

  @Test
  void aNativeMethodHasNoBodyToTranslate() {
    // a native run crashed the processor (SLU999)
    rejects(gpu("""
        @Node final class N {
          public native void run(int x, IntOut out);   // native run
        }
        """), Message.GPU_NATIVE, "// native run", "run(...) is native");
    rejects(gpu("""
        @Node final class N {
          static native int mix(int v);
          void run(int x, IntOut out) {
            out.push(mix(x));          // native helper
          }
        }
        """), Message.GPU_NATIVE, "// native helper", "t.N.mix(...) is native");
  }

  @Test
  void varargsHelper() {
    rejects(gpu("""
        @Node final class N {
          static int sum(int... vs) { return vs.length; }
          void run(int x, IntOut out) {
            out.push(sum(x, 1, 2));    // varargs
          }
        }
        """), Message.GPU_VARARGS, "// varargs", "t.N.sum(...) takes varargs");
  }

  // ---- SLU610 objects ----

  @Test
  void aHelpersRecordParameterIsNamed() {
    // the message named the type twice: "'t.R' has type t.R"
    JavaFileObject f = gpu("""
        record R(int a) {}
        @Node final class N {
          static int first(R r) {      // record parameter
            return r.a();
          }
          void run(int x, IntOut out) {
            out.push(first(new R(x)));
          }
        }
        """);
    assertError(compile(f), Message.GPU_OBJECT, f, "// record parameter", "'r' has type t.R");
  }

  /** Outside-in helper-91: {@code p == null} on a record item drew two SLU610s, one calling null a type. */
  @Test
  void aNullTestOfARecordItemIsOneErrorThatSaysItemsAreNeverNull() {
    rejects(java("N", """
        @Pipeline interface P { @Source Pt in(); @From("in") N n(); @Sink @From("n") int res(); }
        record Pt(int x, int y) {}
        @Node final class N {
          void run(Pt p, IntOut out) {
            if (p == null) {           // null test
              return;
            }
            out.push(p.x());
          }
        }
        """), Message.GPU_CONSTRUCT, "// null test", "comparing with null ('p == null')", "never null");
  }

  /** A @Param array may be null on the CPU: its test is told to move to the constructor (outside-in helper-94). */
  @Test
  void aNullTestOfAParamArraySaysToCheckItInTheConstructor() {
    rejects(gpu("""
        @Node final class N {
          @Param final int[] weights;
          N(int[] weights) { this.weights = weights; }
          void run(int x, IntOut out) {
            if (weights == null) {     // array null test
              return;
            }
            out.push(x * weights[0]);
          }
        }
        """), Message.GPU_CONSTRUCT, "// array null test", "comparing with null ('weights == null')",
        "a @Param array must not be null on OpenCL", "check it in the node's constructor");
  }

  @Test
  void stringLocal() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            String s = "v";            // string local
            out.push(x);
          }
        }
        """), Message.GPU_OBJECT, "// string local", "'s' has type java.lang.String", "a kernel works on primitives");
  }

  @Test
  void stringConcatenation() {
    JavaFileObject f = gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            if ("v" + x == "v1") {     // concatenation
              out.push(x);
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_OBJECT, f, "// concatenation", "'\"v\" + x' has type java.lang.String",
        "'\"v1\"' has type String");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  @Test
  void aChannelPassedToAHelperIsOneErrorAtTheCall() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            emit(out, x);              // passed on
          }
          static void emit(IntOut o, int x) {
            o.push(x + 1);
          }
        }
        """), Message.GPU_CHANNEL_PASSED, "// passed on",
        "'out' is an output channel (dev.sluice.IntOut), which a kernel pushes only in the method that received it: it"
            + " cannot be passed to 'emit(...)'. Let the helper return the value and push it in run");
  }

  // ---- SLU611 static fields ----

  @Test
  void nonConstantStaticField() {
    rejects(gpu("""
        @Node final class N {
          static int offset = 3;
          static final int LIMIT = 9;  // a constant is fine
          void run(int x, IntOut out) {
            out.push(Math.min(x + offset, LIMIT)); // static field
          }
        }
        """), Message.GPU_STATIC_FIELD, "// static field", "static field N.offset is not a compile-time constant");
  }

  @Test
  void staticFinalFieldWithoutAConstantValue() {
    rejects(gpu("""
        @Node final class N {
          static final int SEED = Integer.parseInt("7");
          void run(int x, IntOut out) {
            out.push(x ^ N.SEED);      // not constant
          }
        }
        """), Message.GPU_STATIC_FIELD, "// not constant", "static field N.SEED");
  }

  // ---- SLU612 other constructs ----

  @Test
  void forEachLoop() {
    rejects(gpu("""
        @Node final class N {
          static final int[] STEPS = {1, 2};
          void run(int x, @Max(2) IntOut out) {
            for (int s : STEPS) {      // for-each
              out.push(x * s);
            }
          }
        }
        """), Message.GPU_CONSTRUCT, "// for-each", "a for-each loop is not in the GPU subset (write an indexed for loop)");
  }

  @Test
  void lambda() {
    JavaFileObject f = gpu("""
        @Node final class N {
          static java.util.function.IntUnaryOperator op;
          void run(int x, IntOut out) {
            op = v -> v + 1;           // lambda
            out.push(x);
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_CONSTRUCT, f, "// lambda", "lambda expression is not in the GPU subset (a kernel has no function values)");
    assertError(c, Message.GPU_STATIC_FIELD, f, "// lambda", "static field N.op");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  /** Outside-in: a generic helper got two SLU610s on its own line (its return type, its parameter). */
  @Test
  void aGenericHelperIsOneErrorAtTheCall() {
    rejects(gpu("""
        @Node final class N {
          static <T> T same(T v) { return v; }
          static <E> int first(E[] a) { return 0; }
          void run(int x, IntOut out) {
            out.push(same(x));         // generic call
          }
        }
        """), Message.GPU_CONSTRUCT, "// generic call", "generic method t.N.same(...) is not in the GPU subset (its type"
        + " parameters T stand for objects, and a kernel's helper takes and returns primitives and primitive arrays:"
        + " write it for the types it is called with)");
  }

  // ---- SLU613 @Param access ----

  @Test
  void privateParamField() {
    rejects(gpu("""
        @Node final class N {
          @Param private final int k; // private param
          public N() { this(2); }
          N(int k) { this.k = k; }
          void run(int x, IntOut out) {
            out.push(x * k);
          }
        }
        """), Message.GPU_FIELD_INACCESSIBLE, "// private param",
        "@Param field 'k' of N is private; the generated kernel in package 't' reads it: make it package-private or public");
  }

  /**
   * SLU613 refuses the kernel before any body is read, and the bodies' own errors are still listed in
   * the same compile (outside-in helper-50: they showed only once the field was fixed).
   */
  @Test
  void aPrivateParamFieldDoesNotHideTheBodysErrors() {
    JavaFileObject f = gpu("""
        @Node final class N {
          @Param private final int k = 1;    // private param
          void run(int x, IntOut out) {
            out.push((int) Math.signum(x));  // signum
            char c = 'a';                    // char
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_FIELD_INACCESSIBLE, f, "// private param", "@Param field 'k' of N is private");
    assertError(c, Message.GPU_MATH, f, "// signum", "Math.signum");
    assertError(c, Message.GPU_CHAR, f, "// char");
    assertThat(sluiceErrors(c)).hasSize(3);
    assertThat(c.errors()).hasSize(3);
  }

  /** A static table is no constant: SLU611 with its fix, once, though the access reads it twice (bound and element). */
  @Test
  void staticTableIsNotAConstant() {
    rejects(gpu("""
        @Node final class N {
          static final int[] TABLE = {1, 2, 3};
          void run(int x, IntOut out) { out.push(TABLE[x & 1]); } // table
        }
        """), Message.GPU_STATIC_FIELD, "// table", "static field N.TABLE is not a compile-time constant",
        "pass arrays and other values as a @Param");
  }

  /** One char local is one problem, said once. */
  @Test
  void aCharLocalIsReportedOnce() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) { char c = 'x'; out.push(x + c); } // char
        }
        """), Message.GPU_CHAR, "// char", "type char is not in the GPU subset");
  }

  // ---- the subset is checked only for GPU pipelines ----

  @Test
  void gpuFalseLiftsTheSubset() {
    Compilation c = compile(java("N", pipeline("@Pipeline(gpu = false)") + """
        @Node final class N {
          static int calls;
          int twice(int v) { return v * 2; }
          void run(int x, @Max(4) IntOut out) {
            char c = 'a';
            String s = "v" + x;
            Object o = new Object();
            switch (x) {
              case 1:
                out.push(c);
                break;
              default:
                out.push(twice(x) + s.length() + Math.floorMod(x, 3) + calls);
            }
            for (int v : new int[] {1, 2}) {
              if (v > x) break;
              out.push(v);
            }
            try {
              if (x < 0) throw new IllegalArgumentException("negative");
            } catch (IllegalArgumentException e) {
              out.push(0);
            }
          }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline");
    assertThat(c.generatedSourceFiles().stream().map(JavaFileObject::getName).filter(n -> n.contains("_Kernel")).toList())
        .isEmpty();
  }

  @Test
  void nodeNotInAGpuPipelineIsNotChecked() {
    Compilation c = compile(java("N", """
        @Node final class N {
          void run(int x, IntOut out) { if (x < 0) throw new IllegalStateException(); out.push(x); }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void everyViolationInOneBodyIsReported() {
    JavaFileObject f = gpu("""
        @Node final class N {
          void run(int x, @Max(8) IntOut out) {
            char c = 'x';              // char
            new Object();              // new
            outer:                     // label
            for (int i = 0; i < x; i++) {
              if (i == 3) continue;
              if (i > 7) break outer;
              out.push(i);
            }
            switch (x) { default: out.push(x); } // switch
            if (x < 0) throw new IllegalArgumentException(); // throw
            out.push(Math.floorMod(x, 3)); // floorMod
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_CHAR, f, "// char");
    assertError(c, Message.GPU_ALLOCATION, f, "// new");
    assertError(c, Message.GPU_LABEL, f, "// label", "'outer:'");
    assertError(c, Message.GPU_SWITCH, f, "// switch");
    assertError(c, Message.GPU_EXCEPTION, f, "// throw");
    assertError(c, Message.GPU_MATH, f, "// floorMod");
    assertThat(sluiceErrors(c)).hasSize(6);
  }

  @Test
  void violationsInEveryNodeOfThePipelineAreReported() {
    JavaFileObject f = java("N", """
        @Pipeline interface P { @Source int in(); @From("in") A a(); @From("a") B b(); @Sink @From("b") int res(); }
        @Node final class A {
          void run(int x, IntOut out) { char c = 'a'; out.push(x); }   // in A
        }
        @Node final class B {
          void run(int x, IntOut out) { switch (x) { default: out.push(x); } } // in B
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_CHAR, f, "// in A");
    assertError(c, Message.GPU_SWITCH, f, "// in B");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  // ---- more constructs, and where helpers are checked ----

  @Test
  void labeledStatement() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, @Max(4) IntOut out) {
            outer:                     // label
            for (int i = 0; i < 4; i++) {
              out.push(x + i);
            }
          }
        }
        """), Message.GPU_LABEL, "// label", "'outer:' is not in the GPU subset");
  }

  @Test
  void assertStatement() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            assert x >= 0;             // assert
            out.push(x);
          }
        }
        """), Message.GPU_EXCEPTION, "// assert", "assert is not in the GPU subset");
  }

  @Test
  void synchronizedInstanceofAndLocalClass() {
    JavaFileObject f = gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            synchronized (N.class) {   // synchronized
              out.push(x);
            }
            boolean boxed = ((Object) x) instanceof Integer; // instanceof
            class Local {}             // local class
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_CONSTRUCT, f, "// synchronized", "synchronized is not in the GPU subset (lanes of a kernel do not lock)");
    assertError(c, Message.GPU_CONSTRUCT, f, "// instanceof", "instanceof is not in the GPU subset (a kernel has no objects)");
    assertError(c, Message.GPU_CONSTRUCT, f, "// local class");
    assertThat(sluiceErrors(c)).hasSize(3);
  }

  @Test
  void violationInAHelperIsReportedInTheHelperOnce() {
    rejects(gpu("""
        @Node final class N {
          static int pick(int v) {
            switch (v) {               // in the helper
              default: return v;
            }
          }
          void run(int x, IntOut out) {
            out.push(pick(x) + pick(x + 1));
          }
        }
        """), Message.GPU_SWITCH, "// in the helper");
  }

  /**
   * A record's own static method, called from kernel code, where the record declares its canonical
   * constructor: reading the method's body made javac refuse that valid constructor (JDK-8387215) with
   * no word of Sluice; now SLU625 at the call (outside-in helper-99).
   */
  @Test
  void aStaticMethodOfARecordThatDeclaresItsCanonicalConstructor() {
    JavaFileObject record = java("In", """
        record In(int a) {
          In {
            if (a < 0) throw new IllegalArgumentException();
          }
          static int mix(int v) { return v * 31 + 7; }
        }
        """);
    JavaFileObject f = gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            out.push(In.mix(x));       // the record's helper
          }
        }
        """);
    Compilation c = Sources.compile(f, record);
    assertError(c, Message.GPU_HELPER_BESIDE_RECORD, f, "// the record's helper", "kernel code calls t.In.mix(...), a"
        + " method of record In, which declares its canonical constructor", "move mix to a class of its own");
    assertEquals(1, Sources.sluiceErrors(c).size(), Sources.sluiceErrors(c).toString());
    // javac's own refusal of the valid constructor, which came before
    assertFalse(c.errors().stream().anyMatch(d -> !d.getMessage(null).startsWith("[SLU")), c.errors().toString());
  }

  /** A static helper's record parameter is refused once, where declared; no "make the helper static" on its calls. */
  @Test
  void aStaticHelpersRecordParameterIsRefusedOnce() {
    JavaFileObject f = java("N", """
        @Pipeline interface P { @Source Pair in(); @From("in") N n(); @Sink @From("n") int res(); }
        record Pair(int a, int b) {}
        @Node final class N {
          static int first(Pair p) {   // record parameter
            return p.a() + p.b();
          }
          void run(Pair item, IntOut out) {
            out.push(first(item));     // the item passed whole
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_OBJECT, f, "// record parameter", "'p' has type t.Pair");
    assertError(c, Message.GPU_OBJECT, f, "// the item passed whole", "'item' has type t.Pair");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  @Test
  void staticMethodWithoutSource() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            out.push(Integer.bitCount(x)); // no source
          }
        }
        """), Message.GPU_CALL_NO_SOURCE, "// no source", "call to java.lang.Integer.bitCount(...) is not in the GPU subset: it is"
        + " compiled elsewhere (a JDK or library method)");
  }

  /** Outside-in: the second call said nothing, though one compile lists every construct on its line. */
  @Test
  void eachCallOfAMethodWithoutSourceIsAnError() {
    JavaFileObject f = gpu("""
        @Node final class N {
          void run(int x, @Max(2) IntOut out) {
            out.push(Integer.bitCount(x));       // first
            out.push(Integer.bitCount(x + 1));   // second
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_CALL_NO_SOURCE, f, "// first", "java.lang.Integer.bitCount(...)");
    assertError(c, Message.GPU_CALL_NO_SOURCE, f, "// second", "java.lang.Integer.bitCount(...)");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  @Test
  void staticHelpersOfAnotherClassAreTranslated() {
    Compilation c = compile(gpu("""
        final class Util {
          static int inc(int v) { return v + 1; }
          static int twiceInc(int v) { return inc(v) * 2; }
        }
        @Node final class N {
          void run(int x, IntOut out) {
            out.push(Util.twiceInc(x) + Util.inc(x) + Integer.MAX_VALUE);
          }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  @Test
  void paramFieldNotPublicInAnotherPackage() {
    JavaFileObject node = JavaFileObjects.forSourceString("u.N", """
        package u; import dev.sluice.*;
        @Node public final class N {
          @Param final int k;          // package-private
          public N() { k = 1; }
          public void run(int x, IntOut out) { out.push(x + k); }
        }
        """);
    JavaFileObject pipeline = JavaFileObjects.forSourceString("t.P", """
        package t; import dev.sluice.*;
        @Pipeline interface P { @Source int in(); @From("in") u.N n(); @Sink @From("n") int res(); }
        """);
    Compilation c = compile(node, pipeline);
    assertError(c, Message.GPU_FIELD_INACCESSIBLE, node, "// package-private",
        "@Param field 'k' of N is not public and in package 'u'; the generated kernel in package 't' reads it: make it public");
    assertThat(sluiceErrors(c)).hasSize(1);
  }

  /** The message names the field's own annotation (outside-in helper-35: a @State field was called "@Param"). */
  @Test
  void stateFieldNotPublicInAnotherPackage() {
    JavaFileObject node = JavaFileObjects.forSourceString("u.N", """
        package u; import dev.sluice.*;
        @Node public final class N {
          @State int mode;             // package-private
          public void run(int x, IntOut out) { out.push(x + mode); }
        }
        """);
    JavaFileObject pipeline = JavaFileObjects.forSourceString("t.P", """
        package t; import dev.sluice.*;
        @Pipeline interface P { @Source int in(); @From("in") u.N n(); @Sink @From("n") int res(); }
        """);
    Compilation c = compile(node, pipeline);
    assertError(c, Message.GPU_FIELD_INACCESSIBLE, node, "// package-private",
        "@State field 'mode' of N is not public and in package 'u'; the generated kernel in package 't' reads it: make it public");
    assertThat(sluiceErrors(c)).hasSize(1);
  }

  // ---- translator bugs found while writing these tests (main code unchanged; enable once fixed) ----

  @Test
  void paramArrayLengthIsAccepted() {
    Compilation c = compile(gpu("""
        @Node final class N {
          @Param final float[] weights;
          public N() { weights = new float[] {1f, 2f}; }
          static int count(float[] a) { return a.length; }
          void run(int x, IntOut out) {
            float acc = 0;
            for (int i = 0; i < weights.length; i++) {
              acc += weights[i] * x;
            }
            out.push((int) acc + count(weights));
          }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  @Test
  void objectMethodOfARecordItem() {
    rejects(java("N", """
        record R(int a, int b) {}
        @Pipeline interface P { @Source R in(); @From("in") N n(); @Sink @From("n") int res(); }
        @Node final class N {
          void run(R r, IntOut out) {
            out.push(r.hashCode());    // not a component
          }
        }
        """), Message.GPU_CALL, "// not a component");
  }

  @Test
  void recordWithItsOwnConstructorCannotBePushedNew() {
    JavaFileObject f = java("N", """
        record R(int a, int b) { R { if (a > b) { int t = a; a = b; b = t; } } }    // swaps
        @Pipeline interface P { @Source int in(); @From("in") N n(); @Sink @From("n") R res(); }
        @Node final class N {
          void run(int x, Out<R> out) {
            out.push(new R(x, 1));    // the kernel would skip R's constructor
          }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.GPU_CONSTRUCT, f, "// the kernel would skip", "declares its own canonical constructor");
    // and R changes its arguments wherever it travels (SLU618)
    assertError(c, Message.GPU_RECORD_CONSTRUCTOR, f, "// swaps", "(a = b)");
    assertThat(sluiceErrors(c)).hasSize(2);
  }

  @Test
  void recordPushedThroughAConstructorOfItsOwnIsRefused() {
    rejects(java("N", """
        record R(int a, int b) { R(int a) { this(a, -a); } }
        @Pipeline interface P { @Source int in(); @From("in") N n(); @Sink @From("n") R res(); }
        @Node final class N {
          void run(int x, Out<R> out) {
            out.push(new R(x));    // the record's own constructor
          }
        }
        """), Message.GPU_CONSTRUCT, "// the record's own constructor", "calls a constructor R declares itself");
  }

  /**
   * A node class's GPU-subset errors are printed once, on its code; each pipeline whose kernel they stop
   * says so in a note, so that a user with several pipelines knows which to fix or keep on the CPU
   * (outside-in helper-28: one error, no pipeline named).
   */
  @Test
  void eachPipelineWhoseKernelANodeStopsSaysSo() {
    JavaFileObject f = java("N", """
        @Node final class N { void run(int x, IntOut out) { String s = "a" + x; out.push(s.length()); } }  // code
        @Pipeline(gpu = false) interface Cpu { @Source int in(); @From("in") N n(); @Sink @From("n") int out(); }
        @Pipeline interface Gpu { @Source int in(); @From("in") N n(); @Sink @From("n") int out(); }  // gpu
        @Pipeline interface Gpu2 { @Source int in(); @From("in") N n(); @Sink @From("n") int out(); }  // gpu2
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).failed();
    CompilationSubject.assertThat(c).hadNoteContaining("[SLU623] pipeline Gpu needs an OpenCL kernel of the node code of N, whose errors"
        + " are reported on that code; fix them there, or keep this pipeline on the CPU with @Pipeline(gpu = false)")
        .inFile(f).onLine(Sources.lineOf(f, "// gpu"));
    CompilationSubject.assertThat(c).hadNoteContaining("[SLU623] pipeline Gpu2 needs").inFile(f).onLine(Sources.lineOf(f, "// gpu2"));
    assertThat(c.notes().stream().filter(n -> n.getMessage(null).contains("pipeline Cpu needs")).count()).isEqualTo(0);
  }

  /**
   * A do-while whose body returns on every path runs it once: its kernel is that body, since the loop's
   * flag would put statements after it that javac calls unreachable (review of the loop guards).
   */
  @Test
  void aDoWhileWhoseBodyAlwaysReturnsTranslates() {
    Compilation c = compile(java("N", """
        @Node final class N {
          void run(int x, IntOut out) {
            do {
              if (x > 5) {
                out.push(x);
                return;
              } else {
                return;
              }
            } while (x > 0);
          }
        }
        @Pipeline interface P { @Source int in(); @From("in") N n(); @Sink @From("n") int out(); }
        """));
    CompilationSubject.assertThat(c).succeeded();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .doesNotContain("sl_again");
  }

  @Test
  void aRecordFromAClassFileLeavesThePipelineWithoutKernel(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    // a record read from a class file (another module, a jar, or an incremental build that compiled the
    // pipeline without it) cannot be checked to only store its components, which the host's rebuilding of
    // it from the kernel's values relies on (SLU618): no kernel, said in a note, as for a node from a
    // class file; not an error on the new R(...) that said "another module or a jar" in an incremental
    // build of one source folder (outside-in helper-138)
    java.nio.file.Path src = java.nio.file.Files.createDirectories(dir.resolve("src/m"));
    java.nio.file.Files.writeString(src.resolve("R.java"), "package m; public record R(int a, int b) {}");
    java.nio.file.Path classes = java.nio.file.Files.createDirectories(dir.resolve("classes"));
    javax.tools.JavaCompiler jc = javax.tools.ToolProvider.getSystemJavaCompiler();
    assertThat(jc.run(null, null, null, "-d", classes.toString(), src.resolve("R.java").toString())).isEqualTo(0);
    JavaFileObject file = java("N", """
        @Pipeline interface P { @Source int in(); @From("in") N n(); @Sink @From("n") m.R res(); }
        @Node final class N {
          void run(int x, Out<m.R> out) {
            out.push(new m.R(x, 1));    // from a class file
          }
        }
        """);
    Compilation c = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withClasspath(List.of(classes.toFile(), Sources.location(dev.sluice.Node.class), Sources.location(dev.sluice.runtime.Device.class)))
        .compile(file);
    CompilationSubject.assertThat(c).succeeded();
    CompilationSubject.assertThat(c).hadNoteContaining("[SLU620] no OpenCL kernel for pipeline P: record R (m.R), which it"
        + " moves, was compiled before this compilation");
    CompilationSubject.assertThat(c).hadNoteContaining("rebuild from clean, mvn clean compile; it runs on the CPU back end");
    assertFalse(c.generatedSourceFiles().stream().anyMatch(f -> f.getName().endsWith("PPipeline_Kernel.java")));
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline").contentsAsUtf8String()
        .contains("public static boolean hasKernel() {\n    return false;");
  }

  @Test
  void anotherConstructorOfTheRecordDoesNotStopTheCanonicalOne() {
    // outside-in: an extra constructor, not called, refused new R(x, 1) with a reason that did not apply
    Compilation c = compile(java("N", """
        record R(int a, int b) { R(int a) { this(a, -a); } }
        @Pipeline interface P { @Source int in(); @From("in") N n(); @Sink @From("n") R res(); }
        @Node final class N {
          void run(int x, Out<R> out) {
            out.push(new R(x, 1));
          }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  @Test
  void anAccessorWithABodyOfItsOwnIsRefusedWhereItIs() {
    // outside-in: the kernel reads components, the CPU calls a(): items passed through changed on the CPU only
    JavaFileObject file = java("N", """
        record R(int a, double b) {
          public int a() { return a + 1000; }    // its own accessor
          public double b() { return this.b; }
        }
        @Pipeline interface P { @Source R in(); @From("in") N n(); @Sink @From("n") R res(); }
        @Node final class N {
          void run(R r, Out<R> out) {
            out.push(r);
          }
        }
        """);
    Compilation c = compile(file);
    assertError(c, Message.GPU_RECORD_ACCESSOR, file, "// its own accessor",
        "record R declares accessor a() with a body of its own, which pipeline P's kernel would not run");
    CompilationSubject.assertThat(c).hadErrorCount(1);
  }

  @Test
  void aConstructorThatChangesItsArgumentsIsRefusedWhereItIs() {
    // outside-in: the host builds records again from the kernel's values, so a = a + 1 ran twice on OpenCL
    JavaFileObject compact = java("N", """
        record R(int a, double b) {
          public R {                 // changes a
            if (b < 0) throw new IllegalArgumentException();
            a = a + 1;
          }
        }
        @Pipeline interface P { @Source R in(); @From("in") N n(); @Sink @From("n") R res(); }
        @Node final class N {
          void run(R r, Out<R> out) {
            out.push(r);
          }
        }
        """);
    Compilation c = compile(compact);
    assertError(c, Message.GPU_RECORD_CONSTRUCTOR, compact, "// changes a",
        "record R's constructor changes the values it is given (a = a + 1), which pipeline P would do twice on OpenCL");
    CompilationSubject.assertThat(c).hadErrorCount(1);

    JavaFileObject written = java("N", """
        record R(int a, double b) {
          R(int a, double b) {       // changes a
            this.a = Math.abs(a);
            this.b = b;
          }
        }
        @Pipeline interface P { @Source R in(); @Sink @From("in") R res(); }
        """);
    Compilation w = compile(written);
    assertError(w, Message.GPU_RECORD_CONSTRUCTOR, written, "// changes a", "(this.a = Math.abs(a))");
    CompilationSubject.assertThat(w).hadErrorCount(1);
  }

  @Test
  void aConstructorThatOnlyChecksItsArgumentsIsKept() {
    Compilation c = compile(java("N", """
        record R(int a, double b) {
          public R {
            if (a < 0) throw new IllegalArgumentException("a < 0: " + a);
          }
          R(int a) { this(a, 0.5); }
        }
        record S(int a) {
          S(int a) { this.a = (a); }
        }
        @Pipeline interface P { @Source R in(); @From("in") N n(); @Sink @From("n") S res(); }
        @Node final class N {
          void run(R r, Out<S> out) {
            out.push(new S(r.a()));
          }
        }
        """));
    CompilationSubject.assertThat(c).hadErrorContaining("[SLU612]"); // new S(...) calls S's own constructor
    CompilationSubject.assertThat(c).hadErrorCount(1);
  }

  @Test
  void anAccessorThatReturnsItsFieldIsTheImplicitOne() {
    Compilation c = compile(java("N", """
        record R(int a, double b) {
          /** The a. */
          public int a() { return (a); }
          public double b() { return this.b; }
        }
        @Pipeline interface P { @Source R in(); @From("in") N n(); @Sink @From("n") R res(); }
        @Node final class N {
          void run(R r, Out<R> out) {
            out.push(r);
          }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }

  @Test
  void localsMayNotUseTheKernelsPrefix() {
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            int sl_lane = x;    // reserved
            out.push(sl_lane);
          }
        }
        """), Message.GPU_CONSTRUCT, "// reserved", "sl_lane");
  }

  // ---- SLU620: no kernel ----

  @Test
  void userSignalsAreRaisedAmongThePushesAndHandledWithTheirPayload() {
    JavaFileObject f = java("N", """
        @SignalTag record Stop(int at) {}
        @Node final class Mark {
          void run(int x, IntOut out, Raise<Stop> stops) {
            out.push(x);
            if (x % 10 == 0) { stops.raise(new Stop(x)); }
          }
        }
        @Node final class Show {
          void run(int x, IntOut out) { out.push(x); }
          @SignalHandler(Signal.USER) void stop(Stop s, @Max(1) IntOut at) { at.push(s.at()); }
        }
        @Pipeline interface P {
          @Source int xs();
          @From("xs") Mark mark();
          @From("mark") Show show();
          @Sink @From("show.out") int res();
          @Sink @From("show.at") int at();
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("raise_mark_Stop(sl_g, sl_lane, sl_slot, u_x);");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("int sl_s_at = pl_Stop_at[sl_g * ");
  }

  @Test
  void beginEndHandlersAreTranslatedWithTheGroupsReductions() {
    JavaFileObject f = java("N", """
        record Doc(int start, int end) {}
        @Node @Region final class Lines { int count(Doc d) { return d.end() - d.start(); } }
        @Node final class Count {
          @Reduce(ReduceOp.SUM) int seen;
          void run(int i) { seen += 1; }
          @SignalHandler(Signal.END) void end(Doc d, @Aggregate @Max(1) IntOut sizes) { sizes.push(seen); seen = 0; }
        }
        @Pipeline interface P {
          @Source Doc docs();
          @From("docs") Lines lines();
          @From("lines") Count count();
          @Sink @From("count") int sizes();
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("red_count_seen[sl_lane] = dev.sluice.runtime.opencl.JavaArithmetic.addI(red_count_seen[sl_lane], 1);");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("push_count_sizes(sl_g, sl_lane, sl_slot, rs_count_seen[sl_g]);");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("rs_count_seen[sl_g] = 0;");
  }

  /**
   * OpenCL allows a float quotient 2.5 ulp off unless the program is built with an option Aparapi does
   * not pass: a float division, plain or compound, is JavaArithmetic.fdiv (through a double, which
   * OpenCL rounds correctly); a double division is OpenCL's own.
   */
  @Test
  void floatDivisionIsTranslatedToACorrectlyRoundedCall() {
    JavaFileObject f = java("N", """
        @Node final class Ratio {
          @Param final float scale;
          Ratio(float scale) { this.scale = scale; }
          void run(float x, @Max(3) FloatOut out) {
            out.push(x / scale);
            float y = x;
            y /= 3f;
            out.push(y);
            out.push((float) ((double) x / 7.0));
          }
        }
        @Pipeline interface P {
          @Source float in();
          @From("in") Ratio ratio();
          @Sink @From("ratio") float out();
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("dev.sluice.runtime.opencl.JavaArithmetic.fdiv(u_x, p_ratio_scale)");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("u_y = dev.sluice.runtime.opencl.JavaArithmetic.fdiv(u_y, 3.0f);");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("(double) u_x / 7.0");
  }

  /**
   * A sign before an operand printed with a sign of its own stays apart from it, and a constant
   * condition keeps its parentheses (outside-in helper-35: "- -1" became "--1", which javac refused,
   * "+ +y" became "++u_y", an increment on the device only, and "if (false)" became "if false").
   */
  @Test
  void signsStayApartAndConstantConditionsKeepTheirParentheses() {
    JavaFileObject f = java("N", """
        @Node final class Signs {
          void run(int x, @Max(4) IntOut out) {
            if (false) {
              return;
            }
            int y = x;
            out.push(- -1);
            out.push(+ +y);
            out.push(- -y);
            out.push(y);
          }
        }
        @Pipeline interface P {
          @Source int in();
          @From("in") Signs signs();
          @Sink @From("signs") int out();
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    String kernel = "t.PPipeline_Kernel";
    CompilationSubject.assertThat(c).generatedSourceFile(kernel).contentsAsUtf8String().contains("if (false) {");
    CompilationSubject.assertThat(c).generatedSourceFile(kernel).contentsAsUtf8String()
        .contains("push_signs_out(sl_g, sl_lane, sl_slot, +(+u_y));");
    CompilationSubject.assertThat(c).generatedSourceFile(kernel).contentsAsUtf8String().doesNotContain("++u_y");
    CompilationSubject.assertThat(c).generatedSourceFile(kernel).contentsAsUtf8String().doesNotContain("--");
  }

  @Test
  void regionPipelineGetsAKernelWithParentAndCountTranslated() {
    JavaFileObject f = java("N", """
        record Doc(int start, int end) {}
        @Node @Region final class Lines { int count(Doc d) { return d.end() - d.start(); } }
        @Node final class Show {
          void run(int i, @Parent Doc d, @Max(1) IntOut out) { out.push(d.start() + i); }
        }
        @Pipeline interface P {
          @Source Doc docs();
          @From("docs") Lines lines();
          @From("lines") Show show();
          @Sink @From("show") int res();
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("return dev.sluice.runtime.opencl.JavaArithmetic.subI(sl_d_end, sl_d_start);");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("int sl_d_start = par_1_start[sl_g * plan[PlanCode.regionOf(plan, 1) + PlanCode.R_BUFFER] + ctl[3]];");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("push_show_out(sl_g, sl_lane, sl_slot, dev.sluice.runtime.opencl.JavaArithmetic.addI(sl_d_start, u_i));");
  }

  @Test
  void stateIsOneCopyPerWorkGroup() {
    Compilation c = compile(java("N", pipeline("@Pipeline") + """
        @Node final class N {
          @State int last;
          void run(int x, IntOut out) { out.push(x + last); }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("push_n_out(sl_g, sl_lane, sl_slot, dev.sluice.runtime.opencl.JavaArithmetic.addI(u_x, sv_n_last[sl_g]));");
  }

  // ---- arrays a kernel cannot follow, nesting javac cannot compile, type-use annotations (outside-in helper-143) ----

  /** The kernel passes a helper's array with its length beside it: assigned, the length stayed the old one's. */
  @Test
  void anArrayParameterOfAHelperAssigned() {
    rejects(gpu("""
        @Node final class N {
          @Param final int[] a = {1, 2};
          @Param final int[] b = {3, 4, 5};
          static int last(int[] p, int[] q, int x) {
            if (x % 2 == 0) p = q;     // assigns
            return p[p.length - 1];
          }
          void run(int x, IntOut out) { out.push(last(a, b, x)); }
        }
        """), Message.GPU_CONSTRUCT, "// assigns", "assigning the array 'p' is not in the GPU subset",
        "c ? alt[i] : a[i]");
  }

  /** Each @Param array is a buffer of its own on OpenCL: two fields holding one array compared equal on the CPU only. */
  @Test
  void arraysCompared() {
    rejects(gpu("""
        @Node final class N {
          @Param final int[] a;
          @Param final int[] b;
          N(int[] t) { a = t; b = t; }
          void run(int x, IntOut out) {
            out.push(a == b ? 1 : 0);   // compares
          }
        }
        """), Message.GPU_CONSTRUCT, "// compares", "comparing arrays ('a == b')", "a buffer of its own");
  }

  /** A sum javac compiles as written ran javac out of stack as the kernel's nested arithmetic calls. */
  @Test
  void anExpressionNestedTooDeep() {
    StringBuilder sum = new StringBuilder("x");
    for (int i = 1; i <= 120; i++) { // ExpressionPrinter.MAX_DEPTH is 100
      sum.append(" + x * ").append(i);
    }
    rejects(gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            out.push(%s);   // deep
          }
        }
        """.formatted(sum)), Message.GPU_CONSTRUCT, "// deep", "an expression nested more than 100 deep",
        "add the terms up in parts");
  }

  /** A type-use annotation (JSpecify's, the Checker Framework's) on an array type changes nothing. */
  @Test
  void typeUseAnnotationsOnArrays() {
    String nonNull = "@java.lang.annotation.Target(java.lang.annotation.ElementType.TYPE_USE) @interface NonNull {}\n";
    Compilation helper = compile(gpu(nonNull + """
        @Node final class N {
          @Param final int[] w = {1, 2};
          static int dot(@NonNull int[] v, int x) { return v[0] * x + v[v.length - 1]; }
          void run(int x, IntOut out) { out.push(dot(w, x)); }
        }
        """));
    CompilationSubject.assertThat(helper).succeeded();
    CompilationSubject.assertThat(helper).generatedSourceFile("t.PPipeline_Kernel");
    // a short[] still has no kernel (Aparapi cannot copy it): the note, not an exception at run time
    JavaFileObject f = gpu(nonNull + """
        @Node final class N {
          @Param final short @NonNull [] steps = {1};   // short array
          void run(int x, IntOut out) { out.push(x + steps[0]); }
        }
        """);
    Compilation shortArray = compile(f);
    CompilationSubject.assertThat(shortArray).succeeded();
    CompilationSubject.assertThat(shortArray).hadNoteContaining("[" + Message.GPU_SHORT_ARRAY.code() + "]")
        .inFile(f).onLine(Sources.lineOf(f, "// short array"));
  }

  // ---- SLU621: a short[] @Param ----

  @Test
  void aShortArrayParamKeepsThePipelineOnTheCpuWithANoteOnItsLine() {
    // Aparapi 3.0.2 has no put(short[]): the kernel this pipeline would get does not compile
    JavaFileObject f = gpu("""
        @Node final class N {
          @Param final short[] steps;   // short array
          N() { this.steps = new short[] {1}; }
          void run(int x, IntOut out) { out.push(x + steps[0]); }
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).succeeded();
    CompilationSubject.assertThat(c).hadNoteContaining("[" + Message.GPU_SHORT_ARRAY.code() + "] no OpenCL kernel for pipeline P")
        .inFile(f).onLine(Sources.lineOf(f, "// short array"));
    CompilationSubject.assertThat(c).hadNoteContaining("'steps' of N is a short[]");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline");
    assertThat(c.generatedSourceFiles().stream().map(JavaFileObject::getName).toList().toString())
        .doesNotContain("PPipeline_Kernel");
  }

  // ---- SLU622: a short @State ----

  @Test
  void aShortStateKeepsThePipelineOnTheCpuWithANoteOnItsLine() {
    // the kernel keeps @State in an array per work-group, and Aparapi 3.0.2 has no put(short[])
    JavaFileObject f = gpu("""
        @Node final class N {
          @State short last;   // short state
          void run(int x, IntOut out) { out.push(x + last); }
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).succeeded();
    CompilationSubject.assertThat(c).hadNoteContaining("[" + Message.GPU_SHORT_STATE.code() + "] no OpenCL kernel for pipeline P")
        .inFile(f).onLine(Sources.lineOf(f, "// short state"));
    CompilationSubject.assertThat(c).hadNoteContaining("@State field 'last' of N is a short");
    assertThat(c.generatedSourceFiles().stream().map(JavaFileObject::getName).toList().toString())
        .doesNotContain("PPipeline_Kernel");
  }

  /** A boolean or short @Param is an int in the kernel, read back with its own type. */
  @Test
  void booleanAndShortParamsAreIntsInTheKernel() {
    Compilation c = compile(gpu("""
        @Node final class N {
          @Param final boolean negate;
          @Param final short offset;
          N() { this.negate = true; this.offset = 3; }
          void run(int x, IntOut out) { short s = offset; out.push(negate ? -x - s : x + s); }
        }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("short u_s = ((short) p_n_offset);");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("(p_n_negate != 0) ?");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String()
        .contains("p_n_negate = n_n.negate ? 1 : 0;");
  }

  /** The user's own compile error is reported once, in their source: no kernel repeats it in generated code. */
  @Test
  void aBodyThatDoesNotCompileGetsNoKernel() {
    JavaFileObject f = gpu("""
        @Node final class N {
          void run(int x, IntOut out) { out.push(undefinedVar); }   // undefined
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).failed();
    CompilationSubject.assertThat(c).hadErrorCount(1);
    CompilationSubject.assertThat(c).hadErrorContaining("cannot find symbol").inFile(f).onLine(Sources.lineOf(f, "// undefined"));
  }

  @Test
  void aTypoInABodyGetsJavacsErrorAloneNotAGpuSubsetOne() {
    // each was reported as SLU610 or SLU602 on the erroneous type, and javac's own error never showed
    String[] bodies = {
        "int first = x; out.push(x - frist + 1);   // the typo",
        "out.pushh(x);                               // the typo",
        "Strin s = null; out.push(x);                // the typo",
        "out.push(helpr(x));                         // the typo",
    };
    for (String body : bodies) {
      JavaFileObject f = gpu("@Node final class N {\n  void run(int x, IntOut out) {\n    " + body + "\n  }\n}\n");
      Compilation c = compile(f);
      CompilationSubject.assertThat(c).failed();
      CompilationSubject.assertThat(c).hadErrorCount(1);
      CompilationSubject.assertThat(c).hadErrorContaining("cannot find symbol").inFile(f).onLine(Sources.lineOf(f, "// the typo"));
    }
  }

  @Test
  void aTypeErrorInABodyIsReportedOnceNotAgainInTheKernel() {
    JavaFileObject f = gpu("""
        @Node final class N {
          void run(int x, IntOut out) {
            out.push(x * 0.5);         // lossy
          }
        }
        """);
    Compilation c = compile(f);
    CompilationSubject.assertThat(c).failed();
    CompilationSubject.assertThat(c).hadErrorCount(1);
    CompilationSubject.assertThat(c).hadErrorContaining("lossy conversion").inFile(f).onLine(Sources.lineOf(f, "// lossy"));
  }

  // ---- an accepted shape ----

  @Test
  void acceptedShapeGetsAKernel() {
    Compilation c = compile(java("N", """
        record R(int a, float b) {}
        @Node final class Weigh {
          static final int LIMIT = 100;
          static final int WEIGHTS = 2;
          @Param final float[] weights;
          @Reduce(ReduceOp.SUM) int seen;
          Weigh() { this(new float[] {1f, 2f}); }
          Weigh(float[] weights) { this.weights = weights; }
          private static float clamp(float v, float hi) { return v > hi ? hi : v; }
          void run(R r, @Max(2) Out<R> out) {
            seen += 1;
            float acc = 0;
            for (int i = 0; i < WEIGHTS; i++) {
              acc += weights[i] * r.b();
            }
            int a = Math.min(r.a(), LIMIT);
            if (a >= 0) {
              out.push(new R(a, clamp(acc, LIMIT)));
            } else {
              out.push(r);
            }
          }
        }
        @Pipeline interface P { @Source R in(); @From("in") Weigh weigh(); @Sink @From("weigh") R res(); }
        """));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    assertThat(sluiceErrors(c)).isEmpty();
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline");
    CompilationSubject.assertThat(c).generatedSourceFile("t.PPipeline_Kernel");
  }
}
