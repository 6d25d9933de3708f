# The reference: prints the index (from 1) of the first largest number.
n = int(input())
values = list(map(int, input().split()))
print(values.index(max(values)) + 1)
