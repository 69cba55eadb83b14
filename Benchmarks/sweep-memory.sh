#!/usr/bin/env bash
# Peak memory of `mizan sweep` against its number of runs: 10^4, 10^5 and 10^6
# runs of a one-till floor for one virtual second (each run a line of JSON,
# summed into the table and forgotten). Memory should be flat; the script
# prints each figure, the sweep's runs per second, and its ratio to the
# crypto floor (W0, transactions per second, measured in the same run).
# Usage: Benchmarks/sweep-memory.sh [largest runs, default 1000000]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
largest=${1:-1000000}
swift build -c release --package-path "$root" >/dev/null
bin=$(swift build -c release --package-path "$root" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/tiny.json" <<'FLOOR'
{ "name": "one till, one second", "minutes": 0.0166667, "tills": { "row": { "count": 1 } },
  "payers": { "arrivals": "pairs", "distance": 0.5 } }
FLOOR
w0=$("$bin/mizan-bench" W0 | tail -1 | sed -n 's/.*"transactions_per_wall_second":\([0-9.]*\).*/\1/p')
echo "runs,peak_memory_mib,wall_seconds,runs_per_wall_second,ratio_to_w0_transactions_per_second"
runs=10000
while [ "$runs" -le "$largest" ]; do
  printf '{ "floor": "tiny.json", "seeds": %d, "grid": [] }\n' "$runs" > "$work/sweep.json"
  start=$(date +%s.%N)
  peak=$("$bin/mizan" sweep "$work/sweep.json" --out "$work/sweep.jsonl" 2>&1 >/dev/null | sed -n 's/^mizan sweep: peak memory \([0-9]*\) MiB$/\1/p')
  end=$(date +%s.%N)
  rm -f "$work/sweep.jsonl"
  python3 -c "import sys; r,p,s,e,w=int(sys.argv[1]),sys.argv[2],float(sys.argv[3]),float(sys.argv[4]),float(sys.argv[5] or 'nan'); t=e-s; print(f'{r},{p},{t:.1f},{r/t:.0f},{r/t/w:.2f}')" "$runs" "$peak" "$start" "$end" "$w0"
  runs=$((runs * 10))
done
