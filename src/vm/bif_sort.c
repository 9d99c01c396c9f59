/* bif_sort.c — erlang:hl_sort_run/1: a stable merge sort in term order (the
 * order of `=<`: 1 and 1.0 compare equal and keep their input order, as the
 * Erlang merge sort of lib/lists.erl that calls it does) of a proper list of
 * at most HL_SORT_RUN_MAX elements, into a fresh list.
 *
 * Bounded per call: at most HL_SORT_RUN_MAX elements, and one work budget
 * shared by all comparisons of the call (pairs of subterms visited, so huge
 * or heavily shared terms cannot make one call run long). When the budget
 * runs out the answer is the atom `false` and lib/lists.erl sorts that run
 * in Erlang instead (each of its comparisons then is a preemptible guest
 * step). The work done is charged in reductions either way; it depends only
 * on the input, so the charge is deterministic. */
#include "vm/bif_sort.h"

#include "base/mem.h"
#include "term/compare.h"
#include "term/heap.h"
#include "vm/vm_internal.h"

enum {
    SORT_COST_SHIFT = 4,            /* work units per reduction (as bif.c's list builtins) */
    SORT_WORK_BUDGET = 1u << 18,    /* subterm pairs one call may compare */
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
 * result ended (v or tmp). Stops early (s->failed) when the budget runs out. */
static hl_term *merge_sort(sort_ctx *s, hl_term *v, hl_term *tmp, size_t n) {
    hl_term *from = v, *to = tmp;
    for (size_t width = 1; width < n && !s->failed; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            /* Already in order (common for presorted input): copy. */
            if (mid < hi && !le(s, from[mid - 1], from[mid])) {
                while (i < mid && j < hi && !s->failed) {
                    /* Stable: on equality the left run's element goes first. */
                    if (le(s, from[i], from[j])) to[k++] = from[i++];
                    else to[k++] = from[j++];
                }
                if (s->failed) return from;
            }
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        hl_term *t = from;
        from = to, to = t;
    }
    return from;
}

/* The same sort when every element is a small integer (tagged smalls order
 * as their values): no budget can run out (n log2 n < SORT_WORK_BUDGET for
 * n <= HL_SORT_RUN_MAX), so only the comparisons are counted, one work unit
 * each as in le(). */
_Static_assert((uint64_t)HL_SORT_RUN_MAX * 13 < SORT_WORK_BUDGET, "small-integer runs fit the budget");
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

hl_term_status hl_vm_bif_sort_run(struct hl_vm_proc *p, const hl_term *args, hl_term *out) {
    hl_term l = args[0];
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
    /* The result's cells first: a heap-limit retry then repeats no sorting. */
    hl_term *cells;
    hl_term_status st = hl_heap_alloc(&p->heap, 2 * n, &cells);
    if (st != HL_TERM_OK) return st;
    hl_term *buf = hl_mem_realloc_array(NULL, 2 * n, sizeof *buf);
    if (!buf) {
        hl_heap_trim(&p->heap, cells, 2 * n, 0);
        return HL_TERM_NOMEM;
    }
    hl_term t = l;
    bool all_small = true;
    for (size_t i = 0; i < n; i++, t = hl_cdr(t)) {
        buf[i] = hl_car(t);
        all_small &= hl_is_small(buf[i]);
    }
    sort_ctx s = {SORT_WORK_BUDGET, false, HL_TERM_OK};
    hl_term *sorted;
    if (all_small) {
        uint64_t compares;
        sorted = merge_sort_small(buf, buf + n, n, &compares);
        s.budget -= compares;
    } else {
        sorted = merge_sort(&s, buf, buf + n, n);
    }
    uint64_t work = n + (SORT_WORK_BUDGET - s.budget);
    p->bif_cost = work >> SORT_COST_SHIFT;
    if (s.failed) {
        hl_mem_free(buf);
        hl_heap_trim(&p->heap, cells, 2 * n, 0);
        if (s.why == HL_TERM_NOMEM) return HL_TERM_NOMEM;
        *out = HL_AM(false); /* too much comparison work for one call */
        return HL_TERM_OK;
    }
    hl_term acc = HL_NIL;
    for (size_t i = n; i-- > 0;) {
        cells[2 * i] = sorted[i];
        cells[2 * i + 1] = acc;
        acc = hl_make_cons(cells + 2 * i);
    }
    hl_mem_free(buf);
    *out = acc;
    return HL_TERM_OK;
}
