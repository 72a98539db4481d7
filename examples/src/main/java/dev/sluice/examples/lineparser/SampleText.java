package dev.sluice.examples.lineparser;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Generates taxi-log-like text: comma-separated fields (numbers, decimals, words with digits inside,
 * empty fields), lines ended by LF or CRLF, some empty lines, the last line sometimes without an end.
 */
public final class SampleText {
  private SampleText() {}

  public static byte[] generate(Random random, int lines) {
    StringBuilder b = new StringBuilder();
    for (int l = 0; l < lines; l++) {
      int fields = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(8);
      for (int f = 0; f < fields; f++) {
        if (f > 0) {
          b.append(',');
        }
        switch (random.nextInt(5)) {
          case 0 -> b.append(random.nextInt(1_000_000_000));
          case 1 -> b.append(random.nextInt(100)).append('.').append(random.nextInt(100_000));
          case 2 -> b.append("trip").append(random.nextInt(50)).append('x');
          case 3 -> b.append(random.nextBoolean() ? "" : "N/A");
          default -> b.append('-').append(random.nextLong() & 0x7fff_ffff_ffffL);
        }
      }
      if (l < lines - 1 || random.nextBoolean()) {
        b.append(random.nextBoolean() ? "\r\n" : "\n");
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(b.toString().getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }
}
