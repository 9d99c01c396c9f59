/* compare.c — term order (see compare.h). A work item is a pair of term
 * sequences still to compare element by element; tuples, list cells (head,
 * tail) and map keys/values push one item each, and the last element of an
 * item is taken after the item is popped, so walking a list keeps the stack
 * flat. */
#include "term/compare.h"

#include <string.h>

#include "base/mem.h"
#include "term/atom.h"
#include "term/bignum.h"
#include "term/hamt.h"
#include "term/map.h"

typedef struct item {
    const hl_term *a, *b;
    size_t n;
    bool exact;
} item;

typedef struct stack {
    item *v;
    size_t n, cap;
    item local[24];
} stack;

static bool grow(stack *s) {
    size_t cap = s->cap * 2;
    item *nv = s->v == s->local ? hl_mem_realloc_array(NULL, cap, sizeof *nv)
                                : hl_mem_realloc_array(s->v, cap, sizeof *nv);
    if (!nv) return false;
    if (s->v == s->local) memcpy(nv, s->local, sizeof s->local);
    s->v = nv;
    s->cap = cap;
    return true;
}

static inline bool push(stack *s, const hl_term *a, const hl_term *b, size_t n, bool exact) {
    if (s->n == s->cap && !grow(s)) return false;
    s->v[s->n++] = (item){a, b, n, exact};
    return true;
}

/* Sorted pair arrays of HAMT maps being compared, freed at the end. */
typedef struct owned_list {
    hl_term **v;
    size_t n, cap;
} owned_list;

/* Sorting a HAMT's keys compares keys, which may hold HAMTs in turn: that
 * nesting is the only C recursion here, bounded by this depth. */
#define HAMT_KEY_NESTING_MAX 8
static _Thread_local unsigned hamt_nesting;

static hl_term_status sorted_pairs(owned_list *o, hl_term map, uint64_t *budget, hl_term **out) {
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 4;
        hl_term **nv = hl_mem_realloc_array(o->v, cap, sizeof *nv);
        if (!nv) return HL_TERM_NOMEM;
        o->v = nv;
        o->cap = cap;
    }
    if (hamt_nesting >= HAMT_KEY_NESTING_MAX) return HL_TERM_BUDGET; /* too much work for one call */
    hamt_nesting++;
    hl_term_status st = hl_hamt_sorted_pairs(map, budget, out);
    hamt_nesting--;
    if (st == HL_TERM_OK) o->v[o->n++] = *out;
    return st;
}

static inline unsigned order_class(hl_term t) {
    switch (t & 3) {
    case HL_TAG_CONS:
        return HL_ORD_LIST;
    case HL_TAG_IMMED:
        switch (t & HL_IMM_MASK) {
        case HL_IMM_SMALL: return HL_ORD_NUMBER;
        case HL_IMM_ATOM: return HL_ORD_ATOM;
        case HL_IMM_SPECIAL: return HL_ORD_NIL;
        default:
            switch (hl_handle_immed_subtag(t)) {
            case HL_HANDLE_PID: return HL_ORD_PID;
            case HL_HANDLE_PORT: return HL_ORD_PORT;
            default: return HL_ORD_REF;
            }
        }
    default:
        switch (hl_header_subtag(hl_boxed_header(t))) {
        case HL_SUB_TUPLE: return HL_ORD_TUPLE;
        case HL_SUB_POS_BIG:
        case HL_SUB_NEG_BIG:
        case HL_SUB_FLOAT: return HL_ORD_NUMBER;
        case HL_SUB_FUN: return HL_ORD_FUN;
        case HL_SUB_FLATMAP:
        case HL_SUB_HASHMAP: return HL_ORD_MAP;
        case HL_SUB_HANDLE: return HL_ORD_REF;
        default: return HL_ORD_BITSTRING;
        }
    }
}

unsigned hl_term_order_class(hl_term t) { return order_class(t); }

static int cmp_double(double x, double y) { return (x > y) - (x < y); } /* 0.0 == -0.0 (OTP 25) */

static int cmp_numbers(hl_term a, hl_term b, bool exact) {
    bool fa = hl_is_float(a), fb = hl_is_float(b);
    if (fa && fb) return cmp_double(hl_float_val(a), hl_float_val(b));
    if (!fa && !fb) return hl_int_cmp(a, b);
    if (exact) return fa ? 1 : -1; /* integers before floats */
    return fa ? -hl_int_cmp_double(b, hl_float_val(a)) : hl_int_cmp_double(a, hl_float_val(b));
}

/* Byte at bit offset `off` of p (8 bits, may straddle two bytes). */
static inline unsigned bits_byte(const unsigned char *p, uint64_t off, uint64_t avail) {
    const unsigned char *q = p + off / 8;
    unsigned sh = (unsigned)(off % 8);
    unsigned v = (unsigned)q[0] << sh;
    if (sh && avail > 8 - sh) v |= q[1] >> (8 - sh);
    return v & 0xFF;
}

