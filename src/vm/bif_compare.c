/* bif_compare.c — the comparison builtins (==, /=, =<, <, >=, >, =:=, =/=,
 * min/2, max/2) on terms of any size, yielding (vm/vm_trap.h,
 * docs/builtins.md). A comparison is first tried with the ordinary
 * comparator (term/compare.c) under a budget of one quantum; one that needs
 * more goes on in a resumable walk whose place is:
 *
 *   trap.t[0], t[1]  the pair being compared next,
 *   trap.roots       the pairs still to compare after it: a stack of
 *                    frames on the trap's root stack (vm/vm_trap.c: host
 *                    memory the collector scans and the heap limit counts),
 *                    each frame a few words with its kind on top (FRAME_*
 *                    below). A frame is popped when its last pair is
 *                    taken and its words are reused by the next push, so
 *                    the walk's memory is bounded by the depth of the
 *                    terms, not by their expanded size (a DAG such as
 *                    dag(K) -> {dag(K-1), dag(K-1)} is walked in K frames;
 *                    a frame on the heap per step once made two equal
 *                    dag(19) terms take 27 MB). Pending indices are
 *                    integers in the frame, updated in place,
 *   t[3], t[4]       the operands (min/max return one of them),
 *   trap.n[0]        exact (=:=) or not,
 *   trap.n[1]        only equality is asked (==, /=, =:=, =/=): large maps
 *                    are then compared pair by pair from a frame (MA's
 *                    pairs from a cursor, each looked up in MB), since
 *                    equal maps need no key order.
 *
 * Lists, tuples and flat maps' values are walked by the frames (a list's
 * tail needs no frame when its heads compare within a small budget); a
 * flat map's keys go to the ordinary comparator, its values from a frame;
 * any other pair (numbers, bitstrings up to 64 KiB, funs) is compared by
 * the ordinary comparator, under its usual budget. Longer bitstrings go a
 * megabyte (64 KiB at an odd bit offset) per call from a frame; hash maps
 * of one size go pair by pair, for equality (above) or for order
 * (map_order_step); two bignums of one size and sign of more than
 * BIG_CHUNK limbs go BIG_CHUNK limbs per call from the top, from a frame
 * (one pass over two 33.5M-bit integers was a 1.4 ms call). One work unit per pair, MAP_PAIR_UNITS per map pair (an
 * iterator seek and a lookup). No budget here is ever an answer: past one
 * the walk returns BUDGET (a reductions fault). */
#include "term/map.h"
#include <string.h>

#include "term/compare.h"
#include "vm/vm_lists.h"
#include "vm/vm_trap.h"

#define H (&p->heap)
/* Work units one call of the comparison walk does: a quarter of the
 * general quantum (a quantum of a walk over two shared-structure terms
 * built apart took ~1.2 ms; bench/adversarial.sh, dag_eq). */
#define Q (HL_VM_TRAP_QUANTUM >> 2)
#define BOOL(c) ((c) ? HL_AM(true) : HL_AM(false))

enum { LEAF_BUDGET = 1u << 20 }; /* hl_vm_cmp's */
enum { SMALL_HEAD = 256 };        /* list heads compared without a frame */
enum { MAP_PAIR_UNITS = 64 };     /* a seek and a lookup, each O(depth): ~0.5 us */
enum { BIN_CHUNK = 1u << 20 };    /* bytes of two long binaries compared per call (~0.1 ms) */
enum { BIG_CHUNK = 1u << 16 };    /* limbs of two long bignums compared per call (2 x 512 KiB: ~0.2 ms cold) */
/* The walk's frames (trap.roots), kind on top:
 *   FRAME_PAIR       A, B, -, kind              a pair still to compare
 *   FRAME_TUPLE      TA, TB, I, kind            elements I.. of two tuples of one arity
 *   FRAME_FLATMAP    MA, MB, I, kind            values I.. of two flat maps with the same keys
 *   FRAME_MAP_EQ     MA, MB, Cursor, kind       equality of two hash maps: MA's pairs from Cursor
 *   FRAME_BIN        A, B, BitOffset, kind      two long bitstrings from BitOffset
 *   FRAME_BIG        A, B, Limbs, kind          two long bignums of one size and sign: limbs [0, Limbs) left
 *   FRAME_MAP_ORDER  MA, MB, Min, Cursor, PhaseSide, kind   (map_order_step) */
