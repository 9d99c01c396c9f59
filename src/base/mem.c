/* mem.c — checked allocation with test-time fault injection (see mem.h). */
#define _DEFAULT_SOURCE /* madvise */
#include "base/mem.h"

#include <stdatomic.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Fault injection and the allocation counter exist only where tests run:
 * in libraries built with test hooks (HL_TEST_HOOKS) and in the copy of
 * this file every unit test links (HL_MEM_FAULTS, tests/CMakeLists.txt),
 * whose definitions the linker takes instead of the library's. A shipped
 * library pays nothing per allocation: no shared counter cache line that
 * every allocating thread writes. */
#if defined(HL_TEST_HOOKS) || defined(HL_MEM_FAULTS)
/* Atomic because engines allocate from many threads; relaxed because the
 * counters order nothing else. Fault injection itself is for
 * single-threaded tests. */
static _Atomic long fail_countdown = -1; /* < 0: never fail */
static _Atomic uint64_t alloc_count;

void hl_mem_fail_after(long n) { atomic_store_explicit(&fail_countdown, n, memory_order_relaxed); }
uint64_t hl_mem_alloc_count(void) { return atomic_load_explicit(&alloc_count, memory_order_relaxed); }

/* True when the injected failure point has been reached. */
static bool injected_failure(void) {
    atomic_fetch_add_explicit(&alloc_count, 1, memory_order_relaxed);
    long n = atomic_load_explicit(&fail_countdown, memory_order_relaxed);
    if (n < 0) return false;
    if (n == 0) return true;
    atomic_fetch_sub_explicit(&fail_countdown, 1, memory_order_relaxed);
    return false;
}
#else
static inline bool injected_failure(void) { return false; }
#endif

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

void hl_mem_advise_huge(void *ptr, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    if (bytes < 2 * huge) return;
    uintptr_t lo = ((uintptr_t)ptr + huge - 1) & ~(huge - 1);
    uintptr_t hi = ((uintptr_t)ptr + bytes) & ~(huge - 1);
    if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)ptr;
    (void)bytes;
#endif
}
