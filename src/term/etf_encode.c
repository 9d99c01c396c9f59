/* etf_encode.c — term_to_binary (etf.h; docs/etf.md): the tags OTP 25 emits
 * by default (atoms as ATOM_EXT when Latin-1, else SMALL_ATOM_UTF8_EXT /
 * ATOM_UTF8_EXT; STRING_EXT for proper byte lists up to 65,535 elements;
 * flat maps in key order), and the zlib-compressed form, kept only when it
 * is smaller (OTP's rule: zlib may use at most the uncompressed size minus
 * the 5 header bytes; etf_deflate.c). Iterative and resumable: the pending
 * work is a stack of term pairs the caller keeps (a guest's lives with the
 * process's trap roots, so it can stop after any quantum of work and a
 * collection may move every term in between); each entry is a term to
 * encode or the rest of a container, so no step does more than a bounded
 * amount of work. */
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "term/atom.h"
#include "term/bignum.h"
#include "term/compare.h"
#include "term/etf.h"
#include "term/etf_internal.h"
#include "term/map.h"

typedef hl_etf_enc enc;

/* What a stack entry (a, b) is, by b: HL_NIL: encode the term a; a small
 * integer i >= 0: the rest of container a from element (tuple) or byte
 * (binary payload) i; the markers below otherwise. */
#define ENT_LIST hl_make_small(-1)      /* a: the rest of a list (elements, then its tail) */
#define ENT_MAP hl_make_small(-2)       /* a: a hashmap walked by the top iterator */
#define ENT_SCAN hl_make_small(-3)      /* a: how far the list scan has got */
#define ENT_SCAN_HEAD hl_make_small(-4) /* a: the list being scanned (below its ENT_SCAN) */

static bool put(enc *e, const void *p, size_t n) {
    if (n > e->out->limit - e->out->len) {
        e->over_limit = true;
        e->fail_st = HL_TERM_SYSTEM_LIMIT;
        e->why = "encoding exceeds the output size limit";
        return false;
    }
    if (!hl_buf_append(e->out, p, n)) {
        e->fail_st = HL_TERM_NOMEM;
        e->why = "out of memory";
        return false;
    }
    return true;
}
static bool put8(enc *e, unsigned v) {
    uint8_t b = (uint8_t)v;
    return put(e, &b, 1);
}
static bool put16(enc *e, unsigned v) {
    uint8_t b[2] = {(uint8_t)(v >> 8), (uint8_t)v};
    return put(e, b, 2);
}
static bool put32(enc *e, uint64_t v) {
    uint8_t b[4];
    hl_etf_put32(b, (uint32_t)v);
    return put(e, b, 4);
}

static hl_term_status push(enc *e, hl_term a, hl_term b) {
    hl_term_status st = e->roots.push2(e->roots.ctx, a, b);
    if (st != HL_TERM_OK) e->why = st == HL_TERM_NOMEM ? "out of memory" : "pending work exceeds the heap limit";
    return st;
}

static bool enc_atom(enc *e, hl_term t) {
    size_t n;
    const uint8_t *s = (const uint8_t *)hl_atom_name(t, &n);
    bool latin1 = !e->utf8_atoms;
    for (size_t i = 0; latin1 && i < n; i++)
        if (s[i] >= 0x80) {
            if (s[i] != 0xC2 && s[i] != 0xC3) latin1 = false;
            i++; /* names are valid UTF-8: a continuation byte follows */
        }
    if (latin1) {
        uint8_t buf[HL_ATOM_MAX_CHARS];
        size_t o = 0;
        for (size_t i = 0; i < n; i++) {
            if (s[i] < 0x80) buf[o++] = s[i];
            else {
                buf[o++] = (uint8_t)((s[i] & 0x1F) << 6 | (s[i + 1] & 0x3F));
                i++;
            }
        }
        return put8(e, HL_ETF_ATOM) && put16(e, (unsigned)o) && put(e, buf, o);
    }
    if (n < 256) return put8(e, HL_ETF_SMALL_ATOM_UTF8) && put8(e, (unsigned)n) && put(e, s, n);
    return put8(e, HL_ETF_ATOM_UTF8) && put16(e, (unsigned)n) && put(e, s, n);
}