enum { FRAME_PAIR, FRAME_TUPLE, FRAME_FLATMAP, FRAME_MAP_EQ, FRAME_BIN, FRAME_MAP_ORDER, FRAME_BIG };
static const unsigned char frame_words[] = {4, 4, 4, 4, 4, 6, 4};

static int top_kind(const hl_vm_proc *p) { return (int)hl_small_val(p->trap.roots[p->trap.nroots - 1]); }
static hl_term *top_frame(hl_vm_proc *p) { return &p->trap.roots[p->trap.nroots - frame_words[top_kind(p)]]; }
static void pop_frame(hl_vm_proc *p) { p->trap.nroots -= frame_words[top_kind(p)]; }

/* Bits of a bitstring and whether it starts on a byte boundary. */
static uint64_t bitstring_bits(hl_term t, bool *aligned) {
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(t, &bytes, &off, &bits);
    *aligned = off % 8 == 0;
    return bits;
}

/* A step of two long bitstrings from bit *i: a megabyte by memcmp, 64 KiB
 * at an odd bit offset. -1/1/0 at the end, 2 to go on at *i. */
static int bin_step(hl_term a, hl_term b, uint64_t *i, uint64_t *units) {
    bool aa, ab;
    bitstring_bits(a, &aa), bitstring_bits(b, &ab);
    uint64_t chunk = aa && ab ? BIN_CHUNK : BIN_CHUNK / 16;
    *units += Q;
    return hl_bitstring_cmp_from(a, b, i, chunk);
}

/* True for two bignums of one size and sign too long for one leaf step. */
static bool long_bigs(hl_term a, hl_term b) {
    return hl_is_big(a) && hl_is_big(b) && hl_big_nlimbs(a) == hl_big_nlimbs(b) && hl_big_nlimbs(a) > BIG_CHUNK &&
           hl_big_is_neg(a) == hl_big_is_neg(b);
}

/* A step of two long bignums (long_bigs): limbs [*left - BIG_CHUNK, *left)
 * from the top down. -1/1 when they differ there (in term order), 0 when
 * every limb is equal, 2 to go on at *left. */
static int big_step(hl_term a, hl_term b, uint64_t *left, uint64_t *units) {
    const uint64_t *da = hl_big_limbs(a), *db = hl_big_limbs(b);
    uint64_t i = *left, lo = i > BIG_CHUNK ? i - BIG_CHUNK : 0;
    *units += Q;
    while (i > lo) {
        i--;
        if (da[i] != db[i]) {
            int c = da[i] < db[i] ? -1 : 1;
            return hl_big_is_neg(a) ? -c : c;
        }
    }
    *left = lo;
    return lo ? 2 : 0;
}

/* The ordinary comparator on a pair the walk does not take apart. Out of
 * its budget (a flat map holding huge values), or of memory, it sets *fail
 * and answers 0, which the walk never uses: it stops with *fail (BUDGET: the
 * run stops with a reductions fault, never with a made-up answer). */
static int leaf(hl_vm_proc *p, hl_term a, hl_term b, bool exact, uint64_t *units, hl_term_status *fail) {
    (void)p;
    uint64_t budget = LEAF_BUDGET;
    int r = 0;
    hl_term_status st = hl_term_compare(a, b, exact, &budget, &r);
    *units += LEAF_BUDGET - budget;
    if (st != HL_TERM_OK) {
        if (*fail == HL_TERM_OK) *fail = st;
        return 0;
    }
    return r;
}

/* Pushes a frame of 4 words (none on failure: HEAP_LIMIT or NOMEM). */
static hl_term_status push(hl_vm_proc *p, int kind, hl_term x, hl_term y, int64_t i) {
    hl_term_status st = hl_vm_trap_push2(p, x, y);
    if (st != HL_TERM_OK) return st;
    if ((st = hl_vm_trap_push2(p, hl_make_small(i), hl_make_small(kind))) != HL_TERM_OK) p->trap.nroots -= 2;
    return st;
}

