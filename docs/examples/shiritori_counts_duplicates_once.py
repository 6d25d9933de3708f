# A wrong solution of ABC209 E "Shiritori", for trying `atcoder-games check`: it counts the moves
# of a block once per distinct word, but takes one off for every copy of a word when its end is
# decided, so a word listed twice can make a block look lost too early.
import sys
from collections import defaultdict, deque


def main():
    tokens = sys.stdin.read().split()
    n = int(tokens[0])
    words = tokens[1 : n + 1]
    moves = defaultdict(int)
    before = defaultdict(list)
    for word in set(words):
        moves[word[:3]] += 1
    for word in words:
        before[word[-3:]].append(word[:3])
    blocks = {word[:3] for word in words} | {word[-3:] for word in words}
    outcome = {block: "lost" for block in blocks if moves[block] == 0}
    queue = deque(outcome)
    while queue:
        block = queue.popleft()
        for previous in before[block]:
            if previous in outcome:
                continue
            moves[previous] -= 1
            if outcome[block] == "lost":
                outcome[previous] = "won"
                queue.append(previous)
            elif moves[previous] == 0:
                outcome[previous] = "lost"
                queue.append(previous)
    answer = {"lost": "Takahashi", "won": "Aoki"}
    print("\n".join(answer.get(outcome.get(word[-3:]), "Draw") for word in words))


main()
