#!/usr/bin/env bash
# npm test: typecheck, lint, unit and integration tests (Vitest, real SQLite), then the
# browser tests (Playwright driving Debian's Chromium) against the built server.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/phases.sh
trap phase_summary EXIT

# The browser tests run Debian's Chromium, in its headless build when it is installed
# (tests/chromium.ts). As root, the missing packages are installed; the headless build is
# only faster, so without it the tests run in the full browser.
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_BUILD=/usr/bin/chromium-headless-shell
if [ -z "${CHROMIUM_PATH:-}" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null &&
  { [ ! -x "$CHROMIUM" ] || [ ! -x "$SHELL_BUILD" ]; }; then
  echo "Installation de Chromium (paquets Debian) pour les tests navigateur…"
  apt-get update -qq || true
  [ -x "$CHROMIUM" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$SHELL_BUILD" ] ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null ||
    echo "chromium-headless-shell n'a pas pu être installé : les tests navigateur utilisent $CHROMIUM."
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium est introuvable ($CHROMIUM) : installez le paquet Debian 'chromium' (sudo apt-get install chromium chromium-headless-shell)," >&2
  echo "ou indiquez son chemin dans CHROMIUM_PATH. Les tests navigateur ne sont jamais sautés." >&2
  exit 1
fi

# The PDF tests read the attestations back with pdftotext (tests/pdf-text.ts), as a works
# council's software would: as root, Debian's poppler-utils is installed when missing.
if ! command -v pdftotext >/dev/null && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installation de poppler-utils (pdftotext) pour les tests des PDF…"
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null || true
fi
if ! command -v pdftotext >/dev/null; then
  echo "pdftotext est introuvable : installez le paquet Debian 'poppler-utils' (sudo apt-get install poppler-utils)." >&2
  echo "Les tests des attestations le lisent ; ils ne sont jamais sautés." >&2
  exit 1
fi

# The typecheck, the linter and the build each keep about one core busy: they run side by
# side, each printed whole once it ends. An install that skipped the packages' scripts
# (.ci/run: `npm ci --ignore-scripts`) has better-sqlite3 still to compile, up to 100 s of
# one core that nothing before Vitest needs: it runs beside them too, ahead of them (they
# are niced). Playwright runs the build, and Vitest's PostgreSQL run and the nginx test
# after it (.ci/run) need it as well.
native_modules_built() {
  node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null
}
checks_and_build() {
  local dir status=0 name
  local -A pids=()
  dir="$(mktemp -d)"
  start() {
    local name=$1
    shift
    "$@" >"$dir/$name" 2>&1 &
    pids[$name]=$!
  }
  native_modules_built || start "the packages' install scripts (npm rebuild)" npm rebuild
  start typecheck nice npm run -s typecheck
  start lint nice npm run -s lint
  start build nice npm run -s build
  for name in typecheck lint build "the packages' install scripts (npm rebuild)"; do
    [ -n "${pids[$name]:-}" ] || continue
    wait "${pids[$name]}" || status=1
    echo "-- $name"
    cat "$dir/$name"
  done
  rm -rf "$dir"
  return "$status"
}
phase "typecheck, lint and build" checks_and_build
phase "vitest (SQLite)" npx vitest run
phase playwright npx playwright test
