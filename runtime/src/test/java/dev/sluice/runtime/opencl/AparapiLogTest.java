package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.aparapi.Config;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Which of Aparapi's records reach the user once {@link AparapiLog#quiet()} is in place: the ones
 * Sluice explains or that mean nothing for it are held back, each by its class and text; every other
 * record, of the same classes too, passes. (FirstRunTest sees the SEVERE one held back in a real JVM.)
 */
class AparapiLogTest {
  static final String ATTRIBUTES = "com.aparapi.internal.model.ClassModel$AttributePool";

  @Test
  void newerClassFileAttributesAreHeldBackAndNothingElse() {
    AparapiLog.quiet();
    Logger aparapi = Logger.getLogger(Config.getLoggerName());
    List<String> passed = new ArrayList<>();
    Handler seen = new Handler() {
      @Override
      public void publish(LogRecord r) {
        passed.add(r.getMessage());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    // the logger's filter decides before any handler sees a record; this test's records stay off the console
    boolean parents = aparapi.getUseParentHandlers();
    aparapi.setUseParentHandlers(false);
    aparapi.addHandler(seen);
    try {
      for (String name : new String[] {"NestHost", "NestMembers", "Record", "PermittedSubclasses", "MethodParameters",
          "Frobnicate"}) {
        aparapi.logp(Level.WARNING, ATTRIBUTES, "<init>", "Found unexpected Attribute (name = " + name + ")");
      }
      aparapi.logp(Level.WARNING, "com.aparapi.internal.model.Other", "x", "Found unexpected Attribute (name = NestHost)");
      aparapi.logp(Level.WARNING, ATTRIBUTES, "<init>", "something else");
      aparapi.logp(Level.SEVERE, "com.aparapi.internal.opencl.OpenCLLoader", "<clinit>", "Check your environment");
      aparapi.logp(Level.SEVERE, "com.aparapi.Kernel", "execute", "a kernel failed");
    } finally {
      aparapi.removeHandler(seen);
      aparapi.setUseParentHandlers(parents);
    }
    assertEquals(List.of("Found unexpected Attribute (name = Frobnicate)", "Found unexpected Attribute (name = NestHost)",
        "something else", "a kernel failed"), passed);
  }
}
