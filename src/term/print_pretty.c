/* print_pretty.c — ~p / ~tp: OTP 25's io_lib_pretty line breaking.
 *
 * Two passes, both iterative:
 *  1. measure: the term becomes an array of nodes in pre-order (a node's
 *     subtree is [i, end)), each with its one-line length in characters;
 *     leaves (atoms, numbers, strings, printable binaries) and byte-list
 *     binaries keep their text in one side buffer. Printable lists and
 *     binaries are decided here (io_lib:printable_latin1_list /
 *     printable_unicode_list and io_lib_pretty's binary rules).
 *  2. layout: a state machine with an explicit frame stack decides, element
 *     by element, what fits on the current line (io_lib_pretty's pp_* rules:
 *     column, last-element depth LD, line width W, the whole length M), and
 *     writes. The same machine runs first without output to choose the
 *     tagged-tuple indentation (io_lib_pretty's cind: -1, else 4, else 1).
 * Each node is laid out at most once per pass and written once, so the work
 * is linear in the term plus the output. Every node costs at least one
 * output character, so the node array never exceeds the output limit. */
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "term/bits.h"
#include "term/map.h"
#include "term/print.h"
#include "term/print_grapheme.h"

enum { PN_LEAF, PN_BIN, PN_LIST, PN_TUPLE, PN_TAGTUPLE, PN_MAP, PN_PAIR, PN_DOTS };
/* PF_DOTS: the "..." that ends a container cut by the depth (~P): written
 * after its separator without any layout decision, as io_lib_pretty does. */
enum { PF_TAIL = 1, PF_ATM = 2, PF_DOTS = 4 };

typedef struct pnode {
    size_t end;      /* one past the last node of this subtree */
    size_t text_off; /* PN_LEAF / PN_BIN: the text in the side buffer */
    size_t text_len;
    int64_t len;     /* characters when written on one line */
    uint8_t kind;
    uint8_t flags;
} pnode;

typedef struct pp {
    hl_print_ctx out;  /* the real output */
    hl_print_ctx side; /* leaf texts */
    hl_buf side_buf;
    pnode *nodes;
    size_t n, cap, max_nodes;
    bool uni_range; /* printable_unicode_list / unicode binaries */
    int64_t ll, m, tind;
    bool dry;     /* cind: no output, may fail */
    bool no_good; /* cind failed */
} pp;

static hl_term_status pp_status(pp *p) {
    if (p->out.st != HL_TERM_OK) return p->out.st;
    if (p->side.st == HL_TERM_SYSTEM_LIMIT) p->out.out->failed = true;
    return p->side.st;
}

static bool stack_grow(void **v, size_t *cap, size_t elem) {
    size_t nc = *cap ? *cap * 2 : 64;
    void *nv = hl_mem_realloc_array(*v, nc, elem);
    if (!nv) return false;
    *v = nv;
    *cap = nc;
    return true;
}

static size_t new_node(pp *p, unsigned kind) {
    if (p->n == p->max_nodes) {
        p->out.out->failed = true;
        p->out.st = HL_TERM_SYSTEM_LIMIT;
        return SIZE_MAX;
    }
    if (p->n == p->cap && !stack_grow((void **)&p->nodes, &p->cap, sizeof *p->nodes)) {
        p->out.st = HL_TERM_NOMEM;
        return SIZE_MAX;
    }
    pnode *nd = &p->nodes[p->n];
    memset(nd, 0, sizeof *nd);
    nd->kind = (uint8_t)kind;
    nd->end = p->n + 1;
    return p->n++;
}

static bool in_ranges(const uint32_t (*r)[2], size_t n, uint32_t cp) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < r[mid][0]) hi = mid;
        else if (cp > r[mid][1]) lo = mid + 1;
        else return true;
    }
    return false;
}

#define IN_TABLE(t, cp) in_ranges(t, sizeof t / sizeof *t, cp)

enum { HG_NONE, HG_L, HG_V, HG_T, HG_LV, HG_LVT };

static int hangul(uint32_t cp) {
    if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0xA960 && cp <= 0xA97C)) return HG_L;
    if ((cp >= 0x1160 && cp <= 0x11A7) || (cp >= 0xD7B0 && cp <= 0xD7C6)) return HG_V;
    if ((cp >= 0x11A8 && cp <= 0x11FF) || (cp >= 0xD7CB && cp <= 0xD7FB)) return HG_T;
    if (cp >= 0xAC00 && cp <= 0xD7A3) return (cp - 0xAC00) % 28 == 0 ? HG_LV : HG_LVT;
    return HG_NONE;
}

/* io_lib:chars_length of a leaf's text: its length when every character is
 * latin-1 (iolist_size), else string:length's extended grapheme clusters:
 * extend/spacing marks and ZWJ join the previous character, prepend
 * characters the next, Hangul syllable sequences, regional-indicator pairs
 * and emoji ZWJ sequences join (the property tables come from OTP 25 via
 * tests/oracle/print_graphemes.escript). Texts are our own valid UTF-8 and
 * hold no raw control characters (they are escaped), so the CR/LF/control
 * rules never apply. */
