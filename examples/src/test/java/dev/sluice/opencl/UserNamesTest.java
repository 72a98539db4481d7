package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameLongs;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Users' names that are also the kernel's ({@link UserNames}) and boolean and short {@code @Param}s
 * give the same results on every back end. Before the kernel printed every user name with the prefix
 * {@code u_}, the kernel's Java did not compile (an item named {@code plan} hid the kernel's field), or
 * its OpenCL did not ({@code int half}, {@code double sin = sin(...)}); before boolean and short
 * parameters became ints in the kernel, a boolean aborted the JVM on PoCL.
 */
class UserNamesTest {
  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void theKernelsOwnNamesAndOpenClWordsAreFineAsUserNames(String device) {
    int[] parents = new int[500];
    for (int i = 0; i < parents.length; i++) {
      parents[i] = (i * 31) % 97;
    }
    Device d = OpenClAvailable.named(device);
    for (boolean negate : new boolean[] {false, true}) {
      short offset = negate ? (short) -300 : (short) 1234;
      List<Long> expected = new ArrayList<>();
      for (int p : parents) {
        for (int e = 0; e < p % 3; e++) {
          expected.add(UserNames.Names.expected(p, e, negate, offset));
        }
      }
      long[] got = UserNamesPipeline.builder().names(() -> new UserNames.Names(negate, offset)).device(d).build()
          .run(parents).out();
      assertSameLongs(expected.stream().mapToLong(Long::longValue).toArray(), got, device + ", negate " + negate);
    }
  }
}
