/* print.c — ~w / ~tw (io_lib:write in OTP 25) and the leaf writers the
 * pretty printer shares: integers, floats, atoms with io_lib's quoting and
 * escaping, bitstrings as byte lists, funs and handles. The walk over
 * lists, tuples and maps is iterative with an explicit stack; every step
 * writes at least one byte, so the stack never outgrows the output limit. */
#include "term/print.h"

#include <string.h>

#include "base/fmt_float.h"
#include "base/mem.h"
#include "term/atom.h"
#include "term/bignum.h"
#include "term/map.h"

void hl_print_put(hl_print_ctx *c, const void *bytes, size_t n) {
    if (c->st != HL_TERM_OK) return;
    hl_buf *b = c->out;
    size_t need;
    if (b->failed || !hl_size_add(b->len, n, &need) || need > b->limit) {
        b->failed = true;
        c->st = HL_TERM_SYSTEM_LIMIT;
        return;
    }
    if (!hl_buf_append(b, bytes, n)) c->st = HL_TERM_NOMEM;
}

static void put_s(hl_print_ctx *c, const char *s) { hl_print_put(c, s, strlen(s)); }

static void put_u64(hl_print_ctx *c, uint64_t v) {
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    hl_print_put(c, tmp + i, sizeof tmp - i);
}