static int64_t text_chars(const char *s, size_t n) {
    const unsigned char *u = (const unsigned char *)s;
    int64_t cps = 0, clusters = 0;
    bool wide = false, prev_prepend = false;
    int prev_hg = HG_NONE, pict = 0; /* pict: 1 after ExtPict Extend*, 2 after its ZWJ */
    size_t ri_run = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t k = hl_print_utf8_decode(u + i, n - i, &cp);
        if (!k) cp = u[i], k = 1;
        i += k;
        wide = wide || cp > 0xFF;
        bool extend = IN_TABLE(hl_grapheme_extend, cp);
        bool is_pict = IN_TABLE(hl_grapheme_pictographic, cp);
        bool ri = cp >= 0x1F1E6 && cp <= 0x1F1FF;
        int hg = hangul(cp);
        bool join = cps > 0 &&
                    (extend || prev_prepend || (ri && ri_run % 2 == 1) || (is_pict && pict == 2) ||
                     (prev_hg == HG_L && (hg == HG_L || hg == HG_V || hg == HG_LV || hg == HG_LVT)) ||
                     ((prev_hg == HG_LV || prev_hg == HG_V) && (hg == HG_V || hg == HG_T)) ||
                     ((prev_hg == HG_LVT || prev_hg == HG_T) && hg == HG_T));
        cps++;
        clusters += !join;
        prev_prepend = IN_TABLE(hl_grapheme_prepend, cp);
        prev_hg = hg;
        ri_run = ri ? ri_run + 1 : 0;
        if (is_pict) pict = 1;
        else if (cp == 0x200D) pict = pict == 1 ? 2 : 0;
        else if (!(extend && pict == 1)) pict = 0;
    }
    return wide ? clusters : cps;
}

/* Closes a leaf whose text was written to the side buffer since `off`. */
static void end_text(pp *p, size_t i, size_t off) {
    if (i == SIZE_MAX) return;
    pnode *nd = &p->nodes[i];
    nd->text_off = off;
    nd->text_len = p->side_buf.len - off;
    nd->len = text_chars(p->side_buf.data ? p->side_buf.data + off : "", nd->text_len);
    if (nd->kind == PN_LEAF) nd->flags |= PF_ATM;
}

static bool printable_cp(uint32_t v, bool uni) {
    if (v >= ' ' && v <= '~') return true;
    if (v == '\n' || v == '\r' || v == '\t' || v == '\v' || v == '\b' || v == '\f' || v == 27)
        return true;
    if (!uni) return v >= 0xA0 && v <= 0xFF;
    return (v >= 0xA0 && v < 0xD800) || (v > 0xDFFF && v < 0xFFFE) || (v > 0xFFFF && v <= 0x10FFFF);
}

static bool printable_list(hl_term t, bool uni) {
    for (; hl_is_cons(t); t = hl_cdr(t)) {
        hl_term h = hl_car(t);
        if (!hl_is_small(h)) return false;
        int64_t v = hl_small_val(h);
        if (v < 0 || v > 0x10FFFF || !printable_cp((uint32_t)v, uni)) return false;
    }
    return t == HL_NIL;
}

/* Byte i of a byte-aligned-size bitstring that may start at any bit. */
static unsigned char byte_at(const unsigned char *b, uint64_t off, size_t i) {
    uint64_t bit = off + (uint64_t)i * 8;
    unsigned sh = (unsigned)(bit % 8);
    size_t k = (size_t)(bit / 8);
    if (sh == 0) return b[k];
    return (unsigned char)((b[k] << sh) | (b[k + 1] >> (8 - sh)));
}

/* io_lib_pretty's binary rules for ~p (latin1) and ~tp: 0 bytes form,
 * 1 latin-1 string <<"...">>, 2 UTF-8 string <<"..."/utf8>>. */
static int binary_form(pp *p, const unsigned char *b, uint64_t off, size_t nbytes) {
    if (p->out.unicode) {
        /* OTP 25 checks that the whole binary is UTF-8 first (else the
         * latin-1 rule), then that every character is printable. */
        size_t i = 0, chars = 0;
        bool valid = true, printable = true;
        while (i < nbytes) {
            unsigned char tmp[4];
            size_t k = nbytes - i < 4 ? nbytes - i : 4;
            for (size_t j = 0; j < k; j++) tmp[j] = byte_at(b, off, i + j);
            uint32_t cp;
            size_t used = hl_print_utf8_decode(tmp, k, &cp);
            if (!used) {
                valid = false;
                break;
            }
            printable = printable && printable_cp(cp, p->uni_range);
            i += used;
            chars++;
        }
        if (valid) return !printable ? 0 : chars == nbytes ? 1 : 2;
    }
    for (size_t i = 0; i < nbytes; i++)
        if (!printable_cp(byte_at(b, off, i), false)) return 0;
    return 1;
}