/* Ordering two hash maps of one size without sorting them (OTP compares
 * the sorted key lists, then the values in key order). The sorted key
 * lists first differ at m, the least key (in map-key order) held by one
 * map only: the map holding it is the smaller. With the same keys, the
 * first differing value in key order decides: the one at the least key
 * whose values differ. Both need only a walk over the pairs keeping a
 * minimum, resumable from a cursor: frame MA, MB, Min, Cursor, PhaseSide,
 * phase 0 MA's keys missing from MB, 1 MB's missing from MA, 2 values
 * that differ; Side 0 while no Min, else -1 (Min in MA) or 1 (PhaseSide is
 * phase * 4 + side + 1). */
enum { STEP_MORE, STEP_EQUAL, STEP_DECIDED, STEP_VALUES };

static hl_term_status push_map_order(hl_vm_proc *p, hl_term a, hl_term b) {
    hl_term_status st = hl_vm_trap_push2(p, a, b);
    if (st != HL_TERM_OK) return st;
    if ((st = hl_vm_trap_push2(p, HL_NIL, hl_make_small(0))) != HL_TERM_OK) {
        p->trap.nroots -= 2;
        return st;
    }
    if ((st = hl_vm_trap_push2(p, hl_make_small(1), hl_make_small(FRAME_MAP_ORDER))) != HL_TERM_OK)
        p->trap.nroots -= 4;
    return st;
}

static int map_order_step(hl_vm_proc *p, hl_term *fw, bool exact, uint64_t *units, int *c, hl_term *va,
                          hl_term *vb, hl_term_status *fail) {
    hl_term ma = fw[0], mb = fw[1];
    int64_t ps = hl_small_val(fw[4]), phase = ps / 4, side = ps % 4 - 1;
    hl_term from = phase == 1 ? mb : ma, other = phase == 1 ? ma : mb;
    hl_map_iter it;
    hl_term k, v, w = HL_NIL;
    uint64_t cursor = 0;
    *units += MAP_PAIR_UNITS;
    bool more = hl_map_iter_seek_io(&it, from, (uint64_t)hl_small_val(fw[3])) && hl_map_iter_next(&it, &k, &v);
    if (more && !hl_map_iter_cursor(&it, &cursor)) { /* past 2^22 keys of one hash: the ordinary comparator */
        *c = leaf(p, ma, mb, exact, units, fail);
        return *c ? STEP_DECIDED : STEP_EQUAL;
    }
    if (!more) {
        if (phase == 0) {
            fw[3] = hl_make_small(0), fw[4] = hl_make_small(1 * 4 + side + 1);
            return STEP_MORE;
        }
        if (phase == 1) {
            if (side) {
                *c = (int)side;
                return STEP_DECIDED;
            }
            fw[3] = hl_make_small(0), fw[4] = hl_make_small(2 * 4 + side + 1);
            return STEP_MORE;
        }
        if (!side) return STEP_EQUAL;
        /* Min is a key of both; finding it compares keys, which may run
         * past their budget (huge keys): then no answer */
        hl_term_status gs = hl_map_get(ma, fw[2], va);
        if (gs == HL_TERM_OK) gs = hl_map_get(mb, fw[2], vb);
        if (gs != HL_TERM_OK) {
            *fail = gs;
            return STEP_MORE;
        }
        return STEP_VALUES; /* the walk compares them, however large */
    }
    fw[3] = hl_make_small((int64_t)cursor);
    bool found = false;
    hl_term_status fs = hl_map_find(other, k, &w, &found);
    if (fs != HL_TERM_OK) { /* a key lookup past its budget: no answer */
        *fail = fs;
        return STEP_MORE;
    }
    bool candidate = phase < 2 ? !found : leaf(p, v, w, exact, units, fail) != 0;
    if (candidate && (side == 0 || leaf(p, k, fw[2], true, units, fail) < 0))
        fw[2] = k, fw[4] = hl_make_small(phase * 4 + (phase == 1 ? 1 : -1) + 1);
    return STEP_MORE;
}

/* Up to a quantum of the walk from (t[0], t[1], trap.roots). OK with *r, a
 * trap with the place saved, or an allocation failure with the place
 * reached saved (so each collection and retry makes progress). */
