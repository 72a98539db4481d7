package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@code run} parameter of a node inside an enumeration region: the parent of the current item
 * (of the innermost region containing the node). Its type is the enumerator's parent type.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Parent {}
