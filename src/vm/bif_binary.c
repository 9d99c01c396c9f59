/* bif_binary.c — the C cores of the binary and base64 modules (lib/binary.erl,
 * lib/base64.erl): pattern search, hex and base64 chunks, and the binary
 * module's constant-time builtins (at/2, first/1, last/1,
 * referenced_byte_size/1).
 *
 * Every primitive that walks guest data does a bounded chunk per call (a
 * work budget of SEARCH_BUDGET units, at most SEARCH_MAX_HITS matches, or
 * CHUNK_IN input bytes) and answers with a continuation the Erlang caller
 * loops on, so each call stays within about a millisecond (measured on a
 * 16 MB hostile subject: ~0.5 ms) and the loop stays preemptible. Work is
 * charged in reductions (p->bif_cost). Results are computed before anything
 * is allocated and allocation happens in one go, so a call the VM re-runs
 * after a collection (HEAP_LIMIT) does the same thing again.
 *
 * Searching (erlang:hl_bin_find/5): one pattern of up to LONG_PATTERN bytes
 * scans with memchr for its first byte, then compares the rest (O(n*m) at
 * worst, each comparison charged); a longer one, up to HUGE_PATTERN, uses
 * Two-Way (linear). Several patterns test a first-byte set, then each pattern, longest first
 * (lib/binary.erl sorts them), so the first pattern that matches at the
 * leftmost position is the longest, as OTP's; this is not Aho-Corasick, so
 * hostile pattern sets cost O(n * total pattern bytes), charged and
 * preemptible. A pattern longer than HUGE_PATTERN bytes would make even
 * Two-Way's set-up (linear in the pattern, on every call) run long in one
 * call (a 12 MB pattern: 40-75 ms), so it is searched with a rolling hash
 * whose whole state is a few integers carried in the continuation
 * ({Pos, Phase, Done, PatternHash, WindowHash}): hashing the pattern and the
 * first window, rolling the window a position at a time, and verifying a
 * window whose hash matches, each resumable at any byte, so no call does
 * more than its budget whatever the pattern's length (hash collisions, which
 * a crafted input can cause, only cost verification work, charged like the
 * rest). Matches never overlap: the scan resumes after each one.
 * Pieces longer than HL_HEAP_BIN_MAX bytes are sub-binaries of the subject
 * (never copies); shorter ones are heap copies, as OTP makes them. */
#define _GNU_SOURCE /* memmem */
#include <string.h>

#include "base/mem.h"
#include "vm/bif_registry.h"
#include "term/atom.h"
#include "term/bits.h"
#include "vm/vm_internal.h"
#include "vm/vm_bits.h"
#include "vm/vm_std.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    SEARCH_BUDGET = 1 << 19,   /* budget units (bytes examined, plus ATTEMPT_COST a comparison) of one call */
    SEARCH_MAX_HITS = 1 << 14, /* matches one call returns */
    LONG_PATTERN = 256,        /* longer single patterns search with Two-Way */
    HUGE_PATTERN = 1 << 16,    /* longer ones with the resumable rolling hash */
    ATTEMPT_COST = 8,          /* budget units one comparison costs beyond its bytes */
    CHUNK_IN = 3 << 16,        /* input bytes one hex/base64 chunk handles (a multiple of 3 and 4) */
    COST_SHIFT = 6,            /* one reduction per 64 bytes */
};

/* The bytes of a binary (whole bytes, byte-aligned): false for a bitstring
 * or a slice starting inside a byte (callers copy those first). */
static bool bytes_of(hl_term t, const uint8_t **s, size_t *n) {
    if (!hl_is_binary_obj(t)) return false;
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    if (bits % 8 || off % 8) return false;
    *s = b + off / 8;
    *n = (size_t)(bits / 8);
    return true;
}

static hl_term_status small_tuple(hl_vm_proc *p, size_t n, const hl_term *el, hl_term *out) {
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, n + 1, &t);
    if (st != HL_TERM_OK) return st;
    *out = hl_tuple_init(t, n);
    for (size_t i = 0; i < n; i++) t[1 + i] = el[i];
    return HL_TERM_OK;
}

/* ---- search ---- */

typedef struct pat {
    const uint8_t *s;
    size_t n;
} pat;

