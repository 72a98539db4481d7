package dev.sluice.fanin;

import java.util.Arrays;
import java.util.stream.IntStream;

/** The fan-in pipelines in plain Java: what every sink must hold, as a multiset. */
final class FanInReference {
  private FanInReference() {}

  static int[] upTo(int n) {
    return IntStream.range(0, n).toArray();
  }

  static FanInNodes.Doc[] docs(int n) {
    FanInNodes.Doc[] d = new FanInNodes.Doc[n];
    for (int i = 0; i < n; i++) {
      d[i] = new FanInNodes.Doc(i, (i * 7) % 5);
    }
    return d;
  }

  static IntStream one(int x) {
    return IntStream.of(x * 8);
  }

  static IntStream three(int x) {
    return x % 5 != 0 ? IntStream.of(x * 8 + 1, x * 8 + 2, x * 8 + 3) : IntStream.of(x * 8 + 1);
  }

  static IntStream splitA(int x) {
    return x % 2 == 0 ? IntStream.of(x * 8 + 4, x * 8 + 7) : IntStream.of(x * 8 + 4);
  }

  static IntStream splitB(int x) {
    return x % 3 != 1 ? IntStream.of(x * 8 + 5, x * 8 + 6) : IntStream.of(x * 8 + 5);
  }

  static int join(int v) {
    return v * 3 + 1;
  }

  /** {@link UnequalMaxima}: the join of {@code one} and {@code three}. */
  static int[] unequalMaxima(int[] in) {
    return Arrays.stream(in).flatMap(x -> IntStream.concat(one(x), three(x))).map(FanInReference::join).toArray();
  }

  /** {@link TwoChannels}'s sink {@code out}: the join of both channels of {@code two}. */
  static int[] twoChannelsOut(int[] in) {
    return Arrays.stream(in).flatMap(x -> IntStream.concat(splitA(x), splitB(x))).map(FanInReference::join).toArray();
  }

  /** {@link TwoChannels}'s sink {@code a}: channel {@code a} broadcast. */
  static int[] twoChannelsA(int[] in) {
    return Arrays.stream(in).flatMap(FanInReference::splitA).toArray();
  }

  /** {@link TwoChannels}'s sink {@code both}: both channels of {@code two}, joined at a sink. */
  static int[] twoChannelsBoth(int[] in) {
    return Arrays.stream(in).flatMap(x -> IntStream.concat(splitA(x), splitB(x))).toArray();
  }

  /** {@link SourceAndThree}: the join of the input itself and {@code three}. */
  static int[] sourceAndThree(int[] in) {
    return Arrays.stream(in).flatMap(x -> IntStream.concat(IntStream.of(x), three(x))).map(FanInReference::join)
        .toArray();
  }

  /** {@link JoinEnumerates}: every document of {@code one} and {@code three}, one END push each. */
  static int[] joinEnumerates(int[] in) {
    return Arrays.stream(in).flatMap(x -> IntStream.concat(IntStream.of(x),
            x % 5 != 0 ? IntStream.of(x + 1_000_000, x + 2_000_000, x + 3_000_000) : IntStream.of(x + 1_000_000)))
        .map(id -> id * 8 + 7).toArray();
  }

  /** {@link EndAndRun}: one END push per document, whatever its line count, and {@code three} of its id. */
  static int[] endAndRun(FanInNodes.Doc[] docs) {
    return Arrays.stream(docs).mapToInt(FanInNodes.Doc::id)
        .flatMap(id -> IntStream.concat(IntStream.of(id * 8 + 7), three(id))).map(FanInReference::join).toArray();
  }
}
