/* map_hash.c — the 32-bit key hash that places keys in HAMT maps. It
 * reproduces OTP 25's internal map hash (Bob Jenkins' mix over the raw
 * 64-bit words of immediates and a per-type walk of boxed terms) so that
 * large maps iterate, print and encode in the same order as on BEAM.
 * Written from a reading of erts' make_internal_hash; no code copied.
 * Atoms, pids and funs cannot match (OTP hashes atom table indices and
 * node pointers): they hash by name / value, stable across processes.
 * Iterative: an explicit stack of (term, tag) pairs, no recursion on the
 * key's depth; the same walk runs in one go (hl_map_key_hash) or in pieces
 * whose state is a few numbers and that stack (hl_map_hash_walk_step). */
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
/* What a stack entry (term, tag) asks for: hash the term; mix the marker
 * of a list cell whose tail is not a list (the term is []); resume a run
 * of byte heads at a list cell, a binary at w->pos bytes, a bignum at
 * w->pos limbs (a piece ended inside it). */
enum { T_TERM, T_CDR, T_BYTES, T_BIN, T_BIG };

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
 * remaining bytes) over a bitstring's whole bytes, read at any bit offset;
 * byte-aligned data (the usual case) is read without the shifts. */
static inline uint32_t rd32(const unsigned char *k) {
    return k[0] + ((uint32_t)k[1] << 8) + ((uint32_t)k[2] << 16) + ((uint32_t)k[3] << 24);
}

static void read_bytes(const unsigned char *q, unsigned sh, uint64_t from, size_t m, unsigned char *k) {
    for (size_t j = 0; j < m; j++) {
        uint64_t i = from + j;
        k[j] = sh ? (unsigned char)((q[i] << sh) | (q[i + 1] >> (8 - sh))) : q[i];
    }
}

/* Rounds over bytes [from, to) (multiples of 12) of the data at bit off. */
static void block_rounds(hl_map_hash_walk *w, const unsigned char *p, uint64_t off, uint64_t from, uint64_t to) {
    uint32_t a = w->ja, b = w->jb, c = w->jc;
    unsigned sh = (unsigned)(off % 8);
    const unsigned char *q = p + off / 8;
    unsigned char k[12];
    for (uint64_t i = from; i < to; i += 12) {
        const unsigned char *r = q + i;
        if (sh) {
            read_bytes(q, sh, i, 12, k);
            r = k;
        }
        a += rd32(r), b += rd32(r + 4), c += rd32(r + 8);
        jmix(&a, &b, &c);
    }
    w->ja = a, w->jb = b, w->jc = c;
}

