/* test_term_util.h — test-only helpers for the term tests: a reader and a
 * printer for the ~w text of the terms the oracle scripts emit (integers,
 * floats, atoms, tuples, lists, maps, bitstrings). Recursive and unbounded:
 * only ever fed the committed vector files. Not the real printer/reader. */
#ifndef HL_TEST_TERM_UTIL_H
#define HL_TEST_TERM_UTIL_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt_float.h"
#include "term/arith.h"
#include "term/atom.h"
#include "test_atoms.h"
#include "term/bignum.h"
#include "term/map.h"

static hl_atom_pool *tu_pools[4096];
static size_t tu_npools;

static inline void tu_free_atoms(void) {
    while (tu_npools) hl_atom_pool_free(tu_pools[--tu_npools]);
    test_atoms_release();
}

static inline hl_term tu_atom(const char *name, size_t len) {
    hl_term t;
    if (hl_atom_find_static(name, len, &t) == HL_TERM_OK) return t;
    for (size_t i = 0; i < tu_npools; i++)
        if (hl_atom_pool_lookup(tu_pools[i], name, len, &t) == HL_TERM_OK) return t;
    if (tu_npools == sizeof tu_pools / sizeof tu_pools[0]) abort();
    const char *names[1] = {name};
    size_t lens[1] = {len};
    if (hl_atom_pool_new(test_atoms(), names, lens, 1, &t, &tu_pools[tu_npools]) != HL_TERM_OK) abort();
    tu_npools++;
    return t;
}

typedef struct tu_reader {
    const char *s;
    hl_heap *h;
} tu_reader;

static inline void tu_ws(tu_reader *r) {
    while (*r->s == ' ') r->s++;
}

static inline void tu_expect(tu_reader *r, const char *lit) {
    tu_ws(r);
    size_t n = strlen(lit);
    if (strncmp(r->s, lit, n) != 0) {
        fprintf(stderr, "reader: expected '%s' at '%.20s'\n", lit, r->s);
        abort();
    }
    r->s += n;
}

static inline hl_term tu_read(tu_reader *r);

static inline void tu_ok(hl_term_status st) {
    if (st != HL_TERM_OK) abort();
}

static inline hl_term tu_bits(hl_heap *h, const unsigned char *bytes, uint64_t nbits) {
    size_t nbytes = (size_t)((nbits + 7) / 8);
    hl_term bin;
    if (hl_make_binary(h, bytes, nbytes, &bin) != HL_TERM_OK) abort();
    if (nbits % 8 == 0) return bin;
    hl_term *p;
    if (hl_heap_alloc(h, HL_SUB_BIN_WORDS, &p) != HL_TERM_OK) abort();
    p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
    p[1] = bin;
    p[2] = 0;
    p[3] = nbits;
    return hl_make_boxed(p);
}

static inline hl_term tu_read(tu_reader *r) {
    tu_ws(r);
    const char *s = r->s;
    if (*s == '-' || isdigit((unsigned char)*s)) {
        const char *e = s + 1;
        while (isdigit((unsigned char)*e) || *e == '.' || *e == 'e' ||
               (*e == '-' && e[-1] == 'e'))
            e++;
        r->s = e;
        char buf[4096];
        size_t n = (size_t)(e - s);
        if (n >= sizeof buf) abort();
        memcpy(buf, s, n);
        buf[n] = 0;
        hl_term t = HL_NONE;
        if (memchr(buf, '.', n)) tu_ok(hl_make_float(r->h, strtod(buf, NULL), &t));
        else tu_ok(hl_int_from_text(r->h, (const unsigned char *)buf, n, 10, &t));
        return t;
    }
    if (*s == '\'') {
        char name[1024];
        size_t n = 0;
        for (s++; *s != '\''; s++) {
            if (*s == '\\') s++;
            name[n++] = *s;
        }
        r->s = s + 1;
        return tu_atom(name, n);
    }
    if (islower((unsigned char)*s)) {
        const char *e = s;
        while (isalnum((unsigned char)*e) || *e == '_' || *e == '@') e++;
        r->s = e;
        return tu_atom(s, (size_t)(e - s));
    }
    hl_term items[64];
    size_t n = 0;
    if (*s == '{') {
        r->s++;
        tu_ws(r);
        if (*r->s == '}') r->s++;
        else
            for (;;) {
                items[n++] = tu_read(r);
                tu_ws(r);
                if (*r->s++ == '}') break;
            }
        hl_term *p;
        if (hl_heap_alloc(r->h, 1 + n, &p) != HL_TERM_OK) abort();
        p[0] = hl_make_header(HL_SUB_TUPLE, n);
        memcpy(p + 1, items, n * sizeof *p);
        return hl_make_boxed(p);
    }
    if (*s == '[') {
        r->s++;
        tu_ws(r);
        hl_term tail = HL_NIL;
        if (*r->s == ']') r->s++;
        else
            for (;;) {
                items[n++] = tu_read(r);
                tu_ws(r);
                char c = *r->s++;
                if (c == ']') break;
                if (c == '|') {
                    tail = tu_read(r);
                    tu_expect(r, "]");
                    break;
                }
            }
        for (size_t i = n; i-- > 0;) {
            hl_term *c;
            if (hl_heap_alloc(r->h, 2, &c) != HL_TERM_OK) abort();
            c[0] = items[i];
            c[1] = tail;
            tail = hl_make_cons(c);
        }
        return tail;
    }
    if (*s == '#') {
        r->s += 2;
        hl_term vals[64];
        tu_ws(r);
        if (*r->s == '}') r->s++;
        else
            for (;;) {
                items[n] = tu_read(r);
                tu_expect(r, "=>");
                vals[n++] = tu_read(r);
                tu_ws(r);
                if (*r->s++ == '}') break;
            }
        hl_term m = HL_NONE;
        tu_ok(hl_flatmap_new(r->h, items, vals, n, &m));
        return m;
    }
    if (s[0] == '<' && s[1] == '<') {
        r->s += 2;
        unsigned char bytes[1024] = {0};
        uint64_t nbits = 0;
        tu_ws(r);
        if (*r->s == '>') r->s += 2;
        else
            for (;;) {
                unsigned long v = strtoul(r->s, (char **)&r->s, 10), size = 8;
                if (*r->s == ':') size = strtoul(r->s + 1, (char **)&r->s, 10);
                for (unsigned long b = size; b-- > 0; nbits++)
                    if ((v >> b) & 1) bytes[nbits / 8] |= (unsigned char)(0x80 >> (nbits % 8));
                if (*r->s++ == '>') {
                    r->s++;
                    break;
                }
            }
        return tu_bits(r->h, bytes, nbits);
    }
    fprintf(stderr, "reader: unexpected '%.20s'\n", s);
    abort();
}

