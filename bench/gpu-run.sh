#!/usr/bin/env bash
# The whole GPU check in one command, for a borrowed GPU machine whose time is short: the kernel
# tests, the bench at 1, 4, 16 and 64x (the flagship first), optionally the example pipelines, the
# cost of a bare pass (probe.BarrierCost) and a sweep of work-groups per run. Each step has its own
# deadline (seconds from the start), so a slow step cannot eat the ones after it; a deadline of 0
# skips the step.
# Here, first:  mvn -B -ntp -q install -DskipTests && bash ../shared/gpu-kit/pack
# There, from the project's root (.gpu-kit beside it):  OUT=/some/folder bash bench/gpu-run.sh
# BENCH_SOURCE names the commit measured where the copy of the tree there has no git history.
# What it leaves in $OUT (at most 8 files): env.log (machine, driver, examples, sweep), tests.log
# (a line per test class, then their output), junit.tgz, bench.log, and results.md/results.tsv under b1 (blast, lineparser) and b2 (synthgain).
# The GPU machine has no font libraries for Java2D: draw the chart here from the .tsv files with
#   java -cp ... dev.sluice.bench.Render OUT_DIR b1/results.tsv b2/results.tsv
set -uo pipefail
cd "$(dirname "$0")/.."
kit=.gpu-kit
OUT=${OUT:-/tmp/gpu-run}; mkdir -p "$OUT"
TESTS_BY=${TESTS_BY:-180} MAIN_BY=${MAIN_BY:-0} BENCH1_BY=${BENCH1_BY:-260} BENCH2_BY=${BENCH2_BY:-420} SWEEP_BY=${SWEEP_BY:-0}
PROBE_BY=${PROBE_BY:-0}
REPS=${REPS:-3}
until_s() { local t=$(( $1 - SECONDS )); echo $(( t > 1 ? t : 1 )); }
log="$OUT/env.log"
{
  date -u; nproc; free -g | head -2; nvidia-smi 2>&1 | head -20
  echo "== OpenCL libraries"; ldconfig -p | grep -iE 'opencl|nvidia-opencl'
  ls -l /etc/OpenCL/vendors 2>&1
} > "$log" 2>&1
# where the kit's own search finds no driver, a wider one: an ICD file of ours that the kit keeps
if [ -z "$(ldconfig -p | grep libnvidia-opencl)" ]; then
  drv=$(find / -xdev -name 'libnvidia-opencl.so*' 2>/dev/null | head -n 1)
  if [ -n "$drv" ]; then
    mkdir -p /tmp/icd && echo "$drv" > /tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
    echo "driver found by the wider search: $drv" >> "$log"
  fi
fi
mkdir -p /tmp/gpu-kit/jrt && tar xzf "$kit/jrt.tgz" -C /tmp/gpu-kit/jrt
# HotSpot keeps its own signal handlers first, whatever the driver installs while it builds kernels
export LD_PRELOAD=/tmp/gpu-kit/jrt/lib/libjsig.so

if [ "$TESTS_BY" -gt 0 ]; then
  echo "== tests (by ${TESTS_BY}s)" >> "$log"
  # one JVM per test class (bench/gpu-tests.sh): a class that hangs or crawls names itself
  OUT="$OUT" BY="$(until_s "$TESTS_BY")" bash bench/gpu-tests.sh
  echo "tests at ${SECONDS}s: $(grep -c ': rc 0 ' "$OUT/tests.log") classes passed; $(grep -E ': rc [1-9]|not run' "$OUT/tests.log" | tr '\n' ';')" >> "$log"
fi

if [ "$MAIN_BY" -gt 0 ]; then
  echo "== examples (by ${MAIN_BY}s)" >> "$log"
  timeout "$(until_s "$MAIN_BY")" bash "$kit/on-device.sh" java dev.sluice.examples.Main >> "$log" 2>&1
  echo "examples rc $? at ${SECONDS}s" >> "$log"
fi

# the floor of one pass of a persistent loop on this device, with no scheduler in it (barriers, lane 0
# summing the lanes' counts): against a Sluice kernel's time per run, what the scheduling costs
if [ "$PROBE_BY" -gt 0 ]; then
  echo "== one pass without a scheduler (by ${PROBE_BY}s)" >> "$log"
  timeout "$(until_s "$PROBE_BY")" bash "$kit/on-device.sh" java dev.sluice.bench.probe.BarrierCost >> "$log" 2>&1
  echo "probe rc $? at ${SECONDS}s" >> "$log"
fi

bench=(-Dbench.scales=1,4,16,64 -Dbench.impls=sluice-cpu,sluice-opencl,fused-par,aparapi-stages
       -Dbench.warmups=1 -Dbench.warmup=0 -Dbench.reps="$REPS" -Dbench.budget=1 -Dbench.chart=false
       ${BENCH_SOURCE:+"-Dbench.source=$BENCH_SOURCE"})
# the flagship first: each part writes its results after every workload, so a cut leaves the rest
if [ "$BENCH1_BY" -gt 0 ]; then
  timeout "$(until_s "$BENCH1_BY")" bash "$kit/on-device.sh" bench "${bench[@]}" -Dbench.only=blast,lineparser \
    -Dbench.out="$OUT/b1" > "$OUT/bench.log" 2>&1
  echo "bench part 1 rc $? at ${SECONDS}s" >> "$log"
fi
if [ "$BENCH2_BY" -gt 0 ]; then
  timeout "$(until_s "$BENCH2_BY")" bash "$kit/on-device.sh" bench "${bench[@]}" \
    -Dbench.only=synthgain-0.1,synthgain-1,synthgain-4 -Dbench.out="$OUT/b2" >> "$OUT/bench.log" 2>&1
  echo "bench part 2 rc $? at ${SECONDS}s" >> "$log"
fi

if [ "$SWEEP_BY" -gt 0 ]; then
  echo "== work-groups sweep (by ${SWEEP_BY}s)" >> "$log"
  for g in ${SWEEP_GROUPS:-132 264 1056 2112}; do
    [ $(( SWEEP_BY - SECONDS )) -gt 10 ] || break
    timeout "$(until_s "$SWEEP_BY")" bash "$kit/on-device.sh" bench -Dbench.opencl.groups="$g" -Dbench.scales=16 \
      -Dbench.impls=sluice-opencl -Dbench.only=synthgain-1,lineparser,blast -Dbench.warmups=1 -Dbench.warmup=0 \
      -Dbench.reps=3 -Dbench.budget=1 -Dbench.chart=false -Dbench.out=/tmp/sweep-$g 2>&1 \
      | grep -E 'OpenCL devices|^== |sluice-opencl' >> "$log"
  done
fi
echo "done at ${SECONDS}s" >> "$log"
