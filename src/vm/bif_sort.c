/* bif_sort.c — the C cores of lists:sort/1 (lib/lists.erl), all callable
 * only by the stdlib (guest 0 in core/builtins.def):
 *
 *   erlang:hl_sort_otp/1    lists:sort/1 of a whole list of <= HL_SORT_RUN_MAX;
 *   erlang:hl_sort_run/1    stable sort of a whole list of <= HL_SORT_RUN_MAX;
 *   erlang:hl_sort_take/1   stable sort of a list's first <= HL_SORT_RUN_MAX
 *                           elements: {Sorted, Rest}, or [Runs | Rest] when
 *                           the comparisons ran out of the call's budget
 *                           (the sorted blocks made so far);
 *   erlang:hl_sort_merge/2  stable merge of two sorted lists (ties: the first
 *                           list's element first), at most SORT_MERGE_MAX;
 *   erlang:hl_sort_prep/3   OTP's run scan, for the order of equal elements.
 *
 * Why hl_sort_prep: OTP 25's lists:sort/1 is a merge sort over the natural
 * runs of its input, and it is not stable. Its result is nevertheless a
 * simple function of the input (checked against erl by the property tests
 * in tests/oracle/): when the first element that differs from the (==)
 * equal prefix is greater, or there is none, or the list has at most 3
 * elements, the result is the stable sort. Otherwise OTP collects
 * descending runs, which lay equal elements out in reverse input order, and
 * merges later runs first on ties: the result is then the stable sort of
 * the input reversed, except that where a run starts with a held element S
 * followed by an equal Z (S == Z), S and Z trade places first. hl_sort_prep
 * replays OTP's descending-run scan (a few comparisons per element, O(1)
 * state carried between calls in a tuple) and emits the input reversed with
 * those trades, chunk by chunk; lib/lists.erl stable-sorts the result.
 *
 * Bounded per call: each call consumes, sorts or merges at most a fixed
 * number of elements, and one work budget bounds its comparisons (pairs of
 * subterms visited, so huge or heavily shared terms cannot make one call run
 * long). hl_sort_otp and hl_sort_run answer `false` when the budget runs
 * out and lib/lists.erl does that part otherwise (preemptible); a long
 * hl_sort_merge and hl_sort_take's merge sort yield and go on in the next
 * call, answering `false` (merge) or the runs sorted so far (take) only when
 * one comparison alone is larger than a call's budget; hl_sort_prep stops
 * early, or does such a comparison in the comparison walk. The work done is
 * charged in reductions; it depends only on the input. */
#include "vm/bif_sort.h"

#include <string.h>

#include "base/mem.h"
#include "term/compare.h"
#include "term/heap.h"
#include "vm/vm_internal.h"
#include "vm/vm_lists.h"
#include "vm/vm_trap.h"

enum {
    SORT_COST_SHIFT = 4,            /* work units per reduction (as bif.c's list builtins) */
    /* subterm pairs one call may compare: ~0.5 ms of tuples or DAG pairs
     * (15-19 ns a pair here); it was 2^18, and one hl_sort_otp call on
     * 8,192 2-tuples took 3.9 ms, on equal 2^17-leaf DAGs 5.1 ms. A core
     * out of it answers false (lists.erl sorts smaller runs, or merges in
     * Erlang); a long merge yields instead and goes on */
    SORT_WORK_BUDGET = 1u << 15,
    SORT_MERGE_MAX = 1u << 17,      /* elements one hl_sort_merge merges (longer: lists.erl) */
    SORT_MERGE_STEP = 1u << 12,     /* elements one hl_sort_merge call merges (then it traps) */
    SORT_PREP_MAX = 1u << 12,        /* input elements one hl_sort_prep call consumes */
    SORT_PREP_BUDGET = 1u << 14,    /* comparison units one hl_sort_prep call may do (the walk's piece) */
    /* small integers one hl_sort_take radix-sorts (smaller takes cost
     * lists:sort 1.2-1.5x the instructions: lib/lists.erl merges more runs);
     * copied, counted, sorted and built TAKE_STEP elements per call
     * (take_step) */
    SORT_TAKE_SMALL_MAX = 1u << 15,
    SORT_RADIX_MIN = 512,           /* below: merge sort (the radix passes' fixed cost) */
    SORT_PARK_MIN = 256,            /* hl_sort_take of fewer other terms: sorted in the call */
};

typedef struct sort_ctx {
    uint64_t budget; /* remaining pairs of subterms */
    bool failed;     /* budget exhausted or out of memory */
    hl_term_status why;
} sort_ctx;

/* a =< b in term order; charges the budget. */
static bool le(sort_ctx *s, hl_term a, hl_term b) {
    if (hl_both_small(a, b)) {
        if (s->budget == 0) {
            s->failed = true;
            s->why = HL_TERM_BUDGET;
            return true;
        }
        s->budget--;
        return (int64_t)a <= (int64_t)b;
    }
    int r = 0;
    hl_term_status st = hl_term_compare(a, b, false, &s->budget, &r);
    if (st != HL_TERM_OK) {
        s->failed = true;
        s->why = st;
        return true;
    }
    return r <= 0;
}

/* Bottom-up stable merge sort of v[0..n) using tmp[0..n); returns where the
 * result ended (v or tmp). Stops early (s->failed) when the budget runs out:
 * what it returns then holds sorted blocks of *width elements (the last
 * one shorter), the pass that failed having written only the other array. */
static hl_term *merge_sort(sort_ctx *s, hl_term *v, hl_term *tmp, size_t n, size_t *width_done) {
    hl_term *from = v, *to = tmp;
    size_t width;
    for (width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n && !s->failed; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            /* Already in order (common for presorted input): copy. */
            if (mid < hi && !le(s, from[mid - 1], from[mid])) {
                while (i < mid && j < hi && !s->failed) {
                    /* Stable: on equality the left run's element goes first. */
                    if (le(s, from[i], from[j])) to[k++] = from[i++];
                    else to[k++] = from[j++];
                }
            }
            if (s->failed) break;
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        if (s->failed) break;
        hl_term *t = from;
        from = to, to = t;
    }
    *width_done = width;
    return from;
}

/* The same sort when every element is a small integer (tagged smalls order
 * as their values): no budget, the comparisons are counted as work, one
 * unit each as in le() (at most n log2 n for n < SORT_RADIX_MIN). */
static hl_term *merge_sort_small(hl_term *v, hl_term *tmp, size_t n, uint64_t *compares) {
    hl_term *from = v, *to = tmp;
    uint64_t cmp = 0;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            if (mid < hi && (cmp++, (int64_t)from[mid - 1] > (int64_t)from[mid])) {
                while (i < mid && j < hi) {
                    cmp++;
                    if ((int64_t)from[i] <= (int64_t)from[j]) to[k++] = from[i++];
                    else to[k++] = from[j++];
                }
            }
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        hl_term *t = from;
        from = to, to = t;
    }
    *compares = cmp;
    return from;
}

