// Lucky 7 Battle (ABC195 E) as careful C++ would write it, the baseline of
// `cargo bench -- --compare`: the whole of stdin read by fread into one buffer sized from fstat,
// the same step[player][digit][mask] table as the Rust solution, one lookup per round, one fwrite.
// No input checks. Build: g++ -O2 -o careful_lucky7 careful_lucky7.cpp
#include <sys/stat.h>
#include <cstdio>
#include <cstdlib>

static unsigned char step[2][10][128];

static char* read_stdin(size_t* length) {
    struct stat st;
    size_t capacity = fstat(0, &st) == 0 && S_ISREG(st.st_mode) ? st.st_size + 1 : 1 << 16;
    char* buffer = (char*)malloc(capacity);
    size_t used = 0, got;
    while ((got = fread(buffer + used, 1, capacity - used, stdin)) > 0) {
        used += got;
        if (used == capacity) buffer = (char*)realloc(buffer, capacity *= 2);
    }
    *length = used;
    return buffer;
}

static inline bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

int main() {
    for (int d = 0; d < 10; d++)
        for (int m = 0; m < 128; m++)
            for (int r = 0; r < 7; r++) {
                int with_digit = m >> ((10 * r + d) % 7) & 1, with_zero = m >> (10 * r % 7) & 1;
                step[0][d][m] |= (with_digit & with_zero) << r;
                step[1][d][m] |= (with_digit | with_zero) << r;
            }
    size_t length;
    char* input = read_stdin(&length);
    const char *p = input, *end = input + length;
    while (p < end && space(*p)) ++p;
    long n = strtol(p, (char**)&p, 10);
    while (space(*p)) ++p;
    const char* s = p;
    p += n;
    while (space(*p)) ++p;
    const char* x = p;
    unsigned mask = 1;
    for (long i = n - 1; i >= 0; i--) mask = step[x[i] == 'T'][s[i] - '0'][mask];
    const char* answer = mask & 1 ? "Takahashi\n" : "Aoki\n";
    fwrite(answer, 1, mask & 1 ? 10 : 5, stdout);
}
