#!/usr/bin/env bash
# Minifies the release site's JavaScript and CSS in place, with esbuild (installed by
# scripts/setup.sh into tools/): wasm-bindgen's glue of the three modules (the threaded
# page, the fallback page, the compiler module), the boot script inline in index.html
# (after fallback.sh wrote its bundles' names) and the stylesheet, whose integrity hash
# in index.html it rewrites. wasm-bindgen-rayon's workerHelpers keeps its license header
# and is left as it is. About 4 KB brotli of a first visit (docs/ARCHITECTURE.md, "Page size").
#
#   scripts/minify.sh OUT_DIR      (scripts/fallback.sh runs it at the end of a release build)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:?give the output folder}"
ESBUILD="$ROOT/tools/node_modules/.bin/esbuild"
[ -x "$ESBUILD" ] || { echo "minify.sh: $ESBUILD is missing (run scripts/setup.sh)" >&2; exit 2; }
sri() { node -e 'const c=require("crypto");process.stdout.write("sha384-"+c.createHash("sha384").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$1"; }

shopt -s nullglob
for f in "$OUT"/gmp-*.js; do
  "$ESBUILD" "$f" --minify --charset=utf8 --format=esm --log-level=warning --outfile="$f.min.js"
  mv "$f.min.js" "$f"
done
for f in "$OUT"/style-*.css; do
  old="$(sri "$f")"
  grep -qF "integrity=\"$old\"" "$OUT/index.html" \
    || { echo "minify.sh: index.html has no integrity=\"$old\" for $(basename "$f")" >&2; exit 1; }
  "$ESBUILD" "$f" --minify --charset=utf8 --log-level=warning --outfile="$f.min.css"
  mv "$f.min.css" "$f"
  new="$(sri "$f")"
  # Base64 has no '|'.
  sed -i "s|integrity=\"$old\"|integrity=\"$new\"|" "$OUT/index.html"
done
# The boot script: a classic script, so its top-level names stay as they are.
node - "$OUT/index.html" "$ESBUILD" <<'JS'
const fs = require('fs');
const { execFileSync } = require('child_process');
const [file, esbuild] = process.argv.slice(2);
const html = fs.readFileSync(file, 'utf8');
const m = html.match(/<script>([\s\S]*?)<\/script>/);
if (!m) { console.error('minify.sh: index.html has no inline <script>'); process.exit(1); }
const min = execFileSync(esbuild, ['--minify', '--charset=utf8', '--loader=js', '--log-level=warning'], { input: m[1] }).toString().trim();
fs.writeFileSync(file, html.replace(m[0], () => `<script>${min}</script>`));
JS
