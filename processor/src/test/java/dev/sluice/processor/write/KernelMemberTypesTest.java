package dev.sluice.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@link Names#KERNEL_MEMBER_TYPES} is the list of member types the generated kernel inherits from Aparapi's. */
class KernelMemberTypesTest {
  @Test
  void theListIsAparapisKernelsInheritedMemberTypes() {
    Set<String> inherited = Arrays.stream(com.aparapi.Kernel.class.getDeclaredClasses())
        .filter(c -> Modifier.isPublic(c.getModifiers()) || Modifier.isProtected(c.getModifiers()))
        .map(Class::getSimpleName).collect(Collectors.toSet());
    assertEquals(inherited, Names.KERNEL_MEMBER_TYPES);
  }
}
