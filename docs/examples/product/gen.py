# The generator: `python3 gen.py SIZE SEED` prints an input of ABC169 B "Multiplication 2" with N
# following SIZE (2 <= N <= 100,000), the same for the same SIZE and SEED: numbers from 0 to 10^18,
# most of them large, so that products pass 10^18, and 2^63, often.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = min(max(2, size), 100_000)


def number():
    kind = rng.random()
    if kind < 0.02:
        return 0
    if kind < 0.2:
        return rng.randint(1, 10)
    return rng.randint(1, 10**18)


print(n)
print(*(number() for _ in range(n)))