static void leaf_binary(pp *p, hl_term t) {
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    size_t start = p->side_buf.len;
    int form = 0;
    if (bits == 0) form = 3;
    else if (bits % 8 == 0 && !(p->out.opts && p->out.opts->no_strings)) form = binary_form(p, b, off, (size_t)(bits / 8));
    size_t i = new_node(p, form ? PN_LEAF : PN_BIN);
    if (i == SIZE_MAX) return;
    if (form == 0 || form == 3) {
        hl_print_bits(&p->side, t);
    } else {
        size_t nbytes = (size_t)(bits / 8);
        hl_print_put(&p->side, "<<\"", 3);
        if (form == 1) {
            for (size_t k = 0; k < nbytes && p->side.st == HL_TERM_OK; k++)
                hl_print_char(&p->side, byte_at(b, off, k), '"', true);
        } else {
            for (size_t k = 0; k < nbytes && p->side.st == HL_TERM_OK;) {
                unsigned char tmp[4];
                size_t n = nbytes - k < 4 ? nbytes - k : 4;
                for (size_t j = 0; j < n; j++) tmp[j] = byte_at(b, off, k + j);
                uint32_t cp;
                size_t used = hl_print_utf8_decode(tmp, n, &cp);
                hl_print_char(&p->side, cp, '"', true);
                k += used;
            }
        }
        hl_print_put(&p->side, form == 1 ? "\">>" : "\"/utf8>>", form == 1 ? 3 : 8);
    }
    end_text(p, i, start);
}

/* ---- pass 1: measure ---- */

static void leaf_text(pp *p, const char *text, uint8_t flags, unsigned kind) {
    size_t start = p->side_buf.len;
    size_t i = new_node(p, kind);
    hl_print_put(&p->side, text, strlen(text));
    end_text(p, i, start);
    if (i != SIZE_MAX) p->nodes[i].flags |= flags;
}

/* A binary under a depth d > 1 (io_lib_pretty's print_length_binary):
 * up to 4 * (d - 1) characters are looked at; printable all through: the
 * string; a printable prefix of at least d - 1 characters: the prefix as a
 * string and "..."; otherwise the first d - 1 bytes and "...". */
static void leaf_binary_depth(pp *p, hl_term t, int64_t d) {
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(t, &b, &off, &bits);
    int64_t d1 = d - 1;
    size_t nbytes = (size_t)(bits / 8);
    bool strings = !(p->out.opts && p->out.opts->no_strings);
    if (strings && bits % 8 == 0) {
        size_t len = (uint64_t)d1 * 4 < nbytes ? (size_t)d1 * 4 : nbytes;
        int form = -1; /* 1 latin-1, 2 UTF-8; prefix bytes in pre */
        size_t pre = 0;
        bool whole = false;
        if (p->out.unicode) {
            /* characters, at most len of them; stops at the first
             * unprintable one; the character after must decode too */
            size_t i = 0, n = len;
            bool ascii = true, valid = true;
            while (n > 0 && i < nbytes) {
                unsigned char tmp[4];
                size_t k = nbytes - i < 4 ? nbytes - i : 4;
                for (size_t j = 0; j < k; j++) tmp[j] = byte_at(b, off, i + j);
                uint32_t cp;
                size_t used = hl_print_utf8_decode(tmp, k, &cp);
                if (!used) {
                    valid = false;
                    break;
                }
                if (!printable_cp(cp, p->uni_range)) break;
                if (used > 1) ascii = false;
                i += used, n--;
            }
            if (valid && i < nbytes) {
                unsigned char tmp[4];
                size_t k = nbytes - i < 4 ? nbytes - i : 4;
                for (size_t j = 0; j < k; j++) tmp[j] = byte_at(b, off, i + j);
                uint32_t cp;
                if (!hl_print_utf8_decode(tmp, k, &cp)) valid = false;
            }
            if (valid) {
                if (i == nbytes && len - n == nbytes) form = 1, whole = true;
                else if (i == nbytes) form = 2, whole = true;
                else if ((int64_t)(len - n) >= d1) form = ascii && i == len - n ? 1 : 2, pre = i;
                else form = 0;
            }
        }
        if (form < 0) {
            size_t i = 0;
            while (i < len && printable_cp(byte_at(b, off, i), false)) i++;
            if (i == len && len == nbytes) form = 1, whole = true;
            else if (i == len || (int64_t)i >= d1) form = 1, pre = i;
            else form = 0;
        }
        if (form > 0) {
            size_t start = p->side_buf.len;
            size_t node = new_node(p, PN_LEAF);
            size_t upto = whole ? nbytes : pre;
            hl_print_put(&p->side, "<<\"", 3);
            for (size_t k = 0; k < upto && p->side.st == HL_TERM_OK;) {
                if (form == 1) {
                    hl_print_char(&p->side, byte_at(b, off, k), '"', true);
                    k++;
                    continue;
                }
                unsigned char tmp[4];
                size_t n = upto - k < 4 ? upto - k : 4;
                for (size_t j = 0; j < n; j++) tmp[j] = byte_at(b, off, k + j);
                uint32_t cp;
                size_t used = hl_print_utf8_decode(tmp, n, &cp);
                if (!used) used = 1, cp = tmp[0];
                hl_print_char(&p->side, cp, '"', true);
                k += used;
            }
            const char *close = whole ? (form == 1 ? "\">>" : "\"/utf8>>") : (form == 1 ? "\"...>>" : "\"/utf8...>>");
            hl_print_put(&p->side, close, strlen(close));
            end_text(p, node, start);
            return;
        }
    }
    /* the bytes, one depth each; "..." where the depth runs out
     * (io_lib:write_binary) */
    size_t start = p->side_buf.len;
    size_t node = new_node(p, PN_BIN);
    char num[24];
    hl_print_put(&p->side, "<<", 2);
    uint64_t at = 0;
    for (int64_t cur = d; bits > 0 && p->side.st == HL_TERM_OK; cur--) {
        int k;
        if (cur == 1) {
            hl_print_put(&p->side, "...", 3);
            break;
        }
        if (bits >= 8) {
            bits -= 8;
            k = snprintf(num, sizeof num, "%u%s", byte_at(b, off, (size_t)at), bits ? "," : "");
            at++;
        } else {
            k = snprintf(num, sizeof num, "%u:%u", hl_bits_get8(b, off + at * 8, (unsigned)bits), (unsigned)bits);
            bits = 0;
        }
        hl_print_put(&p->side, num, (size_t)k);
    }
    hl_print_put(&p->side, ">>", 2);
    end_text(p, node, start);
}

