/* bif_phash.c — erlang:phash2/1,2 with OTP's values: the portable term
 * hash of erts (Bob Jenkins' mix over 32-bit words, type constants, atoms
 * by their name's hashpjw, strings four bytes at a time), reimplemented
 * here from its documented behaviour and checked against erl by
 * tests/conformance/std_erl_phash2*.erl. Iterative, with its pending work
 * on the trap's root stack, and yielding (vm/vm_trap.h): a quantum of
 * nodes or bytes per call, whatever the term's size. A map hashes as the
 * xor of its pairs' hashes (each key then value from 0), so its value does
 * not depend on its layout. Funs are not hashed (badarg): OTP hashes them
 * by code identity (module MD5, fun index) this VM does not share. The
 * walk is shared with erlang:phash/2, which hashes maps by phash2's walk. */
#include <string.h>

#include "base/mem.h"
#include "vm/bif_registry.h"
#include "term/bignum.h"
#include "term/map.h"
#include "vm/vm_internal.h"
#include "vm/phash_common.h"
#include "vm/vm_std.h"
#include "vm/vm_trap.h"

/* Golden ratio and its multiples mod 2^32: the type constants. */
#define K1 0x9e3779b9u
#define K2 0x3c6ef372u
#define K3 0xdaa66d2bu
#define K4 0x78dde6e4u
#define K9 0x8ff34781u
#define K10 0x2e2ac13au
#define K11 0xcc623af3u
#define K12 0x6a99b4acu
#define K13 0x08d12e65u
#define K15 0x454021d7u
#define K16 0xe3779b90u
#define K19 0xbe1e08bbu
#define NIL_TAG 2u /* the tag erts mixes in for [] inside a term */
#define NIL_FIRST 3468870702u

static inline void mix(uint32_t *a, uint32_t *b, uint32_t *c) {
    *a -= *b, *a -= *c, *a ^= *c >> 13;
    *b -= *c, *b -= *a, *b ^= *a << 8;
    *c -= *a, *c -= *b, *c ^= *b >> 13;
    *a -= *b, *a -= *c, *a ^= *c >> 12;
    *b -= *c, *b -= *a, *b ^= *a << 16;
    *c -= *a, *c -= *b, *c ^= *b >> 5;
    *a -= *b, *a -= *c, *a ^= *c >> 3;
    *b -= *c, *b -= *a, *b ^= *a << 10;
    *c -= *a, *c -= *b, *c ^= *b >> 15;
}

static inline void hash2(uint32_t *h, uint32_t x, uint32_t y, uint32_t k) {
    uint32_t a = k + x, b = k + y;
    mix(&a, &b, h);
}

static void hash_int(uint32_t *h, hl_term t) {
    if (hl_is_small(t)) {
        int64_t v = hl_small_val(t);
        if (v >= -(1 << 27) && v < (1 << 27)) {
            int32_t y = (int32_t)v;
            if (y < 0) hash2(h, (uint32_t)-y, 0, K1); /* erts mixes negatives twice */
            hash2(h, (uint32_t)y, 0, K1);
            return;
        }
        uint64_t m = v < 0 ? -(uint64_t)v : (uint64_t)v;
        hash2(h, (uint32_t)m, (uint32_t)(m >> 32), v < 0 ? K10 : K11);
        return;
    }
    uint32_t k = hl_big_is_neg(t) ? K10 : K11;
    size_t n = hl_big_nlimbs(t);
    const uint64_t *d = hl_big_limbs(t);
    for (size_t i = 0; i < n; i++) hash2(h, (uint32_t)d[i], (uint32_t)(d[i] >> 32), k);
}

/* The walk's pending work is a stack of frames on p->trap.roots, two terms
 * each: a term and a small holding the frame's kind (low 3 bits) and its
 * state; a map's frame is four terms (below). Only the top frame can be a
 * byte run or a bitstring in progress. */
enum {
    F_TERM,  /* visit the term (the rest of a list) */
    F_TUPLE, /* the tuple's elements from index state on */
    F_RUN,   /* a run of byte elements in progress: state = count | pending << 2 */
    F_BITS,  /* a bitstring's bytes from state on */
    F_MAP,   /* [Map, Cursor, SavedH, tag(state = SavedX)]: the pairs after Cursor
              * (an io-order map cursor), then the map's closing mix */
    F_PAIR,  /* a pair's key and value are hashed: xor it into the map's */
};
/* Work units: one per node visited, one per 2 bytes of a bitstring. */
#define Q HL_VM_TRAP_QUANTUM

