package dev.sluice.processor.write;

import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import java.util.function.Consumer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/**
 * Follows javac's task after the processor's rounds: which classes javac writes a class file for (the
 * end of its GENERATE step for that class). javac writes class files one class at a time, and none
 * after its first error: the classes it did not reach keep the class files they had. An error found
 * while the processor reads the bodies, or before javac analyzes any class (an import that names no
 * class), stops it before the first; so does {@code -proc:only}, which writes no class file.
 */
final class ClassFiles implements TaskListener {
  private final Consumer<TypeElement> written;

  private ClassFiles(Consumer<TypeElement> written) {
    this.written = written;
  }

  /**
   * Calls {@code written} with each class javac writes from now on; false, and nothing followed, where
   * {@code env} is not javac's or its task cannot be reached.
   */
  static boolean follow(ProcessingEnvironment env, Consumer<TypeElement> written) {
    JavacTask task;
    try {
      task = JavacTask.instance(env);
    } catch (IllegalArgumentException | LinkageError e) {
      // not javac's environment (or javac's classes not visible to the processor)
      return false;
    }
    task.addTaskListener(new ClassFiles(written));
    return true;
  }

  @Override
  public void finished(TaskEvent e) {
    if (e.getKind() == TaskEvent.Kind.GENERATE && e.getTypeElement() != null) {
      written.accept(e.getTypeElement());
    }
  }
}
