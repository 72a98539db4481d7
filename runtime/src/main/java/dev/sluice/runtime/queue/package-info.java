/**
 * The data queues of the scheduled executors and the sink buffers of every back end, one class per
 * item type.
 *
 * <p><b>Internal.</b> Public only because the classes the processor generates in a user's package
 * extend or call these types; not an API: they may change in any release without notice. A user's
 * code needs only {@code dev.sluice} (the annotations), {@code dev.sluice.runtime} (devices, run
 * options, results and reports) and the generated pipeline class.
 */
package dev.sluice.runtime.queue;