typedef struct hit {
    size_t pos, len;
} hit;

/* The rolling-hash search's place (one pattern of more than HUGE_PATTERN
 * bytes, m of them): RK_INIT hashing the pattern and the window at pos
 * together (`done` bytes so far), RK_REHASH the window only (after a match:
 * the pattern's hash is known), RK_SCAN the window at pos hashed and not
 * yet checked, RK_VERIFY its first `done` bytes found equal to the
 * pattern's. Hashes are polynomials in RK_BASE modulo 2^58, so they fit a
 * small integer in the continuation. */
enum { RK_INIT, RK_SCAN, RK_VERIFY, RK_REHASH };
#define RK_MASK ((UINT64_C(1) << 58) - 1)
#define RK_BASE UINT64_C(0x9E3779B97F4A7C15)
typedef struct rk {
    int phase;
    size_t done;
    uint64_t hp, hw;
    uint64_t top; /* RK_BASE^(m-1): what the byte leaving the window weighs */
} rk;

typedef struct search {
    const uint8_t *s;
    size_t stop;       /* matches end at or before stop */
    pat *pats;
    size_t npats, minlen;
    uint8_t first[32]; /* first bytes of the patterns (a bit set) */
    uint64_t budget;   /* bytes left to examine */
    uint64_t work;
    bool huge;         /* one pattern of more than HUGE_PATTERN bytes: rk */
    rk rk;
} search;

static void charge(search *x, uint64_t c) {
    x->work += c;
    x->budget = x->budget > c ? x->budget - c : 0;
}

static size_t common(search *x, const uint8_t *a, const uint8_t *b, size_t n);

/* find_next for one huge pattern: the rolling hash, resumable at any byte
 * (x->rk), at most the budget's worth of work. */
static int find_next_huge(search *x, size_t *pos, hit *h) {
    const pat *pt = &x->pats[0];
    const size_t m = pt->n;
    const uint8_t *s = x->s, *ps = pt->s;
    rk *r = &x->rk;
    size_t i = *pos;
    for (;;) {
        if (i > x->stop || m > x->stop - i) { /* no window fits: no match */
            *pos = x->stop, r->phase = RK_INIT, r->done = 0, r->hp = r->hw = 0;
            return 0;
        }
        if (x->budget == 0) {
            *pos = i;
            return -1;
        }
        switch (r->phase) {
        case RK_INIT:
        case RK_REHASH: { /* two units a byte (both hashes) or one */
            bool both = r->phase == RK_INIT;
            size_t k = r->done, room = (size_t)(both ? x->budget / 2 + 1 : x->budget);
            size_t end = m - k > room ? k + room : m;
            uint64_t hp = r->hp, hw = r->hw;
            if (both)
                for (; k < end; k++) hp = hp * RK_BASE + ps[k], hw = hw * RK_BASE + s[i + k];
            else
                for (; k < end; k++) hw = hw * RK_BASE + s[i + k];
            charge(x, (uint64_t)(end - r->done) * (both ? 2 : 1));
            r->hp = hp & RK_MASK, r->hw = hw & RK_MASK, r->done = end;
            if (end == m) r->phase = RK_SCAN;
            continue;
        }
        case RK_SCAN: { /* two units a position: check the window, roll it on */
            uint64_t hw = r->hw, hp = r->hp, top = r->top;
            size_t last = x->stop - m; /* the last window start */
            uint64_t n = 0, room = x->budget / 2 + 1;
            for (;;) {
                if (((hw ^ hp) & RK_MASK) == 0 && s[i] == ps[0]) {
                    r->phase = RK_VERIFY, r->done = 0;
                    break;
                }
                if (i == last || n == room) break;
                hw = (hw - s[i] * top) * RK_BASE + s[i + m];
                i++, n++;
            }
            r->hw = hw & RK_MASK;
            charge(x, 2 * n + 1);
            if (r->phase == RK_SCAN && i == last) { /* the last window checked: none */
                *pos = x->stop, r->phase = RK_INIT, r->done = 0, r->hp = r->hw = 0;
                return 0;
            }
            continue;
        }
        default: { /* RK_VERIFY: compare the window with the pattern from done */
            size_t k = r->done, len = m - k;
            if (len > x->budget) len = (size_t)x->budget;
            size_t same = common(x, s + i + k, ps + k, len);
            if (same < len) { /* a collision: roll past this window */
                if (i == x->stop - m) {
                    *pos = x->stop, r->phase = RK_INIT, r->done = 0, r->hp = r->hw = 0;
                    return 0;
                }
                r->hw = ((r->hw - s[i] * r->top) * RK_BASE + s[i + m]) & RK_MASK;
                r->phase = RK_SCAN, i++;
                continue;
            }
            r->done = k + len;
            if (r->done < m) continue; /* out of budget: resumes mid-window */
            h->pos = i, h->len = m;
            *pos = i + m;
            r->phase = RK_REHASH, r->done = 0, r->hw = 0; /* the pattern's hash is kept */
            return 1;
        }
        }
    }
}

