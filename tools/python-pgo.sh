#!/usr/bin/env bash
# The `carom` Python package's wheel built with profile-guided optimisation: a build
# instrumented to count its branches and calls plays `python/bench/pgo_training.py`,
# and the release build is then optimised for what it counted (LLVM's PGO, as rustc
# documents it). The same source and the same bits: the training prints a digest of
# its results on both builds, and this script stops if they differ.
#   tools/python-pgo.sh [OUT_DIR]          (default: target/wheels-pgo)
# RUSTFLAGS given to it are kept (`-C target-cpu=native`: a wheel for this processor only).
# Needs Rust's llvm-profdata (`rustup component add llvm-tools`), and maturin and
# numpy in the Python it runs (`$PYTHON`, default python3). Then:
#   pip install OUT_DIR/carom-*.whl
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/wheels-pgo}
python=${PYTHON:-python3}
host=$(rustc -vV | sed -n 's/^host: //p')
profdata=$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata
if [ ! -x "$profdata" ]; then
  echo "python-pgo.sh: no $profdata: install it with 'rustup component add llvm-tools'" >&2
  exit 1
fi
target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build() { # NAME RUSTFLAGS: a release wheel into $work/NAME, its package unpacked beside
  (cd python && RUSTFLAGS="${RUSTFLAGS:-} $2" CARGO_TARGET_DIR="$target/pgo-$1" \
    "$python" -m maturin build --release --quiet -o "$work/$1")
  "$python" -m zipfile -e "$work/$1"/carom-*.whl "$work/$1/site"
}
train() { # NAME: the training on that build, printing its digest
  PYTHONPATH="$work/$1/site" "$python" python/bench/pgo_training.py
}

build instrumented "-Cprofile-generate=$work/profiles"
rm -rf "$work/profiles" # what the build's own scripts counted
reference=$(train instrumented)
"$profdata" merge -o "$work/carom.profdata" "$work/profiles"
build optimised "-Cprofile-use=$work/carom.profdata"
optimised=$(train optimised)
if [ "$reference" != "$optimised" ]; then
  echo "python-pgo.sh: the optimised build gives other bits ($optimised, not $reference)" >&2
  exit 1
fi
mkdir -p "$out"
cp "$work"/optimised/carom-*.whl "$out"/
echo "python-pgo.sh: $(ls "$out"/carom-*.whl) (training digest $reference on both builds)"
