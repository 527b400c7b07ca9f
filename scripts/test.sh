#!/usr/bin/env bash
# npm test: typecheck, lint, unit and integration tests (Vitest, real SQLite), then the
# browser tests (Playwright driving Debian's Chromium) against the built server.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/phases.sh
trap phase_summary EXIT

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installation de Chromium (paquet Debian) pour les tests navigateur…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium est introuvable ($CHROMIUM) : installez le paquet Debian 'chromium' (sudo apt-get install chromium)," >&2
    echo "ou indiquez son chemin dans CHROMIUM_PATH. Les tests navigateur ne sont jamais sautés." >&2
    exit 1
  fi
fi

# The typecheck and the linter each keep one core busy: side by side, each printed whole
# once it ends.
checks() {
  local dir status=0 typecheck lint
  dir="$(mktemp -d)"
  npm run -s typecheck >"$dir/typecheck" 2>&1 &
  typecheck=$!
  npm run -s lint >"$dir/lint" 2>&1 &
  lint=$!
  wait "$typecheck" || status=$?
  echo "-- typecheck"
  cat "$dir/typecheck"
  wait "$lint" || status=$?
  echo "-- lint"
  cat "$dir/lint"
  rm -rf "$dir"
  return "$status"
}
phase "typecheck and lint" checks
phase "vitest (SQLite)" npx vitest run
phase build npm run -s build
phase playwright npx playwright test
