/* util.c — clock, file and machine-information helpers of the harness. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#include "hb.h"

uint64_t hb_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t read_clock(clockid_t id) {
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t hb_thread_cpu_ns(void) { return read_clock(CLOCK_THREAD_CPUTIME_ID); }

uint64_t hb_process_cpu_ns(int pid) {
    clockid_t id;
    if (clock_getcpuclockid((pid_t)pid, &id) != 0) return 0;
    return read_clock(id);
}

char *hb_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (ferror(f)) break;
        if (n + 1 < cap) {
            fclose(f);
            buf[n] = '\0';
            if (len) *len = n;
            return buf;
        }
        if (cap > (size_t)1 << 30) break; /* the kernel files are small */
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) break;
        buf = bigger;
        cap *= 2;
    }
    free(buf);
    fclose(f);
    return NULL;
}

double hb_loadavg1(void) {
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f) return -1;
    double v = -1;
    if (fscanf(f, "%lf", &v) != 1) v = -1;
    fclose(f);
    return v;
}

void hb_cpu_model(char *out, size_t cap) {
    snprintf(out, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        const char *colon = strchr(line, ':');
        if (!colon) continue;
        colon++;
        while (*colon == ' ' || *colon == '\t') colon++;
        snprintf(out, cap, "%s", colon);
        out[strcspn(out, "\n")] = '\0';
        break;
    }
    fclose(f);
}

void hb_set_why(char *why, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, HB_WHY, fmt, ap);
    va_end(ap);
}
