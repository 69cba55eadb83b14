#!/usr/bin/env bash
# How long report.html takes to be ready in headless Chromium (its script's
# own clock at the end of its first render), and the sizes of report.html and
# trace.perfetto.json: the default floor (10 virtual minutes) and a floor of
# W3's size (200 tills in a 20 x 10 grid 2 m apart, 5,000 payers present, 2
# virtual minutes). Targets: ready under 2 s; at W3's size report.html under
# 20 MB, trace.perfetto.json under 200 MB. Also the run's own wall time and
# W0 (transactions' crypto per wall second), measured in the same run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift build -c release --package-path "$root" >/dev/null
bin=$(swift build -c release --package-path "$root" --show-bin-path)
browser=$(command -v chromium || command -v chromium-browser)
flags=(--headless --disable-gpu --virtual-time-budget=30000)
if [ "$(id -u)" -eq 0 ]; then flags+=(--no-sandbox); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/w3-size.json" <<'PY'
import json, sys
tills = [{"x": 2 * (i % 20), "y": 2 * (i // 20)} for i in range(200)]
json.dump({"name": "W3 size", "minutes": 2, "tills": tills,
           "payers": {"arrivals": "continuous", "present": 5000, "reviewSeconds": [1, 4]},
           "operators": {"pickSeconds": [0.5, 2]}}, open(sys.argv[1], "w"))
PY
w0=$("$bin/mizan-bench" W0 | tail -1 | sed -n 's/.*"transactions_per_wall_second":\([0-9.]*\).*/\1/p')
echo "W0: $w0 transactions' crypto per wall second"
echo "floor,report_html_bytes,trace_perfetto_bytes,run_wall_seconds,ready_ms"
for floor in default "$work/w3-size.json"; do
  name=$([ "$floor" = default ] && echo default || echo w3-size)
  args=(); [ "$floor" = default ] || args=("$floor")
  start=$(date +%s.%N)
  "$bin/mizan" run "${args[@]}" --out "$work/$name" >/dev/null
  end=$(date +%s.%N)
  ready=$("$browser" "${flags[@]}" --dump-dom "file://$work/$name/report.html#selftest" 2>/dev/null | sed -n 's/.*ready in \([0-9]*\) ms.*/\1/p')
  echo "$name,$(stat -c %s "$work/$name/report.html"),$(stat -c %s "$work/$name/trace.perfetto.json"),$(python3 -c "print(f'{$end-$start:.2f}')"),$ready"
done
