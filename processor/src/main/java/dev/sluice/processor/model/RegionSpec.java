package dev.sluice.processor.model;

/**
 * The {@code @Region} settings of an enumerator.
 *
 * @param parentBuffer parents open at once per pipeline instance
 * @param maxElements the most elements one parent may have
 */
public record RegionSpec(int parentBuffer, int maxElements) {}
