/**
 * The CPU back end's queued executor ({@code Device.cpuScheduled()}): the driver, one pipeline
 * instance per thread, the channels between stages, and the threads kept between runs.
 *
 * <p><b>Internal.</b> Public only because the classes the processor generates in a user's package
 * extend or call these types; not an API: they may change in any release without notice. A user's
 * code needs only {@code dev.sluice} (the annotations), {@code dev.sluice.runtime} (devices, run
 * options, results and reports) and the generated pipeline class.
 */
package dev.sluice.runtime.cpu;
