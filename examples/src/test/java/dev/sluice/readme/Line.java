package dev.sluice.readme;

public record Line(int start, int end) {}
