/* hash.c — structural term hash (see hash.h). A work stack of pending terms
 * replaces recursion; list tails are pushed under their heads so walking a
 * list keeps the stack flat. */
#include "term/term_stack.h"
#include "term/hash.h"

#include <string.h>

#include "base/mem.h"
#include "term/atom.h"

static inline uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
    return h * 0xFF51AFD7ED558CCDu;
}

static uint64_t finish(uint64_t h) {
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53u;
    h ^= h >> 33;
    return h;
}

/* Tags mixed in per type, so {1} and [1] differ. */
enum { K_INT = 1, K_NEG, K_FLOAT, K_ATOM, K_TUPLE, K_CONS, K_NIL, K_MAP, K_BITS, K_FUN, K_HANDLE };

static uint64_t hash_bits(uint64_t h, hl_term t) {
    const unsigned char *p;
    uint64_t off, bits;
    hl_bitstring_view(t, &p, &off, &bits);
    h = mix(h, K_BITS);
    h = mix(h, bits);
    const unsigned char *q = p + off / 8;
    unsigned sh = (unsigned)(off % 8);
    uint64_t acc = 0;
    unsigned k = 0;
    for (uint64_t i = 0; i < bits; i += 8) {
        unsigned v = (unsigned)q[i / 8] << sh;
        uint64_t left = bits - i;
        if (sh && left > 8 - sh) v |= q[i / 8 + 1] >> (8 - sh);
        v &= 0xFF;
        if (left < 8) v &= (0xFFu << (8 - left)) & 0xFF;
        acc = (acc << 8) | v;
        if (++k == 8) {
            h = mix(h, acc);
            acc = 0;
            k = 0;
        }
    }
    return mix(h, acc);
}

hl_term_status hl_term_hash(hl_term t, uint64_t seed, uint64_t *budget, uint64_t *out) {
    hl_term_stack s;
    hl_term_stack_init(&s);
    uint64_t h = mix(0x243F6A8885A308D3u, seed);
    hl_term_status st = HL_TERM_OK;
    if (!hl_term_stack_push(&s, t)) return HL_TERM_NOMEM;
    while (s.n && st == HL_TERM_OK) {
        t = s.v[--s.n];
        if (budget) {
            if (*budget == 0) { st = HL_TERM_BUDGET; break; }
            --*budget;
        }
        switch (t & 3) {
        case HL_TAG_CONS:
            h = mix(h, K_CONS);
            if (!hl_term_stack_push(&s, hl_cdr(t)) || !hl_term_stack_push(&s, hl_car(t))) st = HL_TERM_NOMEM;
            continue;
        case HL_TAG_IMMED:
            switch (t & HL_IMM_MASK) {
            case HL_IMM_SMALL: {
                int64_t v = hl_small_val(t);
                h = mix(mix(h, v < 0 ? K_NEG : K_INT), v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
                break;
            }
            case HL_IMM_ATOM:
                h = mix(mix(h, K_ATOM), hl_atom_hash(t));
                break;
            case HL_IMM_SPECIAL:
                h = mix(h, t == HL_NIL ? K_NIL : t);
                break;
            default:
                h = mix(mix(h, K_HANDLE), t);
                break;
            }
            continue;
        default:
            break;
        }
        const hl_term *p = hl_boxed_ptr(t);
        size_t arity = (size_t)hl_header_arity(p[0]);
        switch (hl_header_subtag(p[0])) {
        case HL_SUB_TUPLE:
            h = mix(mix(h, K_TUPLE), arity);
            for (size_t i = arity; i-- > 0 && st == HL_TERM_OK;)
                if (!hl_term_stack_push(&s, p[1 + i])) st = HL_TERM_NOMEM;
            break;
        case HL_SUB_POS_BIG:
        case HL_SUB_NEG_BIG: /* same limbs as a small would give: one word per limb */
            h = mix(h, hl_header_subtag(p[0]) == HL_SUB_NEG_BIG ? K_NEG : K_INT);
            for (size_t i = 0; i < arity; i++) h = mix(h, p[1 + i]);
            break;
        case HL_SUB_FLOAT: {
            double d = hl_float_val(t);
            if (d == 0) d = 0.0; /* 0.0 =:= -0.0 in OTP 25 */
            uint64_t bits;
            memcpy(&bits, &d, sizeof bits);
            h = mix(mix(h, K_FLOAT), bits);
            break;
        }
        case HL_SUB_FLATMAP: {
            size_t n = arity - 1;
            h = mix(mix(h, K_MAP), n);
            const hl_term *keys = hl_tuple_elems(p[1]);
            for (size_t i = n; i-- > 0 && st == HL_TERM_OK;)
                if (!hl_term_stack_push(&s, p[2 + i]) || !hl_term_stack_push(&s, keys[i])) st = HL_TERM_NOMEM;
            break;
        }
        case HL_SUB_HASHMAP:
            /* HAMT nodes are canonical (equal maps have equal shapes), so
             * hashing the nodes field by field is consistent with =:=. */
            h = mix(mix(h, K_MAP), p[1]);
            for (size_t i = arity; i-- > 1 && st == HL_TERM_OK;)
                if (!hl_term_stack_push(&s, p[1 + i])) st = HL_TERM_NOMEM;
            break;
        case HL_SUB_FUN:
            h = mix(mix(mix(h, K_FUN), p[2]), p[1]);
            for (size_t i = arity - 2; i-- > 0 && st == HL_TERM_OK;)
                if (!hl_term_stack_push(&s, p[3 + i])) st = HL_TERM_NOMEM;
            break;
        case HL_SUB_HEAP_BIN:
        case HL_SUB_REFC_BIN:
        case HL_SUB_SUB_BIN:
            h = hash_bits(h, t);
            break;
        default:
            h = mix(mix(h, K_HANDLE), (uint64_t)(uintptr_t)p);
            break;
        }
    }
    hl_term_stack_free(&s);
    *out = finish(h);
    return st;
}
