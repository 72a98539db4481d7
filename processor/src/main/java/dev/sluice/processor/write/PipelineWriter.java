package dev.sluice.processor.write;

import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.model.PipelineModel;
import javax.annotation.processing.ProcessingEnvironment;

/** Writes a pipeline's generated classes (placeholder until the generator lands). */
public final class PipelineWriter {
  public PipelineWriter(ProcessingEnvironment processingEnv) {}

  public void write(PipelineModel model, Schedule schedule) {
    // generator lands here
  }
}
