package dev.sluice.runtime.opencl;

/**
 * What the OpenCL back end needs on the class path beside Sluice's runtime, checked before the first
 * device listing, and the words for why it could not load. Without these checks a missing jar or an
 * older Aparapi first on the class path surfaced as a raw {@code NoClassDefFoundError} or
 * {@code NoSuchMethodError} from Sluice's own code, at the listing or at the first kernel build, where
 * the device should be reported unavailable, naming the jar (outside-in helper-96).
 */
final class OpenClLayer {
  /** The Aparapi release the runtime is built and tested against (its pom's dependency). */
  static final String APARAPI = "com.aparapi:aparapi:3.0.2";

  private OpenClLayer() {}

  /** Throws {@link NoClassDefFoundError} naming the jar when a class the kernels need is missing or too old. */
  static void checkClasses() {
    ClassLoader loader = OpenClLayer.class.getClassLoader();
    String jar = APARAPI;
    try {
      Class<?> kernel = Class.forName("com.aparapi.Kernel", false, loader);
      Class<?> device = Class.forName("com.aparapi.device.Device", false, loader);
      Class.forName("com.aparapi.exception.CompileFailedException", false, loader);
      // added in Aparapi 2: an older Aparapi first on the class path lacks it
      kernel.getMethod("compile", device);
      jar = "org.apache.bcel:bcel (a dependency of " + APARAPI + ")";
      Class.forName("org.apache.bcel.Repository", false, loader);
      jar = "com.aparapi:aparapi-jni (Aparapi's native library, a dependency of " + APARAPI + ")";
      Class.forName("com.aparapi.natives.NativeLoader", false, loader);
      jar = "net.java.dev.jna:jna (a dependency of sluice-runtime)";
      Class.forName("com.sun.jna.Native", false, loader);
    } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
      NoClassDefFoundError missing = new NoClassDefFoundError(
          "the class path lacks " + jar + ", or an older copy comes first");
      missing.initCause(e);
      throw missing;
    }
  }

  /** Why the OpenCL layer could not load, from what its loading threw. */
  static String whyNot(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    StringBuilder b = new StringBuilder("the OpenCL layer could not load: ").append(e);
    if (root != e) {
      // an ExceptionInInitializerError's own text is its class name: the cause says what happened
      b.append(", caused by ").append(root);
    }
    if (root instanceof IllegalCallerException && String.valueOf(root.getMessage()).contains("native access")) {
      b.append("; allow native access to JNA and Aparapi: --enable-native-access=ALL-UNNAMED (on the module"
          + " path: --enable-native-access=com.sun.jna,aparapi,aparapi.jni), or Enable-Native-Access: ALL-UNNAMED"
          + " in an executable jar's manifest");
    }
    return b.toString();
  }
}
