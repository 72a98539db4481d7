#!/usr/bin/env bash
# Regenerates the pictures of the example pipelines in the docs from what the annotation processor
# wrote beside the generated classes. Run it after a build (mvn -B -ntp -q install -DskipTests):
#
#   docs/pictures/render.sh
#
# 1. copies each example's <Name>Pipeline.mmd and .dot from examples/target/classes to docs/pictures/;
# 2. renders each .dot to .svg with Graphviz (installs it with apt-get when it is missing and this
#    runs as root; otherwise leaves the SVGs as they are and says so);
# 3. replaces the Mermaid block between "<!-- picture: NAME -->" and "<!-- /picture -->" in the
#    markdown files below with the contents of docs/pictures/NAME.mmd (GitHub draws Mermaid inline).
#
# PicturesTest (examples) fails in mvn verify when the docs' pictures are not the processor's: run
# this script and commit what it changed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/docs/pictures"
classes="$root/examples/target/classes/dev/sluice/examples"
examples=(blast/BlastPipeline filters/FilterChainPipeline fanout/SensorSplitPipeline synthgain/SynthGainPipeline
  lineparser/LineParserPipeline signals/WindowsPipeline)
docs=("$root/docs/examples.md" "$root/docs/user-guide.md")

for e in "${examples[@]}"; do
  for ext in mmd dot; do
    if [[ ! -f "$classes/$e.$ext" ]]; then
      echo "render.sh: $classes/$e.$ext is missing; build first: mvn -B -ntp -q install -DskipTests" >&2
      exit 1
    fi
    cp "$classes/$e.$ext" "$out/$(basename "$e").$ext"
  done
done

if ! command -v dot >/dev/null && [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  apt-get install -y -q graphviz >/dev/null || true
fi
if command -v dot >/dev/null; then
  for e in "${examples[@]}"; do
    dot -Tsvg "$out/$(basename "$e").dot" -o "$out/$(basename "$e").svg"
  done
else
  echo "render.sh: Graphviz 'dot' not found (apt-get install graphviz); the SVGs were not redrawn" >&2
fi

for doc in "${docs[@]}"; do
  awk -v dir="$out" '
    /^<!-- picture: [A-Za-z]+ -->$/ {
      print
      name = $3
      file = dir "/" name ".mmd"
      if ((getline line < file) <= 0) { print "render.sh: no " file > "/dev/stderr"; exit 1 }
      print "```mermaid"
      print line
      while ((getline line < file) > 0) print line
      close(file)
      print "```"
      skipping = 1
      next
    }
    /^<!-- \/picture -->$/ { skipping = 0 }
    !skipping { print }
  ' "$doc" > "$doc.tmp"
  mv "$doc.tmp" "$doc"
done
echo "render.sh: pictures of ${#examples[@]} pipelines in docs/pictures/ and in ${docs[*]#$root/}"
