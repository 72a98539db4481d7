package dev.sluice.javalang;

/** A helper the kernel copies. */
final class Scale {
  private Scale() {}

  static long twice(long v) {
    return v * 2;
  }
}
