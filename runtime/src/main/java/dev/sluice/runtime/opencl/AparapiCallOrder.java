package dev.sluice.runtime.opencl;

/**
 * Gives Aparapi's translator the passes it needs to write a kernel's functions in an order OpenCL
 * accepts. OpenCL needs a function defined before its first use; Aparapi sorts the methods a kernel
 * calls by moving each callee behind its caller, one sweep per round of discovering new methods, and
 * stops when a round finds none. A call graph deeper than the rounds it takes to discover it (the
 * device scheduler's, with regions and signals) is left partly unsorted, and the kernel fails to
 * build with "use of undeclared identifier". A generated kernel calls {@link #settle} behind a
 * condition that is never true: the chain below is discovered one method per round, so every kernel
 * gets {@value #ROUNDS} more sweeps, more than the depth of any call graph Sluice writes. A kernel
 * with static helpers copied from node code enters a chain of its own first, one method per helper,
 * which ends here: a path through the helpers is at most that much longer.
 */
public final class AparapiCallOrder {
  private AparapiCallOrder() {}

  /** Extra sorting rounds: one per method in the chain. */
  public static final int ROUNDS = 32;

  /** Never runs on the device; returns {@code x}. */
  public static int settle(int x) {
    return r1(x);
  }

  private static int r1(int x) {
    return r2(x);
  }

  private static int r2(int x) {
    return r3(x);
  }

  private static int r3(int x) {
    return r4(x);
  }

  private static int r4(int x) {
    return r5(x);
  }

  private static int r5(int x) {
    return r6(x);
  }

  private static int r6(int x) {
    return r7(x);
  }

  private static int r7(int x) {
    return r8(x);
  }

  private static int r8(int x) {
    return r9(x);
  }

  private static int r9(int x) {
    return r10(x);
  }

  private static int r10(int x) {
    return r11(x);
  }

  private static int r11(int x) {
    return r12(x);
  }

  private static int r12(int x) {
    return r13(x);
  }

  private static int r13(int x) {
    return r14(x);
  }

  private static int r14(int x) {
    return r15(x);
  }

  private static int r15(int x) {
    return r16(x);
  }

  private static int r16(int x) {
    return r17(x);
  }

  private static int r17(int x) {
    return r18(x);
  }

  private static int r18(int x) {
    return r19(x);
  }

  private static int r19(int x) {
    return r20(x);
  }

  private static int r20(int x) {
    return r21(x);
  }

  private static int r21(int x) {
    return r22(x);
  }

  private static int r22(int x) {
    return r23(x);
  }

  private static int r23(int x) {
    return r24(x);
  }

  private static int r24(int x) {
    return r25(x);
  }

  private static int r25(int x) {
    return r26(x);
  }

  private static int r26(int x) {
    return r27(x);
  }

  private static int r27(int x) {
    return r28(x);
  }

  private static int r28(int x) {
    return r29(x);
  }

  private static int r29(int x) {
    return r30(x);
  }

  private static int r30(int x) {
    return r31(x);
  }

  private static int r31(int x) {
    return r32(x);
  }

  private static int r32(int x) {
    return x;
  }
}
