package dev.sluice.runtime.opencl;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Whether a kernel class was compiled with its local variable tables ({@code javac -g} or
 * {@code -g:vars}), which Aparapi reads to give the kernel's locals their types.
 *
 * <p>Without them Aparapi logs a warning per method and guesses the locals from the bytecode; a
 * {@code long} or {@code double} local then fails deep in its reader ({@code No enum constant
 * ...StoreSpec.J}). Maven and Gradle compile with the tables by default; plain {@code javac} does
 * not. So {@link Kernels} asks here first and refuses such a kernel with what to do.
 *
 * <p>javac writes the tables for every method or for none, and a class file with any of them names
 * the attribute {@code LocalVariableTable} in its constant pool: that entry is what is looked for.
 */
final class LocalVariableTables {
  private LocalVariableTables() {}

  static final String ATTRIBUTE = "LocalVariableTable";

  /** What to do about a class compiled without them, for the refusal's message. */
  static final String ADVICE = "was compiled without local variable tables, which Aparapi needs to translate it; "
      + "compile with javac -g (or -g:vars): Maven and Gradle do so by default";

  /**
   * Whether {@code type}'s class file names {@link #ATTRIBUTE}; {@code true} also when the class file
   * cannot be read or parsed, so that a class loaded some other way is left to Aparapi.
   */
  static boolean present(Class<?> type) {
    String file = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream in = type.getResourceAsStream(file)) {
      return in == null || named(new DataInputStream(in));
    } catch (IOException | RuntimeException e) {
      return true;
    }
  }

  /** Reads a class file's constant pool (JVMS 4.4) up to an entry that is the attribute's name. */
  static boolean named(DataInputStream in) throws IOException {
    if (in.readInt() != 0xCAFEBABE) {
      return true;
    }
    in.readUnsignedShort(); // minor version
    in.readUnsignedShort(); // major version
    int count = in.readUnsignedShort();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> { // Utf8
          if (ATTRIBUTE.equals(in.readUTF())) {
            return true;
          }
        }
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt(); // Integer, Float, refs, NameAndType, dynamic
        case 5, 6 -> { // Long, Double: two slots
          in.readLong();
          i++;
        }
        case 7, 8, 16, 19, 20 -> in.readUnsignedShort(); // Class, String, MethodType, Module, Package
        case 15 -> { // MethodHandle
          in.readUnsignedByte();
          in.readUnsignedShort();
        }
        default -> {
          return true; // a constant this reader does not know: leave the class to Aparapi
        }
      }
    }
    return false;
  }
}
