/* etf_encode.c — term_to_binary (etf.h; docs/etf.md): the tags OTP 25 emits
 * by default (atoms as ATOM_EXT when Latin-1, else SMALL_ATOM_UTF8_EXT /
 * ATOM_UTF8_EXT; STRING_EXT for proper byte lists up to 65,535 elements;
 * flat maps in key order), and the zlib-compressed form, kept only when it
 * is smaller (OTP's rule: zlib may use at most the uncompressed size minus
 * the 5 header bytes). Iterative with an explicit stack of pending terms;
 * every pending term writes at least one byte, so the output cap also
 * bounds the stack and the work on heavily shared terms. */
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "term/atom.h"
#include "term/bignum.h"
#include "term/compare.h"
#include "term/etf.h"
#include "term/etf_internal.h"
#include "term/map.h"

typedef struct enc {
    hl_buf *out;
    hl_term *stack;
    size_t sp, cap;
    hl_term inline_stack[64];
    bool utf8_atoms, text_floats, deterministic;
    const char *why;
    hl_term_status fail_st; /* why the last put failed */
} enc;

static bool put(enc *e, const void *p, size_t n) {
    if (n > e->out->limit - e->out->len) {
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

/* Room for n more pending terms (each will write ≥ 1 byte, so more than
 * the output's remaining room can never succeed). */
static hl_term_status reserve(enc *e, size_t n) {
    size_t need;
    if (!hl_size_add(e->sp, n, &need) || need > e->out->limit - e->out->len) {
        e->why = "encoding exceeds the output size limit";
        return HL_TERM_SYSTEM_LIMIT;
    }
    if (need <= e->cap) return HL_TERM_OK;
    size_t ncap = e->cap * 2 > need ? e->cap * 2 : need;
    hl_term *ns = hl_mem_realloc_array(e->stack == e->inline_stack ? NULL : e->stack, ncap,
                                       sizeof *ns);
    if (!ns) {
        e->why = "out of memory";
        return HL_TERM_NOMEM;
    }
    if (e->stack == e->inline_stack) memcpy(ns, e->inline_stack, e->sp * sizeof *ns);
    e->stack = ns;
    e->cap = ncap;
    return HL_TERM_OK;
}

static bool enc_atom(enc *e, hl_term t) {
    size_t n;
    const uint8_t *s = (const uint8_t *)hl_atom_name(hl_atom_index(t), &n);
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

static bool enc_bits(enc *e, hl_term t) {
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(t, &bytes, &off, &bits);
    uint64_t nbytes = (bits + 7) / 8;
    unsigned tail = (unsigned)(bits % 8);
    if (nbytes > UINT32_MAX) {
        e->why = "binary too large for the external format";
        e->fail_st = HL_TERM_SYSTEM_LIMIT;
        return false;
    }
    bool ok = tail ? put8(e, HL_ETF_BIT_BINARY) && put32(e, nbytes) && put8(e, tail)
                   : put8(e, HL_ETF_BINARY) && put32(e, nbytes);
    if (ok && off % 8 == 0 && !tail) {
        ok = put(e, bytes + off / 8, (size_t)nbytes);
    } else {
        /* Unaligned or partial: shift into place, unused low bits zero. */
        uint8_t chunk[256];
        size_t c = 0;
        for (uint64_t k = 0; ok && k < nbytes; k++) {
            uint64_t bit = off + 8 * k;
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
    return ok;
}

/* A proper list of at most 65,535 integers 0..255? (OTP's STRING_EXT rule.)
 * *len gets the number of cons cells and *tail the final tail either way. */
static bool list_scan(hl_term t, size_t *len, hl_term *tail) {
    size_t n = 0;
    bool bytes = true;
    for (; hl_is_cons(t); t = hl_cdr(t), n++) {
        hl_term h = hl_car(t);
        if (!(hl_is_small(h) && hl_small_val(h) >= 0 && hl_small_val(h) <= 255)) bytes = false;
    }
    *len = n;
    *tail = t;
    return bytes && t == HL_NIL && n <= 65535;
}

/* [deterministic]: a large map's n pairs pushed (room reserved) so they are
 * written in map-key order (exact term order, integers before floats), as
 * OTP 25 does; flat maps are in that order already. A stable bottom-up
 * merge sort of the keys' indexes; comparisons under one budget. */
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
        for (size_t i = got; i-- > 0;) {
            e->stack[e->sp++] = kv[2 * from[i] + 1];
            e->stack[e->sp++] = kv[2 * from[i]];
        }
    } else {
        e->why = st == HL_TERM_BUDGET ? "map keys too costly to order" : "out of memory";
        st = st == HL_TERM_BUDGET ? HL_TERM_SYSTEM_LIMIT : st;
    }
    hl_mem_free(kv), hl_mem_free(ix);
    return st;
}

static hl_term_status enc_term(enc *e, hl_term root) {
    hl_term_status st = reserve(e, 1);
    if (st != HL_TERM_OK) return st;
    e->stack[e->sp++] = root;
    while (e->sp) {
        hl_term t = e->stack[--e->sp];
        bool ok = true;
        if (hl_is_integer(t)) ok = enc_integer(e, t);
        else if (hl_is_atom(t)) ok = enc_atom(e, t);
        else if (t == HL_NIL) ok = put8(e, HL_ETF_NIL);
        else if (hl_is_cons(t)) {
            size_t n;
            hl_term tail;
            if (list_scan(t, &n, &tail)) {
                ok = put8(e, HL_ETF_STRING) && put16(e, (unsigned)n);
                for (; ok && hl_is_cons(t); t = hl_cdr(t)) ok = put8(e, (unsigned)hl_small_val(hl_car(t)));
            } else {
                if (n > UINT32_MAX) {
                    e->why = "list too long for the external format";
                    return HL_TERM_SYSTEM_LIMIT;
                }
                ok = put8(e, HL_ETF_LIST) && put32(e, n);
                if (ok) {
                    if ((st = reserve(e, n + 1)) != HL_TERM_OK) return st;
                    e->stack[e->sp] = tail;
                    size_t k = e->sp + n;
                    for (; hl_is_cons(t); t = hl_cdr(t)) e->stack[k--] = hl_car(t);
                    e->sp += n + 1;
                }
            }
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
                if (ok && n) {
                    if ((st = reserve(e, n)) != HL_TERM_OK) return st;
                    for (size_t i = n; i-- > 0;) e->stack[e->sp++] = hl_tuple_get(t, i);
                }
                break;
            }
            case HL_SUB_FLOAT: ok = enc_float(e, hl_float_val(t)); break;
            case HL_SUB_HEAP_BIN:
            case HL_SUB_REFC_BIN:
            case HL_SUB_SUB_BIN:
                ok = enc_bits(e, t);
                break;
            case HL_SUB_FLATMAP: {
                size_t n = hl_flatmap_size(t);
                hl_term keys = hl_flatmap_keys(t);
                const hl_term *vals = hl_flatmap_values(t);
                ok = put8(e, HL_ETF_MAP) && put32(e, n);
                if (ok && n) {
                    if ((st = reserve(e, 2 * n)) != HL_TERM_OK) return st;
                    for (size_t i = n; i-- > 0;) {
                        e->stack[e->sp++] = vals[i];
                        e->stack[e->sp++] = hl_tuple_get(keys, i);
                    }
                }
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
                if (ok && e->deterministic) {
                    if ((st = reserve(e, 2 * n)) != HL_TERM_OK) return st;
                    if ((st = push_sorted_pairs(e, t, n)) != HL_TERM_OK) return st;
                } else if (ok) {
                    if ((st = reserve(e, 2 * n)) != HL_TERM_OK) return st;
                    hl_map_iter it;
                    hl_map_iter_init(&it, t);
                    hl_term k, v;
                    size_t top = e->sp + 2 * n, i = 0;
                    while (i < n && hl_map_iter_next(&it, &k, &v)) {
                        e->stack[top - 1 - 2 * i] = k;
                        e->stack[top - 2 - 2 * i] = v;
                        i++;
                    }
                    e->sp = top;
                }
                break;
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
        if (!ok) return e->fail_st;
    }
    return HL_TERM_OK;
}

/* Replaces out[base..] (131 + body) by the compressed form when zlib fits
 * it in body - 5 bytes; leaves it as is otherwise. The same slices as the
 * builtin's steps, in one go. */
static hl_term_status compress_body(enc *e, size_t base, int level) {
    hl_buf *out = e->out;
    hl_etf_deflate *d;
    hl_term_status st = hl_etf_deflate_new((const uint8_t *)out->data + base + 1, out->len - base - 1, level, &d);
    if (st != HL_TERM_OK || !d) {
        if (st != HL_TERM_OK) e->why = "out of memory (zlib)";
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
        e->why = "out of memory (zlib)";
    }
    hl_etf_deflate_free(d);
    return st;
}

hl_term_status hl_etf_encode(hl_term t, const hl_etf_encode_opts *opts, hl_buf *out,
                             hl_etf_error *err) {
    enc e;
    memset(&e, 0, sizeof e);
    e.out = out;
    e.stack = e.inline_stack;
    e.cap = sizeof e.inline_stack / sizeof e.inline_stack[0];
    e.utf8_atoms = opts && opts->utf8_atoms;
    e.text_floats = opts && opts->text_floats;
    e.deterministic = opts && opts->deterministic;
    size_t base = out->len;
    hl_term_status st;
    if (out->failed) {
        if (err) *err = (hl_etf_error){"output buffer already failed", 0};
        return HL_TERM_BADARG;
    }
    if (!put8(&e, HL_ETF_VERSION)) {
        st = e.fail_st;
    } else {
        st = enc_term(&e, t);
        if (st == HL_TERM_OK && opts && opts->compress > 0)
            st = compress_body(&e, base, opts->compress > 9 ? 9 : opts->compress);
    }
    if (e.stack != e.inline_stack) hl_mem_free(e.stack);
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
