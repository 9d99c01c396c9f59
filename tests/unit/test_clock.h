/* test_clock.h — what the unit tests' timing checks share: whether this is
 * an AddressSanitizer build (HL_UNDER_ASAN: such checks are skipped or
 * loosened there) and the two clocks, wall time and the calling thread's
 * CPU time (what a run itself cost, whatever else the machine does). */
#ifndef HL_TEST_CLOCK_H
#define HL_TEST_CLOCK_H

#include <time.h>

#if defined(__SANITIZE_ADDRESS__)
#define HL_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HL_UNDER_ASAN 1
#endif
#endif

static inline double hl_test_clock_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}
static inline double hl_test_wall_ms(void) { return hl_test_clock_ms(CLOCK_MONOTONIC); }
static inline double hl_test_cpu_ms(void) { return hl_test_clock_ms(CLOCK_THREAD_CPUTIME_ID); }

#endif
