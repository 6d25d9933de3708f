# A right solution: the index of the last largest number, which the checker accepts where the
# reference prints another.
n = int(input())
values = list(map(int, input().split()))
best = max(values)
print(max(i for i in range(n) if values[i] == best) + 1)
