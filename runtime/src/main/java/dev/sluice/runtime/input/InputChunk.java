package dev.sluice.runtime.input;

/** A range of input items one pipeline instance has claimed: {@code data[pos..end)}. */
public final class InputChunk {
  /** The input array (or array of record columns); null for an index range. */
  public Object data;
  /** Index of {@code data[0]} in the whole input (for ranges, the first value). */
  public long base;
  /** Where the claim began: {@code pos} moves on as items are read, this does not. */
  public int start;
  public int pos;
  public int end;
  /** Input items before this array (for chunked streams); used in error messages. */
  public long offset;
  /**
   * Whether {@code data} is an array the OpenCL driver made by joining claims, whose room past
   * {@code end} a later join may fill; never a caller's array.
   */
  public boolean joined;

  public int remaining() {
    return end - pos;
  }

  /**
   * The position in the whole input of the first null among the items not yet read, or -1. Only an
   * array of records can hold one: record columns come as a plain {@code Object[]} of primitive
   * arrays (never null, and not items), and primitive items are never null.
   */
  public long firstNull() {
    if (data instanceof Object[] items && data.getClass() != Object[].class) {
      for (int i = pos; i < end; i++) {
        if (items[i] == null) {
          return offset + i;
        }
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    // the whole claim, not what is left of it: an error after its last item was read still names it
    String items = "input items [" + (offset + start) + ", " + (offset + end) + ")";
    // an index range's items are values, base + position, which a message names with the item: say
    // which (runRange(5, 12)'s items [4, 7) are 9 to 11; outside-in helper-130)
    return data == null && end > start ? items + ", the values " + (base + start) + " to " + (base + end - 1) : items;
  }
}