static inline hl_term tu_parse(hl_heap *h, const char *text) {
    tu_reader r = {text, h};
    return tu_read(&r);
}

/* ---- printer ---- */

typedef struct tu_out {
    char *buf;
    size_t n, cap;
} tu_out;

static inline void tu_put(tu_out *o, const char *s, size_t n) {
    if (o->n + n + 1 > o->cap) {
        o->cap = (o->n + n + 1) * 2;
        o->buf = realloc(o->buf, o->cap);
    }
    memcpy(o->buf + o->n, s, n);
    o->n += n;
    o->buf[o->n] = 0;
}
static inline void tu_puts(tu_out *o, const char *s) { tu_put(o, s, strlen(s)); }

static inline void tu_print(tu_out *o, hl_term t) {
    char buf[80];
    if (hl_is_integer(t)) {
        size_t max = hl_int_text_max(t, 10);
        char *b = malloc(max);
        size_t n = 0;
        if (hl_int_to_text(t, 10, b, &n) != HL_TERM_OK) n = 0;
        tu_put(o, b, n);
        free(b);
    } else if (hl_is_float(t)) {
        tu_put(o, buf, hl_fmt_float_short(hl_float_val(t), buf));
    } else if (hl_is_atom(t)) {
        size_t n;
        const char *s = hl_atom_name(t, &n);
        bool plain = n > 0 && islower((unsigned char)s[0]);
        for (size_t i = 0; i < n; i++)
            plain = plain && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '@');
        if (!plain) tu_puts(o, "'");
        tu_put(o, s, n);
        if (!plain) tu_puts(o, "'");
    } else if (hl_is_tuple(t)) {
        tu_puts(o, "{");
        for (size_t i = 0; i < hl_tuple_arity(t); i++) {
            if (i) tu_puts(o, ",");
            tu_print(o, hl_tuple_get(t, i));
        }
        tu_puts(o, "}");
    } else if (hl_is_list(t)) {
        tu_puts(o, "[");
        bool first = true;
        for (; hl_is_cons(t); t = hl_cdr(t), first = false) {
            if (!first) tu_puts(o, ",");
            tu_print(o, hl_car(t));
        }
        if (t != HL_NIL) {
            tu_puts(o, "|");
            tu_print(o, t);
        }
        tu_puts(o, "]");
    } else if (hl_is_flatmap(t)) {
        tu_puts(o, "#{");
        for (size_t i = 0; i < hl_flatmap_size(t); i++) {
            if (i) tu_puts(o, ",");
            tu_print(o, hl_tuple_get(hl_flatmap_keys(t), i));
            tu_puts(o, " => ");
            tu_print(o, hl_flatmap_values(t)[i]);
        }
        tu_puts(o, "}");
    } else if (hl_is_binary_obj(t)) {
        const unsigned char *p;
        uint64_t off, bits;
        hl_bitstring_view(t, &p, &off, &bits);
        tu_puts(o, "<<");
        for (uint64_t i = 0; i < bits; i += 8) {
            unsigned v = 0, w = bits - i < 8 ? (unsigned)(bits - i) : 8;
            for (unsigned k = 0; k < w; k++) {
                uint64_t bit = off + i + k;
                v = (v << 1) | ((p[bit / 8] >> (7 - bit % 8)) & 1);
            }
            if (i) tu_puts(o, ",");
            int n = w == 8 ? snprintf(buf, sizeof buf, "%u", v) : snprintf(buf, sizeof buf, "%u:%u", v, w);
            tu_put(o, buf, (size_t)n);
        }
        tu_puts(o, ">>");
    } else {
        tu_puts(o, "?");
    }
}

#endif
