/* map_hash.c — the 32-bit key hash that places keys in HAMT maps. It
 * reproduces OTP 25's internal map hash (Bob Jenkins' mix over the raw
 * 64-bit words of immediates and a per-type walk of boxed terms) so that
 * large maps iterate, print and encode in the same order as on BEAM.
 * Written from a reading of erts' make_internal_hash; no code copied.
 * Atoms, pids and funs cannot match (OTP hashes atom table indices and
 * node pointers): they hash by name / value, stable across processes.
 * Iterative: an explicit stack, no recursion on the key's depth. */
#include "term/term_stack.h"
#include "term/map_hash.h"

#include <string.h>

#include "base/mem.h"
#include "term/atom.h"

#define GOLDEN 0x9e3779b9u
#define HC_4 0x78dde6e4u
#define HC_9 0x8ff34781u
#define HC_10 0x2e2ac13au
#define HC_11 0xcc623af3u
#define HC_12 0x6a99b4acu
#define HC_13 0x08d12e65u
#define HC_15 0x454021d7u
#define HC_16 0xe3779b90u
#define HC_17 0x81af1549u
#define HC_18 0x1fe68f02u
#define HC_22 0x98c475e6u
#define START_SALT 3432918353u

/* OTP's raw immediate words on a 64-bit VM. */
#define OTP_NIL 0x3Bull
/* Stack marker for "the tail of a list cell was not a list" (header-tagged:
 * never a term value). */
#define MARK_CDR ((hl_term)0x4)

static inline void jmix(uint32_t *a, uint32_t *b, uint32_t *c) {
    *a -= *b; *a -= *c; *a ^= (*c >> 13);
    *b -= *c; *b -= *a; *b ^= (*a << 8);
    *c -= *a; *c -= *b; *c ^= (*b >> 13);
    *a -= *b; *a -= *c; *a ^= (*c >> 12);
    *b -= *c; *b -= *a; *b ^= (*a << 16);
    *c -= *a; *c -= *b; *c ^= (*b >> 5);
    *a -= *b; *a -= *c; *a ^= (*c >> 3);
    *b -= *c; *b -= *a; *b ^= (*a << 10);
    *c -= *a; *c -= *b; *c ^= (*b >> 15);
}

static inline void hash2(uint32_t *h, uint32_t x, uint32_t y, uint32_t k) {
    uint32_t a = k + x, b = k + y;
    jmix(&a, &b, h);
}

static inline void const_hash(uint32_t *h, uint32_t k) {
    *h ^= k;
    *h = (*h << 17) ^ (*h >> 15);
}

static inline void hash_word(uint32_t *h, uint64_t w) { hash2(h, (uint32_t)w, (uint32_t)(w >> 32), GOLDEN); }

/* The word OTP would have for an immediate (smalls and [] exactly; atoms
 * and handles a stand-in of the same shape). */
static uint64_t otp_immediate(hl_term t) {
    switch (t & HL_IMM_MASK) {
    case HL_IMM_SMALL: return ((uint64_t)hl_small_val(t) << 4) | 0xF;
    case HL_IMM_ATOM: return ((uint64_t)hl_atom_hash(t) << 6) | 0xB;
    case HL_IMM_SPECIAL: return t == HL_NIL ? OTP_NIL : t;
    default: return t;
    }
}

/* Jenkins' block hash (12-byte rounds, then the length and the 0..11
 * remaining bytes) over a bitstring's whole bytes, read at any bit offset. */
static void read_bytes(const unsigned char *q, unsigned sh, uint64_t from, size_t m, unsigned char *k) {
    for (size_t j = 0; j < m; j++) {
        uint64_t i = from + j;
        k[j] = sh ? (unsigned char)((q[i] << sh) | (q[i + 1] >> (8 - sh))) : q[i];
    }
}

