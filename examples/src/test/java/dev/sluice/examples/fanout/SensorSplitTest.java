package dev.sluice.examples.fanout;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SensorSplitTest {
  static final int SENSORS = 16;
  static final float LOW = -1f;
  static final float HIGH = 1.5f;
  static final float[] SCALE = new float[SENSORS];
  static final float[] OFFSET = new float[SENSORS];

  static {
    for (int s = 0; s < SENSORS; s++) {
      SCALE[s] = 1f + s / 8f;
      OFFSET[s] = s * 0.25f - 1f;
    }
  }

  static Reading[] input(int n) {
    Random r = new Random(7);
    Reading[] a = new Reading[n];
    for (int i = 0; i < n; i++) {
      a[i] = new Reading(r.nextInt(SENSORS), (float) r.nextGaussian());
    }
    return a;
  }

  static List<Float> boxed(float[] a) {
    List<Float> l = new ArrayList<>(a.length);
    for (float f : a) {
      l.add(f);
    }
    return l;
  }

  static void check(Reference.Split expected, List<Reading> accepted, List<Reading> rejected, float[] calibrated,
      int acceptedCount, float maxAccepted, RunReport r, int n, String what) {
    check(expected, accepted, rejected, calibrated, acceptedCount, maxAccepted, r, n, 0, what);
  }

  /** With {@code tolerance} on calibrated values (OpenCL may fuse {@code value * scale + offset}). */
  static void check(Reference.Split expected, List<Reading> accepted, List<Reading> rejected, float[] calibrated,
      int acceptedCount, float maxAccepted, RunReport r, int n, double tolerance, String what) {
    assertSameItems(expected.accepted(), accepted, what + " accepted");
    assertSameItems(expected.rejected(), rejected, what + " rejected");
    Multisets.assertSameFloats(expected.calibrated(), calibrated, tolerance, what + " calibrated");
    assertEquals(expected.acceptedCount(), acceptedCount, what + " acceptedCount");
    assertEquals(expected.maxAccepted(), maxAccepted, what + " maxAccepted");
    // conservation along every edge; the accepted channel is counted once but feeds two consumers
    assertEquals(n, r.stage("readings").itemsOut(), what);
    assertEquals(r.stage("readings").itemsOut(), r.stage("classify").itemsIn(), what);
    assertEquals(r.stage("classify").itemsIn(), r.stage("classify").itemsOut(), what + " one output per reading");
    assertEquals(r.stage("classify").itemsOut(), r.sink("accepted").items() + r.sink("rejected").items(), what);
    assertEquals(r.sink("accepted").items(), r.stage("calibrate").itemsIn(), what + " broadcast");
    assertEquals(r.stage("calibrate").itemsOut(), r.sink("calibrated").items(), what);
    assertEquals(accepted.size(), r.sink("accepted").items(), what);
    assertEquals(rejected.size(), r.sink("rejected").items(), what);
    assertEquals(calibrated.length, r.sink("calibrated").items(), what);
  }

  @Test
  void matchesReference() {
    for (int n : new int[] {0, 1, 4_000}) {
      Reading[] in = input(n);
      Reference.Split expected = Reference.split(in, LOW, HIGH, SCALE, OFFSET);
      for (int instances = 1; instances <= 2; instances++) {
        for (int chunk : Multisets.CHUNKS) {
          String what = "n=" + n + " instances=" + instances + " chunk=" + chunk;
          SensorSplitPipeline p = SensorSplitPipeline.builder().classify(() -> new Classify(LOW, HIGH))
              .calibrate(() -> new Calibrate(SCALE, OFFSET)).instances(instances).chunkSize(chunk)
              .maxSteps(10_000_000).device(Device.cpu()).build();
          SensorSplitPipeline.Result res = p.run(in);
          check(expected, res.accepted(), res.rejected(), res.calibrated(), res.classifyAcceptedCount(),
              res.classifyMaxAccepted(), res.report(), n, what);
        }
      }
    }
  }

  @Test
  void columnsMatchReference() {
    Reading[] in = input(3_000);
    int[] sensor = Arrays.stream(in).mapToInt(Reading::sensor).toArray();
    float[] value = new float[in.length];
    for (int i = 0; i < in.length; i++) {
      value[i] = in[i].value();
    }
    SensorSplitPipeline.Result res = SensorSplitPipeline.builder().classify(() -> new Classify(LOW, HIGH))
        .calibrate(() -> new Calibrate(SCALE, OFFSET)).instances(2).chunkSize(100).device(Device.cpu()).build()
        .runColumns(sensor, value);
    check(Reference.split(in, LOW, HIGH, SCALE, OFFSET), res.accepted(), res.rejected(), res.calibrated(),
        res.classifyAcceptedCount(), res.classifyMaxAccepted(), res.report(), in.length, "columns");
  }

  @Test
  void tinySettingsMatchReference() {
    tinySettingsMatchReference(Device.cpu(), 0);
  }

  /** Width 2, one-run queues, on {@code device}. */
  static void tinySettingsMatchReference(Device device, double tolerance) {
    for (int n : new int[] {0, 2_000}) {
      Reading[] in = input(n);
      Reference.Split expected = Reference.split(in, LOW, HIGH, SCALE, OFFSET);
      for (int instances = 1; instances <= 2; instances++) {
        for (int chunk : Multisets.CHUNKS) {
          String what = device.kind() + " tiny n=" + n + " instances=" + instances + " chunk=" + chunk;
          TinySensorSplitPipeline.Result res = TinySensorSplitPipeline.builder()
              .classify(() -> new Classify(LOW, HIGH)).calibrate(() -> new Calibrate(SCALE, OFFSET))
              .instances(instances).chunkSize(chunk).maxSteps(10_000_000).device(device).build().run(in);
          check(expected, res.accepted(), res.rejected(), res.calibrated(), res.classifyAcceptedCount(),
              res.classifyMaxAccepted(), res.report(), n, tolerance, what);
        }
      }
    }
  }
}
