#!/usr/bin/env python3
"""Writes seeded scenarios across every registered kind and a range of sizes (the
determinism corpus; also the fuzzers' scenario seeds).

Usage: gen_scenarios.py OUT_DIR [--count N] [--kinds a,b,...] [--base FILE ...]

Kinds this script knows get parametric scenarios (topologies, generators, profiles, sizes). Any
other registered kind (--kinds, as the CLI reports them) is covered by re-seeding its --base
documents (examples and presets), so a new kind is never silently left out: the script fails when
a registered kind has neither. The generator's own randomness (Python's random.Random, fixed seed)
only chooses the scenarios; the product's randomness is the scenario "seed".
"""
import argparse
import json
import os
import random
import sys


def balance(r, i):
    t = r.choice(["hypercube", "mesh", "torus", "ring", "line", "complete", "kary", "rtree", "custom"])
    if t == "hypercube":
        topo, n = {"type": "hypercube", "dim": r.randint(0, 9)}, None
        n = 1 << topo["dim"]
    elif t in ("mesh", "torus"):
        rows, cols = r.randint(3, 24), r.randint(3, 24)
        topo, n = {"type": t, "rows": rows, "cols": cols}, rows * cols
    elif t in ("ring", "line", "complete"):
        n = r.randint(3, 64 if t == "complete" else 500)
        topo = {"type": t, "nodes": n}
    elif t == "kary":
        k, d = r.randint(2, 4), r.randint(1, 4)
        topo, n = {"type": "tree", "generator": "kary", "k": k, "depth": d}, None
    elif t == "rtree":
        n = r.randint(2, 300)
        topo = {"type": "tree", "generator": "random", "nodes": n}
    else:
        n = r.randint(3, 40)
        edges = [[v, r.randrange(v)] for v in range(1, n)]  # a random spanning tree...
        have = {tuple(sorted(e)) for e in edges}
        for _ in range(n):  # ...plus extra links
            a, b = r.randrange(n), r.randrange(n)
            if a != b and tuple(sorted((a, b))) not in have:
                have.add(tuple(sorted((a, b))))
                edges.append([a, b])
        topo = {"type": "custom", "nodes": n, "edges": edges}
    doc = {"loadlab": 1, "kind": "balance", "seed": r.randint(0, 2**31), "topology": topo}
    if n is not None and n <= 2000 and r.random() < 0.5:
        hi = r.choice([3, 20, 100, 10**6])
        doc["loads"] = [r.randint(0, hi) for _ in range(n)]
    else:
        gen = r.choice(["uniform", "multinomial", "hot_spot", "ramp"])
        doc["loads"] = {"generator": gen, "mean": r.randint(0, 50)}
    return doc


DAG_GENERATORS = {
    "lu": lambda r: {"size": r.randint(2, 30)},
    "gaussian": lambda r: {"size": r.randint(2, 30)},
    "laplace": lambda r: {"width": r.randint(1, 16), "iterations": r.randint(1, 20)},
    "stencil": lambda r: {"width": r.randint(1, 20), "steps": r.randint(1, 20)},
    "fft": lambda r: {"points": 2 ** r.randint(1, 7)},
    "fork_join": lambda r: {"width": r.randint(1, 12), "stages": r.randint(1, 6)},
    "out_tree": lambda r: {"branching": r.randint(1, 3), "depth": r.randint(1, 5)},
    "in_tree": lambda r: {"branching": r.randint(1, 3), "depth": r.randint(1, 5)},
    "layered": lambda r: {"n": r.randint(2, 300), "fat": round(r.uniform(0.1, 0.9), 2),
                          "density": round(r.uniform(0.1, 0.9), 2),
                          "regularity": round(r.uniform(0.1, 0.9), 2), "jump": r.randint(1, 3)},
}
# Generators with their own weights (SAGA's data sets; WfCommons' recipes with trace-fitted
# or WfCommons-fitted costs): no ccr / mean_comp / distribution fields.
DAG_OWN_COST_GENERATORS = {
    "saga_out_tree": lambda r: {"branching_factor": r.randint(1, 3), "num_levels": r.randint(0, 5)},
    "saga_in_tree": lambda r: {"branching_factor": r.randint(1, 3), "num_levels": r.randint(0, 5)},
    "saga_chains": lambda r: {"num_chains": r.randint(1, 8), "chain_length": r.randint(1, 8)},
    "wfcommons_recipe": lambda r: {"recipe": r.choice(["blast", "epigenomics", "srasearch",
                                                       "montage", "genome", "seismology", "cycles", "soykb",
                                                       "bwa"]),
                                   "tasks": r.randint(14, 120)},
}
DAG_ALGOS = ["flb", "etf", "mcp", "mcp_insertion", "fcp", "dsc", "llb", "dsc_llb", "hlfet", "hlfnet",
             "scfet", "scfnet", "random", "coffman_graham", "heft"]
