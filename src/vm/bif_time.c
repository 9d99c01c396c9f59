/* bif_time.c — clocks and entropy, the nondeterministic surfaces a run
 * reaches only through capabilities (docs/capabilities.md), and rand's
 * per-process state slot:
 *   erlang:system_time/0,1, monotonic_time/0,1, time_offset/0,1,
 *   timestamp/0, localtime/0, universaltime/0, date/0, time/0, now/0,
 *   os:timestamp/0, os:system_time/0,1      need `clocks`
 *   erlang:convert_time_unit/3              pure, always allowed
 *   crypto:strong_rand_bytes/1, erlang:hl_entropy/0 (lib/rand.erl's seed)
 *                                           need `random`
 *   erlang:hl_rand_get/0, hl_rand_put/1     rand's process state (p->rand_state)
 *
 * The compile-time classifier already refuses a guest's call without the
 * grant (core/capability.def); these builtins check the run's grants again
 * (p->caps, set by the host from the program's options) because the stdlib
 * reaches them on the guest's behalf, and a second line costs one test.
 *
 * Where the values come from (hl_vm_set_env): the real clocks
 * (CLOCK_REALTIME, CLOCK_MONOTONIC) and the kernel's entropy (getrandom),
 * or the deterministic profile: a virtual clock that starts at
 * HL_VM_DET_EPOCH_S and advances HL_VM_DET_NS_PER_RED ns per reduction the
 * run has used at the moment of the read (exact, whatever the slicing), and
 * a splitmix64 stream from the run's seed. Reductions are deterministic, so
 * a deterministic run's output and reductions are the same every time.
 *
 * There is no time zone in the sandbox: local time is UTC (the host's zone
 * would be ambient information, and differ between hosts). Native time
 * units are nanoseconds, as OTP 25 on Linux (convert_time_unit(1, second,
 * native) =:= 1000000000). */
#define _GNU_SOURCE /* getrandom, clock_gettime */
#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "core/capability.h"
#include "term/atom.h"
#include "term/bignum.h"
#include "term/bits.h"
#include "term/heap.h"
#include "vm/bif_registry.h"
#include "vm/vm_internal.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    NATIVE_HZ = 1000000000,     /* native and perf_counter: nanoseconds */
    RAND_BYTES_MAX = 1u << 20,  /* crypto:strong_rand_bytes/1 per call (system_limit above) */
    RAND_BYTES_PER_RED = 64,
};

/* ---- the run's environment --------------------------------------------------- */

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void hl_vm_set_env(hl_vm_proc *p, uint32_t caps, bool deterministic, uint64_t seed) {
    p->caps = caps;
    p->det = deterministic;
    p->det_seed = seed;
    p->det_rng = seed;
    p->fs = NULL;
}

void hl_vm_set_files(hl_vm_proc *p, struct hl_mounts *fs) { p->fs = fs; }

void hl_vm_env_inherit(hl_vm_proc *child, hl_vm_proc *parent) {
    hl_vm_set_env(child, parent->caps, parent->det, parent->det ? splitmix64(&parent->det_rng) : 0);
    child->fs = parent->fs; /* the run's mounts: its processes end with it */
}

static hl_term_status not_granted(hl_vm_proc *p) {
    p->bif_class = HL_AM(error), p->bif_reason = HL_AM(capability);
    return HL_VM_BIF_RAISE;
}

/* The reductions the run has used up to this builtin call, exactly (the
 * interpreter leaves its chunk's remainder in p->bif_reds_left). */
static uint64_t reds_now(const hl_vm_proc *p) {
    uint64_t in_chunk = p->chunk >= p->bif_reds_left ? p->chunk - p->bif_reds_left : 0;
    return p->reds_used + in_chunk + p->reds_debt;
}