/* Bytes a and b have in common from the start (at most n), charging what
 * was compared. */
static size_t common(search *x, const uint8_t *a, const uint8_t *b, size_t n) {
    size_t i = 0;
    if (n <= 16) { /* short: bytewise, no call */
        while (i < n && a[i] == b[i]) i++;
    } else {
        while (i < n) { /* 64-byte blocks with memcmp, then the mismatching block bytewise */
            size_t k = n - i < 64 ? n - i : 64;
            if (memcmp(a + i, b + i, k) != 0) {
                while (a[i] == b[i]) i++;
                break;
            }
            i += k;
        }
    }
    uint64_t c = i + ATTEMPT_COST;
    x->work += c;
    x->budget = x->budget > c ? x->budget - c : 0;
    return i;
}

/* Finds the next match at or after *pos (resuming pattern *k there).
 * Returns 1 with *h set, 0 when there is none before stop, -1 when the
 * budget ran out (*pos, *k say where to resume). */
static int find_next(search *x, size_t *pos, size_t *k, hit *h) {
    if (x->huge) {
        *k = 0;
        return find_next_huge(x, pos, h);
    }
    if (x->npats == 1) {
        const pat *pt = &x->pats[0];
        size_t i = *pos;
        while (i + pt->n <= x->stop) {
            if (x->budget == 0) {
                *pos = i, *k = 0;
                return -1;
            }
            if (pt->n > LONG_PATTERN) {
                /* Two-Way (glibc's memmem for long needles): linear in the
                 * window plus the pattern, whatever the bytes. */
                size_t span = x->stop - pt->n + 1 - i;
                if (span > x->budget) span = (size_t)x->budget;
                const uint8_t *q = memmem(x->s + i, span + pt->n - 1, pt->s, pt->n);
                uint64_t c = (uint64_t)span + pt->n;
                x->work += c, x->budget = x->budget > c ? x->budget - c : 0;
                if (q) {
                    h->pos = (size_t)(q - x->s), h->len = pt->n;
                    *pos = h->pos + pt->n, *k = 0;
                    return 1;
                }
                i += span;
                continue;
            }
            size_t last = x->stop - pt->n + 1; /* candidate starts are [i, last) */
            size_t span = last - i;
            if (span > x->budget) span = (size_t)x->budget;
            const uint8_t *q = memchr(x->s + i, pt->s[0], span);
            size_t seen = q ? (size_t)(q - (x->s + i)) + 1 : span;
            x->work += seen, x->budget -= seen;
            if (!q) {
                i += span;
                continue;
            }
            i = (size_t)(q - x->s);
            if (common(x, x->s + i + 1, pt->s + 1, pt->n - 1) == pt->n - 1) {
                h->pos = i, h->len = pt->n;
                *pos = i + pt->n, *k = 0;
                return 1;
            }
            i++;
        }
        *pos = x->stop, *k = 0;
        return 0;
    }
    size_t i = *pos, j = *k;
    for (; i + x->minlen <= x->stop; i++, j = 0) {
        if (x->budget == 0) {
            *pos = i, *k = j;
            return -1;
        }
        x->work++, x->budget--;
        uint8_t c = x->s[i];
        if (!(x->first[c >> 3] & (1u << (c & 7)))) continue;
        for (; j < x->npats; j++) {
            const pat *pt = &x->pats[j];
            if (pt->n > x->stop - i) continue;
            if (x->budget == 0) {
                *pos = i, *k = j;
                return -1;
            }
            if (common(x, x->s + i, pt->s, pt->n) == pt->n) {
                h->pos = i, h->len = pt->n;
                *pos = i + pt->n, *k = 0;
                return 1;
            }
        }
    }
    *pos = x->stop, *k = 0;
    return 0;
}