int hl_bitstring_cmp_from(hl_term a, hl_term b, uint64_t *from, uint64_t max_bytes) {
    const unsigned char *pa, *pb;
    uint64_t oa, ob, na, nb;
    hl_bitstring_view(a, &pa, &oa, &na);
    hl_bitstring_view(b, &pb, &ob, &nb);
    uint64_t n = na < nb ? na : nb, whole = n - n % 8, start = *from;
    if (whole - start > 8 * max_bytes) { /* a step, not the end */
        uint64_t end = start + 8 * max_bytes;
        if (oa % 8 == 0 && ob % 8 == 0) {
            int c = memcmp(pa + (oa + start) / 8, pb + (ob + start) / 8, (size_t)max_bytes);
            if (c) return c < 0 ? -1 : 1;
        } else {
            for (uint64_t i = start; i < end; i += 8) {
                unsigned x = bits_byte(pa, oa + i, na - i), y = bits_byte(pb, ob + i, nb - i);
                if (x != y) return x < y ? -1 : 1;
            }
        }
        *from = end;
        return 2;
    }
    if (oa % 8 == 0 && ob % 8 == 0) {
        int c = memcmp(pa + (oa + start) / 8, pb + (ob + start) / 8, (size_t)((whole - start) / 8));
        if (c) return c < 0 ? -1 : 1;
    } else {
        for (uint64_t i = start; i + 8 <= n; i += 8) {
            unsigned x = bits_byte(pa, oa + i, na - i), y = bits_byte(pb, ob + i, nb - i);
            if (x != y) return x < y ? -1 : 1;
        }
    }
    uint64_t rest = n % 8, i = n - rest;
    if (rest) {
        unsigned mask = (0xFFu << (8 - rest)) & 0xFF;
        unsigned x = bits_byte(pa, oa + i, na - i) & mask, y = bits_byte(pb, ob + i, nb - i) & mask;
        if (x != y) return x < y ? -1 : 1;
    }
    return (na > nb) - (na < nb);
}

static int cmp_bitstrings(hl_term a, hl_term b) {
    uint64_t from = 0;
    return hl_bitstring_cmp_from(a, b, &from, UINT64_MAX / 16);
}