static hl_term_status walk(hl_vm_proc *p, hl_vm_bif_fn fn, int *r) {
    hl_term a = p->trap.t[0], b = p->trap.t[1];
    bool exact = p->trap.n[0] != 0, eq_only = p->trap.n[1] != 0;
    uint64_t units = 0;
    hl_term_status st, fail = HL_TERM_OK;
    for (;;) {
        if (a != b) {
            if (units >= Q) {
                p->trap.t[0] = a, p->trap.t[1] = b;
                return hl_vm_trap_yield(p, fn, units);
            }
            units++;
            if (hl_is_cons(a) && hl_is_cons(b)) {
                /* Heads that compare within a small budget need no frame;
                 * bigger ones are walked, the tails kept in a frame. */
                hl_term ha = hl_car(a), hb = hl_car(b);
                int c = 0;
                if (ha != hb) {
                    uint64_t budget = SMALL_HEAD;
                    hl_term_status cs = hl_term_compare(ha, hb, exact, &budget, &c);
                    units += SMALL_HEAD - budget;
                    if (cs == HL_TERM_BUDGET) {
                        if ((st = push(p, FRAME_PAIR, hl_cdr(a), hl_cdr(b), 0)) != HL_TERM_OK) goto out_of_room;
                        a = ha, b = hb;
                        continue;
                    }
                    if (cs != HL_TERM_OK) {
                        st = cs;
                        goto failed;
                    }
                }
                if (c) {
                    *r = c;
                    break;
                }
                a = hl_cdr(a), b = hl_cdr(b);
                continue;
            }
            if (hl_is_tuple(a) && hl_is_tuple(b) && hl_tuple_arity(a) == hl_tuple_arity(b)) {
                size_t n = hl_tuple_arity(a);
                if (n == 0) goto pop;
                if (n > 1 && (st = push(p, FRAME_TUPLE, a, b, 1)) != HL_TERM_OK) goto out_of_room;
                a = hl_tuple_get(a, 0), b = hl_tuple_get(b, 0);
                continue;
            }
            if (hl_is_flatmap(a) && hl_is_flatmap(b)) {
                /* size, the keys (sorted in both, compared exactly: small
                 * in practice, the ordinary comparator), then the values
                 * in key order from a frame: values of any size */
                size_t na = hl_map_size(a), nb = hl_map_size(b);
                if (na != nb) {
                    *r = na < nb ? -1 : 1;
                    break;
                }
                if (na == 0) goto pop;
                int c = leaf(p, hl_flatmap_keys(a), hl_flatmap_keys(b), true, &units, &fail);
                if (fail != HL_TERM_OK) goto leaf_failed;
                if (c) {
                    *r = c;
                    break;
                }
                if (na > 1 && (st = push(p, FRAME_FLATMAP, a, b, 1)) != HL_TERM_OK) goto out_of_room;
                a = hl_flatmap_values(a)[0], b = hl_flatmap_values(b)[0];
                continue;
            }
            if (hl_is_map(a) && hl_is_map(b) && !hl_is_flatmap(a) && !hl_is_flatmap(b)) {
                size_t na = hl_map_size(a), nb = hl_map_size(b);
                if (na != nb) { /* maps order by size first */
                    *r = na < nb ? -1 : 1;
                    break;
                }
                st = eq_only ? push(p, FRAME_MAP_EQ, a, b, 0) : push_map_order(p, a, b);
                if (st != HL_TERM_OK) goto out_of_room;
                goto pop;
            }
            if (long_bigs(a, b)) { /* long bignums: a chunk of limbs per step, from a frame */
                if ((st = push(p, FRAME_BIG, a, b, (int64_t)hl_big_nlimbs(a))) != HL_TERM_OK) goto out_of_room;
                goto pop;
            }
            bool aligned;
            if (hl_is_binary_obj(a) && hl_is_binary_obj(b) && bitstring_bits(a, &aligned) > 8 * BIN_CHUNK / 16 &&
                bitstring_bits(b, &aligned) > 8 * BIN_CHUNK / 16) { /* long bitstrings: a chunk per step, from a frame */
                if ((st = push(p, FRAME_BIN, a, b, 0)) != HL_TERM_OK) goto out_of_room;
                goto pop;
            }
            int c = leaf(p, a, b, exact, &units, &fail);
            if (fail != HL_TERM_OK) goto leaf_failed;
            if (c) {
                *r = c;
                break;
            }
        }
    pop:
        if (p->trap.nroots == p->trap.cmp_base) {
            *r = 0;
            break;
        }
        if (units >= Q) { /* (a run of identical pairs counts too) */
            p->trap.t[0] = p->trap.t[1] = HL_NIL;
            return hl_vm_trap_yield(p, fn, units);
        }
        units++;
        hl_term *f = top_frame(p);
        hl_term ta = f[0], tb = f[1];
        switch (top_kind(p)) {
        case FRAME_PAIR:
            a = ta, b = tb;
            pop_frame(p);
            continue;
        case FRAME_MAP_ORDER: { /* ordering two hash maps of one size */
            int c = 0;
            hl_term va, vb;
            int step = map_order_step(p, f, exact, &units, &c, &va, &vb, &fail);
            if (fail != HL_TERM_OK) goto leaf_failed;
            switch (step) {
            case STEP_MORE: goto pop;
            case STEP_EQUAL: pop_frame(p); goto pop;
            case STEP_DECIDED: *r = c; goto decided;
            default: pop_frame(p), a = va, b = vb; continue; /* STEP_VALUES */
            }
        }
        case FRAME_BIN: {
            uint64_t i = (uint64_t)hl_small_val(f[2]);
            int c = bin_step(ta, tb, &i, &units);
            if (c == 2) {
                f[2] = hl_make_small((int64_t)i);
                goto pop;
            }
            pop_frame(p);
            if (c) {
                *r = c;
                goto decided;
            }
            goto pop;
        }
        case FRAME_BIG: {
            uint64_t left = (uint64_t)hl_small_val(f[2]);
            int c = big_step(ta, tb, &left, &units);
            if (c == 2) {
                f[2] = hl_make_small((int64_t)left);
                goto pop;
            }
            pop_frame(p);
            if (c) {
                *r = c;
                goto decided;
            }
            goto pop;
        }
        case FRAME_FLATMAP: { /* the values of two flat maps with the same keys, from I */
            size_t i = (size_t)hl_small_val(f[2]);
            a = hl_flatmap_values(ta)[i], b = hl_flatmap_values(tb)[i];
            if (i + 1 < hl_map_size(ta)) f[2] = hl_make_small((int64_t)i + 1);
            else pop_frame(p);
            continue;
        }
        case FRAME_MAP_EQ: { /* MA's next pair from the cursor, looked up in MB */
            hl_map_iter it;
            hl_term k, vb;
            bool found = false;
            units += MAP_PAIR_UNITS;
            uint64_t cursor;
            if (!hl_map_iter_seek_io(&it, ta, (uint64_t)hl_small_val(f[2])) || !hl_map_iter_next(&it, &k, &a)) {
                pop_frame(p); /* every pair matched */
                goto pop;
            }
            if ((fail = hl_map_find(tb, k, &vb, &found)) != HL_TERM_OK) goto leaf_failed;
            if (!found) {
                *r = 1;
                goto decided;
            }
            if (hl_map_iter_cursor(&it, &cursor)) {
                f[2] = hl_make_small((int64_t)cursor);
            } else { /* past 2^22 keys of one hash: the ordinary comparator */
                pop_frame(p);
                a = ta;
                int c = leaf(p, ta, tb, exact, &units, &fail);
                if (fail != HL_TERM_OK) goto leaf_failed;
                if (c) {
                    *r = c;
                    goto decided;
                }
                goto pop;
            }
            b = vb;
            continue;
        }
        default: { /* FRAME_TUPLE: elements I.. */
            size_t i = (size_t)hl_small_val(f[2]);
            a = hl_tuple_get(ta, i), b = hl_tuple_get(tb, i);
            if (i + 1 < hl_tuple_arity(ta)) f[2] = hl_make_small((int64_t)i + 1);
            else pop_frame(p);
            continue;
        }
        }
    }
decided:
    p->trap.nroots = p->trap.cmp_base; /* (a caller such as lists:member may go on with its own walk) */
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    return HL_TERM_OK;
out_of_room:
    p->trap.t[0] = a, p->trap.t[1] = b;
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    return st;
leaf_failed:
    st = fail;
failed: /* BUDGET (the run stops with a reductions fault) or NOMEM: no answer */
    p->trap.nroots = p->trap.cmp_base;
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    return st;
}

