package dev.sluice.runtime.opencl;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

/**
 * For {@link IsolatedCopiesTest}, in a fresh JVM: loads this JVM's class path (Sluice, Aparapi and its
 * native layer) in {@code args[0]} class loaders of their own, as an application server loads each
 * application's jars, and lists the OpenCL devices in all of them at once. Prints each copy's count.
 */
public final class IsolatedCopiesChild {
  private IsolatedCopiesChild() {}

  public static void main(String[] args) throws Exception {
    int copies = Integer.parseInt(args[0]);
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      urls.add(new File(entry).toURI().toURL());
    }
    CyclicBarrier start = new CyclicBarrier(copies);
    List<Thread> threads = new ArrayList<>();
    String[] found = new String[copies];
    for (int c = 0; c < copies; c++) {
      int copy = c;
      // the platform loader as parent: nothing of Sluice's or Aparapi's is shared between the copies
      ClassLoader loader = new URLClassLoader("copy-" + c, urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
      Thread t = new Thread(() -> {
        try {
          Class<?> devices = Class.forName(OpenClDevices.class.getName(), true, loader);
          start.await();
          found[copy] = String.valueOf(((List<?>) devices.getMethod("list").invoke(null)).size());
        } catch (Exception e) {
          found[copy] = "failed: " + e;
        }
      });
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    for (int c = 0; c < copies; c++) {
      System.out.println("copy " + c + ": " + found[c]);
    }
  }
}
