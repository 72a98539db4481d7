package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The pipeline's single input. The method's return type is the input item type: {@code int},
 * {@code long}, {@code float}, {@code double}, or a record whose components are those.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Source {}