static inline hl_term frame_tag(unsigned kind, uint64_t state) { return hl_make_small((int64_t)(kind | state << 3)); }

void hl_phash2_save(hl_vm_proc *p, const hl_phash2_regs *r) {
    p->trap.n[0] = r->h | (uint64_t)r->x << 32;
    p->trap.n[1] = r->a | (uint64_t)r->b << 32;
    p->trap.n[2] = r->c;
}

void hl_phash2_load(const hl_vm_proc *p, hl_phash2_regs *r) {
    r->h = (uint32_t)p->trap.n[0], r->x = (uint32_t)(p->trap.n[0] >> 32);
    r->a = (uint32_t)p->trap.n[1], r->b = (uint32_t)(p->trap.n[1] >> 32);
    r->c = (uint32_t)p->trap.n[2];
}

/* Bytes of a bitstring from *i, as erts hashes them (twelve at a time,
 * then the tail, then the bits past the last whole byte), until done (true)
 * or the quantum is used up (false: *i and r hold the place). */
static bool hash_bits_from(hl_term t, hl_phash2_regs *r, uint64_t *i, uint64_t *units) {
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    uint64_t end = off + bits;
    uint64_t sz = bits / 8, rest = bits % 8;
    uint64_t len = sz & 0xFFFFFFFFu; /* erts truncates the size to 32 bits */
    uint64_t j = *i;
    for (; len - j >= 12; j += 12) {
        if (*units >= Q) {
            *i = j;
            return false;
        }
        *units += 6;
        r->a += hl_phash_bit_byte(b, off, end, j) | hl_phash_bit_byte(b, off, end, j + 1) << 8 | hl_phash_bit_byte(b, off, end, j + 2) << 16 |
                hl_phash_bit_byte(b, off, end, j + 3) << 24;
        r->b += hl_phash_bit_byte(b, off, end, j + 4) | hl_phash_bit_byte(b, off, end, j + 5) << 8 | hl_phash_bit_byte(b, off, end, j + 6) << 16 |
                hl_phash_bit_byte(b, off, end, j + 7) << 24;
        r->c += hl_phash_bit_byte(b, off, end, j + 8) | hl_phash_bit_byte(b, off, end, j + 9) << 8 | hl_phash_bit_byte(b, off, end, j + 10) << 16 |
                hl_phash_bit_byte(b, off, end, j + 11) << 24;
        mix(&r->a, &r->b, &r->c);
    }
    r->c += (uint32_t)len;
    uint64_t left = len - j;
    static const unsigned shift[11] = {0, 8, 16, 24, 0, 8, 16, 24, 8, 16, 24};
    for (uint64_t k = 0; k < left; k++) {
        uint32_t v = hl_phash_bit_byte(b, off, end, j + k) << shift[k];
        if (k < 4) r->a += v;
        else if (k < 8) r->b += v;
        else r->c += v;
    }
    mix(&r->a, &r->b, &r->c);
    r->h = r->c;
    if (rest) {
        uint32_t last = (uint32_t)(hl_phash_bit_byte(b, off, end, sz) >> (8 - rest));
        hash2(&r->h, (uint32_t)rest, last, K15);
    }
    return true;
}

/* The next pair of the map frame on top (four terms): *more, the key to
 * visit now in *key, its value and the pair's end pushed; or, past the last
 * pair, the frame popped and the map's closing mix done (!*more). */
static hl_term_status map_step(hl_vm_proc *p, hl_phash2_regs *r, hl_term *key, bool *more) {
    hl_term *fr = &p->trap.roots[p->trap.nroots - 4];
    hl_term map = fr[0];
    hl_map_iter it;
    hl_term k, v;
    if (!hl_map_iter_seek_io(&it, map, (uint64_t)hl_small_val(fr[1]))) return HL_TERM_BADARG; /* not reached */
    if (hl_map_iter_next(&it, &k, &v)) {
        uint64_t cur;
        if (!hl_map_iter_cursor(&it, &cur)) return HL_TERM_SYSTEM_LIMIT; /* 2^22 keys of one hash */
        fr[1] = hl_make_small((int64_t)cur);
        hl_term_status st = hl_vm_trap_push2(p, HL_NIL, frame_tag(F_PAIR, 0));
        if (st == HL_TERM_OK) st = hl_vm_trap_push2(p, v, frame_tag(F_TERM, 0));
        *key = k, *more = true;
        return st;
    }
    uint32_t saved_h = (uint32_t)hl_small_val(fr[2]);
    uint32_t saved_x = (uint32_t)((uint64_t)hl_small_val(fr[3]) >> 3);
    p->trap.nroots -= 4;
    r->h = saved_h;
    hash2(&r->h, r->x, 0, K19);
    r->x = saved_x;
    *more = false;
    return HL_TERM_OK;
}

