#!/usr/bin/env python3
# Independent check of tests/core/test_dag_heft_vs_fastest_node.cpp: HEFT (Topcuoglu, Hariri & Wu
# 2002: decreasing upward rank with mean execution time and mean transfer time over the distinct
# links, insertion-based earliest finish) and SAGA's FastestNode (every task on the processor of
# largest speed, in topological order), written from those definitions, not from the C++ code, on
# the fork-join instance of the test: two entry tasks a, b and a join c, every cost 0.1, data 1 on
# a->c and b->c, processor speeds [1, 1, 0.5], every link 0.1 (all values inside the bounds
# [0.1, 1] of PISA's perturbations, Coleman & Krishnamachari 2024).
# Run: python3 THIS_FILE  (prints both makespans and the ratio the C++ test expects)

comp = {"a": 0.1, "b": 0.1, "c": 0.1}
order_ids = ["a", "b", "c"]  # ids 0, 1, 2
data = {("a", "c"): 1.0, ("b", "c"): 1.0}
speeds = [1.0, 1.0, 0.5]
P = len(speeds)
link = 0.1  # every p != q


def exec_time(t, p):
    return comp[t] / speeds[p]


def comm(d, p, q):
    return 0.0 if p == q else d / link


def preds(t):
    return [u for (u, v) in data if v == t]


def succs(t):
    return [v for (u, v) in data if u == t]


# HEFT: upward rank with mean costs.
mean_unit = sum(1.0 / link for p in range(P) for q in range(P) if p != q) / (P * (P - 1))
rank = {}
for t in reversed(order_ids):
    wbar = sum(exec_time(t, p) for p in range(P)) / P
    rank[t] = wbar + max([data[(t, s)] * mean_unit + rank[s] for s in succs(t)] + [0.0])
order = sorted(order_ids, key=lambda t: (-rank[t], order_ids.index(t)))
where, start, finish = {}, {}, {}
busy = {p: [] for p in range(P)}  # (start, end) intervals
for t in order:
    best = None
    for p in range(P):
        ready = max([finish[u] + comm(data[(u, t)], where[u], p) for u in preds(t)] + [0.0])
        dur = exec_time(t, p)
        # Insertion: the earliest gap at or after `ready` that holds the task.
        st = ready
        for (s, e) in sorted(busy[p]):
            if st + dur <= s:
                break
            st = max(st, e)
        if best is None or st + dur < best[0]:
            best = (st + dur, p, st)
    ft, p, st = best
    where[t], start[t], finish[t] = p, st, ft
    busy[p].append((st, ft))
heft = max(finish.values())

# FastestNode: the largest speed (the first on ties), tasks back to back.
fast = max(range(P), key=lambda p: (speeds[p], -p))
fastest = sum(exec_time(t, fast) for t in order_ids)

print("HEFT order", order, "placement", where, "finish", finish)
print("HEFT makespan %.12g" % heft)
print("FastestNode processor %d makespan %.12g" % (fast, fastest))
print("ratio %.12g" % (heft / fastest))