/* The last 0..11 bytes and the length: the block hash's value. */
static uint32_t block_tail(hl_map_hash_walk *w, const unsigned char *p, uint64_t off, uint64_t full, uint64_t nbytes) {
    uint32_t a = w->ja, b = w->jb, c = w->jc;
    unsigned char k[12];
    size_t m = (size_t)(nbytes - full);
    read_bytes(p + off / 8, (unsigned)(off % 8), full, m, k);
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

static inline hl_term_status push(hl_map_hash_walk *w, hl_term t, int tag) {
    if (*w->cap - *w->n < 2) {
        hl_term_status st = w->grow(w->ctx);
        if (st != HL_TERM_OK) return st;
    }
    hl_term *v = *w->v;
    v[(*w->n)++] = t;
    v[(*w->n)++] = hl_make_small(tag);
    return HL_TERM_OK;
}

/* Bytes of a binary between checks of the piece's end (~1 µs). */
#define BIN_STRIDE (12 * 256)
/* Limbs of a bignum between checks. */
#define BIG_STRIDE 256

/* A run of byte heads from list cell `cell` (sh/cnt carry a run a piece
 * ended inside), then what follows it pushed. `paused` when the piece
 * ended inside the run (the cell pushed back). */
static hl_term_status list_run(hl_map_hash_walk *w, hl_term cell, uint64_t stop, bool *paused) {
    hl_term t = cell;
    while (is_byte(hl_car(cell))) {
        if (w->units >= w->max) return HL_TERM_BUDGET;
        if (w->units >= stop) {
            *paused = true;
            return push(w, cell, T_BYTES);
        }
        w->units++;
        w->sh = (w->sh << 8) + (uint32_t)hl_small_val(hl_car(cell));
        if (w->cnt == 3) {
            hash2(&w->h, w->sh, 0, HC_4);
            w->cnt = 0;
            w->sh = 0;
        } else {
            w->cnt++;
        }
        t = hl_cdr(cell);
        if (!hl_is_cons(t)) break;
        cell = t;
    }
    if (w->cnt > 0) hash2(&w->h, w->sh, w->cnt, HC_22);
    w->sh = 0, w->cnt = 0;
    if (!hl_is_cons(t)) return push(w, t, T_TERM); /* the tail, next */
    /* a cell whose head is not a byte: its head, then its tail */
    hl_term tail = hl_cdr(cell);
    const_hash(&w->h, HC_17);
    hl_term_status st = push(w, tail, T_TERM);
    if (st == HL_TERM_OK && !hl_is_cons(tail)) st = push(w, HL_NIL, T_CDR);
    if (st == HL_TERM_OK) st = push(w, hl_car(cell), T_TERM);
    return st;
}

/* A bitstring's bytes from w->pos (Jenkins' state in w->ja..jc), then its
 * trailing bits. */
static hl_term_status bin_run(hl_map_hash_walk *w, hl_term t, uint64_t stop, bool *paused) {
    const unsigned char *bp;
    uint64_t off, bits;
    hl_bitstring_view(t, &bp, &off, &bits);
    uint64_t nbytes = bits / 8, full = nbytes - nbytes % 12;
    while (w->pos < full) {
        if (w->units >= stop) {
            *paused = true;
            return push(w, t, T_BIN);
        }
        uint64_t to = full - w->pos > BIN_STRIDE ? w->pos + BIN_STRIDE : full;
        block_rounds(w, bp, off, w->pos, to);
        w->units += (to >> HL_MAP_HASH_BIN_SHIFT) - (w->pos >> HL_MAP_HASH_BIN_SHIFT);
        w->pos = to;
    }
    w->units += (nbytes >> HL_MAP_HASH_BIN_SHIFT) - (w->pos >> HL_MAP_HASH_BIN_SHIFT);
    w->h = block_tail(w, bp, off, full, nbytes);
    unsigned rest = (unsigned)(bits % 8);
    if (rest) {
        uint64_t o = off + nbytes * 8;
        unsigned sh = (unsigned)(o % 8);
        const unsigned char *q = bp + o / 8;
        unsigned v = (unsigned)q[0] << sh;
        if (sh && rest > 8 - sh) v |= q[1] >> (8 - sh);
        v &= 0xFF;
        hash2(&w->h, rest, v >> (8 - rest), HC_15);
    }
    return HL_TERM_OK;
}

/* A bignum's limbs from w->pos. */
static hl_term_status big_run(hl_map_hash_walk *w, hl_term t, uint64_t stop, bool *paused) {
    const hl_term *p = hl_boxed_ptr(t);
    size_t n = (size_t)hl_header_arity(p[0]);
    uint32_t con = hl_header_subtag(p[0]) == HL_SUB_NEG_BIG ? HC_10 : HC_11;
    while (w->pos < n) {
        if (w->units >= stop) {
            *paused = true;
            return push(w, t, T_BIG);
        }
        uint64_t to = n - w->pos > BIG_STRIDE ? w->pos + BIG_STRIDE : n;
        for (uint64_t i = w->pos; i < to; i++) hash2(&w->h, (uint32_t)p[1 + i], (uint32_t)(p[1 + i] >> 32), con);
        w->units += (to >> 2) - (w->pos >> 2);
        w->pos = to;
    }
    return HL_TERM_OK;
}

/* One node (the unit is counted): mixed in, its children pushed. */
static hl_term_status node(hl_map_hash_walk *w, hl_term t, uint64_t stop, bool *paused) {
    if (hl_is_cons(t)) {
        w->sh = 0, w->cnt = 0;
        return list_run(w, t, stop, paused);
    }
    if (hl_is_immed(t)) {
        hash_word(&w->h, otp_immediate(t));
        return HL_TERM_OK;
    }
    const hl_term *p = hl_boxed_ptr(t);
    size_t arity = (size_t)hl_header_arity(p[0]);
    hl_term_status st = HL_TERM_OK;
    switch (hl_header_subtag(p[0])) {
    case HL_SUB_TUPLE:
        hash2(&w->h, (uint32_t)arity, 0, HC_9);
        for (size_t i = arity; i >= 1 && st == HL_TERM_OK; i--) st = push(w, p[i], T_TERM);
        return st;
    case HL_SUB_POS_BIG:
    case HL_SUB_NEG_BIG:
        if ((arity >> 2) > w->max - w->units) return HL_TERM_BUDGET;
        w->pos = 0;
        return big_run(w, t, stop, paused);
    case HL_SUB_FLOAT: {
        double d = hl_float_val(t);
        if (d == 0) d = 0.0;
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        hash2(&w->h, (uint32_t)bits, (uint32_t)(bits >> 32), HC_12);
        return HL_TERM_OK;
    }
    case HL_SUB_HEAP_BIN:
    case HL_SUB_REFC_BIN:
    case HL_SUB_SUB_BIN: {
        const unsigned char *bp;
        uint64_t off, bits;
        hl_bitstring_view(t, &bp, &off, &bits);
        uint32_t con = HC_13 + w->h;
        if (((bits / 8) >> HL_MAP_HASH_BIN_SHIFT) > w->max - w->units) return HL_TERM_BUDGET;
        if (bits == 0) {
            w->h = con;
            return HL_TERM_OK;
        }
        w->ja = GOLDEN, w->jb = GOLDEN, w->jc = con, w->pos = 0;
        return bin_run(w, t, stop, paused);
    }
    case HL_SUB_FLATMAP: {
        size_t n = arity - 1;
        hash2(&w->h, (uint32_t)n, 0, HC_16);
        const hl_term *keys = hl_tuple_elems(p[1]);
        for (size_t i = n; i-- > 0 && st == HL_TERM_OK;)
            if ((st = push(w, p[2 + i], T_TERM)) == HL_TERM_OK) st = push(w, keys[i], T_TERM);
        return st;
    }
    case HL_SUB_HASHMAP: {
        uint64_t info = (uint64_t)hl_small_val(p[1]);
        size_t first = 2;
        if (info & HL_HAMT_HEAD) {
            hash2(&w->h, (uint32_t)hl_small_val(p[2]), 0, HC_16);
            first = 3;
        } else if (arity - 1 == 16 || (info & HL_HAMT_COLLISION)) {
            /* OTP's full inner nodes (and collision nodes) are tuples of
             * [K|V] cells and hash as such. */
            hash2(&w->h, (uint32_t)(arity - 1), 0, HC_9);
            for (size_t i = arity; i >= 2 && st == HL_TERM_OK; i--) st = push(w, p[i], T_TERM);
            return st;
        }
        for (size_t i = first; i <= arity && st == HL_TERM_OK; i++) {
            hl_term c = p[i];
            if (hl_is_cons(c)) {
                if ((st = push(w, hl_cdr(c), T_TERM)) == HL_TERM_OK) st = push(w, hl_car(c), T_TERM);
            } else {
                st = push(w, c, T_TERM);
            }
        }
        return st;
    }
    case HL_SUB_FUN:
        hash2(&w->h, (uint32_t)p[2], (uint32_t)hl_fun_env_size(t), GOLDEN);
        for (size_t i = arity; i > 2 && st == HL_TERM_OK; i--) st = push(w, p[i], T_TERM);
        return st;
    default:
        hash_word(&w->h, (uint64_t)(uintptr_t)p);
        return HL_TERM_OK;
    }
}

hl_term_status hl_map_hash_walk_start(hl_map_hash_walk *w, hl_term key) {
    w->base = *w->n;
    w->h = START_SALT;
    w->ja = w->jb = w->jc = 0, w->sh = w->cnt = 0;
    w->pos = 0, w->units = 0;
    if (w->max == 0) w->max = HL_MAP_HASH_MAX_WORK;
    return push(w, key, T_TERM);
}

hl_term_status hl_map_hash_walk_step(hl_map_hash_walk *w, uint64_t budget, bool *done) {
    uint64_t stop = budget > UINT64_MAX - w->units ? UINT64_MAX : w->units + budget;
    *done = false;
    for (;;) {
        if (*w->n == w->base) {
            *done = true;
            return HL_TERM_OK;
        }
        hl_term *v = *w->v;
        int tag = (int)hl_small_val(v[*w->n - 1]);
        hl_term t = v[*w->n - 2];
        *w->n -= 2;
        bool paused = false;
        hl_term_status st = HL_TERM_OK;
        switch (tag) {
        case T_CDR: const_hash(&w->h, HC_18); continue;
        case T_BYTES: st = list_run(w, t, stop, &paused); break;
        case T_BIN: st = bin_run(w, t, stop, &paused); break;
        case T_BIG: st = big_run(w, t, stop, &paused); break;
        default:
            if (w->units >= stop) return push(w, t, T_TERM); /* the piece ends before it */
            if (w->units >= w->max) return HL_TERM_BUDGET;
            w->units++;
            st = node(w, t, stop, &paused);
            break;
        }
        if (st != HL_TERM_OK || paused) return st;
    }
}

/* ---- in one go: the walk on a stack of its own ---- */

typedef struct local_stack {
    hl_term *v;
    size_t n, cap;
    hl_term local[64];
} local_stack;

static hl_term_status local_grow(void *ctx) {
    local_stack *s = ctx;
    size_t cap = s->cap * 2;
    hl_term *nv = hl_mem_realloc_array(s->v == s->local ? NULL : s->v, cap, sizeof *nv);
    if (!nv) return HL_TERM_NOMEM;
    if (s->v == s->local) memcpy(nv, s->local, sizeof s->local);
    s->v = nv, s->cap = cap;
    return HL_TERM_OK;
}

hl_term_status hl_map_key_hash(hl_term t, uint64_t *budget, uint32_t *out) {
    if (hl_is_immed(t)) {
        uint32_t h = START_SALT;
        hash_word(&h, otp_immediate(t));
        *out = h;
        return HL_TERM_OK;
    }
    /* Every walk is bounded: a key of shared structure has a tree (what
     * is hashed) exponentially larger than its heap size. */
    local_stack s;
    s.v = s.local, s.n = 0, s.cap = sizeof s.local / sizeof s.local[0];
    hl_map_hash_walk w = {.v = &s.v, .n = &s.n, .cap = &s.cap, .grow = local_grow, .ctx = &s};
    w.max = budget ? *budget : HL_MAP_HASH_MAX_WORK;
    hl_term_status st;
    bool done = false;
    if (w.max == 0) st = HL_TERM_BUDGET;
    else if ((st = hl_map_hash_walk_start(&w, t)) == HL_TERM_OK) st = hl_map_hash_walk_step(&w, UINT64_MAX, &done);
    if (s.v != s.local) hl_mem_free(s.v);
    if (budget) *budget -= w.units < *budget ? w.units : *budget;
    *out = w.h;
    return st;
}
