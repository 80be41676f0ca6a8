#!/usr/bin/env python3
# Independent check of tests/core/test_dag_hetero.cpp "ArabnejadBarbosa2014" cases: PEFT and
# Lookahead HEFT written from the papers' definitions, not from src/core/dag. Run: python3 THIS_FILE
# Independent PEFT (Arabnejad & Barbosa 2014, Eqs. 9-10 and the O_EFT rule), written from the
# paper's definitions, for the 10-task example; comm = edge weight between distinct processors.
W=[[22,21,36],[22,18,18],[32,27,43],[7,10,4],[29,27,35],[26,17,24],[14,25,30],[29,23,36],[15,21,8],[13,16,33]]
E={(0,1):17,(0,2):31,(0,3):29,(0,4):13,(0,5):7,(1,7):3,(1,8):30,(2,6):16,(3,7):11,(3,8):7,(4,8):57,(5,7):5,(6,9):9,(7,9):42,(8,9):7}
n,P=10,3
succ={t:[v for (u,v) in E if u==t] for t in range(n)}
pred={t:[u for (u,v) in E if v==t] for t in range(n)}
from functools import lru_cache
@lru_cache(None)
def oct_(t,p):
    if not succ[t]: return 0
    return max(min(oct_(s,q)+W[s][q]+(0 if q==p else E[(t,s)]) for q in range(P)) for s in succ[t])
OCT={t:[oct_(t,p) for p in range(P)] for t in range(n)}
print("OCT",OCT)
rank={t:sum(OCT[t])/P for t in range(n)}
slots={p:[] for p in range(P)}; where={}; fin={}
ready=[t for t in range(n) if not pred[t]]; done=set()
while ready:
    t=max(ready,key=lambda x:(rank[x],-x)); ready.remove(t)
    best=None
    for p in range(P):
        dr=max([fin[u]+(0 if where[u]==p else E[(u,t)]) for u in pred[t]]+[0])
        # insertion: earliest gap
        st=None; prev=0
        for (s,f) in sorted(slots[p]):
            c=max(dr,prev)
            if c+W[t][p]<=s: st=c; break
            prev=max(prev,f)
        if st is None: st=max(dr,prev)
        eft=st+W[t][p]; key=eft+OCT[t][p]
        if best is None or key<best[0]: best=(key,p,st,eft)
    _,p,st,eft=best
    slots[p].append((st,eft)); where[t]=p; fin[t]=eft; done.add(t)
    print(f"T{t} rank {rank[t]:.2f} -> P{p} [{st},{eft}]")
    for v in succ[t]:
        if all(u in done for u in pred[v]) and v not in ready: ready.append(v)
print("makespan",max(fin.values()))

# Independent Lookahead HEFT (Bittencourt et al. 2010, our reading in lookahead_heft.cpp): HEFT's
# rank_u order; t tried on every p, then its children by HEFT's rule (EFT with insertion, ignoring
# unscheduled parents) in rank order; p minimising the largest child finish.
wbar=[sum(r)/P for r in W]
@lru_cache(None)
def ru(t): return wbar[t]+max([E[(t,s)]+ru(s) for s in succ[t]]+[0])
order=sorted(range(n),key=lambda t:(-ru(t),t))
def est(slots,fin,where,t,p):
    dr=max([fin[u]+(0 if where[u]==p else E[(u,t)]) for u in pred[t] if u in where]+[0])
    prev=0
    for (s,f) in sorted(slots[p]):
        c=max(dr,prev)
        if c+W[t][p]<=s: return c
        prev=max(prev,f)
    return max(dr,prev)
slots={p:[] for p in range(P)}; where={}; fin={}
for t in order:
    best=None
    for p in range(P):
        S={q:list(v) for q,v in slots.items()}; F=dict(fin); Wh=dict(where)
        st=est(S,F,Wh,t,p); S[p].append((st,st+W[t][p])); F[t]=st+W[t][p]; Wh[t]=p
        score=F[t]
        if succ[t]:
            score=0
            for c in sorted(succ[t],key=lambda x:(-ru(x),x)):
                bq=min(range(P),key=lambda q:(est(S,F,Wh,c,q)+W[c][q],q))
                cs=est(S,F,Wh,c,bq); S[bq].append((cs,cs+W[c][bq])); F[c]=cs+W[c][bq]; Wh[c]=bq
                score=max(score,F[c])
        if best is None or score<best[0]: best=(score,p,st)
    _,p,st=best
    slots[p].append((st,st+W[t][p])); where[t]=p; fin[t]=st+W[t][p]
    print(f"LA T{t} rank_u {ru(t):.2f} -> P{p} [{st},{fin[t]}]")
print("lookahead makespan",max(fin.values()))
