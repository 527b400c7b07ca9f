#!/usr/bin/env bash
# npm run bench: the performance budgets of ../shared/DESIGN.md measured in one run, on a
# throwaway DATA_DIR, against 127.0.0.1 only (docs/performance.md explains each figure).
# Starts the production server (page cache on: a first start, then a restart; and
# PAGE_CACHE=off), records each process's memory once idle, Debian's nginx serving the same
# HTML as static files, then scripts/bench.ts measures. Every process it
# starts is stopped by PID on exit, and the temporary folder removed.
# With `--postgres` (npm run bench -- --postgres) or DATABASE_URL set, the burst runs on
# PostgreSQL too, side by side: a throwaway cluster on loopback (Debian's postgresql, never
# the DATABASE_URL's database) and a server on it.
# The back office at scale (section 6) runs on two more servers per engine: one with
# thousands of rows added, one fresh. `--admin-lists` runs that section alone (SQLite,
# PostgreSQL too with --postgres), without nginx, wrk or the other servers.
# `--history` prints the history table's size alone (section 7: the seed plus a simulated
# year of edits, in process on a throwaway SQLite database; no server).
# The backups (section 8) run the admin commands on folders of their own, no server:
# `--backups` runs that section alone.
# The membership at scale (section 9) adds 3 seasons of 1,000 members to section 6's big
# install and times the membership screens and exports: `--membership` runs it alone.
set -euo pipefail
cd "$(dirname "$0")/.."
POSTGRES=""
ADMIN_ONLY=""
BACKUPS_ONLY=""
MEMBERSHIP_ONLY=""
for arg in "$@"; do
  case "$arg" in
    --postgres) POSTGRES=1 ;;
    --admin-lists) ADMIN_ONLY=1 ;;
    --backups) BACKUPS_ONLY=1 ;;
    --membership) MEMBERSHIP_ONLY=1 ADMIN_ONLY=1 ;;
    --history) exec node_modules/.bin/tsx scripts/bench-history.ts ;;
    *) echo "Option inconnue : $arg (--postgres, --admin-lists, --backups, --history, --membership)" >&2; exit 2 ;;
  esac
done
if [ -n "${DATABASE_URL:-}" ]; then POSTGRES=1; fi

CACHED_PORT="${BENCH_PORT_CACHED:-3971}"
UNCACHED_PORT="${BENCH_PORT_UNCACHED:-3972}"
NGINX_PORT="${BENCH_PORT_NGINX:-3973}"
PG_APP_PORT="${BENCH_PORT_PG:-3974}"
PG_PORT="${BENCH_PORT_PG_DB:-3975}"
ADMIN_PORT="${BENCH_PORT_ADMIN:-3976}"
ADMIN_FRESH_PORT="${BENCH_PORT_ADMIN_FRESH:-3977}"
ADMIN_PG_PORT="${BENCH_PORT_ADMIN_PG:-3978}"
ADMIN_PG_FRESH_PORT="${BENCH_PORT_ADMIN_PG_FRESH:-3979}"
ports=("$ADMIN_PORT" "$ADMIN_FRESH_PORT")
[ -z "$POSTGRES" ] || ports+=("$PG_PORT" "$ADMIN_PG_PORT" "$ADMIN_PG_FRESH_PORT")
[ -n "$ADMIN_ONLY" ] || ports+=("$CACHED_PORT" "$UNCACHED_PORT" "$NGINX_PORT" ${POSTGRES:+"$PG_APP_PORT"})
for port in "${ports[@]}"; do
  # A server already there would be measured instead of ours.
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "Le port $port de 127.0.0.1 est déjà pris (BENCH_PORT_CACHED/UNCACHED/NGINX/PG/PG_DB/ADMIN/ADMIN_FRESH/ADMIN_PG/ADMIN_PG_FRESH pour en choisir d'autres)." >&2
    exit 1
  fi
done
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