static int64_t real_ns(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Monotonic and system time, in ns. Deterministic: monotonic is the
 * virtual time since the call began, system adds the fixed epoch (so
 * system = monotonic + time_offset, as in OTP). */
static int64_t mono_ns(const hl_vm_proc *p) {
    if (p->det) return (int64_t)(reds_now(p) * HL_VM_DET_NS_PER_RED);
    return real_ns(CLOCK_MONOTONIC);
}

static int64_t offset_ns(const hl_vm_proc *p) {
    if (p->det) return (int64_t)HL_VM_DET_EPOCH_S * 1000000000;
    return real_ns(CLOCK_REALTIME) - real_ns(CLOCK_MONOTONIC);
}

static int64_t sys_ns(const hl_vm_proc *p) {
    if (p->det) return mono_ns(p) + offset_ns(p);
    return real_ns(CLOCK_REALTIME);
}

/* n random bytes: the kernel's, or the deterministic stream's. */
static bool entropy(hl_vm_proc *p, uint8_t *d, size_t n) {
    if (p->det) {
        for (size_t i = 0; i < n; i += 8) {
            uint64_t v = splitmix64(&p->det_rng);
            for (size_t k = 0; k < 8 && i + k < n; k++) d[i + k] = (uint8_t)(v >> (8 * k));
        }
        return true;
    }
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(d + got, n - got, 0);
        if (r > 0) got += (size_t)r;
        else if (r < 0 && errno != EINTR) return false;
    }
    return true;
}

/* ---- time units ------------------------------------------------------------------ */

/* A unit's ticks per second, OTP's names (the deprecated plural ones too)
 * or a positive integer. */
static const struct {
    const char *name;
    int64_t hz;
} units[] = {
    {"second", 1},           {"millisecond", 1000},    {"microsecond", 1000000},
    {"nanosecond", NATIVE_HZ}, {"native", NATIVE_HZ},  {"perf_counter", NATIVE_HZ},
    {"seconds", 1},          {"milli_seconds", 1000},  {"micro_seconds", 1000000},
    {"nano_seconds", NATIVE_HZ},
};

static bool unit_hz(hl_term u, hl_term *hz) {
    if (hl_is_atom(u)) {
        size_t len;
        const char *name = hl_atom_name(u, &len);
        for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
            if (strlen(units[i].name) == len && memcmp(units[i].name, name, len) == 0) {
                *hz = hl_make_small(units[i].hz);
                return true;
            }
        return false;
    }
    if (hl_is_small(u)) {
        if (hl_small_val(u) <= 0) return false;
        *hz = u;
        return true;
    }
    if (hl_is_big(u) && !hl_big_is_neg(u)) {
        *hz = u;
        return true;
    }
    return false;
}

/* floor(t * to / from), OTP's conversion; from > 0. Charged by the size of
 * the integers involved. */
static hl_term_status convert(hl_vm_proc *p, hl_term t, hl_term from, hl_term to, hl_term *out) {
    size_t limbs = (hl_is_big(t) ? hl_big_nlimbs(t) : 1) + (hl_is_big(from) ? hl_big_nlimbs(from) : 1) +
                   (hl_is_big(to) ? hl_big_nlimbs(to) : 1);
    p->bif_cost = limbs * limbs / 64 + 1;
    hl_term prod, q, r;
    hl_term_status st = hl_int_mul(H, t, to, &prod);
    if (st == HL_TERM_OK) st = hl_int_divrem(H, prod, from, &q, &r);
    if (st != HL_TERM_OK) return st;
    /* truncation toward zero -> floor: a negative inexact quotient is one less */
    if (hl_int_cmp(r, hl_make_small(0)) < 0) st = hl_int_sub(H, q, hl_make_small(1), &q);
    if (st == HL_TERM_OK) *out = q;
    return st;
}

/* ns (a native time) in the unit term u. */
static hl_term_status in_unit(hl_vm_proc *p, int64_t ns, hl_term u, hl_term *out) {
    hl_term hz, t;
    if (!unit_hz(u, &hz)) return HL_TERM_BADARG;
    hl_term_status st = hl_int_make_i64(H, ns, &t);
    if (st == HL_TERM_OK) st = convert(p, t, hl_make_small(NATIVE_HZ), hz, out);
    return st;
}

/* ---- clocks ---------------------------------------------------------------------- */

#define NEED(cap)                                                                      \
    do {                                                                               \
        if (!(p->caps & (cap))) return not_granted(p);                                 \
    } while (0)

BIF(b_system_time0) {
    (void)a;
    NEED(HL_CAP_CLOCKS);
    return hl_int_make_i64(H, sys_ns(p), out);
}
BIF(b_system_time1) {
    NEED(HL_CAP_CLOCKS);
    return in_unit(p, sys_ns(p), a[0], out);
}
BIF(b_monotonic_time0) {
    (void)a;
    NEED(HL_CAP_CLOCKS);
    return hl_int_make_i64(H, mono_ns(p), out);
}
BIF(b_monotonic_time1) {
    NEED(HL_CAP_CLOCKS);
    return in_unit(p, mono_ns(p), a[0], out);
}
BIF(b_time_offset0) {
    (void)a;
    NEED(HL_CAP_CLOCKS);
    return hl_int_make_i64(H, offset_ns(p), out);
}
BIF(b_time_offset1) {
    NEED(HL_CAP_CLOCKS);
    return in_unit(p, offset_ns(p), a[0], out);
}

