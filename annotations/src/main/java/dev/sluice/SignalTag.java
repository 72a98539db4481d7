package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a user signal: a record whose components are {@code int}, {@code long}, {@code float} or
 * {@code double}. A node raises it with a {@link Raise} parameter; it travels downstream in order with
 * the data until a node with a {@link SignalHandler} for it consumes it.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface SignalTag {}
