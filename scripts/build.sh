#!/usr/bin/env bash
# Compiles the service into dist/ (what the Docker image runs): TypeScript, then the Lua scripts
# and language packs the compiler does not copy. The tests run this same script and start the result.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
npx tsc -p tsconfig.build.json
mkdir -p dist/src/redis/lua
cp src/redis/lua/*.lua dist/src/redis/lua/
mkdir -p dist/src/redis/lua/includes
cp src/redis/lua/includes/*.lua dist/src/redis/lua/includes/
# The language packs (pipeline/languages/README.md): read from their folder at start, not imported,
# so the compiler does not copy them.
for folder in pipeline/languages/*/; do
  mkdir -p "dist/$folder"
  cp pipeline/languages/"$(basename "$folder")"/*.json "dist/$folder"
done
# The partner console (docs/console.md): bundled into dist/console, which the API serves.
npx tsx scripts/build-console.ts
# The archive's SQL migrations (src/archive/database.ts applies them at start).
mkdir -p dist/src/archive/migrations
cp src/archive/migrations/*.sql dist/src/archive/migrations/
# BUILD_BENCHES=1: also the scale benches and what they import (bench/, scripts/, test/helpers/fakes), for a
# many-core machine that gets only dist/ and production dependencies (../shared/device/README.md:
# `BUILD_BENCHES=1 bash ../shared/device/pack.sh`). Left out of the image otherwise.
if [ "${BUILD_BENCHES:-}" = 1 ]; then
  npx tsc -p tsconfig.bench.json
fi
