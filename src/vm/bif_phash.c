/* bif_phash.c — erlang:phash2/1,2 with OTP's values: the portable term
 * hash of erts (Bob Jenkins' mix over 32-bit words, type constants, atoms
 * by their name's hashpjw, strings four bytes at a time), reimplemented
 * here from its documented behaviour and checked against erl by
 * tests/conformance/std_erl_phash2*.erl. Iterative (an explicit stack),
 * charged by the number of nodes visited and capped in size. Funs and maps
 * are not hashed yet (badarg): their OTP hash depends on internals this VM
 * does not share (fun identity) or on maps the VM does not have yet. */
#include <string.h>

#include "base/mem.h"
#include "term/bignum.h"
#include "vm/vm_internal.h"
#include "vm/vm_std.h"

enum { PHASH_MAX_NODES = 1 << 24, PHASH_COST_SHIFT = 4 };

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

/* hashpjw over the atom's name, a two-byte UTF-8 Latin-1 character taken
 * as its code point (erts hashes atoms that way since names became UTF-8). */
static uint32_t atom_hash(hl_term atom) {
    size_t len;
    const unsigned char *p = (const unsigned char *)hl_atom_name(hl_atom_index(atom), &len);
    uint32_t h = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t v = p[i];
        if (i + 1 < len && (v & 0xFE) == 0xC2 && (p[i + 1] & 0xC0) == 0x80) v = ((v << 6) | (p[++i] & 0x3F)) & 0xFF;
        h = (h << 4) + v;
        uint32_t g = h & 0xf0000000u;
        if (g) h ^= g >> 24, h ^= g;
    }
    return h;
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

/* Byte i of a bitstring that starts `off` bits into b and ends at bit
 * `end`; bits past end read as 0 and the byte after the data is never
 * touched (a trailing partial byte may end exactly at the allocation). */
static inline uint32_t bit_byte(const unsigned char *b, uint64_t off, uint64_t end, uint64_t i) {
    uint64_t bit = off + 8 * i;
    unsigned s = (unsigned)(bit & 7);
    uint32_t hi = b[bit >> 3];
    if (!s) return hi;
    uint32_t lo = ((bit >> 3) + 1) * 8 < end ? b[(bit >> 3) + 1] : 0;
    return ((hi << s) | (lo >> (8 - s))) & 0xFF;
}

/* *nodes is charged a node per 8 bytes: hashing is work like any other. */
static void hash_bits(uint32_t *h, hl_term t, uint64_t *nodes) {
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    uint64_t end = off + bits;
    *nodes += bits / 64;
    uint64_t sz = bits / 8, rest = bits % 8;
    uint32_t k = K13 + *h;
    if (sz == 0 && rest == 0) {
        *h = k;
        return;
    }
    uint32_t a = K1, bb = K1, c = k;
    uint64_t len = sz & 0xFFFFFFFFu, i = 0; /* erts truncates the size to 32 bits */
    for (; len - i >= 12; i += 12) {
        a += bit_byte(b, off, end, i) | bit_byte(b, off, end, i + 1) << 8 | bit_byte(b, off, end, i + 2) << 16 | bit_byte(b, off, end, i + 3) << 24;
        bb += bit_byte(b, off, end, i + 4) | bit_byte(b, off, end, i + 5) << 8 | bit_byte(b, off, end, i + 6) << 16 |
              bit_byte(b, off, end, i + 7) << 24;
        c += bit_byte(b, off, end, i + 8) | bit_byte(b, off, end, i + 9) << 8 | bit_byte(b, off, end, i + 10) << 16 |
             bit_byte(b, off, end, i + 11) << 24;
        mix(&a, &bb, &c);
    }
    c += (uint32_t)len;
    uint64_t left = len - i;
    static const unsigned shift[11] = {0, 8, 16, 24, 0, 8, 16, 24, 8, 16, 24};
    for (uint64_t j = 0; j < left; j++) {
        uint32_t v = bit_byte(b, off, end, i + j) << shift[j];
        if (j < 4) a += v;
        else if (j < 8) bb += v;
        else c += v;
    }
    mix(&a, &bb, &c);
    *h = c;
    if (rest) {
        uint32_t last = (uint32_t)(bit_byte(b, off, end, sz) >> (8 - rest));
        hash2(h, (uint32_t)rest, last, K15);
    }
}

/* erts' make_hash2 of t into *out; BADARG for a fun or a map,
 * SYSTEM_LIMIT past the node cap, NOMEM. *nodes counts the work. */
