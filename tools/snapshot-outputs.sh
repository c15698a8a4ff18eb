#!/usr/bin/env bash
# Runs a fixed set of nonosat commands over the shared corpus and the bundled examples, writing each
# command's standard output, standard error and exit code into OUTDIR, with times masked. Two runs of
# two builds can then be compared with `diff -r`: the restructuring promise that the CLI's output and
# JSON stay byte-for-byte the same is checked this way (docs/architecture.md).
#
# Usage: tools/snapshot-outputs.sh NONOSAT_BINARY OUTDIR [PUZZLES_DIR]
set -euo pipefail

bin=$(realpath "$1")
out=$2
puzzles=${3:-../shared/puzzles}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Times vary from run to run; everything else must not.
mask() {
  sed -E \
    -e 's/"([a-z_]*ms)":[0-9.eE+-]+/"\1":T/g' \
    -e "s|$work|WORK|g" \
    -e 's/[0-9]+(\.[0-9]+)? (ms|s)\b/T \2/g' \
    -e 's/[0-9]+(\.[0-9]+)?s\b/Ts/g'
}

# run NAME ARGS...: one command, its outputs masked, its exit code kept.
run() {
  local name=$1
  shift
  local code=0
  (cd "$work" && "$bin" "$@") >"$out/$name.out" 2>"$out/$name.err" || code=$?
  mask <"$out/$name.out" >"$out/$name.out.m" && mv "$out/$name.out.m" "$out/$name.out"
  mask <"$out/$name.err" >"$out/$name.err.m" && mv "$out/$name.err.m" "$out/$name.err"
  echo "$code" >"$out/$name.code"
}

root=$(pwd)
examples=("$root"/puzzles/examples/* "$root"/puzzles/seeds/*)
# Every corpus file but the ones whose answers depend on a time limit (hard n-Dom, Knotty, Faase,
# the 512x512 Cauldron, and the 1000-puzzle tournament sets, checked separately on a slice).
mapfile -t corpus < <(find "$puzzles" -type f \( -name '*.nin' -o -name '*.non' -o -name '*.xml' \
  -o -name '*.g' -o -name '*.mk' -o -name '*.png' -o -name '*.txt' \) |
  grep -vE '/(1[0-9]-dom|knotty|faase|cauldron)|tournament/|README|LICENSE|EXPECTED|PuzzleCannot' | sort)

i=0
for file in "${examples[@]}" "${corpus[@]}"; do
  i=$((i + 1))
  tag=$(printf '%04d-%s' "$i" "$(basename "$file")")
  run "$tag.check" check "$file" --timeout 20
  run "$tag.check-json" check "$file" --json --timeout 20
  run "$tag.solve" solve "$file" --timeout 20
  run "$tag.count" count "$file" --cap 3 --timeout 20
  run "$tag.explain" explain "$file" --json
  run "$tag.compare" compare "$file" --json --timeout 20
  run "$tag.convert-non" convert "$file" --to non
  run "$tag.convert-json" convert "$file" --to json
  run "$tag.cnf" cnf "$file" --index 0
  run "$tag.cnf-json" cnf "$file" --index 0 --json
  run "$tag.count-json" count "$file" --cap 3 --timeout 20 --json
done

# Commands that need particular inputs.
ex=$root/puzzles/examples
seeds=$root/puzzles/seeds
run hint hint "$seeds/koike-6x6.non" --state "$ex/heart.txt"
run fix fix "$seeds/two-diagonals.non"
run fix-json fix "$seeds/two-diagonals.non" --json
run latin latin "$ex/latin-5x5.txt"
run latin-json latin "$ex/latin-5x5.txt" --json
run clues clues "$ex/heart.png"
run clues-nin clues "$ex/heart.txt" --to nin
run check-max check "$seeds/two-diagonals.non" --max-solutions 5 --json
run check-goal check "$seeds/kikuchi-whale.non" --goal "$seeds/kikuchi-whale.txt"
run batch check "$puzzles/jwilk" "$puzzles/nonogram-db" --jobs 2 --timeout 5
run tournament solve "$puzzles/tournament/taai2011.txt" --timeout 5 --json
run tiles tiles "$root/docs/tiles/w1.txt" "$root/docs/tiles/w2.txt" "$root/docs/tiles/w3.txt" \
  --legend "$root/docs/tiles/legend.txt" --json --out "$work/tiles"
run pictures check "$seeds/two-diagonals.non" --svg "$work/check.svg" --png "$work/check.png"
run explain-svg explain "$seeds/koike-6x6.non" --svg "$work/explain.svg" --png "$work/explain.png"
run fix-svg fix "$seeds/two-diagonals.non" --svg "$work/fix.svg"
run clues-svg clues "$ex/heart.txt" --svg "$work/clues.svg" --png "$work/clues.png"
run proof check "$seeds/koike-6x6.non" --proof "$work/p"
run verify verify-proof "$work/p.cnf" "$work/p"
run verify-json verify-proof "$work/p.cnf" "$work/p" --json
run proof-model check "$seeds/two-diagonals.non" --proof "$work/m"
run verify-model verify-proof "$work/m.cnf" "$work/m" --json
run verify-rejected verify-proof "$work/m.cnf" "$work/p"
run latin-orders latin "$ex/latin-5x5.txt" --orders 100000 --json
run latin-orders-text latin "$ex/latin-5x5.txt" --orders 100000
run hint-json hint "$seeds/koike-6x6.non" --state "$ex/heart.txt" --json
run missing check /nonexistent.non
run missing-json check /nonexistent.non --json
run bad-format check "$ex/heart.txt" --format nin --json
run help --help
for sub in solve check clues convert cnf compare explain hint latin count verify-proof fix tiles; do
  run "help-$sub" "$sub" --help
done
# The files the commands wrote, byte for byte.
(cd "$work" && find . -type f | sort | while read -r f; do
  cp "$f" "$out/file-$(echo "${f#./}" | tr / _)"
done)
echo "$i files, snapshot in $out"