/* The resume point: Pos, or {Pos, K} inside a position, or the rolling
 * hash's place {Pos, Phase, Done, PatternHash, WindowHash}. */
static hl_term_status make_resume(hl_vm_proc *p, const search *x, size_t pos, size_t k, hl_term *out) {
    if (x->huge) {
        hl_term el[5] = {hl_make_small((int64_t)pos), hl_make_small(x->rk.phase), hl_make_small((int64_t)x->rk.done),
                         hl_make_small((int64_t)x->rk.hp), hl_make_small((int64_t)x->rk.hw)};
        return small_tuple(p, 5, el, out);
    }
    if (k == 0) {
        *out = hl_make_small((int64_t)pos);
        return HL_TERM_OK;
    }
    hl_term el[2] = {hl_make_small((int64_t)pos), hl_make_small((int64_t)k)};
    return small_tuple(p, 2, el, out);
}

/* erlang:hl_bin_find(Subject, Patterns, From, Stop, Acc): matches of the
 * tuple Patterns (non-empty binaries, longest first) in Subject that start
 * at or after From (a position, or {Pos, K} to resume) and end at or before
 * Stop. Acc says what to do with them (static atoms only: the runtime
 * names no others):
 *   none            -> {Pos, Len} | none | {continue, Resume}
 *   List            -> {ok, List'} | {continue, Resume, List'}, each match
 *                      {Pos, Len} put in front of List
 *   {0, Prev, List} (or {1, ...}, which leaves out empty pieces)
 *                   -> {ok, Acc'} | {continue, Resume, Acc'}: each match puts
 *                      the piece [Prev, Pos) in front of List; Prev = its end
 * false when Subject's bytes start inside a byte (the caller copies). */