/* erts' make_hash2 of the frames above `base` (resume) or of t and them,
 * at most about a quantum of work (*units) per call. */
hl_phash2_step hl_phash2_walk(hl_vm_proc *p, hl_term t, bool resume, size_t base, hl_phash2_regs *r, uint64_t *units,
                              hl_term_status *st) {
    hl_term l = HL_NIL;
    uint64_t state = 0; /* of the frame being resumed */
    *st = HL_TERM_OK;
    if (resume) goto pop;
    for (;;) {
        /* visit t */
        ++*units;
        if (hl_is_cons(t)) {
            l = t, state = 0;
            goto run;
        } else if (t == HL_NIL) {
            if (r->h == 0) r->h = NIL_FIRST;
            else hash2(&r->h, NIL_TAG, 0, K2);
        } else if (hl_is_atom(t)) {
            uint32_t v = hl_phash_atom_pjw(t);
            if (r->h == 0) r->h = v;
            else hash2(&r->h, v, 0, K3);
        } else if (hl_is_integer(t)) {
            hash_int(&r->h, t);
            if (!hl_is_small(t)) *units += hl_big_nlimbs(t);
        } else if (hl_is_float(t)) {
            double d = hl_float_val(t);
            if (d == 0.0) d = 0.0; /* -0.0 hashes as 0.0 */
            uint64_t w;
            memcpy(&w, &d, sizeof w);
            hash2(&r->h, (uint32_t)(w >> 32), (uint32_t)w, K12);
        } else if (hl_is_tuple(t)) {
            size_t n = hl_tuple_arity(t);
            hash2(&r->h, (uint32_t)n, 0, K9);
            if (n > 0) {
                /* element 1 now, the others in order after it */
                if (n > 1 && (*st = hl_vm_trap_push2(p, t, frame_tag(F_TUPLE, 1))) != HL_TERM_OK) return HL_PHASH2_FAIL;
                t = hl_tuple_get(t, 0);
                continue;
            }
        } else if (hl_is_binary_obj(t)) {
            const unsigned char *bytes;
            uint64_t off, bits;
            hl_bitstring_view(t, &bytes, &off, &bits);
            uint32_t k = K13 + r->h;
            if (bits == 0) {
                r->h = k;
            } else {
                r->a = r->b = K1, r->c = k, state = 0;
                goto bits;
            }
        } else if (hl_is_map(t)) {
            /* the size, then the xor of the pairs' own hashes (each from 0,
             * key then value), mixed in when the last pair is done */
            size_t n = hl_map_size(t);
            hash2(&r->h, (uint32_t)n, 0, K16);
            if (n > 0) {
                if ((*st = hl_vm_trap_push2(p, t, hl_make_small(0))) != HL_TERM_OK ||
                    (*st = hl_vm_trap_push2(p, hl_make_small((int64_t)r->h), frame_tag(F_MAP, r->x))) != HL_TERM_OK)
                    return HL_PHASH2_FAIL;
                r->h = 0, r->x = 0;
            }
        } else {
            *st = HL_TERM_BADARG; /* funs */
            return HL_PHASH2_FAIL;
        }
    pop:
        if (p->trap.nroots == base) return HL_PHASH2_DONE;
        if (*units >= Q) return HL_PHASH2_YIELD;
        {
            hl_term *top = &p->trap.roots[p->trap.nroots - 2];
            hl_term f = top[0];
            uint64_t tag = (uint64_t)hl_small_val(top[1]);
            unsigned kind = (unsigned)(tag & 7);
            state = tag >> 3;
            if (kind == F_TUPLE) {
                t = hl_tuple_get(f, state);
                if (state + 1 < hl_tuple_arity(f)) top[1] = frame_tag(F_TUPLE, state + 1);
                else p->trap.nroots -= 2;
                continue;
            }
            if (kind == F_MAP) {
                bool more;
                ++*units;
                if ((*st = map_step(p, r, &t, &more)) != HL_TERM_OK) return HL_PHASH2_FAIL;
                if (more) continue;
                goto pop;
            }
            p->trap.nroots -= 2;
            if (kind == F_PAIR) {
                r->x ^= r->h, r->h = 0;
                goto pop;
            }
            if (kind == F_TERM) {
                t = f;
                continue;
            }
            if (kind == F_RUN) {
                l = f;
                goto run;
            }
            t = f;
            goto bits;
        }
    run:
        /* bytes four at a time; the first other element is hashed with the
         * rest of the list after it */
        {
            uint32_t cnt = (uint32_t)(state & 3), sh = (uint32_t)(state >> 2);
            while (hl_is_cons(l) && hl_is_small(hl_car(l)) && hl_small_val(hl_car(l)) >= 0 &&
                   hl_small_val(hl_car(l)) <= 255) {
                if (*units >= Q) {
                    if ((*st = hl_vm_trap_push2(p, l, frame_tag(F_RUN, cnt | (uint64_t)sh << 2))) != HL_TERM_OK)
                        return HL_PHASH2_FAIL;
                    return HL_PHASH2_YIELD;
                }
                sh = (sh << 8) + (uint32_t)hl_small_val(hl_car(l));
                if (cnt == 3) hash2(&r->h, sh, 0, K4), cnt = 0, sh = 0;
                else cnt++;
                l = hl_cdr(l);
                ++*units;
            }
            if (cnt > 0) hash2(&r->h, sh, 0, K4);
            if (hl_is_cons(l)) {
                if ((*st = hl_vm_trap_push2(p, hl_cdr(l), frame_tag(F_TERM, 0))) != HL_TERM_OK) return HL_PHASH2_FAIL;
                t = hl_car(l);
            } else {
                t = l;
            }
            continue;
        }
    bits:
        if (!hash_bits_from(t, r, &state, units)) {
            if ((*st = hl_vm_trap_push2(p, t, frame_tag(F_BITS, state))) != HL_TERM_OK) return HL_PHASH2_FAIL;
            return HL_PHASH2_YIELD;
        }
        goto pop;
    }
}