static hl_term_status make_hash2(hl_term t, uint32_t *out, uint64_t *nodes) {
    hl_term small_stack[64];
    hl_term *stack = small_stack;
    size_t sp = 0, cap = 64;
    hl_term_status st = HL_TERM_OK;
    uint32_t h = 0;
    for (;;) {
        if (++*nodes > PHASH_MAX_NODES) {
            st = HL_TERM_SYSTEM_LIMIT;
            break;
        }
        hl_term push[2] = {0, 0}; /* what to visit after t: at most one push per step */
        size_t npush = 0;
        bool next_is_set = false;
        hl_term next = 0;
        if (hl_is_cons(t)) {
            uint32_t sh = 0;
            int c = 0;
            hl_term l = t;
            while (hl_is_cons(l) && *nodes <= PHASH_MAX_NODES && hl_is_small(hl_car(l)) &&
                   hl_small_val(hl_car(l)) >= 0 && hl_small_val(hl_car(l)) <= 255) {
                sh = (sh << 8) + (uint32_t)hl_small_val(hl_car(l));
                if (c == 3) hash2(&h, sh, 0, K4), c = 0, sh = 0;
                else c++;
                l = hl_cdr(l);
                ++*nodes;
            }
            if (c > 0) hash2(&h, sh, 0, K4);
            if (hl_is_cons(l)) push[npush++] = hl_cdr(l), next = hl_car(l);
            else next = l;
            next_is_set = true;
        } else if (t == HL_NIL) {
            if (h == 0) h = NIL_FIRST;
            else hash2(&h, NIL_TAG, 0, K2);
        } else if (hl_is_atom(t)) {
            uint32_t v = atom_hash(t);
            if (h == 0) h = v;
            else hash2(&h, v, 0, K3);
        } else if (hl_is_integer(t)) {
            hash_int(&h, t);
        } else if (hl_is_float(t)) {
            double d = hl_float_val(t);
            if (d == 0.0) d = 0.0; /* -0.0 hashes as 0.0 */
            uint64_t w;
            memcpy(&w, &d, sizeof w);
            hash2(&h, (uint32_t)(w >> 32), (uint32_t)w, K12);
        } else if (hl_is_tuple(t)) {
            size_t n = hl_tuple_arity(t);
            hash2(&h, (uint32_t)n, 0, K9);
            if (n > 0) {
                /* elements 2..n are visited after element 1, in order */
                if (sp + n > cap) {
                    size_t ncap = cap;
                    while (ncap < sp + n) ncap *= 2;
                    hl_term *ns = hl_mem_realloc_array(stack == small_stack ? NULL : stack, ncap, sizeof *ns);
                    if (!ns) {
                        st = HL_TERM_NOMEM;
                        break;
                    }
                    if (stack == small_stack) memcpy(ns, small_stack, sp * sizeof *ns);
                    stack = ns, cap = ncap;
                }
                for (size_t i = n; i >= 2; i--) stack[sp++] = hl_tuple_get(t, i - 1);
                next = hl_tuple_get(t, 0), next_is_set = true;
            }
        } else if (hl_is_binary_obj(t)) {
            hash_bits(&h, t, nodes);
        } else {
            st = HL_TERM_BADARG; /* funs, maps */
            break;
        }
        if (npush) {
            if (sp + 1 > cap) {
                size_t ncap = cap * 2;
                hl_term *ns = hl_mem_realloc_array(stack == small_stack ? NULL : stack, ncap, sizeof *ns);
                if (!ns) {
                    st = HL_TERM_NOMEM;
                    break;
                }
                if (stack == small_stack) memcpy(ns, small_stack, sp * sizeof *ns);
                stack = ns, cap = ncap;
            }
            stack[sp++] = push[0];
        }
        if (next_is_set) {
            t = next;
            continue;
        }
        if (sp == 0) break;
        t = stack[--sp];
    }
    if (stack != small_stack) hl_mem_free(stack);
    *out = h;
    return st;
}

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)

BIF(b_phash2_1) {
    uint32_t h;
    uint64_t nodes = 0;
    hl_term_status st = make_hash2(a[0], &h, &nodes);
    p->bif_cost = nodes >> PHASH_COST_SHIFT;
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
    uint32_t h;
    uint64_t nodes = 0;
    hl_term_status st = make_hash2(a[0], &h, &nodes);
    p->bif_cost = nodes >> PHASH_COST_SHIFT;
    if (st != HL_TERM_OK) return st;
    *out = hl_make_small((int64_t)(range == (uint64_t)1 << 32 ? h : h % (uint32_t)range));
    return HL_TERM_OK;
}

hl_vm_bif_fn hl_vm_bif_phash_lookup(const char *module, const char *name, uint32_t arity) {
    if (strcmp(module, "erlang") == 0 && strcmp(name, "phash") == 0) return hl_vm_bif_phash1_lookup(module, name, arity);
    if (strcmp(module, "erlang") != 0 || strcmp(name, "phash2") != 0) return NULL;
    return arity == 1 ? b_phash2_1 : arity == 2 ? b_phash2_2 : NULL;
}
