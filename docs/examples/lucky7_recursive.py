# A solution of ABC195 E "Lucky 7 Battle", for trying `atcoder-games check`: right, but it
# recurses once per round, and Python stops a recursion at 1,000 frames unless told otherwise
# (sys.setrecursionlimit), so a long game crashes.
import sys
from functools import lru_cache


def main():
    n, digits, players = sys.stdin.read().split()
    n = int(n)

    @lru_cache(maxsize=None)
    def takahashi_wins(round, residue):
        if round == n:
            return residue == 0
        with_digit = takahashi_wins(round + 1, (10 * residue + int(digits[round])) % 7)
        with_zero = takahashi_wins(round + 1, 10 * residue % 7)
        if players[round] == "T":
            return with_digit or with_zero
        return with_digit and with_zero

    print("Takahashi" if takahashi_wins(0, 0) else "Aoki")


main()
