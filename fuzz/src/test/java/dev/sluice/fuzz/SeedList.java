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

  /** What a fuzzer checks of one batch of generated cases: every difference, as text (empty: none). */
  public interface Check<C> {
    String of(List<C> batch) throws Exception;
  }

  /**
   * Generates each seed's case and checks them 8 to a batch (one javac run per batch: its start-up
   * once per 8 pipelines); every batch's differences, joined.
   */
  public static <C> String checkInBatches(List<Long> seeds, java.util.function.LongFunction<C> generate, Check<C> check)
      throws Exception {
    StringBuilder wrong = new StringBuilder();
    for (int from = 0; from < seeds.size(); from += 8) {
      List<C> batch = new ArrayList<>();
      for (long s : seeds.subList(from, Math.min(seeds.size(), from + 8))) {
        batch.add(generate.apply(s));
      }
      wrong.append(check.of(batch));
    }
    return wrong.toString();
  }
}