static hl_term_status tuple(hl_vm_proc *p, size_t n, const hl_term *e, hl_term *out) {
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, n + 1, &t);
    if (st != HL_TERM_OK) return st;
    t[0] = hl_make_header(HL_SUB_TUPLE, n);
    for (size_t i = 0; i < n; i++) t[1 + i] = e[i];
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

static hl_term_status timestamp(hl_vm_proc *p, int64_t us, hl_term *out) {
    if (us < 0) us = 0; /* before 1970: not a time any clock here gives */
    hl_term e[3] = {hl_make_small(us / 1000000000000), hl_make_small(us / 1000000 % 1000000),
                    hl_make_small(us % 1000000)};
    return tuple(p, 3, e, out);
}

/* {MegaSecs, Secs, MicroSecs} of the system time. */
BIF(b_timestamp0) {
    (void)a;
    NEED(HL_CAP_CLOCKS);
    return timestamp(p, sys_ns(p) / 1000, out);
}

/* erlang:now/0 (deprecated in OTP, still used): a timestamp later than the
 * previous one this process got, as OTP's are unique and increasing
 * (within the process here: there is no node). */
BIF(b_now0) {
    (void)a;
    NEED(HL_CAP_CLOCKS);
    int64_t us = sys_ns(p) / 1000;
    if (us <= p->last_now_us) us = p->last_now_us + 1;
    hl_term_status st = timestamp(p, us, out);
    if (st == HL_TERM_OK) p->last_now_us = us;
    return st;
}

/* The civil date of a day count since 1970-01-01 (proleptic Gregorian;
 * the era arithmetic of 400-year cycles, all in integers). */
static void civil(int64_t days, int64_t *y, int64_t *m, int64_t *d) {
    int64_t z = days + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;                                     /* [0, 146096] */
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; /* [0, 399] */
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);              /* [0, 365], from March 1 */
    int64_t mp = (5 * doy + 2) / 153;                                   /* [0, 11], March = 0 */
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = yoe + era * 400 + (*m <= 2);
}

/* Which parts of {{Y,M,D},{H,Mi,S}} a builtin returns. */
enum { DT_BOTH, DT_DATE, DT_TIME };

static hl_term_status datetime(hl_vm_proc *p, int which, hl_term *out) {
    NEED(HL_CAP_CLOCKS);
    int64_t ns = sys_ns(p);
    int64_t s = ns >= 0 ? ns / 1000000000 : -((-ns + 999999999) / 1000000000);
    int64_t days = s >= 0 ? s / 86400 : -((-s + 86399) / 86400), sod = s - days * 86400;
    int64_t y, m, d;
    civil(days, &y, &m, &d);
    hl_term de[3] = {hl_make_small(y), hl_make_small(m), hl_make_small(d)};
    hl_term te[3] = {hl_make_small(sod / 3600), hl_make_small(sod / 60 % 60), hl_make_small(sod % 60)};
    /* room for all three tuples at once: no partial allocation to redo */
    hl_term *w;
    hl_term_status st = hl_heap_alloc(H, 4 + 4 + 3, &w);
    if (st != HL_TERM_OK) return st;
    w[0] = hl_make_header(HL_SUB_TUPLE, 3), w[1] = de[0], w[2] = de[1], w[3] = de[2];
    w[4] = hl_make_header(HL_SUB_TUPLE, 3), w[5] = te[0], w[6] = te[1], w[7] = te[2];
    w[8] = hl_make_header(HL_SUB_TUPLE, 2), w[9] = hl_make_boxed(w), w[10] = hl_make_boxed(w + 4);
    *out = which == DT_DATE ? hl_make_boxed(w) : which == DT_TIME ? hl_make_boxed(w + 4) : hl_make_boxed(w + 8);
    return HL_TERM_OK;
}

