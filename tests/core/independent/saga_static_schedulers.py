#!/usr/bin/env python3
# Independent check of tests/core/test_dag_saga_static.cpp: FastestNode, MST, Duplex, Hybrid, DPS,
# MSBC and WBA (alpha = 0) written from their definitions (the headers of src/core/dag/<name>.cpp
# state the papers and readings), not from the C++ code, on Topcuoglu et al.'s 10-task example
# (3 unrelated processors, communication = edge weight between distinct processors) and on
# small graphs. Run: python3 THIS_FILE  (prints the makespans the C++ test expects)
import itertools

def instance_topcuoglu():
    W = [[14,16,9],[13,19,18],[11,13,19],[13,8,17],[12,13,10],[13,16,9],[7,15,11],[5,11,14],[18,12,20],[21,7,16]]
    E = {(0,1):18,(0,2):12,(0,3):9,(0,4):11,(0,5):14,(1,7):19,(1,8):16,(2,6):23,(3,7):27,(3,8):23,(4,8):13,(5,7):15,(6,9):17,(7,9):11,(8,9):13}
    return 10, 3, W, E, lambda d, p, q: 0 if p == q else d

def instance_flb(P):
    comp = [2,2,2,3,3,3,2,2]
    E = {(0,1):1,(0,2):4,(0,3):1,(1,4):2,(1,5):1,(1,6):2,(3,5):1,(2,6):1,(4,7):1,(5,7):3,(6,7):2}
    return 8, P, [[c]*P for c in comp], E, lambda d, p, q: 0 if p == q else d

class Inst:
    def __init__(s, tup):
        s.n, s.P, s.W, s.E, s.c = tup
        s.pred = {t: sorted(u for (u, v) in s.E if v == t) for t in range(s.n)}
        s.succ = {t: sorted(v for (u, v) in s.E if u == t) for t in range(s.n)}
        # Kahn, smallest id first
        indeg = {t: len(s.pred[t]) for t in range(s.n)}; ready = sorted(t for t in range(s.n) if indeg[t] == 0); s.topo = []
        while ready:
            t = ready.pop(0); s.topo.append(t)
            for v in s.succ[t]:
                indeg[v] -= 1
                if indeg[v] == 0: ready.append(v); ready.sort()
        s.wbar = [sum(r)/s.P for r in s.W]
        pairs = [(p, q) for p in range(s.P) for q in range(s.P) if p != q]
        s.cunit = (sum(s.c(1, p, q) for p, q in pairs) / len(pairs)) if pairs else 0  # bandwidth 1 or the given cost per unit

class Sched:
    def __init__(s, I, insertion):
        s.I = I; s.ins = insertion; s.where = {}; s.st = {}; s.ft = {}; s.slots = {p: [] for p in range(I.P)}
    def dr(s, t, p):
        return max([s.ft[u] + s.I.c(s.I.E[(u, t)], s.where[u], p) for u in s.I.pred[t]] + [0])
    def free(s, p):
        return max([f for (_, f) in s.slots[p]] + [0])
    def est(s, t, p):
        d = s.dr(t, p); w = s.I.W[t][p]
        if not s.ins: return max(d, s.free(p))
        prev = 0
        for (a, b) in sorted(s.slots[p]):
            x = max(d, prev)
            if x + w <= a: return x
            prev = max(prev, b)
        return max(d, prev)
    def place(s, t, p, st):
        s.where[t] = p; s.st[t] = st; s.ft[t] = st + s.I.W[t][p]; s.slots[p].append((st, s.ft[t]))
    def makespan(s):
        return max(s.ft.values())

def fastest_node(I):
    tot = [sum(I.W[t][p] for t in range(I.n)) for p in range(I.P)]
    return min(tot)  # everything back to back on the least-total processor

def mst(I):
    S = Sched(I, False)
    for t in I.topo:
        p = min(range(I.P), key=lambda p: (S.est(t, p), p)); S.place(t, p, S.est(t, p))
    return S.makespan()

def batch(I, rule):
    S = Sched(I, False); done = set()
    while len(done) < I.n:
        ready = [t for t in range(I.n) if t not in done and all(u in done for u in I.pred[t])]
        best = None
        for t in ready:
            cts = sorted((S.est(t, p) + I.W[t][p], p) for p in range(I.P))
            key = -cts[0][0] if rule == 'min' else cts[0][0]
            if best is None or key > best[0]: best = (key, t, cts[0][1])
        _, t, p = best; S.place(t, p, S.est(t, p)); done.add(t)
    return S.makespan()

def rank_u(I):
    r = {}
    for t in reversed(I.topo):
        r[t] = I.wbar[t] + max([I.E[(t, s)] * I.cunit + r[s] for s in I.succ[t]] + [0])
    return r

def rank_d(I):
    r = {}
    for t in I.topo:
        r[t] = max([r[u] + I.wbar[u] + I.E[(u, t)] * I.cunit for u in I.pred[t]] + [0])
    return r

def heft(I):
    ru = rank_u(I); pos = {t: i for i, t in enumerate(I.topo)}
    S = Sched(I, True)
    for t in sorted(range(I.n), key=lambda t: (-ru[t], pos[t])):
        p = min(range(I.P), key=lambda p: (S.est(t, p) + I.W[t][p], p)); S.place(t, p, S.est(t, p))
    return S.makespan()