/* Small integers sort by value, and equal ones are identical terms, so any
 * sort gives the stable sort's result: an LSD radix sort on the value less
 * the minimum, a byte per pass, one counting sweep for all passes, and no
 * pass for a byte that is the same in every element. Sorts v[0..n) (n <
 * 2^32) using tmp[0..n); returns where the result is; *work is the elements
 * read or moved. */
static hl_term *radix_sort_small(hl_term *v, hl_term *tmp, size_t n, uint64_t *work) {
    int64_t lo = hl_small_val(v[0]), hi = lo;
    for (size_t i = 1; i < n; i++) {
        int64_t x = hl_small_val(v[i]);
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    uint64_t range = (uint64_t)hi - (uint64_t)lo;
    unsigned bytes = 0;
    while (bytes < 8 && (range >> (8 * bytes)) != 0) bytes++;
    uint32_t count[8][256];
    memset(count, 0, bytes * sizeof count[0]);
    for (size_t i = 0; i < n; i++) {
        uint64_t key = (uint64_t)hl_small_val(v[i]) - (uint64_t)lo;
        for (unsigned b = 0; b < bytes; b++) count[b][(key >> (8 * b)) & 0xFF]++;
    }
    hl_term *from = v, *to = tmp;
    uint64_t moved = 2 * (uint64_t)n;
    for (unsigned b = 0; b < bytes; b++) {
        uint32_t *c = count[b];
        uint32_t sum = 0;
        bool trivial = false;
        for (unsigned d = 0; d < 256; d++) {
            uint32_t k = c[d];
            trivial |= k == n;
            c[d] = sum;
            sum += k;
        }
        if (trivial) continue; /* every element has the same byte here */
        for (size_t i = 0; i < n; i++)
            to[c[(((uint64_t)hl_small_val(from[i]) - (uint64_t)lo) >> (8 * b)) & 0xFF]++] = from[i];
        hl_term *t = from;
        from = to, to = t;
        moved += n;
    }
    *work = moved;
    return from;
}

/* Three-way term comparison (a < b: -1) charged to s's budget. */
static int cmp3(sort_ctx *s, hl_term a, hl_term b) {
    if (hl_both_small(a, b)) {
        if (s->budget == 0) {
            s->failed = true;
            s->why = HL_TERM_BUDGET;
            return 0;
        }
        s->budget--;
        return (int64_t)a < (int64_t)b ? -1 : (int64_t)a > (int64_t)b;
    }
    int r = 0;
    hl_term_status st = hl_term_compare(a, b, false, &s->budget, &r);
    if (st != HL_TERM_OK) {
        s->failed = true;
        s->why = st;
    }
    return r;
}

/* hl_sort_prep's scan (below) over a whole list in an array: v[0..n)
 * becomes the sequence whose stable sort is OTP's order (unchanged in the
 * ascending case); tmp[0..n) is scratch. Stops (s->failed) when the budget
 * runs out. */
static void otp_rearrange(sort_ctx *s, hl_term *v, hl_term *tmp, size_t n) {
    size_t i = 1;
    hl_term x = v[0], y, held = 0;
    int r = 0;
    while (i < n && (r = cmp3(s, v[i], x)) == 0 && !s->failed) x = v[i++];
    if (s->failed || i == n || r > 0) return; /* all equal, or ascending */
    memcpy(tmp, v, n * sizeof *v);
    y = v[i];
    bool before = i >= 2, has_held = false; /* elements before x in the run; S held */
    size_t s_at = 0;
    for (i++; i < n && !s->failed; i++) {
        hl_term z = v[i];
        if (cmp3(s, z, y) <= 0) {
            x = y, y = z, before = true;
        } else if (cmp3(s, z, x) <= 0) {
            x = z, before = true;
        } else if (!has_held) {
            if (before) held = z, s_at = i, has_held = true;
            before = true;
        } else {
            int c = cmp3(s, held, z);
            if (c > 0) {
                x = held, y = z;
            } else {
                x = z, y = held;
                if (c == 0) tmp[s_at] = z, tmp[i] = held; /* S == Z: OTP's new run holds Z before S */
            }
            before = false, has_held = false;
        }
    }
    if (s->failed) return;
    for (size_t k = 0; k < n; k++) v[k] = tmp[n - 1 - k];
}

/* hl_sort_take's merge sort past one call's budget goes on over several
 * calls: the two arrays are the trap's root stack (roots[0..n) and
 * roots[n..2n): collection roots, host memory counted against the heap
 * limit), trap.n[0] n and which half holds the blocks being merged (bit
 * 32), n[1] the width of the sorted blocks, n[2] and n[3] the positions i
 * and j in the pair of blocks being merged (k, lo, mid follow from them),
 * trap.t[0] the rest of the input. Each call compares at most
 * SORT_WORK_BUDGET units; a comparison larger than that alone ends it with
 * [Runs | Rest], the blocks sorted so far (lists.erl merges them, its =<
 * yielding). Without this a take of 8,192 tuples that needed more than a
 * call's budget gave up its work and lists.erl sorted smaller runs: 1.5x
 * the time. */
enum { MSORT_HALF = 32 };
static hl_term_status msort_build(hl_vm_proc *p, size_t n, size_t width, hl_term *out);

/* sorted: the blocks of width so far, or NULL: the list l's first n
 * elements (width 1). false: no room for the arrays (nothing kept). */
static bool msort_park(hl_vm_proc *p, const hl_term *sorted, hl_term l, size_t n, size_t width, hl_term rest) {
    for (size_t w = 0; w < 2 * n; w += 2) { /* roots[0..n) and roots[n..2n): the elements, twice */
        hl_term a, b;
        if (sorted) {
            a = sorted[w % n], b = sorted[(w + 1) % n];
        } else { /* the second half: [] until the first pass writes it */
            a = w < n ? hl_car(l) : HL_NIL, l = w < n ? hl_cdr(l) : l;
            b = w + 1 < n ? hl_car(l) : HL_NIL, l = w + 1 < n ? hl_cdr(l) : l;
        }
        if (hl_vm_trap_push2(p, a, b) != HL_TERM_OK) {
            hl_vm_trap_end(p, HL_TERM_OK);
            return false;
        }
    }
    p->trap.t[0] = rest;
    p->trap.n[0] = n, p->trap.n[1] = width, p->trap.n[2] = 0, p->trap.n[3] = width;
    p->trap.fn = hl_vm_bif_sort_take;
    return true;
}

static hl_term_status msort_step(hl_vm_proc *p, hl_term *out) {
    size_t n = (size_t)(p->trap.n[0] & 0xFFFFFFFFu), half = (size_t)(p->trap.n[0] >> MSORT_HALF);
    size_t width = (size_t)p->trap.n[1], i = (size_t)p->trap.n[2], j = (size_t)p->trap.n[3];
    if (width >= n) return msort_build(p, n, n, out); /* (after a heap limit) */
    hl_term *from = p->trap.roots + (half ? n : 0), *to = p->trap.roots + (half ? 0 : n);
    sort_ctx s = {SORT_WORK_BUDGET, false, HL_TERM_OK};
    size_t moved = 0;
    bool progress = false;
    while (width < n) {
        size_t lo = i - i % (2 * width), mid = lo + width < n ? lo + width : n;
        size_t hi = lo + 2 * width < n ? lo + 2 * width : n, k = i + (j - mid);
        /* already in order (common for presorted input): copied below */
        bool in_order = i == lo && j == mid && mid < hi && le(&s, from[mid - 1], from[mid]) && !s.failed;
        while (!in_order && i < mid && j < hi && !s.failed) {
            hl_term x = from[i], y = from[j];
            if (le(&s, x, y)) {
                if (s.failed) break;
                to[k++] = x, i++;
            } else {
                to[k++] = y, j++;
            }
            progress = true;
        }
        if (s.failed) break;
        while (i < mid) to[k++] = from[i++];
        while (j < hi) to[k++] = from[j++];
        moved += hi - lo;
        if (hi < n) {
            i = hi, j = hi + width < n ? hi + width : n;
            continue;
        }
        /* a pass done: the blocks are twice as wide, in the other half */
        hl_term *t = from;
        from = to, to = t, half ^= 1, width *= 2, i = 0, j = width < n ? width : n;
        progress = true;
    }
    uint64_t units = moved + (SORT_WORK_BUDGET - s.budget);
    p->trap.n[0] = n | (uint64_t)half << MSORT_HALF, p->trap.n[1] = width, p->trap.n[2] = i, p->trap.n[3] = j;
    if (s.failed && s.why == HL_TERM_NOMEM) return hl_vm_trap_end(p, HL_TERM_NOMEM);
    if (s.failed && progress) return hl_vm_trap_yield(p, hl_vm_bif_sort_take, units);
    p->bif_cost += units >> SORT_COST_SHIFT;
    /* sorted, or one comparison larger than a call's budget: the blocks
     * of `width` (from, the half that holds them) as runs */
    return msort_build(p, n, s.failed ? width : n, out);
}

/* The n terms of from as runs of `width` (each a list ending in []), a
 * list of them: the runs' cells at c[0, 2n), the outer list's after them
 * (*nruns cells of 2 words). c has room for 2n + 2 * ceil(n / width). */
static hl_term runs_of(hl_term *c, const hl_term *from, size_t n, size_t width, size_t *nruns) {
    hl_term runs = HL_NIL, *rc = c + 2 * n;
    size_t r = 0;
    for (size_t hi = n; hi > 0;) {
        size_t lo = (hi - 1) / width * width;
        hl_term acc = HL_NIL;
        for (size_t i = hi; i-- > lo;) acc = hl_cons_init(c + 2 * i, from[i], acc);
        runs = hl_cons_init(rc + 2 * r++, acc, runs);
        hi = lo;
    }
    *nruns = r;
    return runs;
}

/* [Runs | Rest] of the blocks of `width` in the half holding them (width
 * n: {Sorted, Rest}), built in one call (n <= HL_SORT_RUN_MAX cells);
 * HEAP_LIMIT keeps the state. */
static hl_term_status msort_build(hl_vm_proc *p, size_t n, size_t width, hl_term *out) {
    size_t half = (size_t)(p->trap.n[0] >> MSORT_HALF), nruns = (n + width - 1) / width;
    hl_term *c;
    hl_term_status st = hl_heap_alloc(&p->heap, 2 * n + 2 * nruns + 3, &c);
    if (st != HL_TERM_OK) {
        p->trap.n[1] = width; /* (width n: build the whole on the retry) */
        return st;
    }
    const hl_term *from = p->trap.roots + (half ? n : 0);
    size_t r;
    hl_term runs = runs_of(c, from, n, width, &r), *rc = c + 2 * n;
    hl_term rest = p->trap.t[0];
    if (nruns == 1) {
        hl_term t = hl_tuple_init(rc + 2 * r, 2);
        hl_tuple_elems(t)[0] = hl_car(runs), hl_tuple_elems(t)[1] = rest;
        *out = t;
    } else {
        *out = hl_cons_init(rc + 2 * r, runs, rest);
        hl_heap_trim(&p->heap, c, 2 * n + 2 * nruns + 3, 2 * n + 2 * nruns + 2);
    }
    p->bif_cost += n >> SORT_COST_SHIFT;
    return hl_vm_trap_end(p, HL_TERM_OK);
}

/* Sorts the first n elements of the list l (the caller counted them) into a
 * fresh list ending in `tail`. *ok is false when the comparison budget ran
 * out (nothing allocated then). With split_rest (not HL_NONE; tail is then
 * []), running out of the budget gives *out = [[R1, ..., Rk] | split_rest]:
 * the sorted blocks the merge sort had made, in order, so the work done is
 * kept (hl_sort_take). Charges the work. */
static hl_term_status sort_prefix(hl_vm_proc *p, hl_term l, size_t n, hl_term tail, bool otp, hl_term split_rest,
                                  hl_term *out, bool *ok, bool *split_done) {
    *ok = true;
    bool split = split_rest != HL_NONE;
    /* The result's cells first: a heap-limit retry then repeats no sorting. */
    hl_term *cells;
    size_t words = 2 * n + (split ? 2 * n + 2 : 0); /* a split: at most n runs, their list, [Rs | Rest] */
    hl_term_status st = hl_heap_alloc(&p->heap, words, &cells);
    if (st != HL_TERM_OK) return st;
    hl_term *buf = hl_mem_realloc_array(NULL, 2 * n, sizeof *buf);
    if (!buf) {
        hl_heap_trim(&p->heap, cells, words, 0);
        return HL_TERM_NOMEM;
    }
    hl_term t = l;
    bool all_small = true;
    size_t width = n;
    for (size_t i = 0; i < n; i++, t = hl_cdr(t)) {
        buf[i] = hl_car(t);
        all_small &= hl_is_small(buf[i]);
    }
    sort_ctx s = {SORT_WORK_BUDGET, false, HL_TERM_OK};
    hl_term *sorted;
    uint64_t radix_work = 0;
    /* OTP's order of equal elements (small integers: equal ones are identical) */
    if (otp && !all_small && n >= 4) otp_rearrange(&s, buf, buf + n, n);
    if (s.failed) {
        sorted = buf;
    } else if (all_small && n >= SORT_RADIX_MIN) {
        sorted = radix_sort_small(buf, buf + n, n, &radix_work);
    } else if (all_small) {
        uint64_t compares;
        sorted = merge_sort_small(buf, buf + n, n, &compares);
        radix_work = compares;
    } else {
        sorted = merge_sort(&s, buf, buf + n, n, &width);
    }
    uint64_t work = n + radix_work + (SORT_WORK_BUDGET - s.budget);
    p->bif_cost = work >> SORT_COST_SHIFT;
    if (s.failed && split && s.why == HL_TERM_BUDGET && !otp && width < n &&
        msort_park(p, sorted, HL_NIL, n, width, split_rest)) {
        /* the merge sort goes on over the next calls (msort_step) */
        hl_mem_free(buf);
        hl_heap_trim(&p->heap, cells, words, 0);
        *split_done = true;
        *out = HL_NONE;
        return HL_TERM_OK;
    }
    if (s.failed && split && s.why == HL_TERM_BUDGET && !otp) {
        /* the blocks of `width` sorted so far, each a run ending in [] */
        size_t nruns;
        hl_term runs = runs_of(cells, sorted, n, width, &nruns), *rc = cells + 2 * n;
        hl_term r = hl_cons_init(rc + 2 * nruns, runs, split_rest);
        *split_done = true;
        hl_heap_trim(&p->heap, cells, words, 2 * n + 2 * nruns + 2);
        hl_mem_free(buf);
        *out = r;
        return HL_TERM_OK;
    }
    if (s.failed) {
        hl_mem_free(buf);
        hl_heap_trim(&p->heap, cells, words, 0);
        if (s.why == HL_TERM_NOMEM) return HL_TERM_NOMEM;
        *ok = false; /* too much comparison work for one call */
        return HL_TERM_OK;
    }
    if (split) hl_heap_trim(&p->heap, cells, words, 2 * n);
    hl_term acc = tail;
    for (size_t i = n; i-- > 0;) {
        cells[2 * i] = sorted[i];
        cells[2 * i + 1] = acc;
        acc = hl_make_cons(cells + 2 * i);
    }
    hl_mem_free(buf);
    *out = acc;
    return HL_TERM_OK;
}

/* hl_sort_run (stable) and hl_sort_otp (OTP's order) of a whole list. */
static hl_term_status sort_whole(hl_vm_proc *p, hl_term l, bool otp, hl_term *out) {
    size_t n = 0;
    for (hl_term t = l; hl_is_cons(t); t = hl_cdr(t)) {
        if (++n > HL_SORT_RUN_MAX) return HL_TERM_BADARG;
    }
    {
        hl_term t = l;
        for (size_t i = 0; i < n; i++) t = hl_cdr(t);
        if (t != HL_NIL) return HL_TERM_BADARG;
    }
    if (n < 2) {
        *out = l;
        return HL_TERM_OK;
    }
    bool ok;
    bool split = false;
    hl_term_status st = sort_prefix(p, l, n, HL_NIL, otp, HL_NONE, out, &ok, &split);
    if (st == HL_TERM_OK && !ok) *out = HL_AM(false);
    return st;
}

hl_term_status hl_vm_bif_sort_run(struct hl_vm_proc *p, const hl_term *args, hl_term *out) {
    return sort_whole(p, args[0], false, out);
}

/* lists:sort/1 of a whole list of at most HL_SORT_RUN_MAX elements in one
 * call: OTP's order (hl_sort_prep's rearrangement, then the stable sort);
 * false when the comparisons cost too much. */
hl_term_status hl_vm_bif_sort_otp(struct hl_vm_proc *p, const hl_term *args, hl_term *out) {
    return sort_whole(p, args[0], true, out);
}

/* The radix take: the longest prefix of small integers when it is longer
 * than HL_SORT_RUN_MAX, at most SORT_TAKE_SMALL_MAX of them, sorted by
 * value (LSD radix, as radix_sort_small) and built into a list over many
 * calls, none of which does more than TAKE_STEP elements of one phase:
 *   COPY   the integers into the state's buffer (and their range), the
 *          matching stretch of the scratch half written too, so the
 *          scatters below touch no fresh page;
 *   COUNT  every needed byte's histogram, then its offsets;
 *   PASS   one scatter pass per byte that is not the same everywhere;
 *   BUILD  the list from the end (trap.t[1] the part built).
 * trap.buf is the state (host memory counted against the heap limit; the
 * integers are immediates, no roots), trap.t[0] the input from where the
 * copy is, then the rest of the input after the take. It was one call to
 * copy 2^15 integers and one to sort them: each touched 256 KiB of fresh
 * memory, 2.8-5.8 ms of thread CPU in a fresh process (CI's smoke). */
enum { TAKE_STEP = 1u << 13 };
enum { TAKE_COPY, TAKE_COUNT, TAKE_PASS, TAKE_BUILD };
typedef struct take_state {
    uint32_t count[8][256]; /* histograms, then the scatters' next slots */
    int64_t lo, hi;         /* the integers' range */
    uint32_t n, i;          /* integers taken; the phase's position */
    uint8_t phase, bytes, pass, from; /* from: the sorted half (0: v, 1: v + SORT_TAKE_SMALL_MAX) */
    uint8_t trivial;        /* bit b: byte b is the same in every integer */
    hl_term v[2 * SORT_TAKE_SMALL_MAX];
} take_state;

/* The pass after `pass` (or the first: pass = -1) with work to do, or 8. */
static unsigned take_next_pass(const take_state *s, int pass) {
    unsigned b = (unsigned)(pass + 1);
    while (b < s->bytes && (s->trivial >> b & 1)) b++;
    return b < s->bytes ? b : 8;
}

static uint64_t take_key(const take_state *s, hl_term x) { return (uint64_t)hl_small_val(x) - (uint64_t)s->lo; }

static hl_term_status take_step(hl_vm_proc *p, hl_term *out) {
    take_state *s = p->trap.buf;
    hl_term *from = s->v + (s->from ? SORT_TAKE_SMALL_MAX : 0), *to = s->v + (s->from ? 0 : SORT_TAKE_SMALL_MAX);
    size_t k = 0;
    switch (s->phase) {
    case TAKE_COPY: {
        hl_term t = p->trap.t[0];
        for (; k < TAKE_STEP && s->n < SORT_TAKE_SMALL_MAX && hl_is_cons(t) && hl_is_small(hl_car(t)); k++, t = hl_cdr(t)) {
            hl_term x = hl_car(t);
            int64_t v = hl_small_val(x);
            s->lo = v < s->lo ? v : s->lo, s->hi = v > s->hi ? v : s->hi;
            s->v[s->n] = x, s->v[SORT_TAKE_SMALL_MAX + s->n] = x; /* the scratch's page touched here */
            s->n++;
        }
        p->trap.t[0] = t;
        if (k == TAKE_STEP && s->n < SORT_TAKE_SMALL_MAX) return hl_vm_trap_yield(p, hl_vm_bif_sort_take, k);
        if (!hl_is_cons(t) && t != HL_NIL) return hl_vm_trap_end(p, HL_TERM_BADARG);
        uint64_t range = (uint64_t)s->hi - (uint64_t)s->lo;
        s->bytes = 0;
        while (s->bytes < 8 && (range >> (8 * s->bytes)) != 0) s->bytes++;
        memset(s->count, 0, sizeof s->count);
        s->phase = TAKE_COUNT, s->i = 0;
        return hl_vm_trap_yield(p, hl_vm_bif_sort_take, k);
    }
    case TAKE_COUNT: {
        for (; k < TAKE_STEP && s->i < s->n; k++, s->i++) {
            uint64_t key = take_key(s, s->v[s->i]);
            for (unsigned b = 0; b < s->bytes; b++) s->count[b][(key >> (8 * b)) & 0xFF]++;
        }
        if (s->i == s->n) {
            s->trivial = 0;
            for (unsigned b = 0; b < s->bytes; b++) {
                uint32_t sum = 0;
                for (unsigned d = 0; d < 256; d++) {
                    uint32_t c = s->count[b][d];
                    if (c == s->n) s->trivial |= (uint8_t)(1u << b);
                    s->count[b][d] = sum;
                    sum += c;
                }
            }
            unsigned b = take_next_pass(s, -1);
            s->i = 0, s->pass = (uint8_t)b, s->phase = b < 8 ? TAKE_PASS : TAKE_BUILD;
            p->trap.n[0] = s->n, p->trap.t[1] = HL_NIL;
        }
        return hl_vm_trap_yield(p, hl_vm_bif_sort_take, k * (1 + s->bytes));
    }
    case TAKE_PASS: {
        uint32_t *c = s->count[s->pass];
        unsigned shift = 8u * s->pass;
        for (; k < TAKE_STEP && s->i < s->n; k++, s->i++) to[c[(take_key(s, from[s->i]) >> shift) & 0xFF]++] = from[s->i];
        if (s->i == s->n) {
            unsigned b = take_next_pass(s, s->pass);
            s->from ^= 1, s->i = 0, s->pass = (uint8_t)b;
            if (b == 8) s->phase = TAKE_BUILD;
        }
        return hl_vm_trap_yield(p, hl_vm_bif_sort_take, k);
    }
    default: break;
    }
    /* TAKE_BUILD: n[0] the integers still to put in cells */
    const hl_term *sorted = from;
    size_t left = (size_t)p->trap.n[0];
    k = left < TAKE_STEP ? left : TAKE_STEP;
    bool last = k == left;
    hl_term *cells;
    /* a heap limit keeps the state: the caller collects and calls again */
    hl_term_status st = hl_heap_alloc(&p->heap, 2 * k + (last ? 3 : 0), &cells);
    if (st != HL_TERM_OK) return st;
    hl_term acc = p->trap.t[1];
    for (size_t i = k; i-- > 0;) {
        cells[2 * i] = sorted[left - k + i];
        cells[2 * i + 1] = acc;
        acc = hl_make_cons(cells + 2 * i);
    }
    if (!last) {
        p->trap.t[1] = acc, p->trap.n[0] = left - k;
        return hl_vm_trap_yield(p, hl_vm_bif_sort_take, k);
    }
    hl_term t = hl_tuple_init(cells + 2 * k, 2);
    hl_tuple_elems(t)[0] = acc, hl_tuple_elems(t)[1] = p->trap.t[0];
    *out = t;
    p->bif_cost += k >> SORT_COST_SHIFT;
    return hl_vm_trap_end(p, HL_TERM_OK);
}

/* The radix take's first call: its state, the copy from the next call. */
static hl_term_status take_radix(hl_vm_proc *p, hl_term l, size_t walked) {
    take_state *s = hl_mem_alloc(sizeof *s);
    if (!s) return HL_TERM_NOMEM;
    s->lo = INT64_MAX, s->hi = INT64_MIN, s->n = s->i = 0;
    s->phase = TAKE_COPY, s->from = 0, s->bytes = 0, s->pass = 0, s->trivial = 0;
    p->trap.buf = s, p->trap.buf_free = NULL;
    if (hl_vm_trap_buf_charge(p, sizeof *s) != HL_TERM_OK) {
        hl_vm_trap_end(p, HL_TERM_OK);
        return HL_TERM_HEAP_LIMIT; /* (nothing kept: the retry starts again) */
    }
    p->trap.t[0] = l, p->trap.t[1] = HL_NIL, p->trap.n[0] = 0;
    return hl_vm_trap_yield(p, hl_vm_bif_sort_take, walked);
}

/* {Sorted, Rest}: the list's first elements sorted, and the list after
 * them; false when the comparisons cost too much. It takes the longest
 * prefix of small integers when that is more than HL_SORT_RUN_MAX (up to
 * SORT_TAKE_SMALL_MAX: radix sorted over many calls, above), else
 * min(length, HL_SORT_RUN_MAX) elements. */
hl_term_status hl_vm_bif_sort_take(struct hl_vm_proc *p, const hl_term *args, hl_term *out) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_sort_take)) return p->trap.buf ? take_step(p, out) : msort_step(p, out);
    hl_term l = args[0], rest = l;
    size_t n = 0;
    while (hl_is_cons(rest) && n <= HL_SORT_RUN_MAX && hl_is_small(hl_car(rest))) n++, rest = hl_cdr(rest);
    if (n > HL_SORT_RUN_MAX) return take_radix(p, l, n);
    size_t smalls = n;
    n = 0, rest = l;
    while (hl_is_cons(rest) && n < HL_SORT_RUN_MAX) n++, rest = hl_cdr(rest);
    if (!hl_is_cons(rest) && rest != HL_NIL) return HL_TERM_BADARG;
    /* Other terms than small integers, more than a few: merge sorted on the
     * trap's root stack over as many calls as its comparisons need (no
     * scratch buffer besides: each call touches less fresh memory) */
    if (smalls < n && n > SORT_PARK_MIN) {
        if (!msort_park(p, NULL, l, n, 1, rest)) return HL_TERM_HEAP_LIMIT;
        return hl_vm_trap_yield(p, hl_vm_bif_sort_take, n);
    }
    hl_term *tp;
    hl_term_status st = hl_heap_alloc(&p->heap, 3, &tp);
    if (st != HL_TERM_OK) return st;
    hl_term sorted = l;
    bool ok = true;
    if (n >= 2) {
        bool split = false;
        st = sort_prefix(p, l, n, HL_NIL, false, rest, &sorted, &ok, &split);
        if (st == HL_TERM_OK && split && sorted == HL_NONE) /* the sort goes on over the next calls */
            return hl_vm_trap_yield(p, hl_vm_bif_sort_take, 0);
        if (st == HL_TERM_OK && split) { /* [Runs | Rest] (the 3 words at tp are left as garbage) */
            *out = sorted;
            return HL_TERM_OK;
        }
        if (st != HL_TERM_OK || !ok) {
            /* sort_prefix allocated nothing: the tuple is the last block */
            hl_heap_trim(&p->heap, tp, 3, 0);
            if (st == HL_TERM_OK) *out = HL_AM(false);
            return st;
        }
    } else if (n == 1 && rest != HL_NIL) {
        /* a one-element run must not share the rest */
        hl_heap_trim(&p->heap, tp, 3, 0);
        hl_term *c;
        st = hl_heap_alloc(&p->heap, 5, &c);
        if (st != HL_TERM_OK) return st;
        c[0] = hl_car(l), c[1] = HL_NIL;
        sorted = hl_make_cons(c);
        tp = c + 2;
    }
    hl_term t = hl_tuple_init(tp, 2);
    hl_tuple_elems(t)[0] = sorted, hl_tuple_elems(t)[1] = rest;
    *out = t;
    return HL_TERM_OK;
}

