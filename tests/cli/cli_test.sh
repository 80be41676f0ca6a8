#!/usr/bin/env bash
# CLI contract tests: commands, exit codes (0 ok, 2 bad input, 3 an algorithm failed at run time)
# and error messages naming fields.
# Usage: cli_test.sh <loadlab binary> <source dir> <shared dir>
set -u
LL=$1
SRC=$2
SHARED=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect <exit code> <stderr/stdout substring> <command...>
expect() {
  local code=$1 needle=$2
  shift 2
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  printf '\n@@@ %s\n%s\n' "$*" "$out" >>"$TMP/all_output.log"
  if [ "$rc" != "$code" ]; then bad "$* -> exit $rc (want $code): $out"; return; fi
  if [ -n "$needle" ] && ! grep -qF -- "$needle" <<<"$out"; then
    bad "$* -> output lacks '$needle': $out"
    return
  fi
  ok
}

cube=$SRC/examples/cube3.json
expect 0 "ok" "$LL" validate "$cube"
expect 0 '"results"' "$LL" run "$cube"
"$LL" run "$cube" -o "$TMP/result.json" && grep -q '"kind": "balance"' "$TMP/result.json" && ok || bad "run -o"

# Bad input: exit 2 and the field is named.
echo '{"loadlab": 1, "kind": "balance", "topology": {"type": "hypercube", "dim": 40}, "loads": []}' >"$TMP/big.json"
expect 2 "/topology/dim" "$LL" validate "$TMP/big.json"
echo '{"loadlab": 1, "kind": "balance", "topology": {"type": "hypercube", "dim": 3}, "loads": [1,2,3]}' >"$TMP/count.json"
expect 2 "/loads" "$LL" run "$TMP/count.json"
echo '{"loadlab": 1, "kind": ' >"$TMP/broken.json"
expect 2 "malformed JSON" "$LL" validate "$TMP/broken.json"
expect 2 "cannot open" "$LL" validate "$TMP/does-not-exist.json"
expect 2 "" "$LL" frobnicate
# Inputs past the 16 MiB document limit are refused with the limit named, whether they come
# from a regular file or from a pipe (which has no size to ask for); a pipe under it is read.
head -c 16777300 /dev/zero | tr '\0' ' ' >"$TMP/huge.json"
expect 2 "more than 16777216 bytes" "$LL" validate "$TMP/huge.json"
expect 2 "more than 16777216 bytes" "$LL" validate /dev/stdin <"$TMP/huge.json"
out=$(cat "$cube" | "$LL" validate /dev/stdin 2>&1) && grep -q ok <<<"$out" && ok || bad "validate /dev/stdin from a pipe: $out"
rm -f "$TMP/huge.json"
expect 2 "" "$LL" run "$cube" --engine warp

# An algorithm that fails while running is its own entry: the others' results are printed in full,
# stderr names the algorithm and the field, exit 3 (a bad scenario is still exit 2 above).
cat >"$TMP/one_fails.json" <<'JSON'
{"loadlab": 1, "kind": "dynamic", "seed": 3, "topology": {"type": "line", "nodes": 2},
 "workload": {"initial": [12, 0], "duration": {"profile": "constant", "value": 1e8}},
 "algorithms": ["none", "work_stealing"]}
JSON
expect 3 "algorithm 'none' failed: /workload: the simulation ran past time" "$LL" run "$TMP/one_fails.json"
"$LL" run "$TMP/one_fails.json" -o "$TMP/one_fails_out.json" 2>/dev/null
python3 - "$TMP/one_fails_out.json" <<'PY' && ok || bad "run with a failing algorithm: result entries"
import json, sys
r = json.load(open(sys.argv[1]))["results"]
assert [e["algorithm"] for e in r] == ["none", "work_stealing"], r
assert r[0]["error"]["field"] == "/workload" and "ran past time" in r[0]["error"]["message"], r[0]
assert r[0]["verified"] is False and "completion_time" not in r[0], r[0]
assert "error" not in r[1] and r[1]["verified"] is True and r[1]["tasks"] == 12, r[1]
PY