/* Bounded: at most HL_BIG_MAX_BITS / 8 bytes. */
static bool enc_integer(enc *e, hl_term t) {
    if (hl_is_small(t)) {
        int64_t v = hl_small_val(t);
        if (v >= 0 && v <= 255) return put8(e, HL_ETF_SMALL_INTEGER) && put8(e, (unsigned)v);
        if (v >= INT32_MIN && v <= INT32_MAX)
            return put8(e, HL_ETF_INTEGER) && put32(e, (uint64_t)(uint32_t)(int32_t)v);
    }
    hl_intv v;
    hl_intv_of(t, &v);
    size_t nbytes = v.n * 8;
    while (nbytes && ((v.d[(nbytes - 1) / 8] >> (8 * ((nbytes - 1) % 8))) & 0xFF) == 0) nbytes--;
    bool ok = nbytes <= 255 ? put8(e, HL_ETF_SMALL_BIG) && put8(e, (unsigned)nbytes)
                            : put8(e, HL_ETF_LARGE_BIG) && put32(e, nbytes);
    ok = ok && put8(e, v.neg ? 1 : 0);
    for (size_t k = 0; ok && k < nbytes; k++)
        ok = put8(e, (unsigned)(v.d[k / 8] >> (8 * (k % 8))) & 0xFF);
    return ok;
}

static bool enc_float(enc *e, double d) {
    if (e->text_floats) {
        /* FLOAT_EXT: "%.20e", NUL padded to 31 bytes (finite: at most 27) */
        uint8_t b[32] = {HL_ETF_FLOAT};
        snprintf((char *)b + 1, 31, "%.20e", d);
        return put(e, b, 32);
    }
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    uint8_t b[9];
    b[0] = HL_ETF_NEW_FLOAT;
    for (int k = 0; k < 8; k++) b[1 + k] = (uint8_t)(u >> (56 - 8 * k));
    return put(e, b, 9);
}

/* A binary's header; its payload follows as the entry (t, 0). */
static hl_term_status enc_bits_header(enc *e, hl_term t) {
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(t, &bytes, &off, &bits);
    uint64_t nbytes = (bits + 7) / 8;
    unsigned tail = (unsigned)(bits % 8);
    if (nbytes > UINT32_MAX) {
        e->why = "binary too large for the external format";
        return HL_TERM_SYSTEM_LIMIT;
    }
    bool ok = tail ? put8(e, HL_ETF_BIT_BINARY) && put32(e, nbytes) && put8(e, tail)
                   : put8(e, HL_ETF_BINARY) && put32(e, nbytes);
    if (!ok) return e->fail_st;
    return nbytes ? push(e, t, hl_make_small(0)) : HL_TERM_OK;
}

/* Payload bytes [k, k + max) of binary t; the rest pushed back. */
static hl_term_status enc_bits_payload(enc *e, hl_term t, uint64_t k, uint64_t max) {
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(t, &bytes, &off, &bits);
    uint64_t nbytes = (bits + 7) / 8, end = nbytes - k > max ? k + max : nbytes;
    bool ok = true;
    if (off % 8 == 0 && bits % 8 == 0) {
        ok = put(e, bytes + off / 8 + k, (size_t)(end - k));
    } else {
        /* Unaligned or partial: shift into place, unused low bits zero. */
        uint8_t chunk[256];
        size_t c = 0;
        for (uint64_t i = k; ok && i < end; i++) {
            uint64_t bit = off + 8 * i;
            unsigned sh = (unsigned)(bit % 8);
            unsigned v = (unsigned)bytes[bit / 8] << sh;
            /* the next source byte holds bits of the string: in bounds */
            if (sh && (bit / 8 + 1) * 8 < off + bits) v |= bytes[bit / 8 + 1] >> (8 - sh);
            uint64_t have = off + bits - bit; /* bits of this byte that exist */
            if (have < 8) v &= 0xFF00u >> have;
            chunk[c++] = (uint8_t)v;
            if (c == sizeof chunk) {
                ok = put(e, chunk, c);
                c = 0;
            }
        }
        if (ok && c) ok = put(e, chunk, c);
    }
    if (!ok) return e->fail_st;
    return end < nbytes ? push(e, t, hl_make_small((int64_t)end)) : HL_TERM_OK;
}

