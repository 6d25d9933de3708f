# The generator: `python3 gen.py SIZE SEED` prints an input of EDPC A "Frog 1" with N following
# SIZE (2 <= N <= 100,000), the same for the same SIZE and SEED: heights from 1 to 10^4, often few
# distinct, where a greedy jump goes wrong.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = min(max(2, size), 100_000)
top = rng.choice([3, 10, 10_000])
print(n)
print(*(rng.randint(1, top) for _ in range(n)))
