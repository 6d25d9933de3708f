# A solution of ABC209 E "Shiritori" that is always right but too slow, for trying
# `atcoder-games check`: it makes every word a vertex, with a move to every word that starts with
# its last three letters, and finds those words by looking at every word. N² steps.
import sys
from collections import deque


def main():
    tokens = sys.stdin.read().split()
    n = int(tokens[0])
    words = tokens[1 : n + 1]
    heads = [word[:3] for word in words]
    tails = [word[-3:] for word in words]
    moves = [sum(1 for head in heads if head == tail) for tail in tails]
    state = [None] * n
    queue = deque(i for i in range(n) if moves[i] == 0)
    for i in queue:
        state[i] = "lost"
    while queue:
        j = queue.popleft()
        for i in range(n):
            if tails[i] != heads[j] or state[i] is not None:
                continue
            moves[i] -= 1
            if state[j] == "lost" or moves[i] == 0:
                state[i] = "won" if state[j] == "lost" else "lost"
                queue.append(i)
    answer = {"lost": "Takahashi", "won": "Aoki", None: "Draw"}
    print("\n".join(answer[s] for s in state))


main()
