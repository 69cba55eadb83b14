#!/usr/bin/env bash
# Runs one fuzz target for a while: Fuzz/run.sh TARGET [SECONDS] [libFuzzer options...]
# TARGET is frame, sealed-message or json. New inputs go to Fuzz/.corpus/TARGET
# (not in git), starting from the seeds in Fuzz/corpus/TARGET; a crash is
# written to Fuzz/crashes/ and ends the run with a non-zero status.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?usage: Fuzz/run.sh frame|sealed-message|json [SECONDS] [libFuzzer options...]}"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
case "$target" in
  frame) binary=FuzzFrame; max_len=600 ;;
  sealed-message) binary=FuzzSealedMessage; max_len=128 ;;
  json) binary=FuzzJSON; max_len=4096 ;;
  *) echo "Fuzz/run.sh: unknown target '$target' (frame, sealed-message or json)" >&2; exit 2 ;;
esac
mkdir -p "$here/.corpus/$target" "$here/crashes"
# A trap in Swift would otherwise start the runtime's backtracer, which is slow
# and can outlive the fuzzer.
export SWIFT_BACKTRACE=enable=no
exec "$here/.build/release/$binary" "$here/.corpus/$target" "$here/corpus/$target" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$here/crashes/$target-" -print_final_stats=1 "$@"
