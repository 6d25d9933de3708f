# Binary insertion that never puts a ball last: its search ends one place short, so a ball
# heavier than all before it goes second to last.
def lighter(a, b):
    print("?", a, b, flush=True)
    return input() == "<"


n, q = map(int, input().split())
chain = []
for ball in (chr(ord("A") + i) for i in range(n)):
    low, high = 0, max(len(chain) - 1, 0)
    while low < high:
        middle = (low + high) // 2
        if lighter(ball, chain[middle]):
            high = middle
        else:
            low = middle + 1
    chain.insert(low, ball)
print("!", "".join(chain), flush=True)
