/* bif_io.c — the C side of io_lib / io (docs/io.md): the internal
 * builtins lib/io_lib.erl and lib/io.erl loop over.
 *
 *   erlang:hl_format_w(Term, Unicode)            ~w / ~tw text, as a chars list
 *   erlang:hl_format_p(Term, Col, LL, Unicode, Strings, Depth)  ~p ~P ~tp ~lp text
 *   erlang:hl_put_chars(List)                     appends chars to the run's output
 *
 * Bounding: a format builtin first walks the term under a node budget
 * (HL_IO_BUDGET); a term with more nodes than that prints to more than
 * HL_IO_BUDGET characters, so the builtin returns `false` at once and the
 * Erlang side splits the term (or, for ~p, reports it, see docs/io.md). The
 * printers then run under an output cap of the same size, so one call does
 * O(HL_IO_BUDGET) work. hl_put_chars takes at most HL_IO_CHUNK list
 * elements per call and returns the rest for the caller to loop on. */
#include <string.h>

#include "base/buf.h"
#include "vm/bif_registry.h"
#include "base/mem.h"
#include "term/atom.h"
#include "term/map.h"
#include "term/print.h"
#include "vm/vm_internal.h"
#include "vm/vm_io.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)

enum { HL_IO_BUDGET = 1 << 16, HL_IO_CHUNK = 1 << 16, HL_IO_BIN_MAX = 1 << 16, COST_SHIFT = 4 };
/* Nodes (and characters) of the layout builtins hl_format_plen and
 * hl_format_pp, which only io_lib's splitting of terms above the budget
 * calls (so a smaller one only makes it split further): a quantum of
 * ~p's measuring and laying out took ~4 ms on a 20,000-element list. */
enum { HL_IO_LAYOUT_BUDGET = 1 << 13 };

void hl_vm_set_output(hl_vm_proc *p, hl_buf *out, uint64_t cap) {
    if (!p) return;
    p->output = out;
    p->output_cap = cap;
    p->output_bytes = 0;
}

/* Walks t counting nodes (cells, elements, pairs, bytes, number words)
 * that ~w / ~p / ~P (depth d, -1: none) would print; true when there are
 * at most budget. Explicit stack, at most budget entries. */
typedef struct walk_item {
    hl_term t;
    int64_t d;
} walk_item;

static hl_term_status size_within_d(hl_term t, int64_t d, size_t budget, bool *within, size_t *walked) {
    walk_item *stk = NULL;
    size_t n = 0, cap = 0, used = 0;
    hl_term_status st = HL_TERM_OK;
    *within = false;
#define PUSH(v, dd)                                                                      \
    do {                                                                                 \
        if (n == cap) {                                                                  \
            size_t nc = cap ? cap * 2 : 64;                                              \
            walk_item *ns = hl_mem_realloc_array(stk, nc, sizeof *ns);                   \
            if (!ns) {                                                                   \
                st = HL_TERM_NOMEM;                                                      \
                goto done;                                                               \
            }                                                                            \
            stk = ns, cap = nc;                                                          \
        }                                                                                \
        stk[n++] = (walk_item){(v), (dd)};                                               \
    } while (0)
    PUSH(t, d);
    while (n > 0) {
        walk_item it = stk[--n];
        hl_term x = it.t;
        int64_t rd = it.d;
        if (++used > budget) goto done;
        if (rd == 1 || rd == 0) continue; /* "...", "[...]", "{...}", ... */
        if (hl_is_cons(x)) {
            for (; hl_is_cons(x) && rd != 1; x = hl_cdr(x)) {
                if (++used > budget) goto done;
                PUSH(hl_car(x), rd < 0 ? -1 : rd - 1);
                if (rd > 0) rd--;
            }
            if (x != HL_NIL && rd != 1) PUSH(x, rd < 0 ? -1 : rd - 1);
        } else if (hl_is_tuple(x)) {
            size_t k = hl_tuple_arity(x);
            if (rd < 0 && k > budget - used) goto done;
            for (size_t i = 0; i < k && rd != 1; i++) {
                PUSH(hl_tuple_get(x, i), rd < 0 ? -1 : rd - 1);
                if (rd > 0) rd--;
            }
        } else if (hl_is_map(x)) {
            size_t k = hl_map_size(x);
            if (rd < 0 && k > (budget - used) / 2) goto done;
            hl_map_iter mi;
            hl_map_iter_init_io(&mi, x);
            hl_term key, val;
            int64_t pd = it.d < 0 ? -1 : it.d - 1;
            while (rd != 1 && hl_map_iter_next(&mi, &key, &val)) {
                if (n > budget) goto done;
                PUSH(key, pd);
                PUSH(val, pd);
                if (rd > 0) rd--;
            }
        } else if (hl_is_binary_obj(x)) {
            const unsigned char *b;
            uint64_t off, bits;
            hl_bitstring_view(x, &b, &off, &bits);
            uint64_t bytes = bits / 8;
            if (rd > 0 && bytes > (uint64_t)rd * 4) bytes = (uint64_t)rd * 4;
            if (bytes > budget - used) goto done;
            used += (size_t)bytes;
        } else if (hl_is_big(x)) {
            size_t words = hl_header_arity(hl_boxed_header(x));
            if (words > (budget - used) / 19) goto done;
            used += words * 19;
        }
    }
    *within = true;
done:
#undef PUSH
    *walked = used;
    hl_mem_free(stk);
    return st;
}

