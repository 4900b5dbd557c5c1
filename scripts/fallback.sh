#!/usr/bin/env bash
# Builds the page's second bundle: the same web crate as plain wasm32-unknown-unknown,
# without atomics, shared memory or worker pool. index.html loads it where the threaded
# bundle cannot run (the page is not cross-origin isolated, as in most course sites'
# iframes, or the browser has no shared WebAssembly memory); it runs the deterministic
# driver only.
#
#   scripts/fallback.sh [OUT_DIR] [release|debug]
#
# Trunk runs it as a post_build hook (Trunk.toml), with TRUNK_STAGING_DIR and
# TRUNK_PROFILE set, so `trunk build` and `trunk serve` (and so scripts/serve.sh and
# scripts/test.sh) build both bundles. It writes OUT_DIR/gmp-web-fallback-<hash>.js and
# OUT_DIR/gmp-web-fallback-<hash>_bg.wasm and puts their names into OUT_DIR/index.html
# (in place of the placeholders of the boot script's FALLBACK).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-${TRUNK_STAGING_DIR:?give the output folder, or run as Trunk\'s hook}}"
PROFILE="${2:-${TRUNK_PROFILE:-release}}"
TOOLCHAIN="$(grep '^channel' "$ROOT/rust-toolchain.toml" | cut -d'"' -f2)"
TARGET_DIR="$ROOT/target/fallback"
NAME=gmp-web-fallback
# The tools scripts/setup.sh installs (wasm-bindgen, wasm-opt), when Trunk was started
# without them on PATH.
export PATH="$HOME/.cargo/bin:$ROOT/tools/node_modules/.bin:$PATH"

case "$PROFILE" in
  # The page's release build uses Cargo.toml's web-release profile, as Trunk does
  # (index.html: data-cargo-profile-release).
  release) CARGO_PROFILE=(--profile web-release); PROFILE_DIR=web-release ;;
  debug) CARGO_PROFILE=(); PROFILE_DIR=debug ;;
  *) echo "fallback.sh: profile must be release or debug, not \"$PROFILE\"" >&2; exit 2 ;;
esac
[ -f "$OUT/index.html" ] || { echo "fallback.sh: $OUT/index.html is missing (run trunk build first)" >&2; exit 2; }

# From outside the repo, so .cargo/config.toml (atomics, shared memory, build-std) is
# not read; CARGO_ENCODED_RUSTFLAGS="" also overrides any RUSTFLAGS of the caller. The
# prebuilt std of the wasm32 target is used. Its own target dir: std rebuilt with
# atomics and the prebuilt std must never meet in one deps folder.
T0=$(date +%s%N)
(cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$TARGET_DIR" CARGO_ENCODED_RUSTFLAGS="" \
  cargo build --quiet --target=wasm32-unknown-unknown --manifest-path "$ROOT/web/Cargo.toml" \
    --bin gmp-web "${CARGO_PROFILE[@]}")

STAGE="$TARGET_DIR/bindgen-$PROFILE"
rm -rf "$STAGE" && mkdir -p "$STAGE"
wasm-bindgen --target=web --no-typescript --out-dir="$STAGE" --out-name="$NAME" \
  "$TARGET_DIR/wasm32-unknown-unknown/$PROFILE_DIR/gmp-web.wasm"
# As Trunk does for the threaded bundle (data-wasm-opt="z"): wasm-opt in release only.
if [ "$PROFILE" = release ]; then
  wasm-opt -Oz --output="$STAGE/${NAME}_bg.opt.wasm" "$STAGE/${NAME}_bg.wasm"
  mv "$STAGE/${NAME}_bg.opt.wasm" "$STAGE/${NAME}_bg.wasm"
fi

# Content-hashed names, as Trunk names the threaded bundle, so a course's cache never
# pairs an old wasm with a new page.
HASH="$(cat "$STAGE/$NAME.js" "$STAGE/${NAME}_bg.wasm" | sha256sum | cut -c1-16)"
JS="$NAME-$HASH.js"
WASM="$NAME-${HASH}_bg.wasm"
cp "$STAGE/$NAME.js" "$OUT/$JS"
cp "$STAGE/${NAME}_bg.wasm" "$OUT/$WASM"
if [ -d "$STAGE/snippets" ]; then
  mkdir -p "$OUT/snippets" && cp -r "$STAGE/snippets/." "$OUT/snippets/"
fi
grep -q '@FALLBACK_JS@' "$OUT/index.html" \
  || { echo "fallback.sh: $OUT/index.html has no @FALLBACK_JS@ placeholder" >&2; exit 1; }
# Relative to the page as Trunk's own names are (public_url; "./" in Trunk.toml): a bare
# name would be a module specifier to import().
BASE="${TRUNK_PUBLIC_URL:-./}"
sed -i -e "s|@FALLBACK_JS@|$BASE$JS|g" -e "s|@FALLBACK_WASM@|$BASE$WASM|g" "$OUT/index.html"
MS=$((($(date +%s%N) - T0) / 1000000))
printf '[fallback] %s (%s bytes) and %s in %d.%03d s\n' "$WASM" "$(stat -c %s "$OUT/$WASM")" "$JS" \
  $((MS / 1000)) $((MS % 1000)) >&2
