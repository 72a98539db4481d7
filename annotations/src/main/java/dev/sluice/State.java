package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Mutable node state, one copy per pipeline instance (OP2's RW). It may be read anywhere, and
 * written only in signal handlers, which run single-threaded and in order with the data; assigning
 * it in {@code run} is a compile error.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface State {}
