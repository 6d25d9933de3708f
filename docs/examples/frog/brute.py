# The reference, a brute force: every way from the first stone to the last, by jumps of one or
# two, the cheapest. Exponential: it takes too long from about 30 stones on, where the check
# judges by time, memory, crashes and output alone.
import sys

sys.setrecursionlimit(10_000)
n = int(input())
h = list(map(int, input().split()))


def cheapest(i):
    if i == n - 1:
        return 0
    best = abs(h[i + 1] - h[i]) + cheapest(i + 1)
    if i + 2 < n:
        best = min(best, abs(h[i + 2] - h[i]) + cheapest(i + 2))
    return best


print(cheapest(0))