static hl_term_status size_within(hl_term t, size_t budget, bool *within, size_t *walked) {
    return size_within_d(t, -1, budget, within, walked);
}

/* Lenient UTF-8 decode of the printers' output (they may write surrogates
 * as \x{...} escapes only, but stay safe on anything). */
static size_t utf8_next(const unsigned char *s, size_t n, uint32_t *cp) {
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (c < 0x80 || len > n) {
        *cp = c;
        return 1;
    }
    uint32_t v = c & (0x3Fu >> (len - 1));
    for (size_t i = 1; i < len; i++) v = (v << 6) | (s[i] & 0x3Fu);
    *cp = v;
    return len;
}

/* The chars list of UTF-8 text. */
static hl_term_status text_to_chars(hl_vm_proc *p, const hl_buf *b, hl_term *out) {
    const unsigned char *s = (const unsigned char *)b->data;
    size_t nchars = 0;
    for (size_t i = 0; i < b->len; nchars++) {
        uint32_t cp;
        i += utf8_next(s + i, b->len - i, &cp);
    }
    if (nchars == 0) {
        *out = HL_NIL;
        return HL_TERM_OK;
    }
    hl_term *c;
    hl_term_status st = hl_heap_alloc(&p->heap, 2 * nchars, &c);
    if (st != HL_TERM_OK) return st;
    size_t k = 0;
    for (size_t i = 0; i < b->len; k++) {
        uint32_t cp;
        i += utf8_next(s + i, b->len - i, &cp);
        c[2 * k] = hl_make_small((int64_t)cp);
        c[2 * k + 1] = k + 1 < nchars ? hl_make_cons(c + 2 * (k + 1)) : HL_NIL;
    }
    *out = hl_make_cons(c);
    return HL_TERM_OK;
}

static bool get_bool(hl_term t, bool *v) {
    if (t == HL_AM(true)) *v = true;
    else if (t == HL_AM(false)) *v = false;
    else return false;
    return true;
}

typedef struct fmt_args {
    bool pretty, unicode, strings;
    int col, ll;
    int64_t depth;
    size_t budget; /* nodes and characters (0: HL_IO_BUDGET) */
} fmt_args;