# Schedulers that run on heterogeneous machines.
DAG_HETERO_ALGOS = ["heft", "cpop", "lookahead_heft", "peft", "dls", "bil", "hbmct", "min_min",
                    "max_min", "sufferage", "mct", "met", "olb"]
DAG_TOPOLOGIES = {
    "ring": lambda r, p: {"type": "ring", "nodes": p} if p >= 3 else None,
    "line": lambda r, p: {"type": "line", "nodes": p},
    "complete": lambda r, p: {"type": "complete", "nodes": p},
    "mesh": lambda r, p: {"type": "mesh", "rows": 2, "cols": p // 2} if p % 2 == 0 else None,
    "hypercube": lambda r, p: {"type": "hypercube", "dim": p.bit_length() - 1} if p & (p - 1) == 0 else None,
}


def dag_machine(r, p, tasks):
    """A heterogeneous machine for p processors (tasks = the graph's task count, or None when
    unknown, which rules out an ETC matrix): speeds, a bandwidth matrix, per-link bandwidth over
    a topology, or an ETC matrix."""
    m = {}
    if tasks is not None and r.random() < 0.25:
        m["etc"] = [[r.choice([0.5, 1, 2, 3, 7, 10]) for _ in range(p)] for _ in range(tasks)]
    elif r.random() < 0.8:
        m["speeds"] = [r.choice([0.5, 1, 1.5, 2, 3, 4]) for _ in range(p)]
    u = r.random()
    if u < 0.35:
        m["bandwidth"] = [[0 if a == b else r.choice([0.25, 0.5, 1, 2, 3]) for b in range(p)]
                          for a in range(p)]
    elif u < 0.7:
        topo = DAG_TOPOLOGIES[r.choice(sorted(DAG_TOPOLOGIES))](r, p)
        if topo is not None:
            links = r.choice([1, 2, 0.5])
            if r.random() < 0.6 and p <= 16:
                # one per link: count them as the CLI does (edges of the shape)
                count = {"ring": p, "line": p - 1, "complete": p * (p - 1) // 2,
                         "mesh": 3 * (p // 2) - 2, "hypercube": p * (p.bit_length() - 1) // 2}[topo["type"]]
                links = [r.choice([0.1, 0.5, 1, 2, 4]) for _ in range(count)]
            m["bandwidth"] = {"topology": topo, "links": links}
    return m or {"speeds": [1 + (k % 3) for k in range(p)]}


def dag(r, i):
    doc = {"loadlab": 1, "kind": "dag", "seed": r.randint(0, 2**31), "processors": r.randint(1, 16)}
    if r.random() < 0.15:
        n = r.randint(1, 10)
        tasks = [{"id": f"t{k}", "cost": r.randint(0, 20)} for k in range(n)]
        edges = [{"from": f"t{a}", "to": f"t{b}", "cost": r.randint(0, 20)}
                 for a in range(n) for b in range(a + 1, n) if r.random() < 0.3]
        doc["graph"] = {"tasks": tasks, "edges": edges}
        if r.random() < 0.4:
            doc["machine"] = dag_machine(r, doc["processors"], n)
            doc["algorithms"] = r.sample(DAG_HETERO_ALGOS, r.randint(1, 6)) + ["optimal"]
        else:
            doc["algorithms"] = r.sample(DAG_ALGOS, r.randint(1, 5)) + ["optimal"]
        return doc
    if r.random() < 0.25:
        gen = r.choice(sorted(DAG_OWN_COST_GENERATORS))
        doc["graph"] = {"generator": gen, **DAG_OWN_COST_GENERATORS[gen](r)}
        if r.random() < 0.6:  # SAGA's random network (its seed: the scenario's, or its own)
            doc["machine"] = {"generator": "saga_random_network"}
            if r.random() < 0.5:
                doc["machine"]["seed"] = r.randint(0, 2**31)
            doc["algorithms"] = r.sample(DAG_HETERO_ALGOS, r.randint(1, 7))
        else:
            doc["algorithms"] = r.sample(DAG_ALGOS, r.randint(1, 6))
        return doc
    gen = r.choice(sorted(DAG_GENERATORS))
    g = {"generator": gen, **DAG_GENERATORS[gen](r),
         "ccr": r.choice([0.1, 0.5, 1, 2, 5, 10]), "mean_comp": r.choice([1, 10, 100]),
         "distribution": r.choice(["uniform", "exponential", "unit"])}
    doc["graph"] = g
    if r.random() < 0.4:
        doc["machine"] = dag_machine(r, doc["processors"], None)
        doc["algorithms"] = r.sample(DAG_HETERO_ALGOS, r.randint(1, 7))
    else:
        doc["algorithms"] = r.sample(DAG_ALGOS, r.randint(1, 6))
    return doc


LOOP_ALGOS = ["static_block", "cyclic", "block_cyclic", "self", "chunk", "gss", "agss", "factoring",
              "fac2", "tapering", "tss", "affinity", "fsc", "weighted_factoring"]


def loop(r, i):
    n, p = r.choice([0, 1, 7, 100, 1000, 5000, 20000]), r.randint(1, 32)
    prof = r.choice(["constant", "increasing", "decreasing", "uniform", "exponential", "bimodal",
                     "mandelbrot"])
    cost = {"profile": prof, "value": r.choice([0.5, 1, 3])}
    if prof == "mandelbrot":
        n = min(n, 500)
        cost.update({"width": r.randint(1, 64), "max_iter": r.randint(1, 128)})
    doc = {"loadlab": 1, "kind": "loop", "seed": r.randint(0, 2**31), "iterations": n,
           "processors": p, "cost": cost, "overhead": r.choice([0, 0.1, 0.5, 2]),
           "algorithms": r.sample(LOOP_ALGOS, r.randint(1, 6))}
    if r.random() < 0.3:
        doc["speeds"] = [r.choice([0.5, 1, 1.5, 2]) for _ in range(p)]
    if r.random() < 0.3:
        doc["start_delays"] = [r.choice([0, 0, 1, 10]) for _ in range(p)]
    if r.random() < 0.3:
        doc["affinity_cost"] = r.choice([0.1, 1])
    return doc


def dlt(r, i):
    doc = {"loadlab": 1, "kind": "dlt", "seed": r.randint(0, 2**31), "dim": r.randint(1, 16),
           "E": r.choice([0.5, 1, 2, 3, 10]), "C": r.choice([0.1, 0.5, 1, 2, 5]),
           "load": r.choice([1, 10, 100, 1000, 1e6])}
    if r.random() < 0.7:
        doc["buffer"] = r.choice([0.5, 1, 10, 100, 1e4])
    if r.random() < 0.7:
        doc["granularity"] = r.choice([0.01, 0.5, 2, 10])
    return doc


KNOWN = {"balance": balance, "dag": dag, "loop": loop, "dlt": dlt}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--kinds", default=",".join(KNOWN))
    ap.add_argument("--base", nargs="*", default=[])
    a = ap.parse_args()
    kinds = [k for k in a.kinds.split(",") if k]
    bases = {}
    for path in a.base:
        try:
            doc = json.load(open(path))
        except (OSError, ValueError):
            continue
        if isinstance(doc, dict) and doc.get("kind") in kinds:
            bases.setdefault(doc["kind"], []).append(doc)
    missing = [k for k in kinds if k not in KNOWN and k not in bases]
    if missing:
        sys.exit(f"gen_scenarios: no generator and no base scenario for kind(s) {', '.join(missing)}")
    os.makedirs(a.out, exist_ok=True)
    r = random.Random(20261123)
    per_kind = max(1, a.count // len(kinds))
    written = 0
    for kind in kinds:
        for i in range(per_kind + (1 if kind == kinds[0] else 0) * (a.count - per_kind * len(kinds))):
            if kind in KNOWN and (kind not in bases or i % 5):
                doc = KNOWN[kind](r, i)
            else:  # re-seed an example or preset of the kind
                doc = json.loads(json.dumps(bases[kind][i % len(bases[kind])]))
                doc["seed"] = r.randint(0, 2**31)
            doc["name"] = f"determinism corpus {kind} #{i}"
            with open(os.path.join(a.out, f"{kind}_{i:03d}.json"), "w") as f:
                json.dump(doc, f, indent=1)
            written += 1
    print(f"gen_scenarios: {written} scenarios of {len(kinds)} kinds in {a.out}")


if __name__ == "__main__":
    main()