need=()
[ -x /usr/bin/time ] || need+=(time)
if [ -z "$ADMIN_ONLY$BACKUPS_ONLY" ]; then
  command -v wrk >/dev/null || need+=(wrk)
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
fi
[ -n "$BACKUPS_ONLY" ] || [ -x "$CHROMIUM_PATH" ] || need+=(chromium)
if [ -n "$POSTGRES" ]; then ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql); fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installation des outils Debian : ${need[*]}…"
    apt-get update -qq
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; then
      # nginx-light is gone from newer Debian releases: the full package does the same here.
      need=("${need[@]/nginx-light/nginx}")
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    fi
  else
    echo "Outils manquants : ${need[*]} (sudo apt-get install ${need[*]})." >&2
    exit 1
  fi
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/club-bench-XXXXXX")"
PIDS=()
PG_STOP=()
cleanup() {
  local status=$?
  # A failed run shows what the servers said before their logs go.
  if [ "$status" -ne 0 ]; then
    for log in "$TMP"/server-*.log; do
      [ -f "$log" ] && { echo "== $(basename "$log") (fin)"; tail -n 30 "$log"; }
    done >&2
  fi
  [ ${#PG_STOP[@]} -eq 0 ] || "${PG_STOP[@]}" >/dev/null 2>&1 || true
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.3; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== build (npm run build)"
npm run -s build >"$TMP/build.log" 2>&1 || { cat "$TMP/build.log"; exit 1; }
export BUILD_DIR="${BUILD_DIR:-build}"

ADMIN_PASSWORD="bench-$RANDOM$RANDOM"
mkdir -p "$TMP/probe"
start_server() { # port, extra env…
  local port="$1"
  shift
  # scripts/bench-probe.js in every process: event-loop delay and resident memory.
  env DATA_DIR="$TMP/data" DATABASE_URL= "$@" NODE_ENV=production PORT="$port" HOST=127.0.0.1 \
    ADMIN_PASSWORD="$ADMIN_PASSWORD" LOGIN_IP_LIMIT=1000 BENCH_PROBE_DIR="$TMP/probe" \
    node --import=./scripts/bench-probe.js scripts/start.js >>"$TMP/server-$port.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 360); do # a first start seeds: up to 3 min on a busy machine
    curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && return 0
    sleep 0.5
  done
  echo "Le serveur du port $port n'a pas démarré :" >&2
  cat "$TMP/server-$port.log" >&2
  exit 1
}
stop_server() { # pid
  kill "$1" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.3; done
  kill -9 "$1" 2>/dev/null || true
}
record_memory() { # moment, pid: VmRSS of the process and of each child, once idle
  sleep "${BENCH_IDLE_SECONDS:-15}"
  local pid="$2" role=principal child
  echo -e "$1\t$pid\t$role\t$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")" >>"$TMP/memory.tsv"
  for child in $(cat "/proc/$pid/task/$pid/children"); do
    echo -e "$1\t$child\tprocessus web\t$(awk '/VmRSS/ {print $2}' "/proc/$child/status")" \
      >>"$TMP/memory.tsv"
  done
}

PG_BIN=""
as_pg=()
start_postgres() { # the throwaway cluster on 127.0.0.1:$PG_PORT
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  mkdir -p "$TMP/pg"
  # initdb refuses root: the cluster then belongs to the postgres user.
  if [ "$(id -u)" = "0" ]; then
    chmod 755 "$TMP" # mktemp's folder is root's only: postgres must pass through it
    chown postgres "$TMP/pg"
    as_pg=(runuser -u postgres --)
  fi
  "${as_pg[@]}" "$PG_BIN/initdb" -D "$TMP/pg/data" -U postgres -A trust >/dev/null
  "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$TMP/pg/data" -l "$TMP/pg/log" -w \
    -o "-p $PG_PORT -k $TMP/pg -c listen_addresses=127.0.0.1" start >/dev/null
  PG_STOP=("${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$TMP/pg/data" -m fast stop)
}
create_pg_database() { # name
  "${as_pg[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres "$1"
}

ADMIN_ENV=()
start_admin_servers() { # section 6: per engine, a server to fill with rows and a fresh one
  echo "== administration à grande échelle : deux serveurs par moteur (premiers démarrages)"
  local engine port dir url
  for engine in SQLITE_BIG:$ADMIN_PORT SQLITE_FRESH:$ADMIN_FRESH_PORT; do
    port="${engine#*:}"
    dir="$TMP/data-admin-$port"
    mkdir -p "$dir"
    start_server "$port" DATA_DIR="$dir"
    ADMIN_ENV+=("BENCH_ADMIN_${engine%:*}=http://127.0.0.1:$port" "BENCH_ADMIN_${engine%:*}_DATA_DIR=$dir")
  done
  [ -n "$POSTGRES" ] || return 0
  for engine in PG_BIG:$ADMIN_PG_PORT PG_FRESH:$ADMIN_PG_FRESH_PORT; do
    port="${engine#*:}"
    dir="$TMP/data-admin-$port"
    url="postgres://postgres@127.0.0.1:$PG_PORT/club_admin_$port"
    mkdir -p "$dir"
    create_pg_database "club_admin_$port"
    start_server "$port" DATA_DIR="$dir" DATABASE_URL="$url"
    ADMIN_ENV+=("BENCH_ADMIN_${engine%:*}=http://127.0.0.1:$port" "BENCH_ADMIN_${engine%:*}_DATABASE_URL=$url")
  done
}

if [ -n "$BACKUPS_ONLY" ]; then
  BENCH_TMP="$TMP" timeout --signal=TERM 3600 node_modules/.bin/tsx scripts/bench-backups.ts
  exit 0
fi

if [ -n "$MEMBERSHIP_ONLY" ]; then
  if [ -n "$POSTGRES" ]; then start_postgres; fi
  start_admin_servers
  env "${ADMIN_ENV[@]}" timeout --signal=TERM 3600 node_modules/.bin/tsx scripts/bench-membership.ts
  exit 0
fi

if [ -n "$ADMIN_ONLY" ]; then
  if [ -n "$POSTGRES" ]; then start_postgres; fi
  start_admin_servers
  env "${ADMIN_ENV[@]}" timeout --signal=TERM 3600 node_modules/.bin/tsx scripts/bench-admin-lists.ts
  exit 0
fi

mkdir -p "$TMP/data" "$TMP/html" "$TMP/nginx"
# nginx's workers run as www-data when started by root: they must read the pages.
chmod 755 "$TMP" "$TMP/html"
cat >"$TMP/nginx/nginx.conf" <<EOF
# Debian's defaults for a static site (one worker per core, sendfile), no access log.
worker_processes auto;
daemon off;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path $TMP/nginx; proxy_temp_path $TMP/nginx; fastcgi_temp_path $TMP/nginx;
  uwsgi_temp_path $TMP/nginx; scgi_temp_path $TMP/nginx;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $TMP/html;
    # The burst asks like a phone (Accept-Encoding: gzip): nginx sends the .gz beside the page.
    gzip_static on;
    location / { try_files \$uri/index.html =404; }
  }
}
EOF
"$NGINX" -c "$TMP/nginx/nginx.conf" -e "$TMP/nginx/error.log" &
PIDS+=($!)