static uint32_t block_hash(const unsigned char *p, uint64_t off, uint64_t nbytes, uint32_t init) {
    uint32_t a = GOLDEN, b = GOLDEN, c = init;
    unsigned char k[12];
    unsigned sh = (unsigned)(off % 8);
    const unsigned char *q = p + off / 8;
    uint64_t full = nbytes - nbytes % 12, i;
    for (i = 0; i < full; i += 12) {
        read_bytes(q, sh, i, 12, k);
        a += k[0] + ((uint32_t)k[1] << 8) + ((uint32_t)k[2] << 16) + ((uint32_t)k[3] << 24);
        b += k[4] + ((uint32_t)k[5] << 8) + ((uint32_t)k[6] << 16) + ((uint32_t)k[7] << 24);
        c += k[8] + ((uint32_t)k[9] << 8) + ((uint32_t)k[10] << 16) + ((uint32_t)k[11] << 24);
        jmix(&a, &b, &c);
    }
    size_t m = (size_t)(nbytes - full);
    read_bytes(q, sh, full, m, k);
    c += (uint32_t)nbytes;
    switch (m) {
    case 11: c += (uint32_t)k[10] << 24; /* fall through */
    case 10: c += (uint32_t)k[9] << 16; /* fall through */
    case 9: c += (uint32_t)k[8] << 8; /* fall through */
    case 8: b += (uint32_t)k[7] << 24; /* fall through */
    case 7: b += (uint32_t)k[6] << 16; /* fall through */
    case 6: b += (uint32_t)k[5] << 8; /* fall through */
    case 5: b += k[4]; /* fall through */
    case 4: a += (uint32_t)k[3] << 24; /* fall through */
    case 3: a += (uint32_t)k[2] << 16; /* fall through */
    case 2: a += (uint32_t)k[1] << 8; /* fall through */
    case 1: a += k[0]; /* fall through */
    default: break;
    }
    jmix(&a, &b, &c);
    return c;
}

static inline bool is_byte(hl_term t) { return hl_is_small(t) && (uint64_t)hl_small_val(t) <= 255; }

