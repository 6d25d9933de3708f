# The validator: exits with 0 when the input on stdin keeps the constraints: a line with N
# (1 <= N <= 200,000), then a line of N integers, each at most 10^9 in absolute value.
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"([1-9][0-9]*)\n(-?[0-9]+(?: -?[0-9]+)*)\n", text)
if not match:
    sys.exit("not two lines: N, then the numbers, each line ending with a newline")
n = int(match.group(1))
values = match.group(2).split()
if not 1 <= n <= 200_000 or len(values) != n:
    sys.exit(f"N is {n}, and there are {len(values)} numbers")
if any(v != str(int(v)) or abs(int(v)) > 10**9 for v in values):
    sys.exit("a number is out of range or has leading zeros")