echo "== mémoire : premier démarrage (avec le seed), redémarrage, un seul processus"
# One after the other: the first start migrates and seeds the shared database.
start_server "$CACHED_PORT"
record_memory "premier démarrage" "${PIDS[-1]}"
stop_server "${PIDS[-1]}"
start_server "$CACHED_PORT"
CACHED_PID="${PIDS[-1]}"
record_memory "redémarrage" "$CACHED_PID"
# WEB_CONCURRENCY=1 (a 1 GB server), first start on a database of its own.
mkdir -p "$TMP/data-single"
start_server "$UNCACHED_PORT" WEB_CONCURRENCY=1 DATA_DIR="$TMP/data-single"
record_memory "premier démarrage, WEB_CONCURRENCY=1" "${PIDS[-1]}"
stop_server "${PIDS[-1]}"
start_server "$UNCACHED_PORT" PAGE_CACHE=off

PG_ENV=()
if [ -n "$POSTGRES" ]; then
  echo "== PostgreSQL jetable sur 127.0.0.1:$PG_PORT, et un serveur dessus"
  start_postgres
  create_pg_database club_bench
  PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/club_bench"
  mkdir -p "$TMP/data-pg"
  start_server "$PG_APP_PORT" DATA_DIR="$TMP/data-pg" DATABASE_URL="$PG_URL"
  PG_ENV=(BENCH_PG="http://127.0.0.1:$PG_APP_PORT" BENCH_PG_PID="${PIDS[-1]}" BENCH_PG_DATABASE_URL="$PG_URL")
fi
start_admin_servers

BENCH_TMP="$TMP" BENCH_DATA_DIR="$TMP/data" BENCH_HTML_DIR="$TMP/html" \
  BENCH_CACHED="http://127.0.0.1:$CACHED_PORT" BENCH_CACHED_PID="$CACHED_PID" \
  BENCH_UNCACHED="http://127.0.0.1:$UNCACHED_PORT" BENCH_NGINX="http://127.0.0.1:$NGINX_PORT" \
  BENCH_NGINX_BIN="$NGINX" BENCH_PROBE_DIR="$TMP/probe" BENCH_MEMORY="$TMP/memory.tsv" \
  BENCH_ADMIN_PASSWORD="$ADMIN_PASSWORD" env "${PG_ENV[@]}" "${ADMIN_ENV[@]}" \
  timeout --signal=TERM 5700 node_modules/.bin/tsx scripts/bench.ts
