#!/usr/bin/env bash
# npm test: typecheck, lint, unit and integration tests (Vitest, real SQLite), then the
# browser tests (Playwright driving Debian's Chromium) against the built server.
set -euo pipefail
cd "$(dirname "$0")/.."

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

echo "== typecheck"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== vitest"; npx vitest run
echo "== build"; npm run -s build
echo "== playwright"; npx playwright test