BIF(b_find) {
    const uint8_t *s;
    size_t n;
    if (!hl_is_binary_obj(a[0]) || hl_bits_size(a[0]) % 8) return HL_TERM_BADARG;
    if (!bytes_of(a[0], &s, &n)) {
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    if (!hl_is_tuple(a[1]) || hl_tuple_arity(a[1]) == 0 || !hl_is_small(a[3])) return HL_TERM_BADARG;
    size_t np = hl_tuple_arity(a[1]);
    int64_t from, kk = 0, stop = hl_small_val(a[3]);
    rk place = {RK_INIT, 0, 0, 0, 0};
    bool resumed_rk = false;
    if (hl_is_small(a[2])) {
        from = hl_small_val(a[2]);
    } else if (hl_is_tuple(a[2]) && hl_tuple_arity(a[2]) == 5) { /* the rolling hash's place (checked below) */
        for (unsigned i = 0; i < 5; i++)
            if (!hl_is_small(hl_tuple_get(a[2], i)) || hl_small_val(hl_tuple_get(a[2], i)) < 0) return HL_TERM_BADARG;
        from = hl_small_val(hl_tuple_get(a[2], 0));
        place.phase = (int)hl_small_val(hl_tuple_get(a[2], 1));
        place.done = (size_t)hl_small_val(hl_tuple_get(a[2], 2));
        place.hp = (uint64_t)hl_small_val(hl_tuple_get(a[2], 3)), place.hw = (uint64_t)hl_small_val(hl_tuple_get(a[2], 4));
        if (place.phase > RK_REHASH || place.hp > RK_MASK || place.hw > RK_MASK) return HL_TERM_BADARG;
        resumed_rk = true;
    } else if (hl_is_tuple(a[2]) && hl_tuple_arity(a[2]) == 2 && hl_is_small(hl_tuple_get(a[2], 0)) &&
               hl_is_small(hl_tuple_get(a[2], 1))) {
        from = hl_small_val(hl_tuple_get(a[2], 0)), kk = hl_small_val(hl_tuple_get(a[2], 1));
    } else {
        return HL_TERM_BADARG;
    }
    if (stop < 0 || (uint64_t)stop > n || from < 0 || from > stop || kk < 0 || (uint64_t)kk >= np)
        return HL_TERM_BADARG;
    enum { M_FIRST, M_LIST, M_SPLIT, M_SPLIT_NE } mode;
    hl_term acc = a[4], list = HL_NIL;
    int64_t prev = 0;
    if (acc == HL_AM(none)) {
        mode = M_FIRST;
    } else if (hl_is_list(acc)) {
        mode = M_LIST, list = acc;
    } else if (hl_is_tuple(acc) && hl_tuple_arity(acc) == 3 && hl_is_small(hl_tuple_get(acc, 1)) &&
               hl_is_list(hl_tuple_get(acc, 2))) {
        hl_term tag = hl_tuple_get(acc, 0);
        if (tag == hl_make_small(0)) mode = M_SPLIT;
        else if (tag == hl_make_small(1)) mode = M_SPLIT_NE;
        else return HL_TERM_BADARG;
        prev = hl_small_val(hl_tuple_get(acc, 1)), list = hl_tuple_get(acc, 2);
        if (prev < 0 || prev > from) return HL_TERM_BADARG;
    } else {
        return HL_TERM_BADARG;
    }

    search x = {.s = s, .stop = (size_t)stop, .npats = np, .minlen = SIZE_MAX, .budget = SEARCH_BUDGET};
    x.pats = hl_mem_calloc(np, sizeof *x.pats);
    if (!x.pats) return HL_TERM_NOMEM;
    x.work = np;
    for (size_t i = 0; i < np; i++) {
        hl_term b = hl_tuple_get(a[1], i);
        if (!bytes_of(b, &x.pats[i].s, &x.pats[i].n) || x.pats[i].n == 0) {
            hl_mem_free(x.pats);
            return HL_TERM_BADARG;
        }
        if (x.pats[i].n < x.minlen) x.minlen = x.pats[i].n;
        uint8_t c = x.pats[i].s[0];
        x.first[c >> 3] |= (uint8_t)(1u << (c & 7));
    }
    x.huge = np == 1 && x.pats[0].n > HUGE_PATTERN;
    if (resumed_rk && (!x.huge || place.done > x.pats[0].n)) { /* a place only the rolling hash makes */
        hl_mem_free(x.pats);
        return HL_TERM_BADARG;
    }
    if (x.huge) {
        x.rk = place;
        uint64_t top = 1, b = RK_BASE; /* RK_BASE^(m-1), by squaring: 24 steps at most */
        for (size_t e = x.pats[0].n - 1; e; e >>= 1, b *= b)
            if (e & 1) top *= b;
        x.rk.top = top;
    }

    size_t max_hits = mode == M_FIRST ? 1 : SEARCH_MAX_HITS;
    hit *hits = hl_mem_calloc(max_hits, sizeof *hits);
    if (!hits) {
        hl_mem_free(x.pats);
        return HL_TERM_NOMEM;
    }
    size_t nh = 0, pos = (size_t)from, k = (size_t)kk;
    int r = 0;
    while (nh < max_hits && (r = find_next(&x, &pos, &k, &hits[nh])) == 1) nh++;
    bool more = r == -1 || (nh == max_hits && mode != M_FIRST && pos < x.stop);
    hl_mem_free(x.pats);
    p->bif_cost = (x.work >> COST_SHIFT) + nh / 8 + 1;

    hl_term_status st = HL_TERM_OK;
    if (mode == M_FIRST) {
        if (nh == 1) {
            hl_term el[2] = {hl_make_small((int64_t)hits[0].pos), hl_make_small((int64_t)hits[0].len)};
            st = small_tuple(p, 2, el, out);
        } else if (more) {
            hl_term el[2] = {HL_AM(continue_), 0};
            if ((st = make_resume(p, &x, pos, k, &el[1])) == HL_TERM_OK) st = small_tuple(p, 2, el, out);
        } else {
            *out = HL_AM(none);
        }
        hl_mem_free(hits);
        return st;
    }
    /* One allocation for every cell, tuple and piece this call makes. As
     * OTP, a piece of at most HL_HEAP_BIN_MAX bytes is a copy on the heap
     * (binary:referenced_byte_size/1 sees it), a longer one a slice. */
    size_t words = 0;
    for (size_t i = 0, pv = (size_t)prev; i < nh; i++) {
        size_t len = hits[i].pos - pv;
        pv = hits[i].pos + hits[i].len;
        if (mode == M_LIST) words += 2 + 3;
        else if (len > 0 || mode == M_SPLIT)
            words += 2 + (len <= HL_HEAP_BIN_MAX ? hl_heap_bin_words(len) : HL_SUB_BIN_WORDS);
    }
    hl_term *mem = NULL;
    if (words && (st = hl_heap_alloc(H, words, &mem)) != HL_TERM_OK) {
        hl_mem_free(hits);
        return st;
    }
    const hl_term *sp = hl_boxed_ptr(a[0]);
    uint64_t base = 0;
    hl_term orig = a[0];
    if (hl_header_subtag(sp[0]) == HL_SUB_SUB_BIN) base = sp[2], orig = sp[1];
    size_t used = 0;
    for (size_t i = 0; i < nh; i++) {
        hl_term e;
        if (mode == M_LIST) {
            e = hl_tuple_init(mem + used, 2);
            mem[used + 1] = hl_make_small((int64_t)hits[i].pos), mem[used + 2] = hl_make_small((int64_t)hits[i].len);
            used += 3;
        } else {
            size_t len = hits[i].pos - (size_t)prev;
            uint64_t off = (uint64_t)prev;
            prev = (int64_t)(hits[i].pos + hits[i].len);
            if (len == 0 && mode == M_SPLIT_NE) continue;
            if (len <= HL_HEAP_BIN_MAX) {
                e = hl_heap_bin_init(mem + used, s + off, len);
                used += hl_heap_bin_words(len);
            } else {
                e = hl_sub_bin_init(mem + used, orig, base + 8 * off, 8 * (uint64_t)len);
                used += HL_SUB_BIN_WORDS;
            }
        }
        list = hl_cons_init(mem + used, e, list);
        used += 2;
    }
    hl_mem_free(hits);
    hl_term acc2 = list;
    if (mode != M_LIST) {
        hl_term el[3] = {hl_tuple_get(acc, 0), hl_make_small(prev), list};
        if ((st = small_tuple(p, 3, el, &acc2)) != HL_TERM_OK) return st;
    }
    if (!more) {
        hl_term el[2] = {HL_AM(ok), acc2};
        return small_tuple(p, 2, el, out);
    }
    hl_term el[3] = {HL_AM(continue_), 0, acc2};
    if ((st = make_resume(p, &x, pos, k, &el[1])) != HL_TERM_OK) return st;
    return small_tuple(p, 3, el, out);
}

/* ---- chunked encoders and decoders ---- */

/* A fresh binary of n bytes to fill: *d points at its zeroed bytes. */
static hl_term_status new_bin(hl_vm_proc *p, size_t n, uint8_t **d, hl_term *bin) {
    hl_bin_builder b;
    hl_term_status st = hl_bin_build_begin(H, 8 * (uint64_t)n, &b);
    if (st != HL_TERM_OK) return st;
    *d = b.data;
    *bin = hl_bin_build_finish(&b);
    return HL_TERM_OK;
}

/* {Piece, Next} */
static hl_term_status piece_next(hl_vm_proc *p, hl_term piece, size_t next, hl_term *out) {
    hl_term el[2] = {piece, hl_make_small((int64_t)next)};
    return small_tuple(p, 2, el, out);
}

/* Validates (Bin, Pos) for a chunk primitive: `unaligned` is answered for
 * a slice starting inside a byte (answered with false). */
static hl_term_status chunk_args(const hl_term *a, const uint8_t **s, size_t *n, size_t *pos, bool *unaligned) {
    *unaligned = false;
    if (!hl_is_binary_obj(a[0]) || hl_bits_size(a[0]) % 8 || !hl_is_small(a[1])) return HL_TERM_BADARG;
    if (!bytes_of(a[0], s, n)) {
        *unaligned = true;
        return HL_TERM_OK;
    }
    int64_t ps = hl_small_val(a[1]);
    if (ps < 0 || (uint64_t)ps > *n) return HL_TERM_BADARG;
    *pos = (size_t)ps;
    return HL_TERM_OK;
}

#define CHUNK_PROLOGUE()                                              \
    const uint8_t *s;                                                 \
    size_t n, pos;                                                    \
    bool unaligned;                                                   \
    hl_term_status st = chunk_args(a, &s, &n, &pos, &unaligned);      \
    if (st != HL_TERM_OK) return st;                                  \
    if (unaligned) {                                                  \
        *out = HL_AM(false);                                          \
        return HL_TERM_OK;                                            \
    }

static const char hex_digits[] = "0123456789ABCDEF";

/* erlang:hl_bin_hex_enc(Bin, Pos) -> {Hex, Next}: up to CHUNK_IN bytes. */
BIF(b_hex_enc) {
    CHUNK_PROLOGUE();
    size_t m = n - pos < CHUNK_IN ? n - pos : CHUNK_IN;
    p->bif_cost = (2 * m >> COST_SHIFT) + 1;
    uint8_t *d;
    hl_term bin;
    if ((st = new_bin(p, 2 * m, &d, &bin)) != HL_TERM_OK) return st;
    for (size_t i = 0; i < m; i++) {
        uint8_t c = s[pos + i];
        d[2 * i] = (uint8_t)hex_digits[c >> 4], d[2 * i + 1] = (uint8_t)hex_digits[c & 15];
    }
    return piece_next(p, bin, pos + m, out);
}

static int hex_val(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* erlang:hl_bin_hex_dec(Bin, Pos) -> {Bytes, Next}: up to CHUNK_IN hex
 * digits (an even count; Bin has an even size); badarg on a non-digit. */
BIF(b_hex_dec) {
    CHUNK_PROLOGUE();
    if ((n - pos) % 2) return HL_TERM_BADARG;
    size_t m = n - pos < CHUNK_IN ? n - pos : CHUNK_IN;
    p->bif_cost = (m >> COST_SHIFT) + 1;
    for (size_t i = 0; i < m; i++)
        if (hex_val(s[pos + i]) < 0) return HL_TERM_BADARG;
    uint8_t *d;
    hl_term bin;
    if ((st = new_bin(p, m / 2, &d, &bin)) != HL_TERM_OK) return st;
    for (size_t i = 0; i < m / 2; i++)
        d[i] = (uint8_t)(hex_val(s[pos + 2 * i]) << 4 | hex_val(s[pos + 2 * i + 1]));
    return piece_next(p, bin, pos + m, out);
}

static const char b64_digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* erlang:hl_b64_enc(Bin, Pos) -> {Base64, Next}: up to CHUNK_IN bytes (a
 * multiple of 3 unless it reaches the end, which is padded with =). */
BIF(b_b64_enc) {
    CHUNK_PROLOGUE();
    size_t m = n - pos < CHUNK_IN ? n - pos : CHUNK_IN;
    size_t outn = (m + 2) / 3 * 4;
    p->bif_cost = (outn >> COST_SHIFT) + 1;
    uint8_t *d;
    hl_term bin;
    if ((st = new_bin(p, outn, &d, &bin)) != HL_TERM_OK) return st;
    const uint8_t *q = s + pos;
    size_t i = 0, o = 0;
    for (; i + 3 <= m; i += 3, o += 4) {
        uint32_t v = (uint32_t)q[i] << 16 | (uint32_t)q[i + 1] << 8 | q[i + 2];
        d[o] = (uint8_t)b64_digits[v >> 18], d[o + 1] = (uint8_t)b64_digits[v >> 12 & 63];
        d[o + 2] = (uint8_t)b64_digits[v >> 6 & 63], d[o + 3] = (uint8_t)b64_digits[v & 63];
    }
    if (m - i == 1) {
        d[o] = (uint8_t)b64_digits[q[i] >> 2], d[o + 1] = (uint8_t)b64_digits[(q[i] & 3) << 4];
        d[o + 2] = d[o + 3] = '=';
    } else if (m - i == 2) {
        d[o] = (uint8_t)b64_digits[q[i] >> 2];
        d[o + 1] = (uint8_t)b64_digits[(q[i] & 3) << 4 | q[i + 1] >> 4];
        d[o + 2] = (uint8_t)b64_digits[(q[i + 1] & 15) << 2], d[o + 3] = '=';
    }
    return piece_next(p, bin, pos + m, out);
}

static int b64_val(uint8_t c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/* erlang:hl_b64_quads(Bin, Pos) -> {Bytes, Next}: decodes the groups of
 * four alphabet characters from Pos (up to CHUNK_IN characters), stopping
 * before the first group holding anything else (white space, =, a bad
 * character or the end); lib/base64.erl decodes from there itself. */
BIF(b_b64_quads) {
    CHUNK_PROLOGUE();
    size_t lim = n - pos < CHUNK_IN ? n - pos : CHUNK_IN, m = 0;
    const uint8_t *q = s + pos;
    while (m + 4 <= lim && (b64_val(q[m]) | b64_val(q[m + 1]) | b64_val(q[m + 2]) | b64_val(q[m + 3])) >= 0) m += 4;
    p->bif_cost = (m >> COST_SHIFT) + 1;
    uint8_t *d;
    hl_term bin;
    if ((st = new_bin(p, m / 4 * 3, &d, &bin)) != HL_TERM_OK) return st;
    for (size_t i = 0, o = 0; i < m; i += 4, o += 3) {
        uint32_t v = (uint32_t)b64_val(q[i]) << 18 | (uint32_t)b64_val(q[i + 1]) << 12 |
                     (uint32_t)b64_val(q[i + 2]) << 6 | (uint32_t)b64_val(q[i + 3]);
        d[o] = (uint8_t)(v >> 16), d[o + 1] = (uint8_t)(v >> 8), d[o + 2] = (uint8_t)v;
    }
    return piece_next(p, bin, pos + m, out);
}

/* ---- binary's constant-time builtins ---- */

/* Byte i of binary t (whole bytes of a bitstring, as OTP). */
static unsigned byte_at(hl_term t, uint64_t i) {
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    return hl_bits_get8(b, off + 8 * i, 8);
}

BIF(b_at) {
    (void)p;
    if (!hl_is_binary_obj(a[0]) || hl_bits_size(a[0]) % 8 || !hl_is_small(a[1])) return HL_TERM_BADARG;
    int64_t i = hl_small_val(a[1]);
    if (i < 0 || (uint64_t)i >= hl_bits_size(a[0]) / 8) return HL_TERM_BADARG;
    *out = hl_make_small(byte_at(a[0], (uint64_t)i));
    return HL_TERM_OK;
}

BIF(b_first) {
    (void)p;
    if (!hl_is_binary_obj(a[0]) || hl_bits_size(a[0]) % 8 || hl_bits_size(a[0]) == 0) return HL_TERM_BADARG;
    *out = hl_make_small(byte_at(a[0], 0));
    return HL_TERM_OK;
}

BIF(b_last) {
    (void)p;
    if (!hl_is_binary_obj(a[0]) || hl_bits_size(a[0]) % 8 || hl_bits_size(a[0]) == 0) return HL_TERM_BADARG;
    *out = hl_make_small(byte_at(a[0], hl_bits_size(a[0]) / 8 - 1));
    return HL_TERM_OK;
}

/* The byte size of the binary a slice refers to (the whole buffer a
 * refcounted binary's view covers). */
BIF(b_referenced_byte_size) {
    (void)p;
    if (!hl_is_binary_obj(a[0])) return HL_TERM_BADARG;
    const hl_term *bp = hl_boxed_ptr(a[0]);
    if (hl_header_subtag(bp[0]) == HL_SUB_SUB_BIN) bp = hl_boxed_ptr(bp[1]);
    *out = hl_make_small((int64_t)bp[1]);
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_binary[] = {
    {HL_BI_BIN_FIND5, b_find},
    {HL_BI_BIN_HEX_ENC2, b_hex_enc},
    {HL_BI_BIN_HEX_DEC2, b_hex_dec},
    {HL_BI_B64_ENC2, b_b64_enc},
    {HL_BI_B64_QUADS2, b_b64_quads},
    {HL_BI_BINARY_AT2, b_at},
    {HL_BI_BINARY_FIRST1, b_first},
    {HL_BI_BINARY_LAST1, b_last},
    {HL_BI_BINARY_REFERENCED_BYTE_SIZE1, b_referenced_byte_size},
};
const size_t hl_vm_bifs_binary_count = sizeof hl_vm_bifs_binary / sizeof hl_vm_bifs_binary[0];