BIF(b_universaltime0) { (void)a; return datetime(p, DT_BOTH, out); }
BIF(b_date0) { (void)a; return datetime(p, DT_DATE, out); }
BIF(b_time0) { (void)a; return datetime(p, DT_TIME, out); }

BIF(b_convert_time_unit3) {
    hl_term from, to;
    if (!hl_is_integer(a[0]) || !unit_hz(a[1], &from) || !unit_hz(a[2], &to)) return HL_TERM_BADARG;
    return convert(p, a[0], from, to, out);
}

/* ---- entropy ---------------------------------------------------------------------- */

/* {A1, A2, A3}: three 58-bit integers for rand:seed_s/1 (lib/rand.erl),
 * which feeds them to the algorithm's seeding as OTP feeds its default
 * seed {phash2(self), system_time, unique_integer}. */
BIF(b_hl_entropy0) {
    (void)a;
    NEED(HL_CAP_RANDOM);
    /* the tuple first: a heap-limit retry must not draw twice (that would
     * make a deterministic run's stream depend on when collections happen) */
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, 4, &t);
    if (st != HL_TERM_OK) return st;
    uint8_t b[24];
    if (!entropy(p, b, sizeof b)) return HL_TERM_BADARG;
    t[0] = hl_make_header(HL_SUB_TUPLE, 3);
    for (int i = 0; i < 3; i++) {
        uint64_t v = 0;
        for (int k = 0; k < 8; k++) v |= (uint64_t)b[8 * i + k] << (8 * k);
        t[1 + i] = hl_make_small((int64_t)(v & ((UINT64_C(1) << 58) - 1)));
    }
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

BIF(b_strong_rand_bytes1) {
    NEED(HL_CAP_RANDOM);
    if (!hl_is_small(a[0]) || hl_small_val(a[0]) < 0) return HL_TERM_BADARG;
    int64_t n = hl_small_val(a[0]);
    if (n > RAND_BYTES_MAX) return HL_TERM_SYSTEM_LIMIT;
    hl_bin_builder b;
    hl_term_status st = hl_bin_build_begin(H, 8 * (uint64_t)n, &b);
    if (st != HL_TERM_OK) return st;
    p->bif_cost = (uint64_t)n / RAND_BYTES_PER_RED + 1;
    if (!entropy(p, b.data, (size_t)n)) return HL_TERM_BADARG; /* (the builder's space is garbage) */
    *out = hl_bin_build_finish(&b);
    return HL_TERM_OK;
}

/* ---- rand's process state ------------------------------------------------------- */

BIF(b_hl_rand_get0) {
    (void)a;
    *out = p->rand_state == HL_NIL ? HL_AM(undefined) : p->rand_state;
    return HL_TERM_OK;
}

BIF(b_hl_rand_put1) {
    p->rand_state = a[0];
    *out = a[0];
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_time[] = {
    {HL_BI_SYSTEM_TIME0, b_system_time0},
    {HL_BI_SYSTEM_TIME1, b_system_time1},
    {HL_BI_MONOTONIC_TIME0, b_monotonic_time0},
    {HL_BI_MONOTONIC_TIME1, b_monotonic_time1},
    {HL_BI_TIME_OFFSET0, b_time_offset0},
    {HL_BI_TIME_OFFSET1, b_time_offset1},
    {HL_BI_TIMESTAMP0, b_timestamp0},
    {HL_BI_LOCALTIME0, b_universaltime0}, /* no zone: local time is UTC */
    {HL_BI_UNIVERSALTIME0, b_universaltime0},
    {HL_BI_DATE0, b_date0},
    {HL_BI_TIME0, b_time0},
    {HL_BI_OS_TIMESTAMP0, b_timestamp0},
    {HL_BI_OS_SYSTEM_TIME0, b_system_time0},
    {HL_BI_OS_SYSTEM_TIME1, b_system_time1},
    {HL_BI_CONVERT_TIME_UNIT3, b_convert_time_unit3},
    {HL_BI_HL_ENTROPY0, b_hl_entropy0},
    {HL_BI_HL_RAND_GET0, b_hl_rand_get0},
    {HL_BI_HL_RAND_PUT1, b_hl_rand_put1},
    {HL_BI_CRYPTO_STRONG_RAND_BYTES1, b_strong_rand_bytes1},
    {HL_BI_NOW0, b_now0},
};
const size_t hl_vm_bifs_time_count = sizeof hl_vm_bifs_time / sizeof hl_vm_bifs_time[0];