def peft(I):
    OCT = {}
    for t in reversed(I.topo):
        OCT[t] = [max([min(OCT[s][q] + I.W[s][q] + (0 if q == p else I.E[(t, s)] * I.cunit) for q in range(I.P)) for s in I.succ[t]] + [0]) for p in range(I.P)]
    rank = {t: sum(OCT[t]) / I.P for t in range(I.n)}
    S = Sched(I, True); done = set()
    while len(done) < I.n:
        ready = [t for t in range(I.n) if t not in done and all(u in done for u in I.pred[t])]
        t = max(ready, key=lambda x: (rank[x], -x))
        p = min(range(I.P), key=lambda p: (S.est(t, p) + I.W[t][p] + OCT[t][p], p)); S.place(t, p, S.est(t, p)); done.add(t)
    return S.makespan()

def dps(I):
    ru = rank_u(I); rd = rank_d(I); dp = {t: ru[t] + rd[t] for t in range(I.n)}; pos = {t: i for i, t in enumerate(I.topo)}
    queue = []
    def add(t):
        if t in queue: return
        for u in sorted(I.pred[t], key=lambda u: (-dp[u], pos[u])): add(u)
        queue.append(t)
    t = min((x for x in range(I.n) if not I.pred[x]), key=lambda x: (-dp[x], pos[x]))
    while t is not None:
        add(t)
        t = min(I.succ[t], key=lambda s: (-(I.E[(t, s)] * I.cunit + ru[s]), pos[s])) if I.succ[t] else None
    for x in sorted(range(I.n), key=lambda x: (-dp[x], pos[x])): add(x)
    S = Sched(I, False)
    for t in queue:
        p = min(range(I.P), key=lambda p: (S.est(t, p) + I.W[t][p], p)); S.place(t, p, S.est(t, p))
    return queue, S.makespan()

def msbc(I):
    sbct, fav, st, sbl = {}, {}, {}, {}
    for t in I.topo:
        vals = [(max([sbct[u] + I.c(I.E[(u, t)], fav[u], p) for u in I.pred[t]] + [0]) + I.W[t][p], p) for p in range(I.P)]
        sbct[t], fav[t] = min(vals)
        st[t] = max([st[u] + I.W[u][fav[u]] + I.c(I.E[(u, t)], fav[u], fav[t]) for u in I.pred[t]] + [0])
    for t in reversed(I.topo):
        sbl[t] = I.wbar[t] + max([sbl[s] for s in I.succ[t]] + [0])
    prio = {t: sbct[t] + st[t] + sbl[t] for t in range(I.n)}; pos = {t: i for i, t in enumerate(I.topo)}
    S = Sched(I, True); done = set()
    while len(done) < I.n:
        ready = [t for t in range(I.n) if t not in done and all(u in done for u in I.pred[t])]
        t = max(ready, key=lambda x: (prio[x], -pos[x]))
        p = min(range(I.P), key=lambda p: (S.est(t, p), I.W[t][p], p)); S.place(t, p, S.est(t, p)); done.add(t)
    return prio, S.makespan()

def wba_greedy(I):
    # alpha = 0: the pair of least makespan increase; the script asserts it is unique each step
    S = Sched(I, False); done = set(); M = 0
    while len(done) < I.n:
        batch_ = [t for t in range(I.n) if t not in done and all(u in done for u in I.pred[t])]
        while batch_:
            inc = {(t, p): max(S.est(t, p) + I.W[t][p] - M, 0) for t in batch_ for p in range(I.P)}
            lo = min(inc.values()); best = [k for k, v in inc.items() if v == lo]
            assert len(best) == 1, ("tie", best)
            t, p = best[0]; S.place(t, p, S.est(t, p)); M = max(M, S.ft[t]); done.add(t); batch_.remove(t)
    return S.makespan()

if __name__ == "__main__":
    T = Inst(instance_topcuoglu())
    print("topcuoglu fastest_node", fastest_node(T))
    print("topcuoglu mst", mst(T))
    print("topcuoglu min_min", batch(T, 'min'), "max_min", batch(T, 'max'))
    print("topcuoglu heft", heft(T), "peft", peft(T))
    q, m = dps(T); print("topcuoglu dps queue", q, "makespan", m)
    pr, m = msbc(T); print("topcuoglu msbc prio", pr, "makespan", m)
    for P in (1, 2, 3):
        F = Inst(instance_flb(P))
        q, md = dps(F); _, mm = msbc(F)
        print("flb P=%d" % P, "fastest_node", fastest_node(F), "mst", mst(F), "min_min", batch(F, 'min'), "max_min", batch(F, 'max'), "dps", md, q, "msbc", mm)
    # WBA greedy: chain a -> b -> c plus an independent d, speeds 1 and 2 (times comp / speed), comm = data.
    comp = [4, 6, 2, 8]; speeds = [1, 2]
    Wc = [[c / s for s in speeds] for c in comp]
    C = Inst((4, 2, Wc, {(0, 1): 3, (1, 2): 5}, lambda d, p, q: 0 if p == q else d))
    print("wba chain alpha=0", wba_greedy(C))
