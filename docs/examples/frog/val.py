# The validator: a line with N (2 <= N <= 100,000), then a line of N heights from 1 to 10^4.
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"([1-9][0-9]*)\n([1-9][0-9]*(?: [1-9][0-9]*)*)\n", text)
if not match:
    sys.exit("not two lines: N, then the heights, each line ending with a newline")
n = int(match.group(1))
heights = match.group(2).split()
if not 2 <= n <= 100_000 or len(heights) != n:
    sys.exit(f"N is {n}, and there are {len(heights)} heights")
if any(int(x) > 10**4 for x in heights):
    sys.exit("a height is over 10^4")
