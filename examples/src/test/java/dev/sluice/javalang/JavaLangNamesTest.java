package dev.sluice.javalang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A pipeline beside types named like java.lang's (its item record is a Record, its node a Process):
 * the generated classes write java.lang's with their package where they name them, and the pipeline
 * runs alike on every back end (SLU130 refused every such name).
 */
class JavaLangNamesTest {
  private static final Comparator<Record> ORDER = Comparator.comparingInt(Record::id).thenComparingLong(Record::value);

  @Test
  void runsOnTheCpuAsPlainJavaDoes() {
    assertEquals(expected(input()), sorted(TwicePipeline.builder().device(Device.cpu()).build().run(input()).out()));
  }

  @Test
  void runsOnOpenClAsOnTheCpu() {
    Device cl = OpenClAvailable.device();
    var result = TwicePipeline.builder().device(cl).build().run(input());
    assertEquals(cl.name(), result.report().device(), "ran on the device");
    assertEquals(expected(input()), sorted(result.out()));
  }

  private static Record[] input() {
    Record[] in = new Record[1000];
    for (int i = 0; i < in.length; i++) {
      in[i] = new Record(i, (i * 37L) % 101 - 50);
    }
    return in;
  }

  private static List<Record> expected(Record[] in) {
    List<Record> out = new ArrayList<>();
    for (Record r : in) {
      if (r.value() >= 0) {
        out.add(new Record(r.id(), r.value() * 2));
        out.add(new Record(r.id() + 1, r.value() + 7));
      }
    }
    out.sort(ORDER);
    return out;
  }

  private static List<Record> sorted(List<Record> items) {
    List<Record> out = new ArrayList<>(items);
    out.sort(ORDER);
    return out;
  }
}
