# The validator: a line with N (2 <= N <= 100,000), then a line of N integers from 0 to 10^18.
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"([1-9][0-9]*)\n([0-9]+(?: [0-9]+)*)\n", text)
if not match:
    sys.exit("not two lines: N, then the numbers, each line ending with a newline")
n = int(match.group(1))
values = match.group(2).split()
if not 2 <= n <= 100_000 or len(values) != n:
    sys.exit(f"N is {n}, and there are {len(values)} numbers")
if any(v != str(int(v)) or int(v) > 10**18 for v in values):
    sys.exit("a number is over 10^18 or has leading zeros")
