#!/usr/bin/env python3
"""Fits the constants of src/core/dag/generators_wfcommons.cpp from real WfCommons traces.

Usage: fit_wfcommons_recipes.py [WFCOMMONS_DIR]   (default ../shared/data/wfcommons)

For each application with a real trace (WfFormat 1.5, Chameleon runs: blast, epigenomics,
srasearch) it prints, per task type (the task id's prefix before "_ID"), the runtime's mean,
population standard deviation, minimum and maximum in seconds; and per (parent type, child type)
the bytes of the files the child reads that the parent writes (mean, std, min, max), as the C++
tables the generator records. The structure (which types, how many, who feeds whom) is WfCommons'
hand-written recipes' (wfcommons/generator/workflow/*_recipe.py); this script also prints the
task count, edge count and the (type, level) counts the generator's test compares against.
"""
import json
import os
import statistics as st
import sys
from collections import Counter, defaultdict

TRACES = {
    "blast": ("blast-chameleon-small-001.json", ["split_fasta", "blastall", "cat_blast", "cat"]),
    "epigenomics": ("epigenomics-chameleon-hep-1seq-100k-001.json",
                    ["fastqSplit", "filterContams", "sol2sanger", "fast2bfq", "map", "mapMerge",
                     "chr21", "pileup"]),
    "srasearch": ("srasearch-chameleon-10a-001.json",
                  ["bowtie2-build", "fasterq-dump", "bowtie2", "merge"]),
}


def task_type(types, task_id):
    best = None
    for t in types:
        if task_id.startswith(t + "_") and (best is None or len(t) > len(best)):
            best = t
    return best


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "shared", "data",
                                                                 "wfcommons")
    for app, (fn, types) in TRACES.items():
        d = json.load(open(os.path.join(folder, fn)))
        spec, ex = d["workflow"]["specification"], d["workflow"]["execution"]
        tasks = {t["id"]: t for t in spec["tasks"]}
        runtime = {t["id"]: t["runtimeInSeconds"] for t in ex["tasks"]}
        size = {f["id"]: f["sizeInBytes"] for f in spec.get("files", [])}
        edges = set()
        for t in spec["tasks"]:
            edges.update((t["id"], c) for c in t.get("children", []))
            edges.update((p, t["id"]) for p in t.get("parents", []))
        parents = defaultdict(set)
        for a, b in edges:
            parents[b].add(a)
        level = {}

        def lv(i):
            if i not in level:
                level[i] = 1 + max((lv(p) for p in parents[i]), default=-1)
            return level[i]

        print(f"// {app}: {fn}: {len(tasks)} tasks, {len(edges)} edges")
        levels = Counter((task_type(types, i), lv(i)) for i in tasks)
        print("//   (type, level) counts:", dict(sorted(levels.items(), key=lambda kv: kv[0][1])))
        by = defaultdict(list)
        for i in tasks:
            by[task_type(types, i)].append(runtime[i])
        for t in types:
            r = by[t]
            print(f'    {{"{t}", {st.mean(r):.9g}, {st.pstdev(r):.9g}, {min(r):.9g}, {max(r):.9g}}},')
        data = defaultdict(list)
        for a, b in edges:
            shared = set(tasks[a].get("outputFiles", [])) & set(tasks[b].get("inputFiles", []))
            data[(task_type(types, a), task_type(types, b))].append(sum(size.get(f, 0) for f in shared))
        for (a, b), v in sorted(data.items()):
            print(f'    {{"{a}", "{b}", {st.mean(v):.9g}, {st.pstdev(v):.9g}, {min(v):.9g}, {max(v):.9g}}},')


if __name__ == "__main__":
    main()