typedef struct bframe {
    size_t node;
    hl_term t;   /* container; for lists the rest; for a map pair the key */
    size_t pos;
    hl_term val;     /* a map pair: the value */
    hl_map_iter it;  /* a map: its pairs in the map's own order */
    int64_t d;       /* ~P depth of the container (-1: none); a pair: of K and V */
    int64_t rd;      /* depth left for the rest of the elements (1: cut here) */
} bframe;

typedef struct bstack {
    bframe *v;
    size_t n, cap;
} bstack;

/* Adds t as a node: a leaf, or a container whose frame is pushed. d is
 * its ~P depth (-1: none; 1: containers print as [...] {...} #{...}). */
static void measure_begin(pp *p, bstack *s, hl_term t, uint8_t flags, int64_t d) {
    size_t start = p->side_buf.len;
    unsigned kind;
    if (d == 1 && hl_is_tuple(t) && hl_tuple_arity(t) > 0) {
        leaf_text(p, "{...}", flags, PN_LEAF);
        return;
    }
    if (d == 1 && hl_is_map(t) && hl_map_size(t) > 0) {
        leaf_text(p, "#{...}", flags, PN_LEAF);
        return;
    }
    if (d == 1 && hl_is_binary_obj(t) && hl_bits_size(t) > 0) {
        leaf_text(p, "<<...>>", flags, PN_LEAF);
        return;
    }
    if (d > 1 && hl_is_binary_obj(t) && hl_bits_size(t) > 0) {
        leaf_binary_depth(p, t, d);
        if (p->n && p->out.st == HL_TERM_OK) p->nodes[p->n - 1].flags |= flags;
        return;
    }
    if (hl_is_cons(t)) {
        if (d != 1 && !(p->out.opts && p->out.opts->no_strings) && printable_list(t, p->uni_range)) {
            size_t i = new_node(p, PN_LEAF);
            hl_print_put(&p->side, "\"", 1);
            for (; hl_is_cons(t) && p->side.st == HL_TERM_OK; t = hl_cdr(t))
                hl_print_char(&p->side, (uint32_t)hl_small_val(hl_car(t)), '"', true);
            hl_print_put(&p->side, "\"", 1);
            end_text(p, i, start);
            if (i != SIZE_MAX) p->nodes[i].flags |= flags;
            return;
        }
        kind = PN_LIST;
    } else if (hl_is_tuple(t) && hl_tuple_arity(t) > 0) {
        kind = hl_tuple_arity(t) > 1 && hl_is_atom(hl_tuple_get(t, 0)) ? PN_TAGTUPLE : PN_TUPLE;
    } else if (hl_is_map(t) && hl_map_size(t) > 0) {
        kind = PN_MAP;
    } else if (hl_is_binary_obj(t)) {
        leaf_binary(p, t);
        if (p->n && p->out.st == HL_TERM_OK) p->nodes[p->n - 1].flags |= flags;
        return;
    } else {
        size_t i = new_node(p, PN_LEAF);
        if (t == HL_NIL) hl_print_put(&p->side, "[]", 2);
        else if (hl_is_tuple(t)) hl_print_put(&p->side, "{}", 2);
        else if (hl_is_map(t)) hl_print_put(&p->side, "#{}", 3);
        else hl_print_atomic(&p->side, t);
        end_text(p, i, start);
        if (i != SIZE_MAX) p->nodes[i].flags |= flags;
        return;
    }
    size_t i = new_node(p, kind);
    if (i == SIZE_MAX) return;
    p->nodes[i].flags = flags;
    if (s->n == s->cap && !stack_grow((void **)&s->v, &s->cap, sizeof *s->v)) {
        p->out.st = HL_TERM_NOMEM;
        return;
    }
    s->v[s->n++] = (bframe){i, t, 0, HL_NIL, {0}, d, d};
    if (kind == PN_MAP) hl_map_iter_init_io(&s->v[s->n - 1].it, t);
}

