package dev.sluice.runtime.opencl;

import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputChunk;
import java.lang.reflect.Array;

/**
 * Joins consecutive input claims into one slice, so that a stream of small arrays ({@code runChunks}
 * of a few items each) runs in a few launches rather than one per array: a launch costs the same
 * however few items it has (3,000 one-item arrays took 3 s on PoCL, 51 times the CPU back end).
 * A chunk size that was set keeps each claim within one array, as the CPU back end's claims are,
 * since user-signal windows follow them: then a claim is joined only to one whose length is a whole
 * number of chunks, so every chunk of the joined slice is one the CPU would claim.
 */
final class SliceJoin {
  private SliceJoin() {}

  /**
   * Whether a claim may follow {@code c} in one slice: always with automatic chunks; with a chunk size
   * set, when {@code c} ends where a chunk of the slice would (the slice starts one, see
   * {@code OpenClDriver.chunkAligned}), so the next array's first chunk begins one there too.
   */
  static boolean joinsAfter(InputChunk c, RunOptions options) {
    return options.automaticChunks() || c.remaining() % options.claimSize() == 0;
  }

  /**
   * The heap one input item takes in a join's array, beside its {@code columnBytes} on the device: its
   * element of a primitive array, or for records a reference and the record object it keeps alive (a
   * 12-byte header and the components, in 8-byte steps; an estimate, as the JVM lays objects out).
   * While a full join array is copied into one twice its size both are alive, so a joined slice holds
   * up to 1.5 times this per item ({@link DeviceMemory#joinedItems}).
   */
  static int hostBytesPerItem(Object data, int columnBytes) {
    Class<?> element = data.getClass().getComponentType();
    return element != null && element.isPrimitive() ? columnBytes : 4 + ((12 + columnBytes + 7) & ~7);
  }

  /**
   * {@code a} followed by {@code b}, or null when they cannot be one slice: not next to each other in
   * the input, an index range (whose claims are whole slices already), or record columns of two
   * arrays. Claims of one array are joined by widening {@code a}'s range; claims of two arrays are
   * copied into an array of the same type that a join made, with room for up to {@code most} items:
   * a later join appends to it while it has room, and a full one is copied into one twice its size,
   * so joining n small arrays copies each item a few times, not n times (160,000 one-item arrays
   * took 7.9 s on PoCL, 40 times the CPU back end, when each join copied all before it).
   */
  static InputChunk join(InputChunk a, InputChunk b, int most) {
    if (a.data == null || b.data == null || a.offset + a.end != b.offset + b.pos) {
      return null;
    }
    InputChunk joined = new InputChunk();
    joined.base = a.base;
    if (a.data == b.data && a.offset == b.offset) {
      joined.data = a.data;
      joined.offset = a.offset;
      joined.pos = a.pos;
      joined.start = a.pos;
      joined.end = b.end;
      joined.joined = a.joined;
      return joined;
    }
    Class<?> type = a.data.getClass();
    if (type != b.data.getClass() || type == Object[].class) {
      // an Object[] of primitive columns, or arrays of two types: not one array
      return null;
    }
    int n = a.remaining() + b.remaining();
    Object data;
    int at;
    if (a.joined && Array.getLength(a.data) - a.end >= b.remaining()) {
      // a join's own array with room left: b goes behind a's items, where no claim reads yet
      data = a.data;
      at = a.end;
      joined.offset = a.offset;
      joined.pos = a.pos;
    } else {
      data = Array.newInstance(type.getComponentType(), (int) Math.max(n, Math.min(2L * n, most)));
      System.arraycopy(a.data, a.pos, data, 0, a.remaining());
      at = a.remaining();
      joined.offset = a.offset + a.pos;
      joined.pos = 0;
    }
    System.arraycopy(b.data, b.pos, data, at, b.remaining());
    joined.data = data;
    joined.start = joined.pos;
    joined.end = joined.pos + n;
    joined.joined = true;
    return joined;
  }
}