hl_term_status hl_map_key_hash(hl_term t, uint64_t *budget, uint32_t *out) {
    uint32_t h = START_SALT;
    if (hl_is_immed(t)) {
        hash_word(&h, otp_immediate(t));
        *out = h;
        return HL_TERM_OK;
    }
    /* Every walk is bounded: a key of shared structure has a tree (what
     * is hashed) exponentially larger than its heap size. */
    uint64_t default_budget = HL_MAP_HASH_MAX_WORK;
    if (!budget) budget = &default_budget;
    hl_term_stack s;
    hl_term_stack_init(&s);
    hl_term_status st = HL_TERM_OK;
    for (;;) {
        if (*budget == 0) { st = HL_TERM_BUDGET; break; }
        --*budget;
        if (hl_is_cons(t)) {
            uint32_t sh = 0;
            unsigned c = 0;
            hl_term cell = t;
            while (is_byte(hl_car(cell))) {
                if (*budget == 0) break; /* the next node's check stops the walk */
                --*budget;
                sh = (sh << 8) + (uint32_t)hl_small_val(hl_car(cell));
                if (c == 3) {
                    hash2(&h, sh, 0, HC_4);
                    c = 0;
                    sh = 0;
                } else {
                    c++;
                }
                t = hl_cdr(cell);
                if (!hl_is_cons(t)) break;
                cell = t;
            }
            if (c > 0) hash2(&h, sh, c, HC_22);
            if (hl_is_cons(t)) {
                hl_term tail = hl_cdr(cell);
                const_hash(&h, HC_17);
                if (!hl_term_stack_push(&s, tail) || (!hl_is_cons(tail) && !hl_term_stack_push(&s, MARK_CDR))) {
                    st = HL_TERM_NOMEM;
                    break;
                }
                t = hl_car(cell);
            }
            continue; /* t is the tail or the head still to hash */
        }
        if (hl_is_immed(t)) {
            hash_word(&h, otp_immediate(t));
        } else {
            const hl_term *p = hl_boxed_ptr(t);
            size_t arity = (size_t)hl_header_arity(p[0]);
            switch (hl_header_subtag(p[0])) {
            case HL_SUB_TUPLE:
                hash2(&h, (uint32_t)arity, 0, HC_9);
                if (arity == 0) break;
                for (size_t i = arity; i > 1; i--)
                    if (!hl_term_stack_push(&s, p[i])) { st = HL_TERM_NOMEM; break; }
                if (st != HL_TERM_OK) break;
                t = p[1];
                continue;
            case HL_SUB_POS_BIG:
            case HL_SUB_NEG_BIG: {
                uint32_t con = hl_header_subtag(p[0]) == HL_SUB_NEG_BIG ? HC_10 : HC_11;
                for (size_t i = 0; i < arity; i++) hash2(&h, (uint32_t)p[1 + i], (uint32_t)(p[1 + i] >> 32), con);
                break;
            }
            case HL_SUB_FLOAT: {
                double d = hl_float_val(t);
                if (d == 0) d = 0.0;
                uint64_t bits;
                memcpy(&bits, &d, sizeof bits);
                hash2(&h, (uint32_t)bits, (uint32_t)(bits >> 32), HC_12);
                break;
            }
            case HL_SUB_HEAP_BIN:
            case HL_SUB_REFC_BIN:
            case HL_SUB_SUB_BIN: {
                const unsigned char *bp;
                uint64_t off, bits;
                hl_bitstring_view(t, &bp, &off, &bits);
                uint64_t nbytes = bits / 8;
                unsigned rest = (unsigned)(bits % 8);
                uint32_t con = HC_13 + h;
                uint64_t units = nbytes >> HL_MAP_HASH_BIN_SHIFT;
                if (units > *budget) {
                    st = HL_TERM_BUDGET;
                    break;
                }
                *budget -= units;
                if (bits == 0) {
                    h = con;
                } else {
                    h = block_hash(bp, off, nbytes, con);
                    if (rest) {
                        uint64_t o = off + nbytes * 8;
                        unsigned sh = (unsigned)(o % 8);
                        const unsigned char *q = bp + o / 8;
                        unsigned v = (unsigned)q[0] << sh;
                        if (sh && rest > 8 - sh) v |= q[1] >> (8 - sh);
                        v &= 0xFF;
                        hash2(&h, rest, v >> (8 - rest), HC_15);
                    }
                }
                break;
            }
            case HL_SUB_FLATMAP: {
                size_t n = arity - 1;
                hash2(&h, (uint32_t)n, 0, HC_16);
                const hl_term *keys = hl_tuple_elems(p[1]);
                for (size_t i = n; i-- > 0 && st == HL_TERM_OK;)
                    if (!hl_term_stack_push(&s, p[2 + i]) || !hl_term_stack_push(&s, keys[i])) st = HL_TERM_NOMEM;
                break;
            }
            case HL_SUB_HASHMAP: {
                uint64_t info = (uint64_t)hl_small_val(p[1]);
                size_t first = 2;
                if (info & HL_HAMT_HEAD) {
                    hash2(&h, (uint32_t)hl_small_val(p[2]), 0, HC_16);
                    first = 3;
                } else if (arity - 1 == 16 || (info & HL_HAMT_COLLISION)) {
                    /* OTP's full inner nodes (and collision nodes) are
                     * tuples of [K|V] cells and hash as such. */
                    hash2(&h, (uint32_t)(arity - 1), 0, HC_9);
                    for (size_t i = arity; i > 2; i--)
                        if (!hl_term_stack_push(&s, p[i])) { st = HL_TERM_NOMEM; break; }
                    if (st != HL_TERM_OK) break;
                    t = p[2];
                    continue;
                }
                for (size_t i = first; i <= arity && st == HL_TERM_OK; i++) {
                    hl_term c = p[i];
                    if (hl_is_cons(c)) {
                        if (!hl_term_stack_push(&s, hl_cdr(c)) || !hl_term_stack_push(&s, hl_car(c))) st = HL_TERM_NOMEM;
                    } else if (!hl_term_stack_push(&s, c)) {
                        st = HL_TERM_NOMEM;
                    }
                }
                break;
            }
            case HL_SUB_FUN:
                hash2(&h, (uint32_t)p[2], (uint32_t)hl_fun_env_size(t), GOLDEN);
                for (size_t i = arity; i > 2 && st == HL_TERM_OK; i--)
                    if (!hl_term_stack_push(&s, p[i])) st = HL_TERM_NOMEM;
                break;
            default:
                hash_word(&h, (uint64_t)(uintptr_t)p);
                break;
            }
            if (st != HL_TERM_OK) break;
        }
        /* pop the next pending term */
        for (;;) {
            if (s.n == 0) goto done;
            t = s.v[--s.n];
            if (t != MARK_CDR) break;
            const_hash(&h, HC_18);
        }
    }
done:
    hl_term_stack_free(&s);
    *out = h;
    return st;
}
