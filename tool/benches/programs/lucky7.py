# ABC195 E "Lucky 7 Battle", right, in CPython as a contestant writes it: the backward DP over
# residues mod 7. A benchmark of `check` (tool/benches/check.rs).
n = int(input())
s = input()
x = input()
wins = [r == 0 for r in range(7)]
for i in range(n - 1, -1, -1):
    d = int(s[i])
    if x[i] == "T":
        wins = [wins[(10 * r + d) % 7] or wins[10 * r % 7] for r in range(7)]
    else:
        wins = [wins[(10 * r + d) % 7] and wins[10 * r % 7] for r in range(7)]
print("Takahashi" if wins[0] else "Aoki")
