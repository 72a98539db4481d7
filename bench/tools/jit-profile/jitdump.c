// A JVMTI agent that writes the machine code of each method the JIT compiles, so that perf samples
// can be mapped to instructions on a JVM without the hsdis disassembler plug-in.
//
//   -agentpath:libjitdump.so=DIR,PREFIX
//
// writes DIR/<seq>_<class>_<method>_<address>.bin for each compiled method whose class name starts
// with PREFIX (in internal form, e.g. dev/sluice), the bytes as loaded at <address> (hexadecimal).
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[4096] = ".";
static char prefix[1024] = "";
static int seq;

static void JNICALL compiled(jvmtiEnv *jvmti, jmethodID method, jint size, const void *address, jint map_length,
                             const jvmtiAddrLocationMap *map, const void *info) {
  char *name = NULL, *klass = NULL;
  jclass declaring;
  if ((*jvmti)->GetMethodName(jvmti, method, &name, NULL, NULL) != JVMTI_ERROR_NONE) return;
  if ((*jvmti)->GetMethodDeclaringClass(jvmti, method, &declaring) != JVMTI_ERROR_NONE) return;
  if ((*jvmti)->GetClassSignature(jvmti, declaring, &klass, NULL) != JVMTI_ERROR_NONE) return;
  // class signatures read "Ldev/sluice/...;"
  if (strncmp(klass + 1, prefix, strlen(prefix)) == 0) {
    for (char *c = klass; *c; c++) {
      if (*c == '/' || *c == ';' || *c == '$') *c = '_';
    }
    char path[8192];
    snprintf(path, sizeof path, "%s/%04d_%s_%s_%p.bin", dir, __sync_fetch_and_add(&seq, 1), klass + 1, name, address);
    FILE *out = fopen(path, "wb");
    if (out) {
      fwrite(address, 1, (size_t) size, out);
      fclose(out);
    }
  }
  (*jvmti)->Deallocate(jvmti, (unsigned char *) name);
  (*jvmti)->Deallocate(jvmti, (unsigned char *) klass);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
  if (options) {
    char *comma = strchr(options, ',');
    if (comma) {
      snprintf(prefix, sizeof prefix, "%s", comma + 1);
      *comma = '\0';
    }
    snprintf(dir, sizeof dir, "%s", options);
  }
  jvmtiEnv *jvmti;
  if ((*vm)->GetEnv(vm, (void **) &jvmti, JVMTI_VERSION_1_0) != JNI_OK) return JNI_ERR;
  jvmtiCapabilities caps;
  memset(&caps, 0, sizeof caps);
  caps.can_generate_compiled_method_load_events = 1;
  if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE) return JNI_ERR;
  jvmtiEventCallbacks callbacks;
  memset(&callbacks, 0, sizeof callbacks);
  callbacks.CompiledMethodLoad = compiled;
  (*jvmti)->SetEventCallbacks(jvmti, &callbacks, sizeof callbacks);
  (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_COMPILED_METHOD_LOAD, NULL);
  return JNI_OK;
}
