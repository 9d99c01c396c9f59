/* mem.h — the one allocator every part of Hyperlang goes through.
 *
 * Owning allocation in one place gives us two things a sandbox needs:
 * overflow-checked size arithmetic at every call site, and fault injection so
 * the tests can walk every out-of-memory path (docs/design.md §4 (invariant 6)). Nothing here
 * aborts: every function reports failure by returning NULL / false. */
#ifndef HL_BASE_MEM_H
#define HL_BASE_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void *hl_mem_alloc(size_t size);                 /* NULL on failure or size 0 */
void *hl_mem_calloc(size_t count, size_t size);  /* zeroed; NULL on overflow  */
void *hl_mem_realloc(void *ptr, size_t size);    /* ptr kept on failure       */
/* realloc for arrays: NULL (and ptr untouched) when count*size overflows. */
void *hl_mem_realloc_array(void *ptr, size_t count, size_t size);
void hl_mem_free(void *ptr);

/* Overflow-checked arithmetic: return false (and leave *out unspecified)
 * when the exact result does not fit in size_t. */
static inline bool hl_size_add(size_t a, size_t b, size_t *out) {
    return !__builtin_add_overflow(a, b, out);
}
static inline bool hl_size_mul(size_t a, size_t b, size_t *out) {
    return !__builtin_mul_overflow(a, b, out);
}

/* Advises the kernel that a large block about to be written front to back
 * should get transparent huge pages, so filling it costs a few hundred page
 * faults instead of tens of thousands. Purely advisory; a no-op on small
 * blocks and where unsupported. */
void hl_mem_advise_huge(void *ptr, size_t bytes);

/* Fault injection, for tests only: defined only in test-hook builds of the
 * library and in the allocator copy unit tests link (mem.c). After `n` more successful allocations
 * every allocation fails until reset with a negative n. Process-global and
 * not thread-safe by design: tests that use it are single-threaded. */
void hl_mem_fail_after(long n);
/* Number of allocations performed since start (to enumerate failure points). */
uint64_t hl_mem_alloc_count(void);

#endif