static hl_term_status push_sorted_pairs(enc *e, hl_term map, size_t n) {
    hl_term *kv = hl_mem_realloc_array(NULL, n, 2 * sizeof *kv);
    size_t *ix = hl_mem_realloc_array(NULL, n, 2 * sizeof *ix);
    if (!kv || !ix) {
        hl_mem_free(kv), hl_mem_free(ix);
        e->why = "out of memory";
        return HL_TERM_NOMEM;
    }
    hl_map_iter it;
    hl_map_iter_init(&it, map);
    size_t got = 0;
    while (got < n && hl_map_iter_next(&it, &kv[2 * got], &kv[2 * got + 1])) got++;
    for (size_t i = 0; i < got; i++) ix[i] = i;
    uint64_t budget = HL_COMPARE_DEFAULT_BUDGET;
    hl_term_status st = HL_TERM_OK;
    size_t *from = ix, *to = ix + n;
    for (size_t w = 1; w < got && st == HL_TERM_OK; w *= 2) {
        for (size_t lo = 0; lo < got; lo += 2 * w) {
            size_t mid = lo + w < got ? lo + w : got, hi = lo + 2 * w < got ? lo + 2 * w : got;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                int r = 0;
                st = hl_term_compare(kv[2 * from[i]], kv[2 * from[j]], true, &budget, &r);
                if (st != HL_TERM_OK) break;
                to[k++] = r <= 0 ? from[i++] : from[j++];
            }
            if (st != HL_TERM_OK) break;
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        size_t *t = from;
        from = to, to = t;
    }
    if (st == HL_TERM_OK) {
        /* the stack pops the first key first: push in reverse */
        for (size_t i = got; i-- > 0 && st == HL_TERM_OK;) {
            st = push(e, kv[2 * from[i] + 1], HL_NIL);
            if (st == HL_TERM_OK) st = push(e, kv[2 * from[i]], HL_NIL);
        }
    } else {
        /* BUDGET is no answer of OTP's (it would encode the map): it stays
         * BUDGET, which stops a guest's run with a reductions fault */
        e->why = st == HL_TERM_BUDGET ? "map keys too costly to order" : "out of memory";
    }
    hl_mem_free(kv), hl_mem_free(ix);
    return st;
}

/* Encodes the term t: writes what it can now, pushes the rest. */
static hl_term_status enc_one(enc *e, hl_term t) {
    bool ok = true;
    if (hl_is_integer(t)) ok = enc_integer(e, t);
    else if (hl_is_atom(t)) ok = enc_atom(e, t);
    else if (t == HL_NIL) ok = put8(e, HL_ETF_NIL);
    else if (hl_is_cons(t)) {
        /* first the scan: its length and whether it is a STRING_EXT */
        e->scan_n = 0, e->scan_bytes = true;
        hl_term_status st = push(e, t, ENT_SCAN_HEAD);
        return st == HL_TERM_OK ? push(e, t, ENT_SCAN) : st;
    } else if (hl_is_boxed(t)) {
        hl_term hd = hl_boxed_header(t);
        switch (hl_header_subtag(hd)) {
        case HL_SUB_TUPLE: {
            size_t n = hl_tuple_arity(t);
            if (n > UINT32_MAX) {
                e->why = "tuple too large for the external format";
                return HL_TERM_SYSTEM_LIMIT;
            }
            ok = n <= 255 ? put8(e, HL_ETF_SMALL_TUPLE) && put8(e, (unsigned)n)
                          : put8(e, HL_ETF_LARGE_TUPLE) && put32(e, n);
            if (ok && n) return push(e, t, hl_make_small(0));
            break;
        }
        case HL_SUB_FLOAT: ok = enc_float(e, hl_float_val(t)); break;
        case HL_SUB_HEAP_BIN:
        case HL_SUB_REFC_BIN:
        case HL_SUB_SUB_BIN: return enc_bits_header(e, t);
        case HL_SUB_FLATMAP: {
            size_t n = hl_flatmap_size(t); /* at most 32: pushed at once */
            ok = put8(e, HL_ETF_MAP) && put32(e, n);
            hl_term_status st = HL_TERM_OK;
            for (size_t i = n; ok && st == HL_TERM_OK && i-- > 0;) {
                st = push(e, hl_flatmap_values(t)[i], HL_NIL);
                if (st == HL_TERM_OK) st = push(e, hl_tuple_get(hl_flatmap_keys(t), i), HL_NIL);
            }
            if (st != HL_TERM_OK) return st;
            break;
        }
        case HL_SUB_HASHMAP: {
            /* pairs in the map's own (OTP's) order, as term_to_binary */
            size_t n = hl_map_size(t);
            if (n > UINT32_MAX) {
                e->why = "map too large for the external format";
                return HL_TERM_SYSTEM_LIMIT;
            }
            ok = put8(e, HL_ETF_MAP) && put32(e, n);
            if (!ok) break;
            if (e->deterministic) return push_sorted_pairs(e, t, n);
            if (e->niters == e->iters_cap) {
                size_t ncap = e->iters_cap ? 2 * e->iters_cap : 4;
                hl_map_iter *ni = hl_mem_realloc_array(e->iters, ncap, sizeof *ni);
                if (!ni) {
                    e->why = "out of memory";
                    return HL_TERM_NOMEM;
                }
                e->iters = ni, e->iters_cap = ncap;
            }
            hl_map_iter_init(&e->iters[e->niters++], t);
            return push(e, t, ENT_MAP);
        }
        case HL_SUB_FUN:
            e->why = "funs cannot be encoded (they never cross the boundary)";
            return HL_TERM_BADARG;
        default:
            e->why = "references and handles cannot be encoded (they never cross the boundary)";
            return HL_TERM_BADARG;
        }
    } else if (hl_is_handle_immed(t)) {
        unsigned s = hl_handle_immed_subtag(t);
        e->why = s == HL_HANDLE_PID    ? "pids cannot be encoded (they never cross the boundary)"
                 : s == HL_HANDLE_PORT ? "ports cannot be encoded (they never cross the boundary)"
                 : s == HL_HANDLE_REF  ? "references cannot be encoded (they never cross the boundary)"
                                       : "internal handles cannot be encoded";
        return HL_TERM_BADARG;
    } else {
        e->why = "not a term";
        return HL_TERM_BADARG;
    }
    return ok ? HL_TERM_OK : e->fail_st;
}