hl_term_status hl_term_compare(hl_term a, hl_term b, bool exact, uint64_t *budget, int *out) {
    /* No caller gets unbounded work: comparing large maps sorts their keys,
     * which compares keys that may be large maps in turn, so without a cap
     * a few KB of shared structure could cost ~330^depth steps. The one
     * budget is passed down into those nested sorts. */
    uint64_t default_budget = HL_COMPARE_DEFAULT_BUDGET;
    if (!budget) budget = &default_budget;
    stack s;
    s.v = s.local;
    s.n = 0;
    s.cap = sizeof s.local / sizeof s.local[0];
    hl_term_status st = HL_TERM_OK;
    owned_list owned = {NULL, 0, 0};
    int r = 0;
    for (;;) {
        if (a != b) {
            if (budget) {
                if (*budget == 0) { st = HL_TERM_BUDGET; break; }
                --*budget;
            }
            /* Fast paths for the shapes pattern matching compares most:
             * list cells and tuples of equal arity. */
            if (hl_is_cons(a) && hl_is_cons(b)) {
                if (!push(&s, hl_cons_ptr(a), hl_cons_ptr(b), 2, exact)) { st = HL_TERM_NOMEM; break; }
                goto next;
            }
            if (hl_is_boxed(a) && hl_is_boxed(b) && hl_boxed_header(a) == hl_boxed_header(b) &&
                hl_header_subtag(hl_boxed_header(a)) == HL_SUB_TUPLE) {
                size_t n = hl_tuple_arity(a);
                if (n && !push(&s, hl_tuple_elems(a), hl_tuple_elems(b), n, exact)) { st = HL_TERM_NOMEM; break; }
                goto next;
            }
            unsigned ca = order_class(a), cb = order_class(b);
            if (ca != cb) { r = ca < cb ? -1 : 1; break; }
            switch (ca) {
            case HL_ORD_NUMBER:
                /* two bignums of one size compare limb by limb (up to
                 * 524,287): a unit per limb, charged first (a limb pair
                 * read cold is ~2.7 ns, a unit's worth: at a unit per 8
                 * limbs one sort call compared 40 MiB of them, 2.5 ms) */
                if (hl_is_big(a) && hl_is_big(b) && hl_big_nlimbs(a) == hl_big_nlimbs(b)) {
                    uint64_t units = (uint64_t)hl_big_nlimbs(a);
                    if (*budget < units) {
                        st = HL_TERM_BUDGET;
                        break;
                    }
                    *budget -= units;
                }
                r = cmp_numbers(a, b, exact);
                break;
            case HL_ORD_ATOM:
                r = hl_atom_compare(a, b);
                break;
            case HL_ORD_PID:
            case HL_ORD_PORT:
            case HL_ORD_REF:
                if (hl_is_boxed(a) || hl_is_boxed(b)) /* boxed handles: later */
                    r = hl_is_boxed(a) - hl_is_boxed(b);
                else
                    r = (a > b) - (a < b);
                break;
            case HL_ORD_NIL:
                break;
            case HL_ORD_BITSTRING: {
                /* long ones are work, charged first: a unit per 64 bytes
                 * (memcmp), per 4 bytes at an odd bit offset (shifts) */
                const unsigned char *ignored;
                uint64_t oa, ob, ba, bb;
                hl_bitstring_view(a, &ignored, &oa, &ba);
                hl_bitstring_view(b, &ignored, &ob, &bb);
                uint64_t units = (ba < bb ? ba : bb) >> ((oa | ob) % 8 ? 5 : 9);
                if (*budget < units) {
                    st = HL_TERM_BUDGET;
                    break;
                }
                *budget -= units;
                r = cmp_bitstrings(a, b);
                break;
            }
            case HL_ORD_TUPLE: {
                size_t na = hl_tuple_arity(a), nb = hl_tuple_arity(b);
                if (na != nb) r = na < nb ? -1 : 1;
                else if (na && !push(&s, hl_tuple_elems(a), hl_tuple_elems(b), na, exact)) st = HL_TERM_NOMEM;
                break;
            }
            case HL_ORD_LIST:
                if (!push(&s, hl_cons_ptr(a), hl_cons_ptr(b), 2, exact)) st = HL_TERM_NOMEM;
                break;
            case HL_ORD_MAP: {
                /* Size, then keys in map-key order (exact), then values.
                 * Flat exactly when ≤ 32 keys, so equal sizes mean equal kinds. */
                size_t na = hl_map_size(a), nb = hl_map_size(b);
                if (na != nb) { r = na < nb ? -1 : 1; break; }
                if (!na) break;
                if (hl_is_flatmap(a)) {
                    if (!push(&s, hl_flatmap_values(a), hl_flatmap_values(b), na, exact) ||
                        !push(&s, hl_tuple_elems(hl_flatmap_keys(a)), hl_tuple_elems(hl_flatmap_keys(b)),
                              na, true))
                        st = HL_TERM_NOMEM;
                    break;
                }
                hl_term *pa = NULL, *pb = NULL;
                st = sorted_pairs(&owned, a, budget, &pa);
                if (st == HL_TERM_OK) st = sorted_pairs(&owned, b, budget, &pb);
                if (st == HL_TERM_OK &&
                    (!push(&s, pa + na, pb + na, na, exact) || !push(&s, pa, pb, na, true)))
                    st = HL_TERM_NOMEM;
                break;
            }
            case HL_ORD_FUN: {
                /* Not OTP's order (which uses module names and unique ids):
                 * function index (local funs before external ones of the
                 * same function), then program, then environment. */
                uint64_t ia = hl_boxed_ptr(a)[2], ib = hl_boxed_ptr(b)[2];
                ia = (ia & HL_FUN_EXPORT ? 1 : 0) | (ia & ~HL_FUN_EXPORT) << 1;
                ib = (ib & HL_FUN_EXPORT ? 1 : 0) | (ib & ~HL_FUN_EXPORT) << 1;
                uintptr_t pa = (uintptr_t)hl_fun_program(a), pb = (uintptr_t)hl_fun_program(b);
                size_t na = hl_fun_env_size(a), nb = hl_fun_env_size(b);
                if (ia != ib) r = ia < ib ? -1 : 1;
                else if (pa != pb) r = pa < pb ? -1 : 1;
                else if (na != nb) r = na < nb ? -1 : 1;
                else if (na && !push(&s, hl_fun_env(a), hl_fun_env(b), na, exact)) st = HL_TERM_NOMEM;
                break;
            }
            }
            if (r != 0 || st != HL_TERM_OK) break;
        }
    next:
        /* The next pair that is not the same word (identical words are
         * equal in every mode: shared subterms, atoms, equal smalls). */
        while (s.n) {
            item *it = &s.v[s.n - 1];
            while (it->n && *it->a == *it->b) {
                it->a++;
                it->b++;
                it->n--;
            }
            if (it->n) break;
            s.n--;
        }
        if (s.n == 0) break;
        item *it = &s.v[s.n - 1];
        a = *it->a++;
        b = *it->b++;
        exact = it->exact;
        if (--it->n == 0) s.n--;
    }
    if (s.v != s.local) hl_mem_free(s.v);
    for (size_t i = 0; i < owned.n; i++) hl_mem_free(owned.v[i]);
    hl_mem_free(owned.v);
    *out = r;
    return st;
}
