# The checker, testlib's way: `python3 chk.py INPUT OUTPUT ANSWER` exits with 0 when the output is
# an index of a largest number (any of them: there may be several), 1 when it is not.
import sys

with open(sys.argv[1]) as input_file:
    n = int(input_file.readline())
    values = list(map(int, input_file.readline().split()))
with open(sys.argv[2]) as output_file:
    tokens = output_file.read().split()
if len(tokens) != 1 or not tokens[0].lstrip("-").isdigit():
    print(f"expected one index, got {' '.join(tokens[:3]) or 'nothing'}")
    sys.exit(1)
index = int(tokens[0])
if not 1 <= index <= n:
    print(f"index {index} is not between 1 and {n}")
    sys.exit(1)
if values[index - 1] != max(values):
    print(f"A_{index} is {values[index - 1]}, but the largest is {max(values)}")
    sys.exit(1)
