package dev.sluice.processor.model;

/**
 * The values of {@code @Pipeline}: vector width, data queue scale, signal queue capacity, and whether
 * an OpenCL kernel is written.
 */
public record Settings(int width, int queueScale, int signalQueue, boolean gpu) {}
