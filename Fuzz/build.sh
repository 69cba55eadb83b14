#!/usr/bin/env bash
# Builds the fuzz targets (docs/fuzzing.md): Fuzz/.build/release/FuzzFrame,
# FuzzSealedMessage and FuzzJSON, instrumented for libFuzzer and
# AddressSanitizer. Needs a Swift toolchain with libFuzzer (swift.org builds
# for Linux have it; Xcode's does not).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
flags=(-sanitize=fuzzer,address)
# On the shared build machine every Swift build goes through the build lock.
swift_cmd=(swift)
if [ -x /work/bin/swiftl ]; then swift_cmd=(/work/bin/swiftl); fi

# 1. SwiftPM compiles every module with the instrumentation. No module has an
#    entry point, so it links nothing: an executable target cannot be linked
#    here, since SwiftPM renames its entry point and libFuzzer brings main.
"${swift_cmd[@]}" build --package-path "$here" -c release -Xswiftc "${flags[0]}" -Xswiftc -parse-as-library
bin="$here/.build/release"

# 2. Each fuzz target is linked with its libraries, holding the build lock
#    (released when this script ends).
if [ -x /work/bin/swiftl ]; then exec 9</tmp/swift-build.lock; flock 9; fi
libraries=(MizanProtocol MizanCrypto MizanRuntime MizanGeometry MizanSelection MizanTime MizanRadio MizanSim MizanFormats MizanFuzzChecks)
for target in FuzzFrame FuzzSealedMessage FuzzJSON; do
  rm -f "$bin/$target"
  objects=()
  for module in "${libraries[@]}" "$target"; do objects+=("$bin/$module.build/"*.o); done
  swiftc "${flags[@]}" -o "$bin/$target" "${objects[@]}" -lsodium 2>&1 \
    | { grep -v "ld.gold: warning: Cannot export local symbol '__asan" || true; }
  [ -x "$bin/$target" ] || { echo "Fuzz/build.sh: linking $target failed" >&2; exit 1; }
  echo "built $bin/$target"
done
