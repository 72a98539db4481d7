package dev.sluice.examples.signals;

/** One input item: its window, its value, and {@code last = 1} on the last item of its window. */
public record Event(int window, int value, int last) {}
