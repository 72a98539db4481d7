package dev.sluice.spark;

import dev.sluice.runtime.Device;

/**
 * Where a task's pipeline runs: the device (the OpenCL device of the GPU Spark assigned the task, else
 * the CPU back end) and how many pipeline instances one run uses (on the CPU, the task's
 * {@code spark.task.cpus}; 0 on OpenCL: the device's own parallelism). A {@link PipelineFactory}
 * passes both to the generated builder.
 *
 * @param spec the device as {@link Device#named(String)} reads it ({@code cpu}, {@code opencl:N}, ...)
 */
public record Slot(Device device, int instances, String spec) {}