/* Compares x and y for builtin fn: OK with *r (and the operands in *ox,
 * *oy, as they are now), a trap, or an allocation failure. */
static hl_term_status compare(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term x, hl_term y, bool exact, bool eq_only, int *r,
                              hl_term *ox, hl_term *oy) {
    if (!hl_vm_trap_resuming(p, fn)) {
        *ox = x, *oy = y;
        uint64_t budget = Q;
        hl_term_status st = hl_term_compare(x, y, exact, &budget, r);
        if (st == HL_TERM_OK) {
            p->bif_cost += (Q - budget) >> HL_VM_TRAP_COST_SHIFT;
            return HL_TERM_OK;
        }
        if (st != HL_TERM_BUDGET) return st; /* NOMEM: no answer */
        /* More than a quantum: the walk, from the start, with the quantum charged. */
        hl_vm_cmp_walk_start(p, x, y, exact, eq_only);
        return hl_vm_trap_yield(p, fn, Q);
    }
    hl_term_status st = walk(p, fn, r);
    if (st == HL_VM_BIF_TRAP || st == HL_TERM_HEAP_LIMIT) return st;
    *ox = p->trap.t[3], *oy = p->trap.t[4];
    return hl_vm_trap_end(p, st);
}

void hl_vm_cmp_walk_start(hl_vm_proc *p, hl_term x, hl_term y, bool exact, bool eq_only) {
    p->trap.nroots = 0; /* the walk's frames */
    hl_vm_cmp_walk_start_above(p, x, y, exact, eq_only);
}

