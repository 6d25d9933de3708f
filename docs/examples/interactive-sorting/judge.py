# The interactor of "Interactive Sorting" (practice contest, problem B), testlib's way:
# python3 judge.py INPUT OUTPUT. INPUT holds N, Q and the balls from lightest to heaviest;
# it talks with the program on stdin and stdout, writes its verdict's words to OUTPUT, and
# exits with 0 (right) or 1 (wrong).
import sys

n, q, order = open(sys.argv[1]).read().split()
n, q = int(n), int(q)
weight = {ball: rank for rank, ball in enumerate(order)}


def verdict(status, words):
    open(sys.argv[2], "w").write(words + "\n")
    sys.exit(status)


print(n, q, flush=True)
asked = 0
for line in sys.stdin:
    said = line.split()
    if said[:1] == ["?"] and len(said) == 3 and said[1] in weight and said[2] in weight:
        asked += 1
        if asked > q:
            verdict(1, f"query limit exceeded: more than {q} queries")
        print("<" if weight[said[1]] < weight[said[2]] else ">", flush=True)
    elif said[:1] == ["!"] and len(said) == 2:
        if said[1] == order:
            verdict(0, f"right, in {asked} queries")
        verdict(1, f"wrong order: {said[1]}, where the balls are {order}")
    else:
        verdict(1, f"not a query nor an answer: {line.strip()!r}")
verdict(1, "the program ended before its answer")