/* Sets a finished container's end and one-line length. */
static void measure_end(pp *p, size_t i) {
    pnode *nd = &p->nodes[i];
    nd->end = p->n;
    int64_t len = 0, k = 0;
    for (size_t c = i + 1; c < nd->end; c = p->nodes[c].end, k++) len += p->nodes[c].len;
    switch (nd->kind) {
    case PN_PAIR: len += 4; break;                 /* K => V */
    case PN_MAP: len += 3 + (k - 1); break;        /* #{ , } */
    default: len += 2 + (k - 1); break;            /* [ , | ] or { , } */
    }
    nd->len = len;
}

/* A container cut by the depth: "..." as its last child, then its end. */
static void measure_dots(pp *p, bstack *s, bframe *f, uint8_t flags) {
    leaf_text(p, "...", flags | PF_DOTS, PN_DOTS);
    measure_end(p, f->node);
    s->n--;
}

static void measure(pp *p, hl_term root, int64_t depth) {
    bstack s = {NULL, 0, 0};
    measure_begin(p, &s, root, 0, depth);
    while (s.n > 0 && pp_status(p) == HL_TERM_OK) {
        bframe *f = &s.v[s.n - 1];
        unsigned kind = p->nodes[f->node].kind;
        hl_term next;
        uint8_t flags = 0;
        int64_t cd = f->rd < 0 ? -1 : f->rd - 1; /* the next element's depth */
        if (kind == PN_LIST) {
            if (f->rd == 1 && f->t != HL_NIL) {
                measure_dots(p, &s, f, PF_TAIL);
                continue;
            }
            if (f->rd > 1) f->rd--;
            if (hl_is_cons(f->t)) {
                next = hl_car(f->t);
                f->t = hl_cdr(f->t);
            } else if (f->t != HL_NIL) {
                next = f->t;
                f->t = HL_NIL;
                flags = PF_TAIL;
            } else {
                measure_end(p, f->node);
                s.n--;
                continue;
            }
        } else if (kind == PN_TUPLE || kind == PN_TAGTUPLE) {
            if (f->pos == hl_tuple_arity(f->t)) {
                measure_end(p, f->node);
                s.n--;
                continue;
            }
            if (f->rd == 1) {
                measure_dots(p, &s, f, 0);
                continue;
            }
            if (f->rd > 1) f->rd--;
            next = hl_tuple_get(f->t, f->pos++);
        } else if (kind == PN_MAP) {
            hl_term key, val;
            if (f->pos == hl_map_size(f->t)) {
                measure_end(p, f->node);
                s.n--;
                continue;
            }
            if (f->rd == 1) {
                measure_dots(p, &s, f, 0);
                continue;
            }
            if (f->rd > 1) f->rd--;
            if (!hl_map_iter_next(&f->it, &key, &val)) {
                measure_end(p, f->node);
                s.n--;
                continue;
            }
            f->pos++;
            size_t i = new_node(p, PN_PAIR);
            if (i == SIZE_MAX) break;
            if (s.n == s.cap && !stack_grow((void **)&s.v, &s.cap, sizeof *s.v)) {
                p->out.st = HL_TERM_NOMEM;
                break;
            }
            /* A pair frame: pos 0 key next, 1 value next, 2 done. Key and
             * value both have the map's depth less one. */
            int64_t pd = f->d < 0 ? -1 : f->d - 1;
            s.v[s.n++] = (bframe){i, key, 0, val, {0}, pd, pd};
            continue;
        } else { /* PN_PAIR */
            if (f->pos == 2) {
                measure_end(p, f->node);
                s.n--;
                continue;
            }
            next = f->pos++ == 0 ? f->t : f->val;
            cd = f->d;
        }
        measure_begin(p, &s, next, flags, cd);
    }
    hl_mem_free(s.v);
}

/* ---- pass 2: layout ---- */

static void put(pp *p, const char *s, size_t n) {
    if (!p->dry) hl_print_put(&p->out, s, n);
}

static void newline(pp *p, int64_t ind) {
    if (p->dry) return;
    static const char spaces[] = "                                ";
    hl_print_put(&p->out, "\n", 1);
    while (ind > 0 && p->out.st == HL_TERM_OK) {
        size_t k = ind > 32 ? 32 : (size_t)ind;
        hl_print_put(&p->out, spaces, k);
        ind -= (int64_t)k;
    }
}

typedef struct wpos {
    size_t end;
    unsigned kind;
    size_t count;
} wpos;

