#!/usr/bin/env bash
# The bundle for a many-core machine (docs/scaling.md, "Many cores"): ../shared/device/pack.sh with
# the benches compiled into dist/ (BUILD_BENCHES=1), then the production node_modules packed into one
# xz archive. Unpacked, the bundle is about 97 MB (PGlite alone 27 MB), over the 64 MiB a device
# call carries; JavaScript and wasm compress well, and env.sh unpacks the archive on first use.
#   npm run device:pack [-- BUNDLE_DIR]          (default .device-bundle, git-ignored)
# There:
#   source BUNDLE_DIR/env.sh && cd BUNDLE_DIR/app && node dist/bench/bench-scale.js ...
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.device-bundle}
shared=../shared/device/pack.sh
[ -f "$shared" ] || { echo "device-pack: $shared not found (it sits beside the project, not in it)" >&2; exit 1; }
BUILD_BENCHES=1 bash "$shared" "$out" >/dev/null
# Every library the Redis binaries name, checked again: a pack has come out without some of them
# (liblzf, libatomic), and redis-server then does not start on the other machine.
for bin in "$out/bin/redis-server" "$out/bin/redis-cli"; do
  ldd "$bin" | awk '/=> \//{print $1, $3}' | while read -r name lib; do
    case "$name" in libc.so*|libm.so*|libpthread.so*|libdl.so*|ld-linux*) ;; *) [ -e "$out/lib/$name" ] || cp -L "$lib" "$out/lib/$name" ;; esac
  done
done
(cd "$out/app" && tar -cf - node_modules | xz -T2 -6 > node_modules.tar.xz && rm -rf node_modules)
cat >> "$out/env.sh" <<'ENV'
# The production dependencies travel packed (scripts/device-pack.sh): unpacked once, here.
[ -d "$_b/app/node_modules" ] || (cd "$_b/app" && xz -dc node_modules.tar.xz | tar -xf -)
ENV
size=$(du -sm "$out" | cut -f1)
echo "device bundle: $out, ${size} MiB (a device call carries 64 MiB in all)"
if [ "$size" -ge 64 ]; then
  echo "device-pack: the bundle is over 64 MiB; it will not travel" >&2
  exit 1
fi
