# Stage bookkeeping for scripts/test.sh: every stage is timed and its result kept, and a summary
# (stage, seconds, pass/fail) is printed at the end of every run, so a slow or failing stage is
# visible in CI's log without reading it all.
#   stage NAME COMMAND [ARG ...]       runs a check; a failure is recorded and the run goes on
#   stage_or_stop NAME COMMAND ...     runs a build step; a failure ends the run (after the summary)
#   stage_summary                      prints the table; returns 1 if any stage failed
# shellcheck shell=bash
_stage_names=()
_stage_secs=()
_stage_results=()
_stage_t0=$(date +%s.%N)

stage() {
  local name=$1 t0 t1 rc
  shift
  echo "=== stage: $name"
  t0=$(date +%s.%N)
  set +e
  "$@"
  rc=$?
  set -e
  t1=$(date +%s.%N)
  _stage_names+=("$name")
  _stage_secs+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')")
  if [ "$rc" = 0 ]; then _stage_results+=(pass); else _stage_results+=("FAIL (exit $rc)"); fi
  return 0
}

stage_or_stop() {
  stage "$@"
  if [ "${_stage_results[-1]}" != pass ]; then
    stage_summary || true
    echo "test.sh: stopped after the failed stage '$1'" >&2
    exit 1
  fi
}

stage_summary() {
  local i failed=0 passed=0 total
  total=$(awk -v a="$_stage_t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
  echo
  echo "stage summary:"
  printf '  %-34s %7s  %s\n' stage seconds result
  for i in "${!_stage_names[@]}"; do
    printf '  %-34s %7s  %s\n' "${_stage_names[$i]}" "${_stage_secs[$i]}" "${_stage_results[$i]}"
    if [ "${_stage_results[$i]}" = pass ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  done
  printf '  %-34s %7s\n' "total (wall)" "$total"
  echo "stages: $passed passed, $failed failed"
  [ "$failed" = 0 ]
}
