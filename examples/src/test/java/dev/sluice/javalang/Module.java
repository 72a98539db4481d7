package dev.sluice.javalang;

/** Named like java.lang.Module; the generated classes name none of these by their simple names. */
final class Module {
  private Module() {}
}
