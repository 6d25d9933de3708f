# Right, but its queries are never flushed: print() to a pipe is buffered, and
# sys.stdin.readline(), unlike input(), does not flush it.
import sys


def lighter(a, b):
    print("?", a, b)
    return sys.stdin.readline().strip() == "<"


n, q = map(int, sys.stdin.readline().split())
chain = []
for ball in (chr(ord("A") + i) for i in range(n)):
    low, high = 0, len(chain)
    while low < high:
        middle = (low + high) // 2
        if lighter(ball, chain[middle]):
            high = middle
        else:
            low = middle + 1
    chain.insert(low, ball)
print("!", "".join(chain), flush=True)
