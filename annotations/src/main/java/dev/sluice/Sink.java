package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A pipeline output. The method's return type is the item type it collects, and {@link From} names
 * the channel that feeds it. Sinks have no outputs: no stage may read {@code From} a sink. The order
 * of a sink's items is not defined (the result is a multiset).
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Sink {}
