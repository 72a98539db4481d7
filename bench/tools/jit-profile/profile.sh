#!/usr/bin/env bash
# Samples one bench implementation on one workload with perf and maps the samples to the JIT's
# machine code (no hsdis needed), e.g.
#
#   mvn -B -ntp -q install -DskipTests && bench/tools/jit-profile/profile.sh synthgain-1 sluice-cpu-1t
#   bench/tools/jit-profile/profile.sh blast sluice-cpu-1t -Dprobe.scale=16   # options after the two go to java
#
# Needs perf (kernel.perf_event_paranoid <= 2), a C compiler, objdump and python3. Writes
# bench/target/jit-profile/report.txt: the compiled methods by share of the samples, then the
# hottest one's hottest instructions and its whole listing.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 WORKLOAD IMPL [-Dname=value ...]   (e.g. synthgain-1 sluice-cpu-1t)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=$root/bench/target/jit-profile
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
rm -rf "$work" && mkdir -p "$work/code"
cc -shared -fPIC -O2 -I"$java_home/include" -I"$java_home/include/linux" "$here/jitdump.c" -o "$work/libjitdump.so"
(cd "$root" && mvn -B -ntp -q -pl bench dependency:build-classpath -Dmdep.outputFile="$work/classpath.txt")
perf record -F 2000 -e cpu-clock -o "$work/perf.data" -- "$java_home/bin/java" \
  -agentpath:"$work/libjitdump.so=$work/code,dev/sluice" "${@:3}" \
  -cp "$root/bench/target/classes:$(cat "$work/classpath.txt")" dev.sluice.bench.probe.Repeat "$1" "$2"
python3 "$here/annotate.py" "$work/perf.data" "$work/code" > "$work/report.txt"
sed -n '1,60p' "$work/report.txt"
echo "(the whole report: $work/report.txt)"
