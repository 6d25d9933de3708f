// Shiritori (ABC209 E) as careful C++ would write it, the baseline of `cargo bench -- --compare`:
// the whole of stdin read by fread into one buffer sized from fstat, the reversed graph as flat
// CSR arrays, a FIFO retrograde pass, and the answer written by one fwrite. No input checks.
// Build: g++ -O2 -o careful_shiritori careful_shiritori.cpp
#include <sys/stat.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static const int kVertices = 52 * 52 * 52;

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

static inline int letter(unsigned char c) { return c <= 'Z' ? c - 'A' : c - 'a' + 26; }
static inline uint32_t vertex(const char* p) {
    return (letter(p[0]) * 52 + letter(p[1])) * 52 + letter(p[2]);
}
static inline bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

int main() {
    size_t length;
    char* input = read_stdin(&length);
    const char *p = input, *end = input + length;
    while (p < end && space(*p)) ++p;
    long n = strtol(p, (char**)&p, 10);
    std::vector<uint32_t> from(n), to(n), out_degree(kVertices), first(kVertices + 1);
    for (long i = 0; i < n; i++) {
        while (space(*p)) ++p;
        const char* word = p;
        while (p < end && !space(*p)) ++p;
        from[i] = vertex(word);
        to[i] = vertex(p - 3);
        out_degree[from[i]]++;
        first[to[i] + 1]++;
    }
    for (int v = 0; v < kVertices; v++) first[v + 1] += first[v];
    std::vector<uint32_t> cursor(first.begin(), first.end() - 1), predecessors(n);
    for (long i = 0; i < n; i++) predecessors[cursor[to[i]]++] = from[i];
    std::vector<signed char> outcome(kVertices, -1);  // -1 draw, 0 lost, 1 won
    std::vector<uint32_t> queue;
    queue.reserve(kVertices);
    for (int v = 0; v < kVertices; v++)
        if (out_degree[v] == 0) outcome[v] = 0, queue.push_back(v);
    for (size_t next = 0; next < queue.size(); next++) {
        uint32_t v = queue[next];
        bool lost = outcome[v] == 0;
        for (uint32_t k = first[v]; k < first[v + 1]; k++) {
            uint32_t u = predecessors[k];
            if (outcome[u] != -1) continue;
            if (lost) outcome[u] = 1, queue.push_back(u);
            else if (--out_degree[u] == 0) outcome[u] = 0, queue.push_back(u);
        }
    }
    std::vector<char> report(n * 10 + 1);
    char* out = report.data();
    for (long i = 0; i < n; i++) {
        const char* line = outcome[to[i]] == 0 ? "Takahashi\n" : outcome[to[i]] == 1 ? "Aoki\n" : "Draw\n";
        size_t size = strlen(line);
        memcpy(out, line, size);
        out += size;
    }
    fwrite(report.data(), 1, out - report.data(), stdout);
}
