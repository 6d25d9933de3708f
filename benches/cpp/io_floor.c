// The I/O floor of `cargo bench`: what no solution can beat on this machine. It reads every byte
// of stdin in 1 MiB chunks and writes an answer of the same size as the solutions' (a 10-byte line
// per word for Shiritori, with the argument `per-word`; one line for Lucky 7), computing nothing
// but N, the first token. Build: gcc -O2 -o io_floor io_floor.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CHUNK = 1 << 20, LINE = 10, LINES_AT_ONCE = 1 << 12 };

static char input[CHUNK];
static char output[LINE * LINES_AT_ONCE];

int main(int argc, char** argv) {
    int per_word = argc > 1 && strcmp(argv[1], "per-word") == 0;
    ssize_t got = read(0, input, CHUNK);
    long n = got > 0 ? strtol(input, NULL, 10) : 0;
    while (got > 0) got = read(0, input, CHUNK);
    long lines = per_word ? n : 1;
    for (long i = 0; i < LINES_AT_ONCE; i++) memcpy(output + i * LINE, "Takahashi\n", LINE);
    while (lines > 0) {
        long now = lines < LINES_AT_ONCE ? lines : LINES_AT_ONCE;
        if (write(1, output, now * LINE) < 0) return 1;
        lines -= now;
    }
    return 0;
}
