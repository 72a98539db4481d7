package dev.sluice.examples.signals;

import dev.sluice.SignalTag;

/** A user signal: window {@code window} has ended. */
@SignalTag
public record WindowEnd(int window) {}
