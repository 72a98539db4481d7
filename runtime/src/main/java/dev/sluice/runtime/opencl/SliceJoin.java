package dev.sluice.runtime.opencl;

import dev.sluice.runtime.input.InputChunk;
import java.lang.reflect.Array;

/**
 * Joins consecutive input claims into one slice, so that a stream of small arrays ({@code runChunks}
 * of a few items each) runs in a few launches rather than one per array: a launch costs the same
 * however few items it has (3,000 one-item arrays took 3 s on PoCL, 51 times the CPU back end).
 * Only with automatic chunks: a chunk size that was set keeps each claim within one array, as the
 * CPU back end's claims are, since user-signal windows follow them.
 */
final class SliceJoin {
  private SliceJoin() {}

  /**
   * {@code a} followed by {@code b}, or null when they cannot be one slice: not next to each other in
   * the input, an index range (whose claims are whole slices already), or record columns of two
   * arrays. Claims of one array are joined by widening {@code a}'s range; claims of two arrays are
   * copied into one new array of the same type.
   */
  static InputChunk join(InputChunk a, InputChunk b) {
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
      return joined;
    }
    Class<?> type = a.data.getClass();
    if (type != b.data.getClass() || type == Object[].class) {
      // an Object[] of primitive columns, or arrays of two types: not one array
      return null;
    }
    int n = a.remaining() + b.remaining();
    Object data = Array.newInstance(type.getComponentType(), n);
    System.arraycopy(a.data, a.pos, data, 0, a.remaining());
    System.arraycopy(b.data, b.pos, data, a.remaining(), b.remaining());
    joined.data = data;
    joined.offset = a.offset + a.pos;
    joined.pos = 0;
    joined.start = 0;
    joined.end = n;
    return joined;
  }
}
