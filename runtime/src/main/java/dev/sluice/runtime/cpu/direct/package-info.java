/**
 * The CPU back end's direct executor ({@code Device.cpu()}): each push calls its consumers, a
 * depth-first schedule of the protocol.
 *
 * <p><b>Internal.</b> Public only because the classes the processor generates in a user's package
 * extend or call these types; not an API: they may change in any release without notice. A user's
 * code needs only {@code dev.sluice} (the annotations), {@code dev.sluice.runtime} (devices, run
 * options, results and reports) and the generated pipeline class.
 */
package dev.sluice.runtime.cpu.direct;
