/**
 * What the processor computed about a pipeline: {@link dev.sluice.runtime.plan.PipelinePlan}, which
 * every generated pipeline holds as {@code PLAN} (and returns from {@code plan()}), and the pictures
 * drawn from it. A user may read a plan; the back ends run with the one the processor wrote.
 */
package dev.sluice.runtime.plan;