void hl_vm_cmp_walk_start_above(hl_vm_proc *p, hl_term x, hl_term y, bool exact, bool eq_only) {
    p->trap.t[0] = x, p->trap.t[1] = y, p->trap.t[2] = HL_NIL, p->trap.t[3] = x, p->trap.t[4] = y;
    p->trap.n[0] = exact, p->trap.n[1] = eq_only;
    p->trap.cmp_base = p->trap.nroots;
}

hl_term_status hl_vm_cmp_walk(hl_vm_proc *p, hl_vm_bif_fn fn, int *r) { return walk(p, fn, r); }

#define CMP(name, exact, eq_only, cond)                                                                   \
    hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out) {                                 \
        int c = 0;                                                                                        \
        hl_term x, y;                                                                                     \
        hl_term_status st = compare(p, name, a[0], a[1], exact, eq_only, &c, &x, &y);                     \
        if (st == HL_TERM_OK) *out = BOOL(cond);                                                          \
        return st;                                                                                        \
    }
CMP(hl_vm_bif_eq, false, true, c == 0)
CMP(hl_vm_bif_ne, false, true, c != 0)
CMP(hl_vm_bif_le, false, false, c <= 0)
CMP(hl_vm_bif_lt, false, false, c < 0)
CMP(hl_vm_bif_ge, false, false, c >= 0)
CMP(hl_vm_bif_gt, false, false, c > 0)
CMP(hl_vm_bif_exact_eq, true, true, c == 0)
CMP(hl_vm_bif_exact_ne, true, true, c != 0)
#undef CMP

/* The compare instructions' slow path (interp.c): the same, under keys of
 * its own (functions never called) so an instruction's state and a
 * builtin's can never be taken for each other. */
static hl_term_status instr_key(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    (void)p, (void)a, (void)out;
    return HL_TERM_BADARG;
}
static hl_term_status instr_key_exact(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    (void)p, (void)a, (void)out;
    return HL_TERM_BADARG;
}
hl_term_status hl_vm_cmp_instr(hl_vm_proc *p, hl_term a, hl_term b, bool exact, bool eq_only, int *r) {
    hl_term x, y;
    return compare(p, exact ? instr_key_exact : instr_key, a, b, exact, eq_only, r, &x, &y);
}

hl_term_status hl_vm_bif_min(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    int c = 0;
    hl_term x, y;
    hl_term_status st = compare(p, hl_vm_bif_min, a[0], a[1], false, false, &c, &x, &y);
    if (st == HL_TERM_OK) *out = c <= 0 ? x : y;
    return st;
}
hl_term_status hl_vm_bif_max(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    int c = 0;
    hl_term x, y;
    hl_term_status st = compare(p, hl_vm_bif_max, a[0], a[1], false, false, &c, &x, &y);
    if (st == HL_TERM_OK) *out = c >= 0 ? x : y;
    return st;
}