static hl_term_status format_common(hl_vm_proc *p, hl_term t, const fmt_args *fa, hl_term *out) {
    bool within;
    size_t walked;
    size_t budget = fa->budget ? fa->budget : HL_IO_BUDGET;
    hl_term_status st = size_within_d(t, fa->depth > 0 ? fa->depth : -1, budget, &within, &walked);
    p->bif_cost = walked >> COST_SHIFT;
    if (st != HL_TERM_OK) return st;
    if (!within) {
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    hl_buf b;
    hl_buf_init(&b, budget);
    hl_print_opts opts = {.fun_export = hl_vm_fun_export_info};
    opts.no_strings = !fa->strings;
    opts.depth = fa->depth;
    if (fa->pretty) st = hl_print_p(&b, t, fa->col, fa->ll, fa->unicode, &opts);
    else st = hl_print_w(&b, t, fa->unicode, &opts);
    p->bif_cost += b.len >> COST_SHIFT;
    if (st == HL_TERM_SYSTEM_LIMIT) {
        *out = HL_AM(false);
        st = HL_TERM_OK;
    } else if (st == HL_TERM_OK) {
        st = text_to_chars(p, &b, out);
    }
    hl_buf_free(&b);
    return st;
}

/* hl_format_w(Term, Unicode) */
BIF(b_format_w) {
    fmt_args fa = {.strings = true};
    if (!get_bool(a[1], &fa.unicode)) return HL_TERM_BADARG;
    return format_common(p, a[0], &fa, out);
}

/* hl_format_p(Term, Column, LineLength, Unicode, Strings, Depth): Depth
 * -1 for none, else at least 1. */
BIF(b_format_p) {
    fmt_args fa = {.pretty = true};
    if (!hl_is_small(a[1]) || !hl_is_small(a[2]) || !get_bool(a[3], &fa.unicode) || !get_bool(a[4], &fa.strings) ||
        !hl_is_small(a[5]))
        return HL_TERM_BADARG;
    int64_t depth = hl_small_val(a[5]);
    if (depth == 0 || depth < -1) return HL_TERM_BADARG;
    fa.depth = depth < 0 ? 0 : depth;
    int64_t col = hl_small_val(a[1]), ll = hl_small_val(a[2]);
    if (col < -1000000 || col > 1000000 || ll < -1000000 || ll > 1000000) return HL_TERM_BADARG;
    fa.col = (int)col, fa.ll = (int)ll;
    /* ~p of a whole argument (a line length, no depth): io_lib lays out a
     * term above the budget itself (big_p), so the smaller layout budget
     * bounds this call too; one-line texts and depth-limited ones keep the
     * full budget (io_lib cannot split those). */
    fa.budget = ll > 0 && ll <= 16384 && depth < 0 ? HL_IO_LAYOUT_BUDGET : HL_IO_BUDGET;
    return format_common(p, a[0], &fa, out);
}

static bool get_int(hl_term t, int64_t lo, int64_t hi, int64_t *v) {
    if (!hl_is_small(t)) return false;
    *v = hl_small_val(t);
    return *v >= lo && *v <= hi;
}

/* hl_format_plen(Term, Unicode, Strings): {Len, Atomic} for ~p (docs/io.md),
 * or false when the term is above the budget. */
BIF(b_format_plen) {
    bool uni, str, within, atomic = false;
    size_t walked;
    if (!get_bool(a[1], &uni) || !get_bool(a[2], &str)) return HL_TERM_BADARG;
    hl_term_status st = size_within(a[0], HL_IO_LAYOUT_BUDGET, &within, &walked);
    p->bif_cost = walked >> COST_SHIFT;
    if (st != HL_TERM_OK) return st;
    if (!within) {
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    hl_buf b;
    hl_buf_init(&b, HL_IO_LAYOUT_BUDGET);
    hl_print_opts opts = {.fun_export = hl_vm_fun_export_info};
    opts.no_strings = !str;
    int64_t len = 0;
    st = hl_print_p_measure(&b, a[0], uni, &opts, &len, &atomic);
    hl_buf_free(&b);
    p->bif_cost += walked >> COST_SHIFT;
    if (st == HL_TERM_SYSTEM_LIMIT) {
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    if (st != HL_TERM_OK) return st;
    hl_term *t;
    st = hl_heap_alloc(&p->heap, 3, &t);
    if (st != HL_TERM_OK) return st;
    t[0] = hl_make_header(HL_SUB_TUPLE, 2);
    t[1] = hl_make_small(len);
    t[2] = atomic ? HL_AM(true) : HL_AM(false);
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

/* hl_format_pp(Term, {Unicode, Strings, Col, LineLength, TInd, Ind, LD, W,
 * Dry}): io_lib_pretty's pp/8 (or cind with Dry = true) of a subterm at a
 * given place; chars, or (dry) true / false for no_good; [] when its
 * laid-out text is above the output budget (the caller splits it). */
BIF(b_format_pp) {
    bool uni, str, dry, within;
    size_t walked;
    int64_t col, ll, tind, ind, ld, w;
    enum { BIG = 1 << 24 };
    if (!hl_is_tuple(a[1]) || hl_tuple_arity(a[1]) != 9) return HL_TERM_BADARG;
    hl_term o[9];
    for (unsigned i = 0; i < 9; i++) o[i] = hl_tuple_get(a[1], i);
    if (!get_bool(o[0], &uni) || !get_bool(o[1], &str) || !get_int(o[2], -BIG, BIG, &col) ||
        !get_int(o[3], 0, BIG, &ll) || !get_int(o[4], -1, BIG, &tind) || !get_int(o[5], 0, BIG, &ind) ||
        !get_int(o[6], 0, BIG, &ld) || !get_int(o[7], -BIG, BIG, &w) || !get_bool(o[8], &dry))
        return HL_TERM_BADARG;
    hl_term_status st = size_within(a[0], HL_IO_LAYOUT_BUDGET, &within, &walked);
    p->bif_cost = walked >> COST_SHIFT;
    if (st != HL_TERM_OK) return st;
    if (!within) return HL_TERM_SYSTEM_LIMIT;
    hl_buf b;
    hl_buf_init(&b, HL_IO_LAYOUT_BUDGET * 2);
    hl_print_opts opts = {.fun_export = hl_vm_fun_export_info};
    opts.no_strings = !str;
    /* io_lib lays out terms above the budget only: their whole length M
     * is above any line, so M never decides (docs/io.md) */
    hl_print_at at = {col, ll, INT64_C(1) << 40, tind, ind, ld, w, dry};
    bool no_good = false;
    st = hl_print_p_at(&b, a[0], uni, &opts, &at, &no_good);
    p->bif_cost += b.len >> COST_SHIFT;
    if (st == HL_TERM_SYSTEM_LIMIT) { /* its layout is above the budget: [] */
        *out = HL_NIL;
        st = HL_TERM_OK;
    } else if (st == HL_TERM_OK) {
        if (dry) *out = no_good ? HL_AM(false) : HL_AM(true);
        else st = text_to_chars(p, &b, out);
    }
    hl_buf_free(&b);
    return st;
}

/* Appends one code point, or reports the output cap. */
static bool out_cp(hl_vm_proc *p, uint32_t cp) {
    unsigned char u[4];
    size_t n;
    if (cp < 0x80) u[0] = (unsigned char)cp, n = 1;
    else if (cp < 0x800) u[0] = (unsigned char)(0xC0 | (cp >> 6)), u[1] = (unsigned char)(0x80 | (cp & 0x3F)), n = 2;
    else if (cp < 0x10000)
        u[0] = (unsigned char)(0xE0 | (cp >> 12)), u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F)),
        u[2] = (unsigned char)(0x80 | (cp & 0x3F)), n = 3;
    else
        u[0] = (unsigned char)(0xF0 | (cp >> 18)), u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F)),
        u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (unsigned char)(0x80 | (cp & 0x3F)), n = 4;
    return hl_vm_output_write(p, u, n);
}

