package dev.sluice.cpu;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * For {@link UnloadTest}, in a fresh JVM: as a server that reloads an application does, loads
 * {@code dev.sluice.cpu.unload} in a class loader of its own (Sluice itself from the class path), runs
 * its pipeline on the device {@code args[0]} names, drops the loader, and prints whether the loader
 * could be collected while the runtime's kept threads are still there.
 */
public final class UnloadChild {
  private UnloadChild() {}

  private static final String APPLICATION = "dev.sluice.cpu.unload.";

  /** Loads the application's classes itself, from the class path's bytes; the rest from its parent. */
  static final class ApplicationLoader extends ClassLoader {
    ApplicationLoader(int n) {
      super("application-" + n, UnloadChild.class.getClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.startsWith(APPLICATION)) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
              throw new ClassNotFoundException(name);
            }
            byte[] bytes = in.readAllBytes();
            c = defineClass(name, bytes, 0, bytes.length);
          } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
          }
        }
        return c;
      }
    }
  }

  public static void main(String[] args) throws Exception {
    List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
    for (int n = 0; n < 3; n++) {
      loaders.add(new WeakReference<>(run(n, args[0])));
    }
    for (int i = 0; i < 50 && loaders.stream().anyMatch(r -> r.get() != null); i++) {
      System.gc();
      Thread.sleep(20);
    }
    long threads = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("sluice")).count();
    System.out.println("kept threads: " + threads);
    System.out.println("reachable loaders: " + loaders.stream().filter(r -> r.get() != null).count());
  }

  private static ClassLoader run(int n, String device) throws Exception {
    ClassLoader loader = new ApplicationLoader(n);
    @SuppressWarnings("unchecked")
    ToLongFunction<String> entry = (ToLongFunction<String>) loader.loadClass(APPLICATION + "Entry").getConstructor().newInstance();
    if (entry.getClass().getClassLoader() != loader) {
      throw new AssertionError("the application was not loaded by its own loader");
    }
    System.out.println("application " + n + ": " + entry.applyAsLong(device));
    return loader;
  }
}