/* erlang:phash2's hash: OK with *out, a trap (state in p->trap), BADARG for
 * a fun, HEAP_LIMIT or NOMEM when the pending-work stack cannot grow. */
static hl_term_status make_hash2(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term root, uint32_t *out) {
    hl_phash2_regs r = {0, 0, 0, 0, 0};
    uint64_t units = 0;
    bool resume = hl_vm_trap_resuming(p, fn);
    hl_term_status st;
    if (resume) hl_phash2_load(p, &r);
    else p->trap.nroots = 0;
    switch (hl_phash2_walk(p, root, resume, 0, &r, &units, &st)) {
    case HL_PHASH2_DONE:
        *out = r.h;
        st = HL_TERM_OK;
        break;
    case HL_PHASH2_YIELD:
        hl_phash2_save(p, &r);
        return hl_vm_trap_yield(p, fn, units);
    case HL_PHASH2_FAIL:
        break;
    }
    p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
    return hl_vm_trap_end(p, st);
}

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)

BIF(b_phash2_1) {
    uint32_t h = 0;
    hl_term_status st = make_hash2(p, b_phash2_1, a[0], &h);
    if (st != HL_TERM_OK) return st;
    *out = hl_make_small((int64_t)(h & ((1u << 27) - 1)));
    return HL_TERM_OK;
}

/* Range: 1..2^32. */
BIF(b_phash2_2) {
    uint64_t range;
    if (hl_is_small(a[1]) && hl_small_val(a[1]) >= 1 && hl_small_val(a[1]) <= (int64_t)1 << 32)
        range = (uint64_t)hl_small_val(a[1]);
    else
        return HL_TERM_BADARG;
    uint32_t h = 0;
    hl_term_status st = make_hash2(p, b_phash2_2, a[0], &h);
    if (st != HL_TERM_OK) return st;
    *out = hl_make_small((int64_t)(range == (uint64_t)1 << 32 ? h : h % (uint32_t)range));
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_phash[] = {{HL_BI_PHASH2_1, b_phash2_1}, {HL_BI_PHASH2_2, b_phash2_2}};
const size_t hl_vm_bifs_phash_count = sizeof hl_vm_bifs_phash / sizeof hl_vm_bifs_phash[0];
