/**
 * The scheduling protocol with signals, regions and flushing, written once: the scheduler both the
 * queued CPU executor and the kernel follow, the encoded plan they read, the layout of an
 * instance's state, and the failure messages every back end gives.
 *
 * <p><b>Internal.</b> Public only because the classes the processor generates in a user's package
 * extend or call these types; not an API: they may change in any release without notice. A user's
 * code needs only {@code dev.sluice} (the annotations), {@code dev.sluice.runtime} (devices, run
 * options, results and reports) and the generated pipeline class.
 */
package dev.sluice.runtime.protocol;