bool hl_vm_output_write(hl_vm_proc *p, const void *bytes, size_t n) {
    if (p->output_bytes > p->output_cap || n > p->output_cap - p->output_bytes) return false;
    if (p->output && !hl_buf_append(p->output, bytes, n)) return false;
    p->output_bytes += n;
    return true;
}

static bool valid_cp(hl_term h) {
    if (!hl_is_small(h)) return false;
    int64_t v = hl_small_val(h);
    return v >= 0 && v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF);
}

/* A binary element: whole bytes, valid UTF-8, at most HL_IO_BIN_MAX. */
static bool valid_bin(hl_term h, const unsigned char **bytes, size_t *len, uint64_t *off) {
    if (!hl_is_binary_obj(h)) return false;
    uint64_t bits;
    hl_bitstring_view(h, bytes, off, &bits);
    if (bits % 8 || bits / 8 > HL_IO_BIN_MAX || *off % 8) return false;
    *bytes += *off / 8;
    *len = (size_t)(bits / 8);
    for (size_t i = 0; i < *len;) {
        uint32_t cp;
        size_t k = hl_print_utf8_decode(*bytes + i, *len - i, &cp);
        if (!k) return false;
        i += k;
    }
    return true;
}

/* hl_put_chars(List): List of code points and UTF-8 binaries. Checks then
 * writes at most HL_IO_CHUNK elements; returns [] when done, else the rest.
 * A write past the run's output cap stops the run (HL_VM_BIF_OUTPUT). */
