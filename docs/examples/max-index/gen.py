# The generator: `python3 gen.py SIZE SEED` prints an input of at most SIZE numbers, the same for
# the same SIZE and SEED. Small values make ties common, and one input in four has only negative
# numbers.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = rng.randint(1, size)
bound = rng.choice([3, 10, 10**9])
highest = -1 if rng.random() < 0.25 else bound
values = [rng.randint(-bound, highest) for _ in range(n)]
print(n)
print(*values)
