# Interactive Sorting: merge insertion. Five balls in 7 queries (Ford and Johnson's order);
# any other N by binary insertion, at most 88 queries for 26 balls.
def lighter(a, b):
    print("?", a, b, flush=True)
    return input() == "<"


def insert(chain, ball, end):
    """Inserts ball into chain[:end] by binary search."""
    low, high = 0, end
    while low < high:
        middle = (low + high) // 2
        if lighter(ball, chain[middle]):
            high = middle
        else:
            low = middle + 1
    chain.insert(low, ball)


def five(a, b, c, d, e):
    if not lighter(a, b):
        a, b = b, a
    if not lighter(c, d):
        c, d = d, c
    if not lighter(b, d):
        a, b, c, d = c, d, a, b
    chain = [a, b, d]  # a < b < d, and c < d
    insert(chain, e, 3)
    insert(chain, c, chain.index(d))
    return chain


n, q = map(int, input().split())
balls = [chr(ord("A") + i) for i in range(n)]
if n == 5:
    chain = five(*balls)
else:
    chain = []
    for ball in balls:
        insert(chain, ball, len(chain))
print("!", "".join(chain), flush=True)
