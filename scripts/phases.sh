# Sourced by .ci/run and scripts/test.sh: `phase NAME COMMAND…` runs one step, prints how
# long it took and records it in $PHASE_TIMES, a file the scripts it calls append to as
# well (npm test under .ci/run), so that the outermost script prints every phase in one
# table at its end (`phase_summary`), failed or not.
if [ -z "${PHASE_TIMES:-}" ]; then
  PHASE_TIMES="$(mktemp /tmp/club-phases-XXXXXX)"
  PHASE_OWNER=1
else
  PHASE_OWNER=0
fi
export PHASE_TIMES

# The command runs in a subshell with errexit on (a `cmd || status=$?` would switch errexit
# off inside the functions it calls): a phase stops at its first failing step.
phase() {
  local name=$1 start=$SECONDS status=0 flags=$-
  shift
  echo "== $name"
  set +e
  (
    set -e
    "$@"
  )
  status=$?
  [[ $flags == *e* ]] && set -e
  local took=$((SECONDS - start))
  printf '%s\t%s\t%s\n' "$name" "$took" "$status" >>"$PHASE_TIMES"
  echo "-- $name: ${took} s$([ "$status" = 0 ] || echo " (failed, exit $status)")"
  return "$status"
}

# The table of the phases run so far; only the script that made the file prints it.
phase_summary() {
  [ "$PHASE_OWNER" = 1 ] || return 0
  echo
  echo "== durations"
  awk -F '\t' '{ printf "%-34s %6d s%s\n", $1, $2, ($3 == 0 ? "" : "  failed"); total += $2 }
    END { printf "%-34s %6d s\n", "total", total }' "$PHASE_TIMES"
  rm -f "$PHASE_TIMES"
}
