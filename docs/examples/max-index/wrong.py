# A wrong solution: it starts from a largest number of 0, so when every number is negative it
# keeps the first index, largest or not.
n = int(input())
values = list(map(int, input().split()))
best, index = 0, 1
for i, value in enumerate(values):
    if value > best:
        best, index = value, i + 1
print(index)
