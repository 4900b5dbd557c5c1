#!/usr/bin/env bash
# Builds the page's second bundle: the same web crate as plain wasm32-unknown-unknown,
# without atomics, shared memory or worker pool. index.html loads it where the threaded
# bundle cannot run (the page is not cross-origin isolated, as in most course sites'
# iframes, or the browser has no shared WebAssembly memory); it runs the deterministic
# driver only. And it builds the Go front end's module (web/compiler), which both
# bundles fetch when a program needs compiling (web/src/compiler.rs).
#
#   scripts/fallback.sh [OUT_DIR] [release|debug]
#
# Trunk runs it as a post_build hook (Trunk.toml), with TRUNK_STAGING_DIR and
# TRUNK_PROFILE set, so `trunk build` and `trunk serve` (and so scripts/serve.sh and
# scripts/test.sh) build both bundles. It writes OUT_DIR/gmp-web-fallback-<hash>.js and
# OUT_DIR/gmp-web-fallback-<hash>_bg.wasm, and OUT_DIR/gmp-compiler-<hash>{.js,_bg.wasm},
# and puts their names into OUT_DIR/index.html (in place of the placeholders of the boot
# script's FALLBACK and COMPILER).
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
build() { # manifest, cargo target arguments...
  local manifest="$1"; shift
  (cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$TARGET_DIR" CARGO_ENCODED_RUSTFLAGS="" \
    cargo build --quiet --target=wasm32-unknown-unknown --manifest-path "$manifest" \
      "$@" "${CARGO_PROFILE[@]}")
}
build "$ROOT/web/Cargo.toml" --bin gmp-web
# The Go front end as the page's second module (web/compiler): the same plain wasm32, so
# both bundles load it; the page fetches it only when it needs it.
build "$ROOT/web/compiler/Cargo.toml" --lib

# bindgen, wasm-opt and content-hashed names for one module, its names into index.html in
# place of @<KEY>_JS@ and @<KEY>_WASM@.
bundle() { # name, wasm file, KEY
  local name="$1" input="$2" key="$3"
  local stage="$TARGET_DIR/bindgen-$PROFILE-$name"
  rm -rf "$stage" && mkdir -p "$stage"
  wasm-bindgen --target=web --no-typescript --out-dir="$stage" --out-name="$name" "$input"
  # As Trunk does for the threaded bundle (data-wasm-opt="z"): wasm-opt in release only.
  if [ "$PROFILE" = release ]; then
    wasm-opt -Oz --output="$stage/${name}_bg.opt.wasm" "$stage/${name}_bg.wasm"
    mv "$stage/${name}_bg.opt.wasm" "$stage/${name}_bg.wasm"
  fi
  # Content-hashed names, as Trunk names the threaded bundle, so a course's cache never
  # pairs an old wasm with a new page.
  local hash js wasm
  hash="$(cat "$stage/$name.js" "$stage/${name}_bg.wasm" | sha256sum | cut -c1-16)"
  js="$name-$hash.js"
  wasm="$name-${hash}_bg.wasm"
  cp "$stage/$name.js" "$OUT/$js"
  cp "$stage/${name}_bg.wasm" "$OUT/$wasm"
  if [ -d "$stage/snippets" ]; then
    mkdir -p "$OUT/snippets" && cp -r "$stage/snippets/." "$OUT/snippets/"
  fi
  grep -q "@${key}_JS@" "$OUT/index.html" \
    || { echo "fallback.sh: $OUT/index.html has no @${key}_JS@ placeholder" >&2; exit 1; }
  # Relative to the page as Trunk's own names are (public_url; "./" in Trunk.toml): a
  # bare name would be a module specifier to import().
  local base="${TRUNK_PUBLIC_URL:-./}"
  sed -i -e "s|@${key}_JS@|$base$js|g" -e "s|@${key}_WASM@|$base$wasm|g" "$OUT/index.html"
  printf '[fallback] %s (%s bytes) and %s\n' "$wasm" "$(stat -c %s "$OUT/$wasm")" "$js" >&2
}
bundle "$NAME" "$TARGET_DIR/wasm32-unknown-unknown/$PROFILE_DIR/gmp-web.wasm" FALLBACK
bundle gmp-compiler "$TARGET_DIR/wasm32-unknown-unknown/$PROFILE_DIR/gmp_web_compiler.wasm" COMPILER
# The release site's JavaScript and CSS minified (Trunk's and ours), now that all are here.
if [ "$PROFILE" = release ]; then
  "$ROOT/scripts/minify.sh" "$OUT"
fi
MS=$((($(date +%s%N) - T0) / 1000000))
printf '[fallback] both modules in %d.%03d s\n' $((MS / 1000)) $((MS % 1000)) >&2
