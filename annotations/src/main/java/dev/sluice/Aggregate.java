package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On an output channel parameter: the channel leaves the innermost enumeration region containing the
 * node (an aggregating edge). Typically pushed from the {@link Signal#END} handler, once per parent.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Aggregate {}
