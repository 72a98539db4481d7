#!/usr/bin/env bash
# The kernel tests on the GPU one class per JVM, each with its own time limit, so that a class that
# hangs or crawls on the device names itself (with a thread dump) and the others still run.
# There, from the project's root (.gpu-kit beside it):  OUT=/some/folder bash bench/gpu-tests.sh
# Leaves $OUT/tests.log (one line per class: rc and seconds, then each class's output) and junit.tgz.
# CLASS_S: seconds per class (default 30); BY: seconds for the whole run (default 400); ONLY: the classes
# to run (default: every kernel test class); KIT_DEVICE=opencl: any OpenCL device (to try it on PoCL).
set -uo pipefail
cd "$(dirname "$0")/.."
kit=$PWD/.gpu-kit
OUT=${OUT:-/tmp/gpu-tests}; mkdir -p "$OUT/junit" "$OUT/classes"
CLASS_S=${CLASS_S:-30} BY=${BY:-400}
bash "$kit/on-device.sh" java -version > "$OUT/tests.log" 2>&1   # unpacks the runtime, writes the ICD file
export LD_LIBRARY_PATH="$kit${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# the ICD file on-device.sh wrote for NVIDIA's driver, where it found one
[ -d /tmp/gpu-kit/icd ] && export OCL_ICD_VENDORS=/tmp/gpu-kit/icd
export SLUICE_DATA="$kit/data" SLUICE_REQUIRE_OPENCL=1 SLUICE_REQUIRE_DATA=1
export LD_PRELOAD=/tmp/gpu-kit/jrt/lib/libjsig.so
cp=$(ls -d "$kit"/classes/* | paste -sd:):$(ls "$kit"/lib/*.jar | paste -sd:)
classes=$(cd "$kit/classes" && find . -name '*Test.class' | grep -E '(OpenCl|OnDevice|DeviceErrors|BenchSmoke)[^/$]*Test\.class$' \
  | sed 's|^\./[^/]*/||;s|\.class$||;s|/|.|g' | sort)
for c in ${ONLY:-$classes}; do
  left=$(( BY - SECONDS )); [ "$left" -gt 5 ] || { echo "$c: not run (out of time)" >> "$OUT/tests.log"; continue; }
  t=$(( left < CLASS_S ? left : CLASS_S )); start=$SECONDS
  # SIGQUIT at the limit prints the JVM's threads (where it waits), then SIGKILL 3 s later
  timeout -k 3 -s QUIT "$t" /tmp/gpu-kit/jrt/bin/java -Xmx16g -Dsluice.device="${KIT_DEVICE:-gpu}" \
    -jar "$kit"/junit-platform-console-standalone-*.jar execute -cp "$cp" --select-class "$c" -T chart \
    --details=tree --disable-banner --disable-ansi-colors --reports-dir "$OUT/junit/$c" > "$OUT/classes/$c.log" 2>&1
  echo "$c: rc $? in $(( SECONDS - start ))s" >> "$OUT/tests.log"
done
for f in "$OUT"/classes/*.log; do echo "==== $f"; grep -v 'warnings generated\|signal chaining' "$f"; done >> "$OUT/tests.log"
tar czf "$OUT/junit.tgz" -C "$OUT" junit && rm -rf "$OUT/junit" "$OUT/classes"