/* The list scan goes on from cursor for at most max cells (*units gets
 * them); at the end of the list it writes the header: STRING_EXT with its
 * bytes (a proper list of at most 65,535 integers 0..255, OTP's rule), or
 * LIST_EXT with the elements and the tail pushed. */
static hl_term_status enc_scan(enc *e, hl_term cursor, uint64_t max, uint64_t *units) {
    uint64_t k = 0;
    for (; hl_is_cons(cursor) && k < max; cursor = hl_cdr(cursor), k++) {
        hl_term h = hl_car(cursor);
        if (!(hl_is_small(h) && hl_small_val(h) >= 0 && hl_small_val(h) <= 255)) e->scan_bytes = false;
    }
    e->scan_n += k, *units += k;
    if (hl_is_cons(cursor)) return push(e, cursor, ENT_SCAN);
    hl_term *items = *e->roots.items;
    hl_term head = items[*e->roots.n - 2]; /* its ENT_SCAN_HEAD entry */
    *e->roots.n -= 2;
    uint64_t n = e->scan_n;
    if (e->scan_bytes && cursor == HL_NIL && n <= 65535) {
        bool ok = put8(e, HL_ETF_STRING) && put16(e, (unsigned)n);
        uint8_t chunk[256];
        size_t c = 0;
        for (hl_term l = head; ok && hl_is_cons(l); l = hl_cdr(l)) {
            chunk[c++] = (uint8_t)hl_small_val(hl_car(l));
            if (c == sizeof chunk) ok = put(e, chunk, c), c = 0;
        }
        if (ok && c) ok = put(e, chunk, c);
        *units += n;
        return ok ? HL_TERM_OK : e->fail_st;
    }
    if (n > UINT32_MAX) {
        e->why = "list too long for the external format";
        return HL_TERM_SYSTEM_LIMIT;
    }
    if (!(put8(e, HL_ETF_LIST) && put32(e, n))) return e->fail_st;
    return push(e, head, ENT_LIST);
}

void hl_etf_enc_init(hl_etf_enc *e, const hl_etf_encode_opts *opts, hl_buf *out, const hl_etf_roots *roots) {
    memset(e, 0, sizeof *e);
    e->out = out;
    e->roots = *roots;
    e->utf8_atoms = opts && opts->utf8_atoms;
    e->text_floats = opts && opts->text_floats;
    e->deterministic = opts && opts->deterministic;
}

hl_term_status hl_etf_enc_start(hl_etf_enc *e, hl_term t) {
    if (!put8(e, HL_ETF_VERSION)) return e->fail_st;
    return push(e, t, HL_NIL);
}

