# ABC209 E "Shiritori", right, in CPython as a contestant writes it: the retrograde analysis
# on the graph of three-letter blocks. A benchmark of `check` (tool/benches/check.rs).
import sys
from collections import deque
def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0]); words = data[1:1+n]
    ids = {}
    def vid(s):
        v = ids.get(s)
        if v is None:
            v = ids[s] = len(ids)
        return v
    src = []; dst = []
    for w in words:
        src.append(vid(w[:3])); dst.append(vid(w[-3:]))
    m = len(ids)
    deg = [0]*m; pred = [[] for _ in range(m)]
    for a, b in zip(src, dst):
        deg[a] += 1; pred[b].append(a)
    res = [-1]*m  # 0 lose, 1 win
    q = deque(v for v in range(m) if deg[v] == 0)
    for v in q: res[v] = 0
    while q:
        v = q.popleft()
        for u in pred[v]:
            if res[u] != -1: continue
            if res[v] == 0:
                res[u] = 1; q.append(u)
            else:
                deg[u] -= 1
                if deg[u] == 0:
                    res[u] = 0; q.append(u)
    out = []
    for b in dst:
        out.append("Takahashi" if res[b] == 0 else "Aoki" if res[b] == 1 else "Draw")
    sys.stdout.write("\n".join(out) + "\n")
main()