/* Stable merge of two sorted proper lists; the first list's element goes
 * first on ties. The output shares the tail of whichever list is left over. */
/* A long merge runs over several calls (trap.n[3] its phase):
 * COUNTING: the lengths, SORT_MERGE_STEP cells of A then B per call
 *   (trap.t[2] where the count is, n[1], n[2] the counts so far): a walk
 *   of 2^17 cells in one call took ms on a cold cache;
 * MERGING: the elements of A and B (the rests in trap.t[0], t[1]) merged
 *   into the detached fragment's cells, n[0] the cells filled. Each call
 *   links the cells it fills to the next (the last one filled keeps []
 *   until the next call fills its successor), so no call makes a pass over
 *   the whole result; the words filled are collection roots and every
 *   cell a link reaches is filled. OK with *out when done, a trap, or
 *   `false` (a comparison too costly for one call: lists.erl merges in
 *   Erlang). */
enum { MERGE_COUNTING = 0, MERGE_MERGING = 1 };

static hl_term_status merge_step(hl_vm_proc *p, hl_term *out) {
    hl_term a = p->trap.t[0], b = p->trap.t[1];
    hl_term *cells = p->trap.frag->data;
    size_t k = (size_t)p->trap.n[0], stop = k + SORT_MERGE_STEP;
    sort_ctx s = {SORT_WORK_BUDGET, false, HL_TERM_OK};
    size_t k0 = k;
    while (hl_is_cons(a) && hl_is_cons(b) && k < stop) {
        hl_term x = hl_car(a), y = hl_car(b);
        bool take_a;
        if (hl_both_small(x, y)) {
            s.budget -= s.budget != 0;
            take_a = (int64_t)x <= (int64_t)y;
        } else {
            take_a = le(&s, x, y);
            if (s.failed) break;
        }
        if (take_a) cells[2 * k] = x, a = hl_cdr(a);
        else cells[2 * k] = y, b = hl_cdr(b);
        cells[2 * k + 1] = HL_NIL;
        if (k) cells[2 * k - 1] = hl_make_cons(cells + 2 * k); /* the cell before, to this filled one */
        p->trap.frag_filled = 2 * ++k;
    }
    uint64_t units = (k - k0) + (SORT_WORK_BUDGET - s.budget);
    if (s.failed && s.why == HL_TERM_BUDGET && k > k0) s.failed = false; /* this call's share: on in the next */
    if (s.failed) {
        p->bif_cost += units >> SORT_COST_SHIFT;
        if (s.why == HL_TERM_NOMEM) return hl_vm_trap_end(p, HL_TERM_NOMEM);
        *out = HL_AM(false);
        return hl_vm_trap_end(p, HL_TERM_OK);
    }
    p->trap.t[0] = a, p->trap.t[1] = b, p->trap.n[0] = k;
    if (hl_is_cons(a) && hl_is_cons(b)) return hl_vm_trap_yield(p, hl_vm_bif_sort_merge, units);
    cells[2 * k - 1] = hl_is_cons(a) ? a : b; /* the rest of whichever list is left */
    p->bif_cost += (units + k / 4) >> SORT_COST_SHIFT;
    *out = hl_make_cons(hl_vm_trap_frag_adopt(p, 2 * k));
    return hl_vm_trap_end(p, HL_TERM_OK);
}