static void put_utf8(hl_print_ctx *c, uint32_t cp) {
    unsigned char t[4];
    size_t n;
    if (cp < 0x80) {
        t[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        t[0] = (unsigned char)(0xC0 | (cp >> 6));
        t[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        t[0] = (unsigned char)(0xE0 | (cp >> 12));
        t[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        t[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        t[0] = (unsigned char)(0xF0 | ((cp >> 18) & 0x07));
        t[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        t[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        t[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    hl_print_put(c, t, n);
}

size_t hl_print_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    if (n == 0) return 0;
    unsigned char b = s[0];
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    size_t len;
    uint32_t v, min;
    if ((b & 0xE0) == 0xC0) {
        len = 2, v = b & 0x1F, min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
        len = 3, v = b & 0x0F, min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
        len = 4, v = b & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (n < len) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
    *cp = v;
    return len;
}

void hl_print_char(hl_print_ctx *c, uint32_t cp, char quote, bool unicode) {
    char e[8];
    if (cp == (uint32_t)(unsigned char)quote || cp == '\\') {
        e[0] = '\\';
        e[1] = (char)cp;
        hl_print_put(c, e, 2);
        return;
    }
    if (cp >= ' ' && cp <= '~') {
        e[0] = (char)cp;
        hl_print_put(c, e, 1);
        return;
    }
    if (cp >= 0xA0 && (cp <= 0xFF || unicode)) {
        put_utf8(c, cp);
        return;
    }
    if (cp > 0xFF) {
        /* io_lib's unicode_as_latin1: \x{HEX}, upper-case hex digits. */
        char h[16];
        size_t i = sizeof h;
        uint32_t v = cp;
        do {
            h[--i] = "0123456789ABCDEF"[v & 15];
            v >>= 4;
        } while (v);
        put_s(c, "\\x{");
        hl_print_put(c, h + i, sizeof h - i);
        hl_print_put(c, "}", 1);
        return;
    }
    const char *named = NULL;
    switch (cp) {
    case '\n': named = "\\n"; break;
    case '\r': named = "\\r"; break;
    case '\t': named = "\\t"; break;
    case '\v': named = "\\v"; break;
    case '\b': named = "\\b"; break;
    case '\f': named = "\\f"; break;
    case 27: named = "\\e"; break;
    case 127: named = "\\d"; break;
    default: break;
    }
    if (named) {
        hl_print_put(c, named, 2);
        return;
    }
    /* Other control characters (below 160): three octal digits. */
    e[0] = '\\';
    e[1] = (char)('0' + ((cp >> 6) & 7));
    e[2] = (char)('0' + ((cp >> 3) & 7));
    e[3] = (char)('0' + (cp & 7));
    hl_print_put(c, e, 4);
}

/* erl_scan:reserved_word/1 in OTP 25 (maybe/else are not reserved there). */
static bool reserved_word(const char *s, size_t n) {
    static const char *const words[] = {
        "after", "and", "andalso", "band", "begin", "bnot", "bor",    "bsl",     "bsr",
        "bxor",  "case", "catch",  "cond", "div",   "end",  "fun",    "if",      "let",
        "not",   "of",   "or",     "orelse", "receive", "rem", "try", "when",   "xor"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && memcmp(words[i], s, n) == 0) return true;
    return false;
}

/* Code point i of an atom name: strict UTF-8, any stray byte read as its
 * latin-1 value (names are not validated as UTF-8 by the table). */
static size_t name_cp(const unsigned char *s, size_t n, uint32_t *cp) {
    size_t k = hl_print_utf8_decode(s, n, cp);
    if (k) return k;
    *cp = s[0];
    return 1;
}

static bool lower_start(uint32_t ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 0xDF && ch <= 0xFF && ch != 0xF7);
}
static bool name_char(uint32_t ch) {
    return lower_start(ch) || (ch >= 'A' && ch <= 'Z') || (ch >= 0xC0 && ch <= 0xDE && ch != 0xD7) ||
           (ch >= '0' && ch <= '9') || ch == '_' || ch == '@';
}

static void print_atom(hl_print_ctx *c, hl_term t) {
    size_t n;
    const char *name = hl_atom_name(t, &n);
    const unsigned char *s = (const unsigned char *)name;
    bool quote = n == 0 || reserved_word(name, n);
    if (!quote) {
        uint32_t ch;
        size_t i = name_cp(s, n, &ch);
        quote = !lower_start(ch);
        while (!quote && i < n) {
            i += name_cp(s + i, n - i, &ch);
            quote = !name_char(ch);
        }
    }
    if (!quote) {
        /* Bare names are latin-1 letters, digits, _ and @. */
        for (size_t i = 0; i < n;) {
            uint32_t ch;
            i += name_cp(s + i, n - i, &ch);
            put_utf8(c, ch);
        }
        return;
    }
    hl_print_put(c, "'", 1);
    for (size_t i = 0; i < n && c->st == HL_TERM_OK;) {
        uint32_t ch;
        i += name_cp(s + i, n - i, &ch);
        hl_print_char(c, ch, '\'', c->unicode);
    }
    hl_print_put(c, "'", 1);
}

static void print_integer(hl_print_ctx *c, hl_term t) {
    if (hl_is_small(t)) {
        int64_t v = hl_small_val(t);
        if (v < 0) hl_print_put(c, "-", 1);
        put_u64(c, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
        return;
    }
    /* Converted in bounded time: past HL_BIG_MAX_WORK (~1M bits) the
     * conversion is refused (system_limit, as integer_to_list). */
    size_t max = hl_int_text_max(t, 10);
    if (c->st != HL_TERM_OK) return;
    char *tmp = hl_mem_alloc(max ? max : 1);
    if (!tmp) {
        c->st = HL_TERM_NOMEM;
        return;
    }
    size_t len = 0;
    hl_term_status st = hl_int_to_text(t, 10, tmp, &len);
    if (st == HL_TERM_OK) hl_print_put(c, tmp, len);
    else c->st = st;
    hl_mem_free(tmp);
}

static void print_fun(hl_print_ctx *c, hl_term t) {
    const hl_print_opts *eo = c->opts;
    hl_term em, ef;
    uint32_t ea;
    if (hl_fun_is_export(t) && eo && eo->fun_export && eo->fun_export(hl_fun_program(t), hl_fun_index(t), &em, &ef, &ea)) {
        /* OTP's external fun: fun M:F/A, the atoms as ~w writes them */
        put_s(c, "fun ");
        print_atom(c, em);
        hl_print_put(c, ":", 1);
        print_atom(c, ef);
        hl_print_put(c, "/", 1);
        put_u64(c, ea);
        return;
    }
    const char *mod = "unknown";
    size_t mod_len = 7;
    uint32_t uniq = 0;
    const hl_print_opts *o = c->opts;
    if (o && o->fun_info) {
        const char *m = NULL;
        size_t ml = 0;
        uint32_t u = 0;
        if (o->fun_info(o->fun_ctx, hl_fun_program(t), &m, &ml, &u) && m) {
            mod = m;
            mod_len = ml;
            uniq = u;
        }
    }
    put_s(c, "#Fun<");
    hl_print_put(c, mod, mod_len);
    hl_print_put(c, ".", 1);
    put_u64(c, hl_fun_index(t));
    hl_print_put(c, ".", 1);
    put_u64(c, uniq);
    hl_print_put(c, ">", 1);
}

static void print_handle(hl_print_ctx *c, hl_term t) {
    uint64_t p = hl_handle_immed_payload(t);
    switch (hl_handle_immed_subtag(t)) {
    case HL_HANDLE_PID:
        put_s(c, "<0.");
        put_u64(c, p);
        put_s(c, ".0>");
        break;
    case HL_HANDLE_PORT:
        put_s(c, "#Port<0.");
        put_u64(c, p);
        put_s(c, ">");
        break;
    case HL_HANDLE_REF:
        put_s(c, "#Ref<0.0.0.");
        put_u64(c, p);
        put_s(c, ">");
        break;
    default:
        put_s(c, "#Handle<");
        put_u64(c, hl_handle_immed_subtag(t));
        put_s(c, ".");
        put_u64(c, p);
        put_s(c, ">");
        break;
    }
}

void hl_print_atomic(hl_print_ctx *c, hl_term t) {
    if (hl_is_small(t)) {
        print_integer(c, t);
    } else if (hl_is_atom(t)) {
        print_atom(c, t);
    } else if (hl_is_handle_immed(t)) {
        print_handle(c, t);
    } else if (t == HL_NONE) {
        put_s(c, "THE_NON_VALUE");
    } else if (hl_is_boxed(t)) {
        switch (hl_header_subtag(hl_boxed_header(t))) {
        case HL_SUB_POS_BIG:
        case HL_SUB_NEG_BIG: print_integer(c, t); break;
        case HL_SUB_FLOAT: {
            char f[HL_FLOAT_SHORT_MAX];
            hl_print_put(c, f, hl_fmt_float_short(hl_float_val(t), f));
            break;
        }
        case HL_SUB_FUN: print_fun(c, t); break;
        case HL_SUB_HANDLE: put_s(c, "#Handle<>"); break;
        default:
            if (c->st == HL_TERM_OK) c->st = HL_TERM_BADARG;
            break;
        }
    } else if (c->st == HL_TERM_OK) {
        c->st = HL_TERM_BADARG; /* a header word or other non-term */
    }
}

/* Bits [off, off+n) of a bitstring, n <= 8, as an unsigned value. */
static unsigned bits_at(const unsigned char *p, uint64_t off, unsigned n) {
    uint64_t byte = off / 8;
    unsigned shift = (unsigned)(off % 8);
    unsigned v = (unsigned)p[byte] << 8;
    if (shift + n > 8) v |= p[byte + 1];
    return (v >> (16 - shift - n)) & ((1u << n) - 1);
}

void hl_print_bits(hl_print_ctx *c, hl_term t) {
    const unsigned char *p;
    uint64_t off, bits;
    hl_bitstring_view(t, &p, &off, &bits);
    hl_print_put(c, "<<", 2);
    for (uint64_t i = 0; i < bits && c->st == HL_TERM_OK; i += 8) {
        unsigned w = bits - i < 8 ? (unsigned)(bits - i) : 8;
        if (i) hl_print_put(c, ",", 1);
        put_u64(c, bits_at(p, off + i, w));
        if (w < 8) {
            hl_print_put(c, ":", 1);
            put_u64(c, w);
        }
    }
    hl_print_put(c, ">>", 2);
}

/* ---- ~w ---- */

typedef struct wframe {
    hl_term t;   /* the container; for lists the rest still to print */
    size_t pos;  /* next element (tuples); maps: even = key next, odd = value */
    unsigned kind;
    hl_term val;     /* maps: the value of the key just printed */
    hl_map_iter it;  /* maps: the pairs in the map's own order */
} wframe;

enum { WF_LIST, WF_TUPLE, WF_MAP };

typedef struct wstack {
    wframe *v;
    size_t n, cap;
    wframe inline_[32];
} wstack;

static bool wpush(hl_print_ctx *c, wstack *s, hl_term t, unsigned kind) {
    if (s->n == s->cap) {
        size_t cap = s->cap * 2;
        wframe *nv = s->v == s->inline_ ? hl_mem_realloc_array(NULL, cap, sizeof *nv)
                                        : hl_mem_realloc_array(s->v, cap, sizeof *nv);
        if (!nv) {
            c->st = HL_TERM_NOMEM;
            return false;
        }
        if (s->v == s->inline_) memcpy(nv, s->inline_, sizeof s->inline_);
        s->v = nv;
        s->cap = cap;
    }
    s->v[s->n++] = (wframe){t, 0, kind, HL_NIL, {0}};
    return true;
}

/* Writes t or, for a container, its opening and pushes a frame. */
static void w_begin(hl_print_ctx *c, wstack *s, hl_term t) {
    if (hl_is_cons(t)) {
        hl_print_put(c, "[", 1);
        wpush(c, s, t, WF_LIST);
    } else if (t == HL_NIL) {
        hl_print_put(c, "[]", 2);
    } else if (hl_is_tuple(t)) {
        hl_print_put(c, "{", 1);
        wpush(c, s, t, WF_TUPLE);
    } else if (hl_is_map(t)) {
        hl_print_put(c, "#{", 2);
        if (wpush(c, s, t, WF_MAP)) hl_map_iter_init_io(&s->v[s->n - 1].it, t);
    } else if (hl_is_binary_obj(t)) {
        hl_print_bits(c, t);
    } else {
        hl_print_atomic(c, t);
    }
}

hl_term_status hl_print_w(hl_buf *out, hl_term t, bool unicode, const hl_print_opts *opts) {
    hl_print_ctx c = {out, HL_TERM_OK, unicode, opts};
    wstack s;
    s.v = s.inline_;
    s.n = 0;
    s.cap = sizeof s.inline_ / sizeof s.inline_[0];
    w_begin(&c, &s, t);
    while (s.n > 0 && c.st == HL_TERM_OK) {
        wframe *f = &s.v[s.n - 1];
        hl_term next;
        if (f->kind == WF_LIST) {
            hl_term cell = f->t;
            if (hl_is_cons(cell)) {
                if (f->pos++) hl_print_put(&c, ",", 1);
                f->t = hl_cdr(cell);
                next = hl_car(cell);
            } else if (cell != HL_NIL) {
                hl_print_put(&c, "|", 1);
                f->t = HL_NIL;
                next = cell;
            } else {
                hl_print_put(&c, "]", 1);
                s.n--;
                continue;
            }
        } else if (f->kind == WF_TUPLE) {
            if (f->pos == hl_tuple_arity(f->t)) {
                hl_print_put(&c, "}", 1);
                s.n--;
                continue;
            }
            if (f->pos) hl_print_put(&c, ",", 1);
            next = hl_tuple_get(f->t, f->pos++);
        } else {
            /* pos counts keys and values: even = key next, odd = value. */
            if (f->pos % 2 == 0) {
                if (!hl_map_iter_next(&f->it, &next, &f->val)) {
                    hl_print_put(&c, "}", 1);
                    s.n--;
                    continue;
                }
                if (f->pos) hl_print_put(&c, ",", 1);
            } else {
                hl_print_put(&c, " => ", 4);
                next = f->val;
            }
            f->pos++;
        }
        w_begin(&c, &s, next);
    }
    if (s.v != s.inline_) hl_mem_free(s.v);
    return c.st;
}
