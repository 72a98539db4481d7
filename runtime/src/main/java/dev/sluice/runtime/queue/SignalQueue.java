package dev.sluice.runtime.queue;

/**
 * A node's queue of pending signals. Each entry has a kind (an index into the plan's signal table),
 * a credit (data items ahead of it on its edge since the previous signal), a parent slot for BEGIN /
 * END, and a payload record for user signals. Unused credit is stored back at the head.
 */
public final class SignalQueue {
  private final int[] kind;
  private final int[] credit;
  private final int[] slot;
  private final Object[] payload;
  private int head;
  private int count;

  public SignalQueue(int capacity) {
    kind = new int[capacity];
    credit = new int[capacity];
    slot = new int[capacity];
    payload = new Object[capacity];
  }

  public int count() {
    return count;
  }

  public int space() {
    return kind.length - count;
  }

  private int at(int offset) {
    int i = head + offset;
    return i >= kind.length ? i - kind.length : i;
  }

  public void add(int signalKind, int signalCredit, int parentSlot, Object signalPayload) {
    if (count == kind.length) {
      throw new QueueOverflowException(kind.length);
    }
    int i = at(count);
    kind[i] = signalKind;
    credit[i] = signalCredit;
    slot[i] = parentSlot;
    payload[i] = signalPayload;
    count++;
  }

  public int kind(int offset) {
    return kind[at(offset)];
  }

  public int credit(int offset) {
    return credit[at(offset)];
  }

  public int slot(int offset) {
    return slot[at(offset)];
  }

  public Object payload(int offset) {
    return payload[at(offset)];
  }

  /** Drops {@code n} signals from the head. */
  public void release(int n) {
    for (int i = 0; i < n; i++) {
      payload[at(i)] = null;
    }
    head = at(n);
    count -= n;
  }

  /** Stores the credit left unused by a firing back into the head signal. */
  public void setHeadCredit(int c) {
    credit[head] = c;
  }
}