/* Writes node i's subtree on one line. */
static void write_one_line(pp *p, size_t i, wpos **stk, size_t *cap) {
    if (p->dry) return;
    size_t stop = p->nodes[i].end, sn = 0;
    for (size_t j = i; j < stop && p->out.st == HL_TERM_OK;) {
        if (sn) {
            wpos *top = &(*stk)[sn - 1];
            if (top->count++) {
                if (top->kind == PN_PAIR) put(p, " => ", 4);
                else if (p->nodes[j].flags & PF_TAIL) put(p, "|", 1);
                else put(p, ",", 1);
            }
        }
        pnode *nd = &p->nodes[j];
        const char *open = NULL;
        switch (nd->kind) {
        case PN_LIST: open = "["; break;
        case PN_TUPLE:
        case PN_TAGTUPLE: open = "{"; break;
        case PN_MAP: open = "#{"; break;
        case PN_PAIR: open = ""; break;
        default: put(p, p->side_buf.data + nd->text_off, nd->text_len); break;
        }
        if (open) {
            put(p, open, strlen(open));
            if (sn == *cap && !stack_grow((void **)stk, cap, sizeof **stk)) {
                p->out.st = HL_TERM_NOMEM;
                return;
            }
            (*stk)[sn++] = (wpos){nd->end, nd->kind, 0};
        }
        j++;
        while (sn && (*stk)[sn - 1].end == j) {
            unsigned k = (*stk)[--sn].kind;
            if (k == PN_LIST) put(p, "]", 1);
            else if (k != PN_PAIR) put(p, "}", 1);
        }
    }
}

typedef struct lframe {
    unsigned kind; /* LF_SEQ or LF_PAIR */
    bool map, first;
    char sep, close;
    size_t cur, end, node;
    int stage;
    int64_t col0, col, ind, ld, w;
} lframe;

enum { LF_SEQ, LF_PAIR };

typedef struct layout {
    lframe *v;
    size_t n, cap;
    wpos *ws;
    size_t wcap;
} layout;

static bool fits(pp *p, size_t i, int64_t col, int64_t ld, int64_t w) {
    int64_t len = p->nodes[i].len;
    return len < p->ll - col - ld && len + w + ld <= p->m;
}

static bool atm(pp *p, size_t i) { return (p->nodes[i].flags & PF_ATM) != 0; }
static bool atm_pair(pp *p, size_t i) { return atm(p, i + 1) && atm(p, p->nodes[i + 1].end); }

static lframe *lpush(pp *p, layout *l) {
    if (l->n == l->cap && !stack_grow((void **)&l->v, &l->cap, sizeof *l->v)) {
        p->out.st = HL_TERM_NOMEM;
        return NULL;
    }
    lframe *f = &l->v[l->n++];
    memset(f, 0, sizeof *f);
    return f;
}

/* io_lib_pretty's pp_binary: the byte list broken to fit. */
static void pp_binary(pp *p, size_t i, int64_t col, int64_t ind, int64_t ld, int64_t w) {
    if (p->dry) return;
    int64_t a = p->ll - col, b = p->m - 4 - w;
    int64_t n0 = (a < b ? a : b) - ld;
    if (n0 < 8) n0 = 8;
    int64_t n = n0;
    const char *s = p->side_buf.data + p->nodes[i].text_off + 2;
    size_t len = p->nodes[i].text_len - 4;
    put(p, "<<", 2);
    while (p->out.st == HL_TERM_OK) {
        const char *comma = memchr(s, ',', len);
        if (!comma) {
            if ((int64_t)len > n) newline(p, ind);
            put(p, s, len);
            break;
        }
        int64_t seg = (int64_t)(comma - s) + 1;
        if (n - seg < 0) {
            newline(p, ind);
            n = n0 - seg;
        } else {
            n -= seg;
        }
        put(p, s, (size_t)seg);
        s += seg;
        len -= (size_t)seg;
    }
    put(p, ">>", 2);
}

/* pp(If, Col, ..., Ind, LD, W): writes node i or starts its layout. */
static void pp_start(pp *p, layout *l, size_t i, int64_t col, int64_t ind, int64_t ld, int64_t w) {
    pnode *nd = &p->nodes[i];
    if (fits(p, i, col, ld, w) || nd->kind == PN_LEAF) {
        write_one_line(p, i, &l->ws, &l->wcap);
        return;
    }
    lframe *f;
    switch (nd->kind) {
    case PN_BIN: pp_binary(p, i, col + 2, ind + 2, ld, w); return;
    case PN_LIST:
    case PN_TUPLE:
        put(p, nd->kind == PN_LIST ? "[" : "{", 1);
        if (!(f = lpush(p, l))) return;
        *f = (lframe){.kind = LF_SEQ, .first = true, .sep = nd->kind == PN_LIST ? '|' : ',',
                      .close = nd->kind == PN_LIST ? ']' : '}', .cur = i + 1, .end = nd->end,
                      .col0 = col + 1, .ind = ind + 1, .ld = ld, .w = w + 1};
        return;
    case PN_MAP:
        put(p, "#{", 2);
        if (!(f = lpush(p, l))) return;
        *f = (lframe){.kind = LF_SEQ, .map = true, .first = true, .sep = ',', .close = '}',
                      .cur = i + 1, .end = nd->end, .col0 = col + 2, .ind = ind + 2, .ld = ld,
                      .w = w + (p->dry ? 2 : 1)};
        return;
    case PN_TAGTUPLE: {
        size_t tag = i + 1;
        int64_t tlen = p->nodes[tag].len, tagind = tlen + 2, tcol = col + tagind;
        size_t end = nd->end, rest = p->nodes[tag].end;
        put(p, "{", 1);
        write_one_line(p, tag, &l->ws, &l->wcap);
        if (p->tind > 0 && tagind > p->tind) {
            int64_t col1 = col + p->tind;
            if (p->dry && !(p->m + col1 <= p->ll || col1 <= p->ll / 2)) {
                p->no_good = true;
                return;
            }
            if (!(f = lpush(p, l))) return;
            *f = (lframe){.kind = LF_SEQ, .first = false, .sep = ',', .close = '}', .cur = rest,
                          .end = end, .col0 = col1, .col = tcol, .ind = ind + p->tind, .ld = ld,
                          .w = w + 1 + tlen};
        } else {
            if (p->dry && !(p->m + tcol < p->ll || tcol < p->ll / 2)) {
                p->no_good = true;
                return;
            }
            put(p, ",", 1);
            if (!(f = lpush(p, l))) return;
            *f = (lframe){.kind = LF_SEQ, .first = true, .sep = ',', .close = '}', .cur = rest,
                          .end = end, .col0 = tcol, .ind = ind + tagind, .ld = ld,
                          .w = w + 1 + tlen + 1};
        }
        return;
    }
    default: return;
    }
}