hl_term_status hl_etf_enc_step(hl_etf_enc *e, uint64_t budget, uint64_t *units, bool *done) {
    uint64_t used = 0;
    hl_term_status st = HL_TERM_OK;
    while (*e->roots.n && st == HL_TERM_OK) {
        if (used >= budget) break;
        size_t before = e->out->len;
        hl_term *items = *e->roots.items;
        hl_term a = items[*e->roots.n - 2], b = items[*e->roots.n - 1];
        *e->roots.n -= 2;
        used++;
        if (b == HL_NIL) {
            st = enc_one(e, a);
        } else if (b == ENT_LIST) {
            if (hl_is_cons(a)) {
                st = push(e, hl_cdr(a), ENT_LIST);
                if (st == HL_TERM_OK) st = push(e, hl_car(a), HL_NIL);
            } else {
                st = enc_one(e, a); /* the tail */
            }
        } else if (b == ENT_SCAN) {
            st = enc_scan(e, a, budget - used + 1, &used);
        } else if (b == ENT_MAP) {
            hl_map_iter *it = &e->iters[e->niters - 1];
            hl_term k, v;
            it->map = a; /* a collection may have moved it */
            if (hl_map_iter_next(it, &k, &v)) {
                st = push(e, a, ENT_MAP);
                if (st == HL_TERM_OK) st = push(e, v, HL_NIL);
                if (st == HL_TERM_OK) st = push(e, k, HL_NIL);
            } else {
                e->niters--;
            }
        } else if (hl_is_tuple(a)) {
            size_t i = (size_t)hl_small_val(b), n = hl_tuple_arity(a);
            if (i + 1 < n) st = push(e, a, hl_make_small((int64_t)i + 1));
            if (st == HL_TERM_OK) st = push(e, hl_tuple_get(a, i), HL_NIL);
        } else {
            st = enc_bits_payload(e, a, (uint64_t)hl_small_val(b), budget - used + 1);
        }
        used += e->out->len - before;
    }
    *units = used;
    *done = st == HL_TERM_OK && *e->roots.n == 0;
    return st;
}

void hl_etf_enc_release(hl_etf_enc *e) {
    hl_mem_free(e->iters);
    e->iters = NULL, e->niters = e->iters_cap = 0;
}

/* Replaces out[base..] (131 + body) by the compressed form when zlib fits
 * it in body - 5 bytes; leaves it as is otherwise. The same slices as the
 * builtin's steps, in one go. */
static hl_term_status compress_body(hl_buf *out, size_t base, int level, const char **why) {
    hl_etf_deflate *d;
    hl_term_status st = hl_etf_deflate_new((const uint8_t *)out->data + base + 1, out->len - base - 1, level, &d);
    if (st != HL_TERM_OK || !d) {
        if (st != HL_TERM_OK) *why = "out of memory (zlib)";
        return st;
    }
    bool done = false;
    while (!done && st == HL_TERM_OK) st = hl_etf_deflate_step(d, hl_etf_deflate_slice(level), &done);
    const uint8_t *z;
    size_t zlen;
    if (st == HL_TERM_OK && hl_etf_deflate_result(d, &z, &zlen)) {
        /* zlen <= body + 1: the result fits where the encoding was. */
        memcpy(out->data + base, z, zlen);
        out->len = base + zlen;
        out->data[out->len] = 0;
    } else if (st != HL_TERM_OK) {
        *why = "out of memory (zlib)";
    }
    hl_etf_deflate_free(d);
    return st;
}

/* The one-call encoder's stack of pending pairs: host memory. */
typedef struct host_stack {
    hl_term *items;
    size_t n, cap;
} host_stack;

static hl_term_status host_push2(void *ctx, hl_term a, hl_term b) {
    host_stack *s = ctx;
    if (s->cap - s->n < 2) {
        size_t ncap = s->cap ? 2 * s->cap : 64;
        hl_term *ni = hl_mem_realloc_array(s->items, ncap, sizeof *ni);
        if (!ni) return HL_TERM_NOMEM;
        s->items = ni, s->cap = ncap;
    }
    s->items[s->n++] = a;
    s->items[s->n++] = b;
    return HL_TERM_OK;
}

hl_term_status hl_etf_encode(hl_term t, const hl_etf_encode_opts *opts, hl_buf *out,
                             hl_etf_error *err) {
    if (out->failed) {
        if (err) *err = (hl_etf_error){"output buffer already failed", 0};
        return HL_TERM_BADARG;
    }
    host_stack stack = {0};
    hl_etf_roots roots = {&stack.items, &stack.n, host_push2, &stack};
    hl_etf_enc e;
    hl_etf_enc_init(&e, opts, out, &roots);
    size_t base = out->len;
    hl_term_status st = hl_etf_enc_start(&e, t);
    bool done = false;
    uint64_t units;
    if (st == HL_TERM_OK) st = hl_etf_enc_step(&e, UINT64_MAX, &units, &done);
    if (st == HL_TERM_OK && opts && opts->compress > 0)
        st = compress_body(out, base, opts->compress > 9 ? 9 : opts->compress, &e.why);
    hl_etf_enc_release(&e);
    hl_mem_free(stack.items);
    if (st != HL_TERM_OK) {
        out->len = base;
        if (out->data) out->data[base] = 0;
        out->failed = false;
        if (err) {
            err->reason = e.why ? e.why : "encoding failed";
            err->offset = 0;
        }
    }
    return st;
}
