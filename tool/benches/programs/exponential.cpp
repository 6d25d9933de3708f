// ABC195 E "Lucky 7 Battle" by trying every choice, with no memo: right, but 2^N calls, as a
// contestant might first write it. A benchmark of `check` (tool/benches/check.rs): its TLE.
#include <bits/stdc++.h>
using namespace std;
int n; string s, x;
// Whether Takahashi wins from round i with residue r: every choice tried, no memo.
bool win(int i, int r) {
    if (i == n) return r == 0;
    bool a = win(i + 1, (r * 10 + (s[i] - '0')) % 7), b = win(i + 1, r * 10 % 7);
    return x[i] == 'T' ? (a || b) : (a && b);
}
int main() { cin >> n >> s >> x; cout << (win(0, 0) ? "Takahashi" : "Aoki") << endl; }
