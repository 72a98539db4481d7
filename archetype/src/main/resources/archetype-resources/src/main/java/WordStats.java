package ${package};

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * The pipeline: lines in, one {@link LineStats} per line out. The annotation processor turns this
 * interface into {@code WordStatsPipeline} (see target/generated-sources/annotations after a build).
 */
@Pipeline
public interface WordStats {
  @Source Line lines();

  @From("lines") Chars chars();

  @From("chars") WordEnds wordEnds();

  @From("wordEnds") PerLine perLine();

  @Sink @From("perLine") LineStats stats();
}
