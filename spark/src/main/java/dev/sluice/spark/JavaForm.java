package dev.sluice.spark;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;

/**
 * Java serialization of what travels to the executors, whatever {@code spark.serializer} says. The
 * pipeline factory is broadcast as these bytes, not as an object: under Kryo a broadcast object is
 * written by Kryo, which runs no {@code readObject} (a {@code transient} field it rebuilds read as zero
 * on a cluster, while local mode showed the right answer), cannot write a record, and with {@code
 * spark.kryo.registrationRequired} wants the lambda's class registered (outside-in helper-127). As
 * bytes, the factory is read on every executor, and in local mode too, exactly as it was written when
 * it was given.
 */
final class JavaForm {
  private JavaForm() {}

  /**
   * {@code factory} serialized, and read back once with its own class loader as an executor will read
   * it, so that a factory that can be written but not read (a serializable class whose non-serializable
   * superclass has no no-argument constructor, a {@code readObject} that throws) is refused here, in the
   * caller's words ({@link #write}), not in every task.
   */
  static byte[] of(PipelineFactory<?> factory) {
    byte[] bytes;
    try {
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      write(factory, written, "the PipelineFactory given to SluiceSpark", "every executor makes its pipelines with it",
          "make the factory a lambda that captures only serializable values, or build what it needs inside it");
      bytes = written.toByteArray();
      factory(bytes, factory.getClass().getClassLoader());
    } catch (OutOfMemoryError e) {
      throw new IllegalArgumentException("the PipelineFactory given to SluiceSpark is too large to serialize on the"
          + " driver (" + e + "): what it captures is held once more there, as bytes, and read back once; capture"
          + " less, or build large @Param data inside the factory", e);
    } catch (IllegalStateException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return bytes;
  }

  /**
   * The factory in {@code bytes}, its classes (a lambda's capturing class among them) found by
   * {@code loader} first (on an executor the task thread's, which has the application's jars), then by
   * Sluice's own (a notebook's or sbt's layered loaders), then as Java serialization finds them.
   */
  @SuppressWarnings("unchecked")
  static <P> PipelineFactory<P> factory(byte[] bytes, ClassLoader loader) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
      @Override
      protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        for (ClassLoader l : new ClassLoader[] {loader, JavaForm.class.getClassLoader()}) {
          if (l != null) {
            try {
              return Class.forName(desc.getName(), false, l);
            } catch (ClassNotFoundException e) {
              // the next loader
            }
          }
        }
        // the platform's classes, and those only the stream's default loader finds
        return super.resolveClass(desc);
      }
    }) {
      return (PipelineFactory<P>) in.readObject();
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      // a readObject of what it captures may refuse with an unchecked exception too
      throw new IllegalStateException("the PipelineFactory given to SluiceSpark could not be read back from its"
          + " serialized form: " + e, e);
    }
  }

  /**
   * Writes {@code what} serialized to {@code to}, or throws an {@code IllegalArgumentException} that names
   * {@code role}, why it must travel, and the class that cannot; Spark's own "Task not serializable" names
   * only its closure.
   */
  static void write(Object what, OutputStream to, String role, String why, String advice) {
    try (ObjectOutputStream out = new ObjectOutputStream(to)) {
      out.writeObject(what);
    } catch (NotSerializableException e) {
      throw new IllegalArgumentException(role + " must be serializable, with everything it captures, since " + why
          + "; " + e.getMessage() + " is not (" + advice + ")", e);
    } catch (IOException | RuntimeException e) {
      // a writeReplace or writeObject of what it captures may refuse with an unchecked exception too
      throw new IllegalArgumentException(role + " could not be serialized: " + e, e);
    }
  }

  /** Checks that {@code what} can be serialized ({@link #write}), writing it nowhere. */
  static void check(Object what, String role, String why, String advice) {
    write(what, OutputStream.nullOutputStream(), role, why, advice);
  }
}
