package dev.sluice.processor.diagnostics;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;

/** A position inside a method body, printed through the javac Trees API so the line is exact. */
public record BodySite(Tree tree, CompilationUnitTree unit, Trees trees) {}
