package dev.sluice.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The generator's {@code countreduce} (no compiling, no back end): an enumerator gets reductions in
 * {@code count} only if some parent reaches it, since an enumerator that opens none leaves them their
 * identities, which is also what a back end that lost the updates gives.
 */
class CountReductionsTest {
  @Test
  void everyEnumeratorWithCountReductionsOpensAParent() {
    Set<String> all = Generator.parse(null);
    int with = 0;
    List<String> idle = new ArrayList<>();
    for (long seed = 9300; seed < 9600; seed++) {
      Spec spec = new Generator(all).generate(seed);
      // a probe of the reference's own: SUM += 1 in each such count, so its result is the parents opened
      List<Spec.Stage> counted = new ArrayList<>();
      for (Spec.Stage s : spec.stages) {
        if (!s.countBody.isEmpty()) {
          Spec.Field probe = new Spec.Field("probe", Spec.Role.REDUCE, Prim.INT);
          probe.op = "SUM";
          s.fields.add(probe);
          s.countBody.add(new Stmt.Reduce(probe, new Expr.Const(Prim.INT, 1), false));
          counted.add(s);
        }
      }
      assertEquals(!counted.isEmpty(), spec.used.contains("count-reduce"), "seed " + seed);
      if (counted.isEmpty()) {
        continue;
      }
      with++;
      Map<String, Object> first = Reference.expected(spec, 0);
      Map<String, Object> second = Reference.expected(spec, 1);
      for (Spec.Stage s : counted) {
        if ((Integer) first.get(s.name + "Probe") + (Integer) second.get(s.name + "Probe") == 0) {
          idle.add(seed + " " + s.name);
        }
      }
    }
    assertTrue(idle.isEmpty(), "enumerators with count reductions that open no parent: " + idle);
    // 61 of these 300 seeds have them; far fewer would mean the feature went quiet
    assertTrue(with >= 40, with + " of 300 pipelines have count reductions");
  }
}
