package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A node whose helpers call each other 40 deep, entered at two depths (h1 and h20): Aparapi sorts a
 * kernel's functions one round per newly found method, and a chain found in fewer rounds than it is
 * deep was left partly unsorted, so the kernel did not build ("use of undeclared identifier";
 * outside-in helper-69 at 33 helpers).
 */
@Pipeline
public interface DeepHelpers {
  @Source int xs();

  @From("xs") Calls calls();

  @Sink @From("calls") int out();

  /** Pushes the whole chain's value and the value from its middle. */
  @Node
  final class Calls {
    public void run(int x, @Max(2) IntOut out) {
      out.push(Chain.h1(x));
      out.push(Chain.h20(x));
    }
  }

  /** 40 helpers, each calling the next; the last calls Math, whose translation is a call of its own. */
  final class Chain {
    private Chain() {}

  static int h1(int x) {
    return h2(x * 3 + 1) + 1;
  }

  static int h2(int x) {
    return h3(x * 3 + 2) + 1;
  }

  static int h3(int x) {
    return h4(x * 3 + 3) + 1;
  }

  static int h4(int x) {
    return h5(x * 3 + 4) + 1;
  }

  static int h5(int x) {
    return h6(x * 3 + 5) + 1;
  }

  static int h6(int x) {
    return h7(x * 3 + 6) + 1;
  }

  static int h7(int x) {
    return h8(x * 3 + 7) + 1;
  }

  static int h8(int x) {
    return h9(x * 3 + 8) + 1;
  }

  static int h9(int x) {
    return h10(x * 3 + 9) + 1;
  }

  static int h10(int x) {
    return h11(x * 3 + 10) + 1;
  }

  static int h11(int x) {
    return h12(x * 3 + 11) + 1;
  }

  static int h12(int x) {
    return h13(x * 3 + 12) + 1;
  }

  static int h13(int x) {
    return h14(x * 3 + 13) + 1;
  }

  static int h14(int x) {
    return h15(x * 3 + 14) + 1;
  }

  static int h15(int x) {
    return h16(x * 3 + 15) + 1;
  }

  static int h16(int x) {
    return h17(x * 3 + 16) + 1;
  }

  static int h17(int x) {
    return h18(x * 3 + 17) + 1;
  }

  static int h18(int x) {
    return h19(x * 3 + 18) + 1;
  }

  static int h19(int x) {
    return h20(x * 3 + 19) + 1;
  }

  static int h20(int x) {
    return h21(x * 3 + 20) + 1;
  }

  static int h21(int x) {
    return h22(x * 3 + 21) + 1;
  }

  static int h22(int x) {
    return h23(x * 3 + 22) + 1;
  }

  static int h23(int x) {
    return h24(x * 3 + 23) + 1;
  }

  static int h24(int x) {
    return h25(x * 3 + 24) + 1;
  }

  static int h25(int x) {
    return h26(x * 3 + 25) + 1;
  }

  static int h26(int x) {
    return h27(x * 3 + 26) + 1;
  }

  static int h27(int x) {
    return h28(x * 3 + 27) + 1;
  }

  static int h28(int x) {
    return h29(x * 3 + 28) + 1;
  }

  static int h29(int x) {
    return h30(x * 3 + 29) + 1;
  }

  static int h30(int x) {
    return h31(x * 3 + 30) + 1;
  }

  static int h31(int x) {
    return h32(x * 3 + 31) + 1;
  }

  static int h32(int x) {
    return h33(x * 3 + 32) + 1;
  }

  static int h33(int x) {
    return h34(x * 3 + 33) + 1;
  }

  static int h34(int x) {
    return h35(x * 3 + 34) + 1;
  }

  static int h35(int x) {
    return h36(x * 3 + 35) + 1;
  }

  static int h36(int x) {
    return h37(x * 3 + 36) + 1;
  }

  static int h37(int x) {
    return h38(x * 3 + 37) + 1;
  }

  static int h38(int x) {
    return h39(x * 3 + 38) + 1;
  }

  static int h39(int x) {
    return h40(x * 3 + 39) + 1;
  }
  static int h40(int x) {
    return Math.max(x, -x) % 1000;
  }
  }
}