/* pp_element: the width it leaves on the line (Ll forces a new line). */
static int64_t element_width(pp *p, size_t i, int64_t col, int64_t ld, int64_t w) {
    return fits(p, i, col, ld, w) && atm(p, i) ? p->nodes[i].len : p->ll;
}
static void element_do(pp *p, layout *l, size_t i, int64_t col, int64_t ind, int64_t ld, int64_t w) {
    if (fits(p, i, col, ld, w) && atm(p, i)) write_one_line(p, i, &l->ws, &l->wcap);
    else pp_start(p, l, i, col, ind, ld, w);
}

/* pp_pair: width, then the action (one line, or a pair frame). */
static int64_t pair_width(pp *p, size_t i, int64_t col, int64_t ld, int64_t w) {
    if (fits(p, i, col, ld, w)) return atm_pair(p, i) ? p->nodes[i].len : p->ll;
    return p->ll;
}
static void pair_do(pp *p, layout *l, size_t i, int64_t col, int64_t ind, int64_t ld, int64_t w) {
    if (fits(p, i, col, ld, w)) {
        write_one_line(p, i, &l->ws, &l->wcap);
        return;
    }
    lframe *f = lpush(p, l);
    if (f) *f = (lframe){.kind = LF_PAIR, .node = i, .col0 = col, .ind = ind, .ld = ld, .w = w};
}

static void seq_step(pp *p, layout *l) {
    lframe f = l->v[l->n - 1];
    if (f.cur == f.end) {
        put(p, &f.close, 1);
        l->n--;
        return;
    }
    size_t e = f.cur, next = p->nodes[e].end;
    if (p->nodes[e].flags & PF_DOTS) {
        if (!f.first) put(p, &f.sep, 1);
        put(p, "...", 3);
        l->v[l->n - 1].cur = next;
        l->v[l->n - 1].first = false;
        return;
    }
    bool more = next < f.end && !(p->nodes[next].flags & (PF_TAIL | PF_DOTS));
    int64_t ld1 = more ? 0 : f.ld + 1;
    lframe *top = &l->v[l->n - 1];
    top->cur = next;
    if (f.first) {
        top->first = false;
        if (f.map) {
            int64_t pw = pair_width(p, e, f.col0, ld1, f.w);
            top->col = f.col0 + pw;
            top->w = p->dry ? f.w + pw : pw;
            pair_do(p, l, e, f.col0, f.ind, ld1, f.w);
        } else {
            int64_t we = element_width(p, e, f.col0, ld1, f.w);
            top->col = f.col0 + we;
            top->w = f.w + we;
            element_do(p, l, e, f.col0, f.ind, ld1, f.w);
        }
        return;
    }
    int64_t len = p->nodes[e].len;
    if (p->nodes[e].flags & PF_TAIL) {
        put(p, &f.sep, 1);
        if (len + 1 < p->ll - f.col - (f.ld + 1) && len + 1 + f.w + (f.ld + 1) <= p->m && atm(p, e)) {
            write_one_line(p, e, &l->ws, &l->wcap);
        } else {
            newline(p, f.ind);
            pp_start(p, l, e, p->dry ? f.col : f.col0, f.ind, f.ld + 1, 0);
        }
        return;
    }
    int64_t elen = 1 + len;
    bool a = f.map ? atm_pair(p, e) : atm(p, e);
    if (a && ((ld1 == 0 && elen + 1 < p->ll - f.col && f.w + elen + 1 <= p->m) ||
              (ld1 > 0 && elen < p->ll - f.col - ld1 && f.w + elen + ld1 <= p->m))) {
        put(p, ",", 1);
        write_one_line(p, e, &l->ws, &l->wcap);
        top->col = f.col + elen;
        top->w = f.w + elen;
        return;
    }
    put(p, ",", 1);
    newline(p, f.ind);
    if (f.map) {
        int64_t pw = pair_width(p, e, f.col0, ld1, 0);
        top->col = f.col0 + pw;
        top->w = pw;
        pair_do(p, l, e, f.col0, f.ind, ld1, 0);
    } else {
        int64_t we = element_width(p, e, f.col0, ld1, 0);
        top->col = f.col0 + we;
        top->w = we;
        element_do(p, l, e, f.col0, f.ind, ld1, 0);
    }
}