BIF(b_put_chars) {
    hl_term l = a[0];
    size_t k = 0, bytes = 0;
    for (; hl_is_cons(l) && k < HL_IO_CHUNK; l = hl_cdr(l), k++) {
        hl_term h = hl_car(l);
        if (valid_cp(h)) continue;
        const unsigned char *b;
        size_t len;
        uint64_t off;
        if (!valid_bin(h, &b, &len, &off)) {
            p->bif_cost = (k + bytes) >> COST_SHIFT;
            return HL_TERM_BADARG;
        }
        bytes += len;
    }
    if (!hl_is_cons(l) && l != HL_NIL) return HL_TERM_BADARG;
    p->bif_cost = (2 * k + bytes) >> COST_SHIFT;
    hl_term rest = l;
    for (l = a[0]; l != rest; l = hl_cdr(l)) {
        hl_term h = hl_car(l);
        bool ok;
        if (hl_is_small(h)) {
            ok = out_cp(p, (uint32_t)hl_small_val(h));
        } else {
            const unsigned char *b = NULL;
            size_t len = 0;
            uint64_t off = 0;
            valid_bin(h, &b, &len, &off);
            /* keep whole characters up to the cap */
            size_t room = p->output_cap > p->output_bytes ? (size_t)(p->output_cap - p->output_bytes) : 0;
            size_t fit = len;
            if (fit > room) {
                fit = 0;
                for (size_t i = 0; i < len;) {
                    uint32_t cp;
                    size_t n = hl_print_utf8_decode(b + i, len - i, &cp);
                    if (i + n > room) break;
                    i += n, fit = i;
                }
            }
            ok = hl_vm_output_write(p, b, fit) && fit == len;
        }
        if (!ok) return p->output && p->output->failed ? HL_TERM_NOMEM : HL_VM_BIF_OUTPUT;
    }
    *out = rest;
    return HL_TERM_OK;
}

/* hl_map_io_pairs(Map): [{K, V}] in the order ~w / ~p print them; maps of
 * more than HL_IO_BUDGET pairs are system_limit (the walk stays bounded). */
BIF(b_map_io_pairs) {
    if (!hl_is_map(a[0])) return HL_TERM_BADARG;
    size_t n = hl_map_size(a[0]);
    if (n > HL_IO_BUDGET) return HL_TERM_SYSTEM_LIMIT;
    p->bif_cost = n >> 2;
    if (n == 0) {
        *out = HL_NIL;
        return HL_TERM_OK;
    }
    hl_term *c;
    hl_term_status st = hl_heap_alloc(&p->heap, 5 * n, &c);
    if (st != HL_TERM_OK) return st;
    hl_map_iter it;
    hl_map_iter_init_io(&it, a[0]);
    hl_term k, v;
    size_t i = 0;
    for (; i < n && hl_map_iter_next(&it, &k, &v); i++) {
        hl_term *t = c + 5 * i, *cell = t + 3;
        t[0] = hl_make_header(HL_SUB_TUPLE, 2);
        t[1] = k, t[2] = v;
        cell[0] = hl_make_boxed(t);
        cell[1] = i + 1 < n ? hl_make_cons(c + 5 * (i + 1) + 3) : HL_NIL;
    }
    if (i < n) return HL_TERM_BADARG; /* not reached: the iterator yields size pairs */
    *out = hl_make_cons(c + 3);
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_io[] = {
    {HL_BI_HL_FORMAT_W, b_format_w},
    {HL_BI_HL_FORMAT_P, b_format_p},
    {HL_BI_HL_PUT_CHARS, b_put_chars},
    {HL_BI_HL_MAP_IO_PAIRS, b_map_io_pairs},
    {HL_BI_HL_FORMAT_PLEN, b_format_plen},
    {HL_BI_HL_FORMAT_PP, b_format_pp},
};
const size_t hl_vm_bifs_io_count = sizeof hl_vm_bifs_io / sizeof hl_vm_bifs_io[0];


