package dev.sluice.javalang;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A pipeline in a package whose types are named like java.lang's: Record, Process, Error, Module. */
@Pipeline
public interface Twice {
  @Source Record in();

  @From("in") Process process();

  @Sink @From("process") Record out();
}
