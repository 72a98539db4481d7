package dev.sluice.processor.model;

/** The values of {@code @Pipeline}: vector width, data queue scale and signal queue capacity. */
public record Settings(int width, int queueScale, int signalQueue) {}
