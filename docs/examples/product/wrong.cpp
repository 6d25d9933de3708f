// A wrong solution, as many were submitted: it multiplies in 64 bits and looks at the product
// after each step, but a product past 2^63 has wrapped around by then, and may look small.
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    bool zero = false;
    for (auto& x : a) {
        if (scanf("%lld", &x) != 1) return 1;
        if (x == 0) zero = true;
    }
    if (zero) {
        puts("0");
        return 0;
    }
    long long product = 1;
    for (long long x : a) {
        product *= x;
        if (product > 1000000000000000000LL) {
            puts("-1");
            return 0;
        }
    }
    printf("%lld\n", product);
}
