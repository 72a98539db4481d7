package dev.sluice.fuzz;

import java.util.List;

/** An item type: a primitive, or a record of primitives (values: boxed primitives, or List of them). */
final class Ty {
  final Prim prim;
  final Rec rec;

  private Ty(Prim prim, Rec rec) {
    this.prim = prim;
    this.rec = rec;
  }

  static Ty of(Prim p) {
    return new Ty(p, null);
  }

  static Ty of(Rec r) {
    return new Ty(null, r);
  }

  boolean isRecord() {
    return rec != null;
  }

  String java() {
    return rec != null ? rec.name : prim.java;
  }

  String out() {
    return rec != null ? "Out<" + rec.name + ">" : prim.out;
  }

  /** The component types: one for a primitive. */
  List<Prim> comps() {
    return rec != null ? rec.comps : List.of(prim);
  }

  /** Java text reading component {@code k} of a value named {@code var}. */
  String access(String var, int k) {
    return rec != null ? var + ".c" + k + "()" : var;
  }

  /** Component {@code k} of a value. */
  Object get(Object value, int k) {
    return rec != null ? ((List<?>) value).get(k) : value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Ty t && t.prim == prim && t.rec == rec;
  }

  @Override
  public int hashCode() {
    return rec != null ? rec.hashCode() : prim.hashCode();
  }

  @Override
  public String toString() {
    return java();
  }

  /** A record item type or a signal tag: {@code record Name(p0 c0, p1 c1, ...)}. */
  static final class Rec {
    final String name;
    final List<Prim> comps;
    final boolean tag;

    Rec(String name, List<Prim> comps, boolean tag) {
      this.name = name;
      this.comps = comps;
      this.tag = tag;
    }

    String declaration() {
      StringBuilder b = new StringBuilder();
      if (tag) {
        b.append("@SignalTag ");
      }
      b.append("public record ").append(name).append("(");
      for (int k = 0; k < comps.size(); k++) {
        b.append(k > 0 ? ", " : "").append(comps.get(k).java).append(" c").append(k);
      }
      return b.append(") {}").toString();
    }
  }
}
