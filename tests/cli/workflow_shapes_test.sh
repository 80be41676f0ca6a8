#!/usr/bin/env bash
# Real workflows end to end: each public WfCommons recipe's shape (tests/web/workflow_gen.mjs:
# Montage, Epigenomics, 1000Genome, Cycles, SoyKB, BLAST) at about 1,300 tasks is read as a graph
# file by `loadlab run` and scheduled by every dag scheduler; every schedule must pass the project's
# verifier, and its makespan must respect two lower bounds computed here from the workflow document
# alone (the longest runtime-only path, and total runtime / processors for schedulers bounded by P).
# Usage: workflow_shapes_test.sh <loadlab binary> <source dir> [tasks]
set -u
LL=$1
SRC=$2
TASKS=${3:-1312}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
# Every scheduler of the dag table (src/core/dag/registry.cpp), read from the table itself.
ALGS=$(python3 - "$SRC" <<'PY'
import re, sys
src = open(sys.argv[1] + "/src/core/dag/registry.cpp").read()
print(",".join('"%s"' % n for n in re.findall(r'\{"([a-z_]+)", "[A-Z]', src)))
PY
)
for shape in montage epigenomics genome cycles soykb blast; do
  "${NODE:-node}" "$SRC/tests/web/workflow_gen.mjs" "$TASKS" "$shape" >"$TMP/$shape.json" || { echo "FAIL: generate $shape"; fail=1; continue; }
  cat >"$TMP/$shape-scenario.json" <<JSON
{"loadlab": 1, "kind": "dag", "seed": 1, "name": "$shape", "processors": 8,
 "graph": {"file": "$shape.json", "bandwidth": 1e8}, "optimal_node_budget": 20000,
 "algorithms": [$ALGS]}
JSON
  start=$(date +%s.%N)
  if ! "$LL" run "$TMP/$shape-scenario.json" -o "$TMP/$shape-result.json" 2>"$TMP/err"; then
    echo "FAIL: $shape: loadlab run: $(head -c 400 "$TMP/err")"
    fail=1
    continue
  fi
  secs=$(python3 -c "import time,sys; print('%.2f' % (time.time() - float(sys.argv[1])))" "$start")
  python3 - "$TMP/$shape.json" "$TMP/$shape-result.json" "$shape" "$secs" "$ALGS" <<'PY' || fail=1
import json, sys
wf = json.load(open(sys.argv[1]))
res = json.load(open(sys.argv[2]))
shape, secs, wanted = sys.argv[3], sys.argv[4], json.loads("[" + sys.argv[5] + "]")
tasks = wf["workflow"]["specification"]["tasks"]
runtime = {t["id"]: t["runtimeInSeconds"] for t in wf["workflow"]["execution"]["tasks"]}
parents = {t["id"]: t["parents"] for t in tasks}
# Longest runtime-only path (communication only adds to it), by memoised recursion in id order.
order, seen = [], set()
def visit(t):
    stack = [(t, False)]
    while stack:
        u, done = stack.pop()
        if done: order.append(u); continue
        if u in seen: continue
        seen.add(u); stack.append((u, True))
        stack.extend((p, False) for p in parents[u])
for t in parents: visit(t)
finish = {}
for t in order: finish[t] = runtime[t] + max((finish[p] for p in parents[t]), default=0)
cp = max(finish.values())
work = sum(runtime.values())
P = 8
bad = []
got = {r["algorithm"]: r for r in res["results"]}
for a in wanted:
    r = got.get(a)
    if r is None: bad.append(f"{a}: no result"); continue
    if not r.get("verified"): bad.append(f"{a}: not verified: {r.get('verify_errors', r.get('error', ''))}"); continue
    mk = r["metrics"]["makespan"] if "metrics" in r else r["makespan"]
    if mk < cp * (1 - 1e-9): bad.append(f"{a}: makespan {mk} below the longest path {cp}")
    if a != "dsc" and mk < work / P * (1 - 1e-9): bad.append(f"{a}: makespan {mk} below work / P {work / P}")
if bad:
    print(f"FAIL: {shape} ({len(tasks)} tasks): " + "; ".join(bad)); sys.exit(1)
print(f"ok   {shape}: {len(tasks)} tasks, {len(wanted)} schedulers verified, within bounds ({secs} s)")
PY
done
exit $fail