# Links: CLI round trip, and a link made by Python's zlib (independent implementation).
link=$("$LL" link "$cube")
case "$link" in "#s="*) ok ;; *) bad "link does not start with #s=: $link" ;; esac
"$LL" unlink "$link" >"$TMP/back.json" && ok || bad "unlink of our own link"
python3 - "$cube" "$TMP/back.json" <<'PY' && ok || bad "link round trip changed the scenario"
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
sys.exit(0 if a == b else 1)
PY
pylink=$(python3 - "$cube" <<'PY'
import base64, json, sys, zlib
s = json.dumps(json.load(open(sys.argv[1])))
c = zlib.compressobj(6, zlib.DEFLATED, -15)
print("https://loadlab.example/#s=" + base64.urlsafe_b64encode(c.compress(s.encode()) + c.flush()).decode().rstrip("="))
PY
)
expect 0 '"dim": 3' "$LL" unlink "$pylink"
# And Python can read ours.
python3 - "$link" "$cube" <<'PY' && ok || bad "python cannot inflate our link"
import base64, json, sys, zlib
frag = sys.argv[1].split("s=", 1)[1]
data = zlib.decompress(base64.urlsafe_b64decode(frag + "=" * (-len(frag) % 4)), -15)
sys.exit(0 if json.loads(data) == json.load(open(sys.argv[2])) else 1)
PY
expect 2 "bad link" "$LL" unlink '#s=%%%'
# A link asking for 2^40 nodes is refused, not attempted.
big=$(python3 -c '
import base64, zlib
s = b"{\"loadlab\":1,\"kind\":\"balance\",\"topology\":{\"type\":\"hypercube\",\"dim\":40},\"loads\":{\"generator\":\"uniform\",\"mean\":1}}"
c = zlib.compressobj(6, zlib.DEFLATED, -15); print(base64.urlsafe_b64encode(c.compress(s) + c.flush()).decode())')
expect 2 "/topology/dim" "$LL" unlink "$big"

expect 0 "wu_example3" "$LL" preset
expect 0 "\"dim\": 3" "$LL" preset wu_example3
expect 2 "unknown preset" "$LL" preset nope

# --engine nodes: the per-node programs give identical transfers and final loads, plus supersteps.
for p in wu_example1 wu_example3 wu_example4 wu_random_cube; do
  "$LL" preset "$p" >"$TMP/$p.json"
  "$LL" run "$TMP/$p.json" >"$TMP/$p.central.json" &&
    "$LL" run "$TMP/$p.json" --engine nodes --threads 2 >"$TMP/$p.nodes.json" &&
    python3 - "$TMP/$p.central.json" "$TMP/$p.nodes.json" <<'PY' && ok || bad "engine nodes differs from central on $p"
import json, sys
c = json.load(open(sys.argv[1]))["results"]; n = json.load(open(sys.argv[2]))["results"]
assert len(c) == len(n) and c, (len(c), len(n))
for a, b in zip(c, n):
    assert a["algorithm"] == b["algorithm"]
    assert a["final_loads"] == b["final_loads"], a["algorithm"]
    assert a["transfers"] == b["transfers"], a["algorithm"]
    assert b["verified"], a["algorithm"]
    if b["algorithm"] != "optimal":
        assert b["engine"] == "nodes" and b["supersteps"] > 0 and b["messages"] > 0, b["algorithm"]
PY
done

# Iterative balancing (the course notes' GDE problems): reproduce notes --quick, presets, params errors.
expect 0 "expected 22  ours 22" "$LL" reproduce notes --quick --csv "$TMP/notes"
[ -s "$TMP/notes/problem3.csv" ] && ok || bad "reproduce notes --csv wrote no CSV"
"$LL" preset notes_problem3 >"$TMP/np3.json" && expect 0 '"sweeps": 22' "$LL" run "$TMP/np3.json" --engine nodes --threads 2
echo '{"loadlab": 1, "kind": "balance", "topology": {"type": "ring", "nodes": 8}, "loads": [1,2,3,4,5,6,7,8], "algorithms": ["gde"], "params": {"gde": {"lambda": 2}}}' >"$TMP/gde_bad.json"
expect 2 "/params/gde/lambda" "$LL" validate "$TMP/gde_bad.json"

# Dynamic kind: the example runs verified, errors name the field, reproduce rips --quick.
"$LL" run "$SRC/examples/dynamic_hotspot.json" >"$TMP/dyn.json" &&
  python3 - "$TMP/dyn.json" <<'PY' && ok || bad "dynamic example: not every strategy verified"
import json, sys
r = json.load(open(sys.argv[1]))["results"]
assert len(r) == 7 and all(e["verified"] for e in r), [(e["algorithm"], e["verified"]) for e in r]
PY
echo '{"loadlab": 1, "kind": "dynamic", "topology": {"type": "ring", "nodes": 4}, "workload": {"spawn": {"shape": "fixed", "max_depth": 99}}}' >"$TMP/dyn_bad.json"
expect 2 "/workload/spawn/max_depth" "$LL" validate "$TMP/dyn_bad.json"
expect 0 "rips/cwa" "$LL" reproduce rips --quick --csv "$TMP/rips"
[ -s "$TMP/rips/rips_comparison.csv" ] && ok || bad "reproduce rips --csv wrote no CSV"

# OS kind: the example runs verified, errors name the field, reproduce os --quick.
"$LL" run "$SRC/examples/os_mixed.json" -o "$TMP/os.json" && ok || bad "run os_mixed.json"
python3 - "$TMP/os.json" <<'PY' && ok || bad "os results not all verified"
import json, sys
r = json.load(open(sys.argv[1]))["results"]
assert len(r) == 8 and all(e["verified"] for e in r), [(e["algorithm"], e["verified"]) for e in r]
PY
echo '{"loadlab": 1, "kind": "os", "processors": 4, "jobs": [{"work": 1, "threads": 5}]}' >"$TMP/os_bad.json"
expect 2 "/jobs/0/threads" "$LL" validate "$TMP/os_bad.json"
expect 0 "52 runs, 52 verified" "$LL" reproduce os --quick --csv "$TMP/os_csv"
[ -s "$TMP/os_csv/os_space_vs_time.csv" ] && ok || bad "reproduce os --csv wrote no CSV"
[ -s "$TMP/os_csv/os_spin_locks.csv" ] && ok || bad "reproduce os --csv wrote no spin-lock CSV"

# The papers' evaluations as verdicts: each claim printed with its source, our measurement and
# HOLDS / DIFFERS; a DIFFERS is a finding (exit 0); --svg draws the figures as well-formed SVG.
expect 0 "verdict:  HOLDS" "$LL" reproduce loops --quick --csv "$TMP/loops_csv"
expect 0 "Section 6.2" "$LL" reproduce flb --quick --svg "$TMP/flb_svg" --csv "$TMP/flb_csv"
expect 0 "Fig 9" "$LL" reproduce wu --quick --svg "$TMP/wu_svg" --csv "$TMP/wu_csv"
expect 0 "Conjecture 1" "$LL" reproduce dlt --quick --csv "$TMP/dlt_csv"
python3 - "$TMP" <<'PY' && ok || bad "reproduce claims CSV / SVG"
import csv, glob, os, sys, xml.etree.ElementTree as ET
tmp = sys.argv[1]
for name, rows in (("loops_csv/loops_claims.csv", 7), ("flb_csv/flb_claims.csv", 11),
                   ("wu_csv/wu_claims.csv", 7), ("dlt_csv/dlt_claims.csv", 1)):
    got = list(csv.DictReader(open(os.path.join(tmp, name))))
    assert len(got) == rows, (name, len(got))
    assert all(r["verdict"] in ("HOLDS", "DIFFERS") and r["source"] for r in got), name
svgs = glob.glob(os.path.join(tmp, "flb_svg", "*.svg")) + glob.glob(os.path.join(tmp, "wu_svg", "*.svg"))
assert len(svgs) == 11 + 5, len(svgs)
for f in svgs:
    root = ET.parse(f).getroot()
    assert root.tag.endswith("svg") and root.find("{http://www.w3.org/2000/svg}path") is not None, f
PY
# Partition kind: the example runs verified with the known strip cut, errors name the
# field, reproduce partition --quick writes its CSV.
"$LL" run "$SRC/examples/partition_grid64_p4.json" -o "$TMP/part.json" && ok || bad "run partition_grid64_p4.json"
python3 - "$TMP/part.json" <<'PY' && ok || bad "partition results not all verified"
import json, sys
r = json.load(open(sys.argv[1]))["results"]
assert len(r) == 10 and all(e["verified"] for e in r), [(e["algorithm"], e["verified"]) for e in r]
assert r[0]["algorithm"] == "strips_1xp" and r[0]["edge_cut"] == 3 * 64, r[0]["edge_cut"]
PY
echo '{"loadlab": 1, "kind": "partition", "mesh": {"generator": "grid", "rows": 4, "cols": 4}, "parts": 17}' >"$TMP/part_bad.json"
expect 2 "/parts" "$LL" validate "$TMP/part_bad.json"
expect 0 "Table 1" "$LL" reproduce partition --quick --csv "$TMP/part_csv"
[ -s "$TMP/part_csv/partition_table1.csv" ] && ok || bad "reproduce partition --csv wrote no CSV"
# Real meshes without coordinates beside METIS (reproduce walshaw): the 3elt rows, the CSV with a
# METIS row and a multilevel row per P; no --data names the flag (exit 2); a folder without the files
# names the file.
expect 0 "multilevel" "$LL" reproduce walshaw --quick --data "$SHARED/data/walshaw" --csv "$TMP/walshaw_csv"
python3 - "$TMP/walshaw_csv/walshaw_vs_metis.csv" <<'PY' && ok || bad "reproduce walshaw CSV"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert {r["mesh"] for r in rows} == {"3elt"}, rows
for p in ("2", "8"):
    ml = [r for r in rows if r["method"] == "multilevel" and r["parts"] == p]
    assert len(ml) == 1 and ml[0]["verified"] == "true" and int(ml[0]["edge_cut"]) > 0, ml
    assert float(ml[0]["imbalance"]) <= 1.03 + 1e-9, ml
assert all(r["verified"] == "true" for r in rows), rows
PY
expect 2 "--data" "$LL" reproduce walshaw --quick
expect 2 "3elt.graph" "$LL" reproduce walshaw --quick --data "$TMP"

# Adversarial search: the worst instance written is a scenario `run` accepts, and its
# makespans reproduce the printed ratio; errors name the flag and exit 2.
expect 0 "ratio reached" "$LL" adversary --a flb --b etf --tasks 12 --iterations 2000 --seed 1 -o "$TMP/worst.json"
"$LL" adversary --a flb --b etf --tasks 12 --iterations 2000 --seed 1 --json >"$TMP/adv.json" && ok || bad "adversary --json"
"$LL" run "$TMP/worst.json" -o "$TMP/worst_run.json" && ok || bad "run worst.json"
python3 - "$TMP/adv.json" "$TMP/worst_run.json" <<'PY' && ok || bad "adversary ratio not reproduced by run"
import json, sys
a = json.load(open(sys.argv[1]))
r = {e["algorithm"]: e for e in json.load(open(sys.argv[2]))["results"]}
assert all(e["verified"] for e in r.values())
assert r["flb"]["makespan"] == a["best_makespan_a"] and r["etf"]["makespan"] == a["best_makespan_b"], (r, a)
assert r["flb"]["makespan"] / r["etf"]["makespan"] == a["best_ratio"] >= a["start_ratio"], a
PY
"$LL" adversary --a heft --b optimal --tasks 6 --heterogeneous --iterations 100 -o "$TMP/worst_opt.json" >/dev/null &&
  "$LL" run "$TMP/worst_opt.json" | grep -q '"proven": true' && ok || bad "adversary against optimal"
expect 2 "--a: unknown scheduler 'nope'" "$LL" adversary --a nope --b etf
expect 2 "--b: optimal needs at most 12 tasks" "$LL" adversary --a flb --b optimal --tasks 20
expect 2 "--tasks: must be in [1, 200]" "$LL" adversary --tasks 201
expect 2 "--a: flb is defined for identical processors" "$LL" adversary --a flb --b etf --heterogeneous
expect 2 "--scenario: kind 'balance' is not a task graph" "$LL" adversary --scenario "$cube"
expect 0 "ratio reached" "$LL" adversary --a heft --b cpop --scenario "$TMP/worst.json" --iterations 200
# SAGA's data sets and PISA's matrix on heterogeneous machines (quick: about a second).
expect 0 "0 failing the verifier" "$LL" reproduce saga --quick --csv "$TMP/saga_csv" --data "$SHARED/data/wfcommons"
grep -qF "wf_srasearch" "$TMP/all_output.log" && ok || bad "reproduce saga lacks the WfCommons recipes' data sets"
[ -s "$TMP/saga_csv/saga_pisa_pairwise.csv" ] && [ -s "$TMP/saga_csv/saga_claims.csv" ] && ok || bad "reproduce saga --csv wrote no CSV"
# The expected-makespan target: A = B sees the same draws (ratio exactly 1); a bad target or
# spread names its flag.
expect 0 "E[makespan](heft)" "$LL" adversary --a heft --b cpop --tasks 8 --heterogeneous --iterations 50 --target expected_makespan
expect 0 "ratio reached: 1.000000" "$LL" adversary --a heft --b heft --tasks 8 --iterations 20 --target expected_makespan
expect 2 "--target: must be" "$LL" adversary --target mean
expect 2 "--spread: must be in [0, 1]" "$LL" adversary --target expected_makespan --spread 3
# PISA's setup (restarts from small chains, weights in [0.1, 1]): HEFT against FastestNode passes
# PISA's 4.34 (the worst instance, written and run again, reproduces the ratio).
"$LL" adversary --a heft --b fastest_node --pisa 10 --iterations 2000 --seed 1 --json -o "$TMP/pisa_worst.json" >"$TMP/pisa.json" &&
  "$LL" run "$TMP/pisa_worst.json" >"$TMP/pisa_run.json" && ok || bad "adversary --pisa"
python3 - "$TMP/pisa.json" "$TMP/pisa_run.json" <<'PY' && ok || bad "adversary --pisa: ratio below 4.34 or not reproduced by run"
import json, sys
a = json.load(open(sys.argv[1])); r = json.load(open(sys.argv[2]))
ms = {x["algorithm"]: x["makespan"] for x in r["results"]}
assert a["pisa_restarts"] == 10 and a["best_ratio"] > 4.34, a
assert abs(ms["heft"] / ms["fastest_node"] - a["best_ratio"]) < 1e-9 * a["best_ratio"], (ms, a)
PY
expect 2 "--pisa: must be in [1, 1000]" "$LL" adversary --a heft --b fastest_node --pisa 2000
expect 2 "--pisa: PISA's start instances replace --scenario" "$LL" adversary --pisa 3 --scenario "$TMP/worst.json"
# Random task costs: the preset runs verified with a makespan distribution in every result.
"$LL" preset dag_stochastic_example >"$TMP/stoch.json" && "$LL" run "$TMP/stoch.json" -o "$TMP/stoch_run.json" && ok || bad "run dag_stochastic_example"
python3 - "$TMP/stoch_run.json" <<'PY' && ok || bad "stochastic preset results"
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    d = r["makespan_distribution"]
    assert r["verified"] and d["samples"] == 2000 and sum(d["histogram"]["counts"]) == 2000, r["algorithm"]
    assert d["p5"] <= d["p50"] <= d["p95"] and d["plan"] == "quantile" and d["k"] == 1, d
PY
expect 0 "ordered pairs" "$LL" reproduce adversary --quick --csv "$TMP/adv_csv"
[ -s "$TMP/adv_csv/adversary_pairwise.csv" ] && ok || bad "reproduce adversary --csv wrote no CSV"

# --- convert ------------------------------------------------------------------------------------
# A hand-made chain a(2) -> b(3) -> c(4) with an edge cost: its STG, written out by hand from the
# format (dummy entry 0 and exit 4 of cost 0, then "id cost npred preds"), and the left-out edge cost.
cat >"$TMP/chain.json" <<'J'
{"tasks": [{"id": "a", "cost": 2}, {"id": "b", "cost": 3}, {"id": "c", "cost": 4}],
 "edges": [{"from": "a", "to": "b", "cost": 5}, {"from": "b", "to": "c", "cost": 0}]}
J
printf '3\n0 0 0\n1 2 1 0\n2 3 1 1\n3 4 1 2\n4 0 1 3\n' >"$TMP/chain_expected.stg"
expect 0 "1 nonzero edge costs left out" "$LL" convert "$TMP/chain.json" "$TMP/chain.stg"
diff <(grep -v '^#' "$TMP/chain.stg") "$TMP/chain_expected.stg" >/dev/null && ok || bad "convert graph -> stg: $(cat "$TMP/chain.stg")"
# STG -> scenario -> STG gives the original task lines back; the scenario runs like the file itself.
stg=$(ls "$SHARED"/data/stg/50/*.stg | head -1)
expect 0 "" "$LL" convert "$stg" "$TMP/stg_scenario.json" --processors 3
expect 0 "ok" "$LL" validate "$TMP/stg_scenario.json"
"$LL" convert "$TMP/stg_scenario.json" "$TMP/back.stg" 2>/dev/null
diff <(grep -v '^#' "$stg" | awk '{$1=$1};1' | grep -v '^$') <(grep -v '^#' "$TMP/back.stg") >/dev/null && ok || bad "stg -> scenario -> stg differs"
printf '{"loadlab": 1, "kind": "dag", "processors": 3, "graph": {"file": "%s"}, "algorithms": ["heft", "flb", "etf"]}\n' "$stg" >"$TMP/stg_file.json"
"$LL" run "$TMP/stg_file.json" | grep '"makespan"' >"$TMP/m_file.txt"
"$LL" run "$TMP/stg_scenario.json" | grep '"makespan"' >"$TMP/m_conv.txt"
[ -s "$TMP/m_file.txt" ] && cmp -s "$TMP/m_file.txt" "$TMP/m_conv.txt" && ok || bad "converted STG scenario runs differently from the file"
# DOT <-> inline graph is lossless; the DOT also reads back to the same graph as the STG.
expect 0 "" "$LL" convert "$stg" "$TMP/g.dot"
expect 0 "" "$LL" convert "$TMP/g.dot" "$TMP/g.json" --to graph
expect 0 "" "$LL" convert "$TMP/g.json" "$TMP/g2.dot"
cmp -s "$TMP/g.dot" "$TMP/g2.dot" && ok || bad "dot -> graph -> dot differs"
"$LL" convert "$TMP/g.dot" - --to stg 2>/dev/null | grep -v '^#' >"$TMP/g.stg"
diff <(grep -v '^#' "$stg" | awk '{$1=$1};1' | grep -v '^$') "$TMP/g.stg" >/dev/null && ok || bad "stg -> dot -> stg differs"
# WfCommons reads into a dag scenario that validates; a generated graph is written out in full.
wf=$(ls "$SHARED"/data/wfcommons/*.json | head -1)
expect 0 "" "$LL" convert "$wf" "$TMP/wf.json"
expect 0 "ok" "$LL" validate "$TMP/wf.json"
expect 0 "digraph" "$LL" convert "$SRC/examples/dag_lu_p4.json" - --to dot
# Into WfCommons: the chain's edge a -> b of cost 5 is one file of 5 × 2 = 10 bytes that a writes and
# b reads, b -> c one of 0 bytes; read back with the same bandwidth it is the same graph. A cost whose
# bytes are not whole (5 × 0.3 = 1.5) is rounded, with a warning. A real workflow read, written and
# read again gives the same graph: its file sizes are whole bytes.
expect 0 "" "$LL" convert "$TMP/chain.json" "$TMP/chain_wf.json" --to wfcommons --bandwidth 2
python3 - "$TMP/chain_wf.json" <<'P' && ok || bad "graph -> wfcommons: files and runtimes"
import json, sys
w = json.load(open(sys.argv[1]))["workflow"]
sizes = {f["id"]: f["sizeInBytes"] for f in w["specification"]["files"]}
t = {x["id"]: x for x in w["specification"]["tasks"]}
rt = {x["id"]: x["runtimeInSeconds"] for x in w["execution"]["tasks"]}
assert rt == {"a": 2, "b": 3, "c": 4}, rt
ab = set(t["a"]["outputFiles"]) & set(t["b"]["inputFiles"])
bc = set(t["b"]["outputFiles"]) & set(t["c"]["inputFiles"])
assert [sizes[f] for f in ab] == [10] and [sizes[f] for f in bc] == [0], (ab, bc, sizes)
assert t["b"]["parents"] == ["a"] and t["b"]["children"] == ["c"] and t["a"]["parents"] == []
P
"$LL" convert "$TMP/chain.json" "$TMP/chain_g.json" --to graph
"$LL" convert "$TMP/chain_wf.json" "$TMP/chain_wg.json" --to graph --bandwidth 2
cmp -s "$TMP/chain_g.json" "$TMP/chain_wg.json" && ok || bad "graph -> wfcommons -> graph differs"
expect 0 "1 edge costs × --bandwidth rounded" "$LL" convert "$TMP/chain.json" - --to wfcommons --bandwidth 0.3
"$LL" convert "$wf" "$TMP/wf_g1.json" --to graph
"$LL" convert "$wf" "$TMP/wf_w.json" --to wfcommons 2>/dev/null
"$LL" convert "$TMP/wf_w.json" "$TMP/wf_g2.json" --to graph
[ -s "$TMP/wf_g1.json" ] && cmp -s "$TMP/wf_g1.json" "$TMP/wf_g2.json" && ok || bad "wfcommons -> wfcommons -> graph differs"
# SAGA: the library's basic example (three nodes, four tasks; self-links 1e9) written by hand reads
# into a dag scenario with its speeds and links that runs verified; written back as SAGA JSON and
# read again it is the same scenario; a missing link is named.
cat >"$TMP/saga_basic.json" <<'J'
{"name": "basic", "task_graph": {"tasks": [{"name": "t_1", "cost": 1}, {"name": "t_2", "cost": 3},
  {"name": "t_3", "cost": 2}, {"name": "t_4", "cost": 1}], "dependencies": [
  {"source": "t_1", "target": "t_2", "size": 1}, {"source": "t_1", "target": "t_3", "size": 1},
  {"source": "t_2", "target": "t_4", "size": 5}, {"source": "t_3", "target": "t_4", "size": 5}]},
 "network": {"nodes": [{"name": "v_1", "speed": 1}, {"name": "v_2", "speed": 2}, {"name": "v_3", "speed": 2}],
  "edges": [{"source": "v_1", "target": "v_2", "speed": 2}, {"source": "v_1", "target": "v_3", "speed": 2},
  {"source": "v_2", "target": "v_3", "speed": 1}, {"source": "v_1", "target": "v_1", "speed": 1e9},
  {"source": "v_2", "target": "v_2", "speed": 1e9}, {"source": "v_3", "target": "v_3", "speed": 1e9}]}}
J
expect 0 "" "$LL" convert "$TMP/saga_basic.json" "$TMP/saga_sc.json"
expect 0 '"verified": true' "$LL" run "$TMP/saga_sc.json"
expect 0 "" "$LL" convert "$TMP/saga_sc.json" "$TMP/saga_back.json" --to saga
expect 0 "" "$LL" convert "$TMP/saga_back.json" "$TMP/saga_sc2.json" --name saga_basic.json
cmp -s "$TMP/saga_sc.json" "$TMP/saga_sc2.json" && ok || bad "saga -> scenario -> saga -> scenario differs"
grep -qF '"Infinity"' "$TMP/saga_back.json" && ok || bad "saga self-links not written as Infinity"
# Node and task names survive saga -> scenario -> saga (the scenario keeps them as machine.names).
python3 - "$TMP/saga_basic.json" "$TMP/saga_back.json" <<'P' && ok || bad "saga round trip lost node or task names"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
names = lambda d, part, key: [x["name"] for x in d[part][key]]
assert names(a, "network", "nodes") == names(b, "network", "nodes") == ["v_1", "v_2", "v_3"], names(b, "network", "nodes")
assert names(a, "task_graph", "tasks") == names(b, "task_graph", "tasks")
assert {(e["source"], e["target"]) for e in a["network"]["edges"]} == {(e["source"], e["target"]) for e in b["network"]["edges"]}
P
python3 - "$TMP/saga_basic.json" "$TMP/saga_nolink.json" <<'P'
import json, sys
d = json.load(open(sys.argv[1])); d["network"]["edges"] = d["network"]["edges"][1:]
json.dump(d, open(sys.argv[2], "w"))
P
expect 2 "SAGA /network/edges: has no edge between 'v_1' and 'v_2'" "$LL" convert "$TMP/saga_nolink.json" "$TMP/x.json"
echo '{"tasks": [{"id": "x", "cost": 1}, {"id": "y", "cost": 2}], "edges": []}' >"$TMP/two.json"
expect 0 "2 zero-cost task(s) added" "$LL" convert "$TMP/two.json" - --to saga
# METIS: a triangle 1-2-3 with a pendant 4 on vertex 3; the scenario lists each edge once, 0-based.
printf '%% a triangle and a pendant\n4 4\n2 3\n1 3\n1 2 4\n3\n' >"$TMP/tri.graph"
expect 0 "" "$LL" convert "$TMP/tri.graph" "$TMP/tri.json" --parts 2
expect 0 "ok" "$LL" validate "$TMP/tri.json"
tr -d ' \n' <"$TMP/tri.json" | grep -qF '"edges":[[0,1],[0,2],[1,2],[2,3]]' && ok || bad "metis -> scenario edges: $(cat "$TMP/tri.json")"
"$LL" convert "$TMP/tri.json" "$TMP/tri2.graph"
diff <(grep -v '^%' "$TMP/tri.graph") "$TMP/tri2.graph" >/dev/null && ok || bad "metis -> scenario -> metis differs"
# A real mesh: the same neighbour sets back (the writer lists neighbours in increasing order).
mesh=$SHARED/data/walshaw/3elt.graph
"$LL" convert "$mesh" "$TMP/3elt.json" && "$LL" convert "$TMP/3elt.json" "$TMP/3elt.graph" && ok || bad "convert 3elt"
sortline() { grep -v '^%' "$1" | perl -lane 'print join " ", ($. == 1 ? @F : sort { $a <=> $b } @F)'; }
[ "$(sortline "$mesh" | wc -l)" = 4721 ] && [ "$(sortline "$mesh" | md5sum)" = "$(sortline "$TMP/3elt.graph" | md5sum)" ] && ok || bad "3elt metis -> scenario -> metis: other neighbour sets"
# Errors name the task, the line, the field or the format.
echo '{"tasks": [{"id": "half", "cost": 1.5}], "edges": []}' >"$TMP/frac.json"
expect 2 "task 'half': costs are whole numbers" "$LL" convert "$TMP/frac.json" "$TMP/frac.stg"
printf '1\n0 0 0\n1 x 1 0\n2 0 1 1\n' >"$TMP/bad.stg"
expect 2 "STG line 3" "$LL" convert "$TMP/bad.stg" "$TMP/bad.dot"
expect 2 "/kind: 'balance' scenarios hold no graph" "$LL" convert "$cube" "$TMP/cube.dot"
expect 2 "a task graph does not convert to a METIS mesh" "$LL" convert "$stg" "$TMP/x.graph"
expect 2 "converts to metis or scenario only" "$LL" convert "$mesh" "$TMP/x.stg"
expect 2 "--to: unknown format 'xml'" "$LL" convert "$stg" - --to xml
expect 2 "cannot tell the format" "$LL" convert "$stg" "$TMP/x.txt"
printf '3 1\n2\n' >"$TMP/short.graph"
expect 2 "line" "$LL" convert "$TMP/short.graph" "$TMP/short.json"

# explain: the narration of a run (Wu's Example 1: W_3 = 11, Q_3 = 5, so node 3 sends 6 up; the
# optimum's 16 task-hops), one line per step, --step marks its pseudo-code line, --json, and errors.
"$LL" preset wu_example1 >"$TMP/ex1.json"
expect 0 "so it sends 6 up to node 1" "$LL" explain "$TMP/ex1.json"
expect 0 "over 16 task-hops" "$LL" explain "$TMP/ex1.json" --algorithm optimal
expect 0 "twa: M.-Y. Wu" "$LL" explain "$TMP/ex1.json" --algorithm twa
out=$("$LL" explain "$TMP/ex1.json" --algorithm twa --step 0)
if grep -q '^step 0: TWA' <<<"$out" && ! grep -q '^step 1:' <<<"$out" && grep -q '^  > ' <<<"$out" &&
   ! grep -q '^optimal' <<<"$out"; then ok; else bad "explain --step 0: $out"; fi
"$LL" explain "$TMP/ex1.json" --algorithm twa --json >"$TMP/ex1_explain.json" 2>&1
python3 - "$TMP/ex1_explain.json" <<'PY' && ok || bad "explain --json: $(cat "$TMP/ex1_explain.json")"
import json, sys
n = json.load(open(sys.argv[1]))
assert len(n) == 1 and n[0]["algorithm"] == "twa", n
assert "Wu" in n[0]["citation"] and len(n[0]["pseudocode"]) >= 4
steps = n[0]["steps"]
assert [s["step"] for s in steps] == list(range(len(steps)))
assert any("its quota is 15, so it sends 5 up to node 0" in s["text"] for s in steps)
assert all(s["line"] is None or 0 <= s["line"] < len(n[0]["pseudocode"]) for s in steps)
PY
"$LL" preset wu_example3 >"$TMP/ex3.json"
expect 0 "nodes 0–3 hold 41 tasks, their quota is 32, so they send 9 across dimension 2" "$LL" explain "$TMP/ex3.json" --algorithm cwa --step 0
expect 2 "--algorithm: 'mwa' is not an algorithm of this scenario (it runs twa, optimal)" "$LL" explain "$TMP/ex1.json" --algorithm mwa
expect 2 "--step: 99 is out of range: twa has steps 0.." "$LL" explain "$TMP/ex1.json" --algorithm twa --step 99
expect 2 "--step: a step number is 0 or more (got -1)" "$LL" explain "$TMP/ex1.json" --step -1
expect 2 "cannot open" "$LL" explain "$TMP/nothing.json"
expect 2 "/loads" "$LL" explain "$TMP/count.json"
# A kind without narration says so (the loop kind narrates nothing in this build).
"$LL" preset loop_decreasing >"$TMP/loop.json" 2>/dev/null
if "$LL" explain "$TMP/loop.json" >"$TMP/loop_explain.txt" 2>&1; then ok; else
  grep -qF "have no step-by-step narration yet" "$TMP/loop_explain.txt" && ok || bad "explain loop: $(cat "$TMP/loop_explain.txt")"
fi
"$LL" preset notes_problem2 >"$TMP/np2.json"
expect 0 "GDE sweep 1, colour class 3 of 4" "$LL" explain "$TMP/np2.json"

# Every subcommand has a --help that says what it does and lists its arguments.
for sub in validate run render link unlink preset convert adversary reproduce bench explain; do
  out=$("$LL" "$sub" --help 2>&1)
  first=$(head -1 <<<"$out")
  if [ $? = 0 ] && grep -q "^Usage:.* $sub" <<<"$out" && [ -n "$first" ] && ! grep -q "^Usage" <<<"$first"; then ok; else bad "$sub --help: $out"; fi
done
expect 0 "Lossless: dot <-> graph <-> scenario" "$LL" convert --help

# render: every view type as SVG (well-formed XML); the Gantt chart has one titled rectangle per
# scheduled task, placed at start * scale with width (finish - start) * scale, scale = 910 / the
# latest finish (the geometry svg_views.h documents), checked against `loadlab run`'s schedule.
"$LL" run "$SRC/examples/dag_lu_p4.json" >"$TMP/lu_run.json" 2>/dev/null
"$LL" render "$SRC/examples/dag_lu_p4.json" --view gantt --algorithm etf -o "$TMP/lu.svg" &&
python3 - "$TMP/lu_run.json" "$TMP/lu.svg" <<'PY' && ok || bad "render gantt: bars differ from the schedule"
import json, sys, xml.etree.ElementTree as ET
run = json.load(open(sys.argv[1]))
sched = next(r for r in run["results"] if r["algorithm"] == "etf")["schedule"]
ns = "{http://www.w3.org/2000/svg}"
bars = [e for e in ET.parse(sys.argv[2]).getroot().iter(ns + "rect") if e.find(ns + "title") is not None]
assert len(bars) == len(sched), (len(bars), len(sched))
end = max(s["finish"] for s in sched)
scale = (1000 - 70 - 20) / end
for s, b in zip(sched, bars):
    assert abs(float(b.get("x")) - (70 + s["start"] * scale)) < 0.01, (s, b.attrib)
    assert abs(float(b.get("width")) - (s["finish"] - s["start"]) * scale) < 0.01, (s, b.attrib)
    assert abs(float(b.get("y")) - (40 + s["proc"] * 22 + 2)) < 0.01, (s, b.attrib)
PY
for v in "cube3 network" "cube3 plot" "loop_decreasing gantt" "loop_decreasing plot" "os_mixed gantt" "dlt_example3_ibs plot" "dynamic_hotspot plot"; do
  set -- $v
  "$LL" render "$SRC/examples/$1.json" --view "$2" -o "$TMP/$1_$2.svg" &&
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$TMP/$1_$2.svg" && ok || bad "render $1 --view $2: not well-formed SVG"
done
# PNG: the signature, and IHDR's size is the SVG's width x height at --scale.
"$LL" render "$cube" --view network --scale 2 -o "$TMP/cube.png" &&
python3 - "$TMP/cube.png" "$TMP/cube3_network.svg" <<'PY' && ok || bad "render png: bad signature or size"
import struct, sys, zlib, xml.etree.ElementTree as ET
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n"
w, h = struct.unpack(">II", b[16:24])
svg = ET.parse(sys.argv[2]).getroot()
assert (w, h) == (2 * int(float(svg.get("width"))), 2 * int(float(svg.get("height")))), (w, h)
# Every chunk's CRC is right and the pixels inflate to height rows of 1 + 3 * width bytes.
pos, idat = 8, b""
while pos < len(b):
    n, = struct.unpack(">I", b[pos:pos + 4]); t = b[pos + 4:pos + 8]; d = b[pos + 8:pos + 8 + n]
    assert struct.unpack(">I", b[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(t + d)
    if t == b"IDAT": idat += d
    pos += 12 + n
raw = zlib.decompress(idat)
assert len(raw) == h * (1 + 3 * w)
assert len(set(raw)) > 2  # not a blank picture
PY
expect 2 "--view" "$LL" render "$cube" --view gantt -o "$TMP/x.svg"
expect 2 "--algorithm: 'flb' is not in the results" "$LL" render "$cube" --view network --algorithm flb -o "$TMP/x.svg"
expect 2 "-o: " "$LL" render "$cube" --view network -o "$TMP/x.jpg"

for f in "$SRC"/examples/*.json; do
  expect 0 "ok" "$LL" validate "$f"
  expect 0 '"results"' "$LL" run "$f"
done

# User-visible words: every command's output above, every --help, the preset list, every preset
# and its run name papers by authors and year, never by the project's file numbers, errata file,
# issue numbers or a build machine's paths.
for sub in "" validate run render link unlink preset convert adversary reproduce bench explain; do
  expect 0 "Usage" "$LL" $sub --help
done
expect 0 "wu_example1" "$LL" preset
for name in $("$LL" preset | cut -f1); do
  case $name in big_*) continue ;; esac  # the big ones are for the browser; their runs take long
  expect 0 '"kind"' "$LL" preset "$name"
  "$LL" preset "$name" >"$TMP/preset_$name.json"
  python3 - "$TMP/preset_$name.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s.pop("ui", None)  # the adversary search is not part of `run`
json.dump(s, open(sys.argv[1], "w"))
PY
  expect 0 '"results"' "$LL" run "$TMP/preset_$name.json"
done
old_forms='[Pp]aper\s*0[0-9][0-9]|[Ss]urvey\s*0[0-9][0-9]|\b00[0-9]\b\s*(§|Table|Theorem|Section|Fig)|ERRATA|[Ii]ssue [0-9]+|/work/|seeds/'
python3 - "$TMP/all_output.log" "$old_forms" "$LL" <<'PY' && ok || bad "old citation forms in CLI output (above)"
import re, sys
log, pattern = open(sys.argv[1], encoding="utf-8", errors="replace").read(), re.compile(sys.argv[2])
# The CLI names itself by the path it was started with (CLI11's usage line): that path is the
# user's, not a build machine's leaking into the text.
log = log.replace(sys.argv[3], "loadlab")
found = 0
for block in log.split("\n@@@ ")[1:]:
    command, _, text = block.partition("\n")
    for line in text.splitlines():
        if pattern.search(line):
            print(f"  '{command}' prints: {line.strip()[:160]}")
            found += 1
commands = len(log.split("\n@@@ ")) - 1
if commands < 100:
    print(f"  only {commands} commands were logged")
sys.exit(1 if found or commands < 100 else 0)
PY

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