static void pair_step(pp *p, layout *l) {
    lframe *top = &l->v[l->n - 1];
    lframe f = *top;
    size_t k = f.node + 1, v = p->nodes[k].end;
    if (f.stage == 0) {
        top->stage = 1;
        pp_start(p, l, k, f.col0, f.ind, f.ld, f.w);
    } else if (f.stage == 1) {
        top->stage = 2;
        int64_t in = p->tind > 0 ? p->tind : 4;
        put(p, " =>", 3);
        newline(p, f.ind + in);
        pp_start(p, l, v, f.col0 + in, f.ind + in, f.ld, 0);
    } else {
        l->n--;
    }
}

/* Lays the root out at column col with tagged-tuple indentation tind. */
static void run_layout(pp *p, layout *l, const hl_print_at *at, int64_t tind, bool dry) {
    p->tind = tind;
    p->dry = dry;
    p->no_good = false;
    l->n = 0;
    pp_start(p, l, 0, at->col, at->ind, at->ld, at->w);
    while (l->n > 0 && !p->no_good && p->out.st == HL_TERM_OK) {
        if (l->v[l->n - 1].kind == LF_SEQ) seq_step(p, l);
        else pair_step(p, l);
    }
}

/* Measures t into p (the caller frees p->nodes and p->side_buf). */
static hl_term_status pp_measure(pp *p, hl_buf *out, hl_term t, bool unicode, const hl_print_opts *opts) {
    memset(p, 0, sizeof *p);
    p->out = (hl_print_ctx){out, HL_TERM_OK, unicode, opts};
    if (out->failed) {
        p->out.st = HL_TERM_SYSTEM_LIMIT;
        hl_buf_init(&p->side_buf, 1);
        return p->out.st;
    }
    /* Everything measured is printed at least once: the side text and the
     * node count are both bounded by the room left in the output. */
    size_t room = out->limit > out->len ? out->limit - out->len : 0;
    hl_buf_init(&p->side_buf, room ? room : 1);
    p->side = (hl_print_ctx){&p->side_buf, HL_TERM_OK, unicode, opts};
    p->max_nodes = room;
    p->uni_range = unicode && opts && opts->printable_unicode;
    measure(p, t, opts && opts->depth > 0 ? opts->depth : -1);
    return pp_status(p);
}

hl_term_status hl_print_p(hl_buf *out, hl_term t, int column, int line_length, bool unicode,
                          const hl_print_opts *opts) {
    pp p;
    int64_t col = column < 1 ? 1 : column;
    hl_term_status st = pp_measure(&p, out, t, unicode, opts);
    if (st == HL_TERM_OK && p.n > 0) {
        layout l = {NULL, 0, 0, NULL, 0};
        p.ll = line_length;
        p.m = p.nodes[0].len;
        if (line_length <= 0 || fits(&p, 0, col, 0, 0)) {
            write_one_line(&p, 0, &l.ws, &l.wcap);
        } else {
            hl_print_at at = {.col = col, .ll = line_length, .ind = col - 1};
            int64_t tind = 1;
            static const int64_t tries[2] = {-1, 4};
            for (int k = 0; k < 2; k++) {
                run_layout(&p, &l, &at, tries[k], true);
                if (p.out.st != HL_TERM_OK) break;
                if (!p.no_good) {
                    tind = tries[k];
                    break;
                }
            }
            if (p.out.st == HL_TERM_OK) run_layout(&p, &l, &at, tind, false);
        }
        hl_mem_free(l.v);
        hl_mem_free(l.ws);
        st = pp_status(&p);
    }
    hl_mem_free(p.nodes);
    hl_buf_free(&p.side_buf);
    return st;
}

hl_term_status hl_print_p_measure(hl_buf *scratch, hl_term t, bool unicode, const hl_print_opts *opts,
                                  int64_t *len, bool *atomic) {
    pp p;
    hl_term_status st = pp_measure(&p, scratch, t, unicode, opts);
    if (st == HL_TERM_OK && p.n > 0) {
        *len = p.nodes[0].len;
        *atomic = (p.nodes[0].flags & PF_ATM) != 0;
    }
    hl_mem_free(p.nodes);
    hl_buf_free(&p.side_buf);
    return st;
}

hl_term_status hl_print_p_at(hl_buf *out, hl_term t, bool unicode, const hl_print_opts *opts, const hl_print_at *at,
                             bool *no_good) {
    pp p;
    *no_good = false;
    hl_term_status st = pp_measure(&p, out, t, unicode, opts);
    if (st == HL_TERM_OK && p.n > 0) {
        layout l = {NULL, 0, 0, NULL, 0};
        p.ll = at->ll;
        p.m = at->m;
        run_layout(&p, &l, at, at->tind, at->dry);
        *no_good = p.no_good;
        hl_mem_free(l.v);
        hl_mem_free(l.ws);
        st = pp_status(&p);
    }
    hl_mem_free(p.nodes);
    hl_buf_free(&p.side_buf);
    return st;
}
