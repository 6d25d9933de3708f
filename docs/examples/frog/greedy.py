# A wrong solution, a DP with a greedy choice: each stone is reached by the cheaper jump into it,
# not by the cheaper way in all, which the samples do not tell apart.
n = int(input())
h = list(map(int, input().split()))
cost = [0] * n
cost[1] = abs(h[1] - h[0])
for i in range(2, n):
    one, two = abs(h[i] - h[i - 1]), abs(h[i] - h[i - 2])
    cost[i] = cost[i - 1] + one if one <= two else cost[i - 2] + two
print(cost[-1])
