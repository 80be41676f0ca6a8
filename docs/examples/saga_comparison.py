"""A SAGA-style comparison of DAG schedulers with the loadlab module (docs/python.md).

50 random task graphs of 30 tasks on 4 processors of random speeds; each scheduler's makespan
ratio is its makespan over the best one on the same instance (1 = best). Run:
    PYTHONPATH=build/native-release python3 docs/examples/saga_comparison.py
"""
import random
import statistics
import time

import loadlab

SCHEDULERS = ["heft", "cpop", "peft", "min_min", "max_min", "duplex", "mct", "met", "olb",
              "fastest_node"]


def random_dag(rng, n, p_edge):
    # Edges only from lower to higher index: acyclic, like SAGA's random graph generator.
    tasks = [{"id": f"t{i}", "cost": rng.uniform(1, 10)} for i in range(n)]
    edges = [{"from": f"t{i}", "to": f"t{j}", "cost": rng.uniform(1, 10)}
             for i in range(n) for j in range(i + 1, n) if rng.random() < p_edge]
    return {"tasks": tasks, "edges": edges}


rng = random.Random(1)
ratios = {s: [] for s in SCHEDULERS}
start = time.perf_counter()
for instance in range(50):
    scenario = {"loadlab": 1, "kind": "dag", "processors": 4,
                "machine": {"speeds": [round(rng.uniform(1, 4), 2) for _ in range(4)]},
                "graph": random_dag(rng, 30, 0.15), "algorithms": SCHEDULERS}
    result = loadlab.run(scenario)
    assert all(r["verified"] for r in result["results"])
    spans = {r["algorithm"]: r["makespan"] for r in result["results"]}
    best = min(spans.values())
    for s in SCHEDULERS:
        ratios[s].append(spans[s] / best)
seconds = time.perf_counter() - start

print(f"{'scheduler':13s} {'mean ratio':>10s} {'max ratio':>10s}")
for s in sorted(SCHEDULERS, key=lambda s: statistics.mean(ratios[s])):
    print(f"{s:13s} {statistics.mean(ratios[s]):10.3f} {max(ratios[s]):10.3f}")
print(f"{50 * len(SCHEDULERS)} schedules, verified, in {seconds:.2f} s")
