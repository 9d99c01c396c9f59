/* mem.c — checked allocation with test-time fault injection (see mem.h). */
#include "base/mem.h"

#include <stdlib.h>

static long fail_countdown = -1; /* < 0: never fail */
static uint64_t alloc_count;

void hl_mem_fail_after(long n) { fail_countdown = n; }
uint64_t hl_mem_alloc_count(void) { return alloc_count; }

/* True when the injected failure point has been reached. */
static bool injected_failure(void) {
    alloc_count++;
    if (fail_countdown < 0) return false;
    if (fail_countdown == 0) return true;
    fail_countdown--;
    return false;
}

void *hl_mem_alloc(size_t size) {
    if (size == 0 || injected_failure()) return NULL;
    return malloc(size);
}

void *hl_mem_calloc(size_t count, size_t size) {
    size_t total;
    if (!hl_size_mul(count, size, &total) || total == 0 || injected_failure()) return NULL;
    return calloc(count, size);
}

void *hl_mem_realloc(void *ptr, size_t size) {
    if (size == 0 || injected_failure()) return NULL;
    return realloc(ptr, size);
}

void *hl_mem_realloc_array(void *ptr, size_t count, size_t size) {
    size_t total;
    if (!hl_size_mul(count, size, &total)) return NULL;
    return hl_mem_realloc(ptr, total);
}

void hl_mem_free(void *ptr) { free(ptr); }