/* One call's share of the count: OK (a trap, or the merge set up). */
static hl_term_status count_step(hl_vm_proc *p, hl_term *out) {
    hl_term t = p->trap.t[2];
    uint64_t na = p->trap.n[1], nb = p->trap.n[2];
    bool in_b = p->trap.n[0] != 0;
    size_t m = 0;
    for (;;) {
        for (; hl_is_cons(t) && m < SORT_MERGE_STEP && na + nb <= SORT_MERGE_MAX; t = hl_cdr(t), m++) in_b ? nb++ : na++;
        if (hl_is_cons(t) && na + nb <= SORT_MERGE_MAX && m == SORT_MERGE_STEP) break; /* more next call */
        if (!hl_is_cons(t) && t != HL_NIL) return hl_vm_trap_end(p, HL_TERM_BADARG);
        if (in_b || na + nb > SORT_MERGE_MAX) break;
        in_b = true, t = p->trap.t[1];
    }
    if (na + nb > SORT_MERGE_MAX) {
        *out = HL_AM(false);
        return hl_vm_trap_end(p, HL_TERM_OK);
    }
    if (hl_is_cons(t)) {
        p->trap.t[2] = t, p->trap.n[0] = in_b, p->trap.n[1] = na, p->trap.n[2] = nb;
        return hl_vm_trap_yield(p, hl_vm_bif_sort_merge, m);
    }
    /* counted: the cells outside the heap (a list cannot be built front to
     * back on the heap across calls: no cell may be written after a
     * collection could have aged it) */
    hl_term_status st = hl_vm_trap_frag_new(p, 2 * (size_t)(na + nb), 0);
    if (st == HL_TERM_HEAP_LIMIT) return st; /* collect, then this step again */
    if (st != HL_TERM_OK) return hl_vm_trap_end(p, st);
    p->trap.t[2] = HL_NIL, p->trap.n[0] = 0, p->trap.n[3] = MERGE_MERGING;
    return hl_vm_trap_yield(p, hl_vm_bif_sort_merge, m);
}

