#!/usr/bin/env python3
"""Maps perf samples to the JIT code jitdump.c wrote: the compiled methods by share of all samples,
then the hottest one's instructions (objdump) with each one's share of that method's samples, or
those of the hottest method whose name has METHOD in it.

    annotate.py PERF_DATA CODE_DIR [TOP_INSTRUCTIONS [METHOD]]

A sampled address is the instruction after the one that was executing (skid) as often as not:
read a hot spot together with the instructions just before it."""
import collections
import os
import re
import subprocess
import sys


def main():
    perf_data, code_dir = sys.argv[1], sys.argv[2]
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    # a part of a method's name: list that method instead of the hottest one
    wanted = sys.argv[4] if len(sys.argv) > 4 else None
    blobs = []
    for f in os.listdir(code_dir):
        m = re.search(r'_(0x[0-9a-f]+)\.bin$', f)
        if m:
            start = int(m.group(1), 16)
            blobs.append((start, start + os.path.getsize(os.path.join(code_dir, f)), f))
    blobs.sort()
    ips = subprocess.run(['perf', 'script', '-i', perf_data, '-F', 'ip'], capture_output=True, text=True,
                         check=True).stdout.split()
    at, per_blob = collections.Counter(), collections.Counter()
    for s in ips:
        ip = int(s, 16)
        for start, end, f in blobs:
            if start <= ip < end:
                at[ip] += 1
                per_blob[f] += 1
                break
    print(f'{len(ips)} samples; compiled methods by share of them:')
    for f, n in per_blob.most_common(8):
        print(f'  {100 * n / len(ips):5.1f}%  {f}')
    if not per_blob:
        return
    hottest, total = next(((f, n) for f, n in per_blob.most_common() if wanted is None or wanted in f), (None, 0))
    if hottest is None:
        print(f'\nno sampled method has {wanted!r} in its name')
        return
    start = next(b[0] for b in blobs if b[2] == hottest)
    listing = subprocess.run(['objdump', '-D', '-b', 'binary', '-mi386:x86-64', f'--adjust-vma={start:#x}',
                              os.path.join(code_dir, hottest)], capture_output=True, text=True, check=True).stdout
    lines = [l for l in listing.splitlines() if re.match(r'\s*[0-9a-f]+:', l)]
    print(f'\n{hottest}: its {top} hottest instructions, by share of its samples')
    ranked = sorted(lines, key=lambda l: -at.get(int(l.split(':')[0], 16), 0))[:top]
    for l in ranked:
        print(f'  {100 * at.get(int(l.split(":")[0], 16), 0) / total:5.1f}%  {l.strip()}')
    print(f'\n{hottest}: the whole listing')
    for l in lines:
        n = at.get(int(l.split(':')[0], 16), 0)
        print(f'  {100 * n / total:5.1f}%  {l.strip()}' if n else f'          {l.strip()}')


if __name__ == '__main__':
    main()
