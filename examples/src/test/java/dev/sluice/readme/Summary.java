package dev.sluice.readme;

public record Summary(int start, int digits) {}