hl_term_status hl_vm_bif_sort_merge(struct hl_vm_proc *p, const hl_term *args, hl_term *out) {
    if (hl_vm_trap_resuming(p, hl_vm_bif_sort_merge))
        return p->trap.n[3] == MERGE_MERGING ? merge_step(p, out) : count_step(p, out);
    hl_term a = args[0], b = args[1];
    size_t na = 0, nb = 0;
    hl_term t;
    for (t = a; hl_is_cons(t) && na <= SORT_MERGE_STEP; t = hl_cdr(t)) na++;
    bool a_done = !hl_is_cons(t);
    if (a_done && t != HL_NIL) return HL_TERM_BADARG;
    if (a_done)
        for (t = b; hl_is_cons(t) && na + nb <= SORT_MERGE_STEP; t = hl_cdr(t)) nb++;
    if (a_done && !hl_is_cons(t) && t != HL_NIL) return HL_TERM_BADARG;
    p->bif_cost = (na + nb) >> SORT_COST_SHIFT;
    if (a_done && !hl_is_cons(t) && (na == 0 || nb == 0)) {
        *out = na == 0 ? b : a;
        return HL_TERM_OK;
    }
    if (!a_done || hl_is_cons(t)) {
        /* a long merge (more than SORT_MERGE_STEP elements): counted, then
         * merged, over several calls */
        p->trap.t[0] = a, p->trap.t[1] = b, p->trap.t[2] = t;
        p->trap.n[0] = !a_done ? 0 : 1, p->trap.n[1] = na, p->trap.n[2] = nb, p->trap.n[3] = MERGE_COUNTING;
        return hl_vm_trap_yield(p, hl_vm_bif_sort_merge, na + nb);
    }
    hl_term *cells;
    hl_term_status st = hl_heap_alloc(&p->heap, 2 * (na + nb), &cells);
    if (st != HL_TERM_OK) return st;
    sort_ctx s = {SORT_WORK_BUDGET, false, HL_TERM_OK};
    size_t k = 0;
    while (hl_is_cons(a) && hl_is_cons(b)) {
        hl_term x = hl_car(a), y = hl_car(b);
        bool take_a;
        if (hl_both_small(x, y)) {
            s.budget -= s.budget != 0; /* at most na+nb <= budget small compares */
            take_a = (int64_t)x <= (int64_t)y;
            hl_term a1 = hl_cdr(a), b1 = hl_cdr(b);
            cells[2 * k] = take_a ? x : y;
            a = take_a ? a1 : a, b = take_a ? b : b1;
            if (k) cells[2 * k - 1] = hl_make_cons(cells + 2 * k);
            k++;
            continue;
        } else {
            take_a = le(&s, x, y);
            if (s.failed) break;
        }
        if (take_a) cells[2 * k] = x, a = hl_cdr(a);
        else cells[2 * k] = y, b = hl_cdr(b);
        if (k) cells[2 * k - 1] = hl_make_cons(cells + 2 * k);
        k++;
    }
    _Static_assert(SORT_MERGE_STEP <= SORT_WORK_BUDGET, "small-integer merges fit the budget");
    p->bif_cost = (na + nb + (SORT_WORK_BUDGET - s.budget)) >> SORT_COST_SHIFT;
    if (s.failed && s.why == HL_TERM_BUDGET && k > 0) {
        /* more comparison work than one call's: the long merge's way,
         * over several calls (the lists are counted: straight to the merge) */
        hl_heap_trim(&p->heap, cells, 2 * (na + nb), 0);
        p->trap.t[0] = args[0], p->trap.t[1] = args[1], p->trap.t[2] = HL_NIL;
        p->trap.n[0] = 1, p->trap.n[1] = na, p->trap.n[2] = nb, p->trap.n[3] = MERGE_COUNTING;
        return hl_vm_trap_yield(p, hl_vm_bif_sort_merge, 0);
    }
    if (s.failed) {
        hl_heap_trim(&p->heap, cells, 2 * (na + nb), 0);
        if (s.why == HL_TERM_NOMEM) return HL_TERM_NOMEM;
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    cells[2 * k - 1] = hl_is_cons(a) ? a : b;
    hl_heap_trim(&p->heap, cells, 2 * (na + nb), 2 * k);
    *out = hl_make_cons(cells);
    return HL_TERM_OK;
}

/* ---- hl_sort_prep: OTP's descending-run scan ---- */

/* The scan's states (the state tuple {Tag, X, Y, S}'s Tag; 0 alone starts). */
enum {
    PREP_START = 0,
    PREP_PREFIX1 = 1, /* one element so far: X */
    PREP_PREFIX2 = 2, /* two or more elements, all == X */
    PREP_RUN0 = 3,    /* a descending run whose last two are X >= Y, nothing before */
    PREP_RUN = 4,     /* the same with elements before X */
    PREP_HELD = 5,    /* as PREP_RUN, S > X held back for the next run */
};

typedef struct prep_ctx {
    hl_vm_proc *p;
    uint64_t budget;
    bool failed;
    hl_term_status why; /* BUDGET (a comparison longer than the call's budget) or NOMEM */
    hl_term answers;    /* [{A, B, Order}]: comparisons the walk made (matched by identity) */
    hl_term fa, fb;     /* the comparison the budget stopped */
} prep_ctx;

/* Three-way term comparison (a < b: -1) charged to the call's budget: a
 * comparison the walk answered, or one within what is left of the budget
 * (c->failed with fa, fb otherwise: the call stops before the element). */
static int prep_cmp(prep_ctx *c, hl_term a, hl_term b) {
    if (hl_both_small(a, b)) {
        c->budget -= c->budget != 0;
        return (int64_t)a < (int64_t)b ? -1 : (int64_t)a > (int64_t)b;
    }
    for (hl_term l = c->answers; hl_is_cons(l); l = hl_cdr(l)) {
        const hl_term *e = hl_tuple_elems(hl_car(l));
        if (e[0] == a && e[1] == b) return (int)hl_small_val(e[2]);
    }
    uint64_t left = c->budget;
    int r = 0;
    hl_term_status st = hl_term_compare(a, b, false, &left, &r);
    c->budget = left;
    if (st != HL_TERM_OK) c->failed = true, c->why = st, c->fa = a, c->fb = b;
    return r;
}

/* The scan's comparisons: at most SORT_PREP_BUDGET units in a call. A
 * comparison that needs more stops the call before its element; when that
 * element is the call's first, the comparison is done by the resumable
 * walk of the comparison operators (bif_compare.c: trap.t[0..4], n[0..1],
 * a quarter quantum per call), its answer {A, B, Order} goes on the list
 * in trap.t[5] (n[2] PREP_WALKING while it runs, PREP_ANSWERED + Order
 * while it waits for the heap), and the call runs again from its
 * arguments with the answers. Before, one call compared up to 2^18 + 2^20
 * units (~20 ms of DAG pairs) and a longer comparison stopped the run
 * with a reductions fault where OTP sorts. */
enum { PREP_NONE = 0, PREP_WALKING = 1, PREP_ANSWERED = 3 };

static hl_term_status prep_walk(hl_vm_proc *p) {
    if (p->trap.n[2] == PREP_NONE) return HL_TERM_OK; /* (called again after a heap limit) */
    if (p->trap.n[2] == PREP_WALKING) {
        int r = 0;
        hl_term_status st = hl_vm_cmp_walk(p, hl_vm_bif_sort_prep, &r);
        if (st == HL_VM_BIF_TRAP || st == HL_TERM_HEAP_LIMIT) return st;
        if (st != HL_TERM_OK) return hl_vm_trap_end(p, st);
        p->trap.n[2] = (uint64_t)(PREP_ANSWERED + (r > 0) - (r < 0));
    }
    hl_term *w;
    hl_term_status st = hl_heap_alloc(&p->heap, 6, &w);
    if (st != HL_TERM_OK) return st; /* the answer kept: collect and call again */
    hl_term t = hl_tuple_init(w, 3);
    w[1] = p->trap.t[3], w[2] = p->trap.t[4], w[3] = hl_make_small((int64_t)p->trap.n[2] - PREP_ANSWERED);
    p->trap.t[5] = hl_cons_init(w + 4, t, p->trap.t[5]);
    p->trap.n[2] = PREP_NONE;
    return HL_TERM_OK;
}

/* (L, State, Acc) -> true | {Acc', Rest, State'}. true: the stable sort of
 * the whole input is OTP's order. Otherwise Acc' is this call's part of the
 * input reversed (with the trades of the header comment) in front of Acc
 * (the earlier calls' parts), Rest what is left ([] when done) and State'
 * the scan's state for the next call. */
hl_term_status hl_vm_bif_sort_prep(struct hl_vm_proc *p, const hl_term *args, hl_term *out) {
    hl_term answers = HL_NIL;
    if (hl_vm_trap_resuming(p, hl_vm_bif_sort_prep)) {
        hl_term_status st = prep_walk(p);
        if (st != HL_TERM_OK) return st;
        answers = p->trap.t[5];
    }
    hl_term l = args[0], state = args[1], acc = args[2];
    int tag;
    hl_term x = HL_NIL, y = HL_NIL, s = HL_NIL;
    if (state == hl_make_small(PREP_START)) {
        tag = PREP_START;
    } else if (hl_is_tuple(state) && hl_tuple_arity(state) == 4 && hl_is_small(hl_tuple_get(state, 0)) &&
               hl_small_val(hl_tuple_get(state, 0)) >= PREP_PREFIX1 &&
               hl_small_val(hl_tuple_get(state, 0)) <= PREP_HELD) {
        tag = (int)hl_small_val(hl_tuple_get(state, 0));
        x = hl_tuple_get(state, 1), y = hl_tuple_get(state, 2), s = hl_tuple_get(state, 3);
    } else {
        return HL_TERM_BADARG;
    }
    size_t k = 0;
    hl_term t = l;
    while (hl_is_cons(t) && k < SORT_PREP_MAX) k++, t = hl_cdr(t);
    if (!hl_is_cons(t) && t != HL_NIL) return HL_TERM_BADARG;
    if (k == 0) return HL_TERM_BADARG;
    /* [{Chunk, Rest, State'}: 4][State': 5][carried cell: 2][k cells: 2k] */
    size_t words = 4 + 5 + 2 + 2 * k;
    hl_term *mem;
    hl_term_status st = hl_heap_alloc(&p->heap, words, &mem);
    if (st != HL_TERM_OK) return st;
    hl_term *carried = mem + 9, *val = mem + 11; /* val[2 * i]: the i-th element taken */
    bool has_carried = false;
    /* Where this call's held S is (an index), or SIZE_MAX when S came held
     * from an earlier call (it then goes in the carried cell). */
    size_t s_at = SIZE_MAX;
    prep_ctx c = {p, SORT_PREP_BUDGET, false, HL_TERM_OK, answers, HL_NIL, HL_NIL};
    size_t m = 0;
    t = l;
    if (tag == PREP_START) {
        x = val[0] = hl_car(t);
        t = hl_cdr(t), m = 1, tag = PREP_PREFIX1;
    }
    size_t m0 = m; /* a comparison too long at this element: the walk */
    bool ascending = false;
    /* a comparison's result, or out of the loop before the element changed anything */
#define CMP(a, b) (cr = prep_cmp(&c, (a), (b)), c.failed ? -2 : cr)
    int cr;
    while (hl_is_cons(t) && m < k && c.budget > 0) {
        hl_term z = hl_car(t);
        val[2 * m] = z;
        switch (tag) {
        case PREP_PREFIX1:
        case PREP_PREFIX2: {
            int r = CMP(z, x);
            if (c.failed) break;
            if (r == 0) x = z, tag = PREP_PREFIX2;
            else if (r > 0) ascending = true;
            else y = z, tag = tag == PREP_PREFIX2 ? PREP_RUN : PREP_RUN0;
            break;
        }
        case PREP_RUN0:
        case PREP_RUN: {
            int r1 = CMP(z, y), r2 = r1 <= 0 || c.failed ? 0 : CMP(z, x);
            if (c.failed) break;
            if (r1 <= 0) x = y, y = z, tag = PREP_RUN;
            else if (r2 <= 0) x = z, tag = PREP_RUN;
            else if (tag == PREP_RUN0) tag = PREP_RUN;
            else s = z, s_at = m, tag = PREP_HELD;
            break;
        }
        case PREP_HELD: {
            int r1 = CMP(z, y), r2 = r1 <= 0 || c.failed ? 0 : CMP(z, x);
            int r3 = r1 <= 0 || r2 <= 0 || c.failed ? 0 : CMP(s, z);
            if (c.failed) break;
            if (r1 <= 0) {
                x = y, y = z;
            } else if (r2 <= 0) {
                x = z;
            } else {
                int r = r3;
                hl_term *s_cell = s_at == SIZE_MAX ? carried : &val[2 * s_at];
                if (s_at == SIZE_MAX) has_carried = true;
                if (r > 0) {
                    x = s, y = z;
                    *s_cell = s;
                } else {
                    x = z, y = s;
                    /* S == Z: OTP's new run holds Z before S */
                    *s_cell = r == 0 ? z : s;
                    val[2 * m] = r == 0 ? s : z;
                }
                tag = PREP_RUN0, s_at = SIZE_MAX;
            }
            break;
        }
        }
        if (ascending || c.failed) break;
        m++, t = hl_cdr(t);
    }
#undef CMP
    p->bif_cost += (m + (SORT_PREP_BUDGET - c.budget)) >> SORT_COST_SHIFT;
    if (c.failed && (c.why != HL_TERM_BUDGET || m == m0)) {
        hl_heap_trim(&p->heap, mem, words, 0);
        if (c.why != HL_TERM_BUDGET) return p->trap.fn ? hl_vm_trap_end(p, c.why) : c.why;
        /* the call's first element needs a long comparison: the walk, from the next call */
        hl_term ans = answers;
        hl_vm_cmp_walk_start(p, c.fa, c.fb, false, false);
        p->trap.t[5] = ans, p->trap.n[2] = PREP_WALKING;
        return hl_vm_trap_yield(p, hl_vm_bif_sort_prep, 0);
    }
    if (p->trap.fn) hl_vm_trap_end(p, HL_TERM_OK);
    /* (c.failed at a later element: the call ends before it, t its cell) */
    if (ascending || (t == HL_NIL && (tag == PREP_PREFIX1 || tag == PREP_PREFIX2))) {
        hl_heap_trim(&p->heap, mem, words, 0);
        *out = HL_AM(true);
        return HL_TERM_OK;
    }
    if (tag == PREP_HELD && t == HL_NIL && s_at == SIZE_MAX) {
        *carried = s; /* S ends the input as a run of its own */
        has_carried = true;
    }
    /* S still held with input left: it moves on with the state. */
    size_t skip = tag == PREP_HELD && t != HL_NIL ? s_at : SIZE_MAX;
    hl_term chunk = acc;
    if (has_carried) {
        carried[1] = acc;
        chunk = hl_make_cons(carried);
    }
    for (size_t i = 0; i < m; i++) {
        if (i == skip) continue;
        val[2 * i + 1] = chunk;
        chunk = hl_make_cons(&val[2 * i]);
    }
    hl_term ns = hl_tuple_init(mem + 4, 4);
    hl_tuple_elems(ns)[0] = hl_make_small(tag);
    hl_tuple_elems(ns)[1] = x, hl_tuple_elems(ns)[2] = y, hl_tuple_elems(ns)[3] = s;
    hl_term res = hl_tuple_init(mem, 3);
    hl_tuple_elems(res)[0] = chunk, hl_tuple_elems(res)[1] = t, hl_tuple_elems(res)[2] = ns;
    hl_heap_trim(&p->heap, mem, words, 11 + 2 * m);
    *out = res;
    return HL_TERM_OK;
}
