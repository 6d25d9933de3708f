# python3 gen.py SIZE SEED: a hidden input of "Interactive Sorting", N = min(SIZE, 26) balls in
# random order. Q is what sorting N balls needs at best, ceil(log2 N!), up to N = 5 (7 queries,
# the statement's small case), and 1000 above (the statement's N = 26).
import math
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = min(size, 26)
q = math.ceil(math.log2(math.factorial(n))) if n <= 5 else 1000
balls = [chr(ord("A") + i) for i in range(n)]
rng.shuffle(balls)
print(n, q)
print("".join(balls))
