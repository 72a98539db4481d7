package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A read-only node parameter, set in the constructor (OP2's READ). A primitive other than
 * {@code char}, or an array of one; on a GPU, uploaded once per run.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface Param {}
