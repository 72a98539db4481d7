package dev.sluice.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The seeds a value-checking fuzzer (expressions, control flow) runs: {@code -Dfuzz.seed=S} replays S
 * ({@code -Dfuzz.count=N}: N seeds from it); else its fixed seeds, then N seeds from a random one
 * ({@code -Dfuzz.count=N}) or the seed that changes with every commit ({@link FreshSeed}), printed.
 */
public final class SeedList {
  private SeedList() {}

  /** The seeds; {@code fuzzer} names the fuzzer in the printed line of a fresh seed. */
  public static List<Long> choose(long[] fixed, String fuzzer) {
    String seedProperty = property("fuzz.seed");
    String countProperty = property("fuzz.count");
    List<Long> seeds = new ArrayList<>();
    if (seedProperty != null) {
      long first = Long.parseLong(seedProperty);
      int count = countProperty == null ? 1 : Integer.parseInt(countProperty);
      for (int i = 0; i < count; i++) {
        seeds.add(first + i);
      }
      return seeds;
    }
    for (long s : fixed) {
      seeds.add(s);
    }
    int count = countProperty == null ? 0 : Integer.parseInt(countProperty);
    if (count > 0) {
      long random = new Random().nextLong();
      for (int i = 0; i < count; i++) {
        seeds.add(random + i);
      }
      return seeds;
    }
    FreshSeed.Fresh fresh = FreshSeed.choose(property("fuzz.fresh"));
    if (fresh != null) {
      seeds.add(fresh.seed());
      System.out.println(fuzzer + ": fresh seed " + fresh.seed() + " (from the " + fresh.from()
          + "; replay with -Dfuzz.seed=" + fresh.seed() + ")");
    }
    return seeds;
  }

  private static String property(String name) {
    String v = System.getProperty(name);
    return v == null || v.isBlank() ? null : v.trim();
  }
}
