/* json_value.c — JSON at the host/guest boundary: hl_value_from_json
 * (Jansson parses; the tree becomes one term) and hl_value_to_json (a
 * writer of our own: it must print any integer, bignums included, which
 * Jansson's integers cannot hold). The mapping is in include/hyperlang.h
 * and docs/embedding.md.
 *
 * Hostile input is bounded: at most HL_JSON_MAX_BYTES of text either way,
 * at most HL_JSON_MAX_DEPTH levels of nesting (the conversions recurse once
 * per level, so that bound is also their C stack's; Jansson's own parser
 * stops at 2,048 levels), and a term a copy would blow up (shared
 * subterms) is sized before it is written. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "base/utf8.h"
#include "host/host_int.h"
#include "term/atom.h"
#include "term/heap.h"
#include "term/map.h"
#include "term/print.h"

/* The scratch heap a document is built on before it becomes a value. */
#define BUILD_LIMIT ((uint64_t)1 << 31)

/* ---- JSON -> term ------------------------------------------------------------------ */

typedef struct from_ctx {
    hl_heap heap;
    hl_term null_atom; /* `null` is not a static atom: a host atom, made once (0: not yet) */
    const char *why; /* set on refusal */
    char path[160];
} from_ctx;

static bool fail(from_ctx *c, const char *why) {
    if (!c->why) c->why = why;
    return false;
}

static bool make_binary(from_ctx *c, const char *s, size_t n, hl_term *out) {
    if (n > HL_HEAP_BIN_MAX) {
        hl_binary *b = hl_binary_new(n);
        if (!b) return fail(c, NULL);
        memcpy(b->data, s, n);
        hl_term_status ts = hl_heap_make_refc_bin(&c->heap, b, out);
        hl_binary_decref(b);
        return ts == HL_TERM_OK || fail(c, NULL);
    }
    hl_term *p;
    if (hl_heap_alloc(&c->heap, hl_heap_bin_words(n), &p) != HL_TERM_OK) return fail(c, NULL);
    *out = hl_heap_bin_init(p, s, n);
    return true;
}

static bool make_int(from_ctx *c, json_int_t v, hl_term *out) {
    if (hl_small_fits(v)) {
        *out = hl_make_small(v);
        return true;
    }
    hl_term *p;
    if (hl_heap_alloc(&c->heap, 2, &p) != HL_TERM_OK) return fail(c, NULL);
    p[0] = hl_make_header(v < 0 ? HL_SUB_NEG_BIG : HL_SUB_POS_BIG, 1);
    p[1] = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    *out = hl_make_boxed(p);
    return true;
}

/* Recursion bounded by HL_JSON_MAX_DEPTH (the file comment). */
static bool from_json(from_ctx *c, json_t *j, unsigned depth, hl_term *out) {
    if (depth > HL_JSON_MAX_DEPTH) return fail(c, "nested deeper than HL_JSON_MAX_DEPTH (512) levels");
    switch (json_typeof(j)) {
    case JSON_NULL:
        if (!c->null_atom && hl_atom_host_new("null", 4, &c->null_atom) != HL_TERM_OK) return fail(c, NULL);
        *out = c->null_atom;
        return true;
    case JSON_TRUE: *out = HL_AM(true); return true;
    case JSON_FALSE: *out = HL_AM(false); return true;
    case JSON_INTEGER: return make_int(c, json_integer_value(j), out);
    case JSON_REAL: {
        hl_term *p;
        if (hl_heap_alloc(&c->heap, HL_FLOAT_WORDS, &p) != HL_TERM_OK) return fail(c, NULL);
        *out = hl_float_init(p, json_real_value(j));
        return true;
    }
    case JSON_STRING: return make_binary(c, json_string_value(j), json_string_length(j), out);
    case JSON_ARRAY: {
        size_t n = json_array_size(j);
        hl_term *p = NULL;
        if (n && hl_heap_alloc(&c->heap, 2 * n, &p) != HL_TERM_OK) return fail(c, NULL);
        for (size_t i = 0; i < n; i++) {
            if (!from_json(c, json_array_get(j, i), depth + 1, &p[2 * i])) return false;
            p[2 * i + 1] = i + 1 < n ? hl_make_cons(p + 2 * i + 2) : HL_NIL;
        }
        *out = n ? hl_make_cons(p) : HL_NIL;
        return true;
    }
    case JSON_OBJECT: {
        size_t n = json_object_size(j), i = 0;
        hl_term *kv = n ? hl_mem_realloc_array(NULL, 2 * n, sizeof *kv) : NULL;
        if (n && !kv) return fail(c, NULL);
        const char *key;
        size_t klen;
        json_t *v;
        bool ok = true;
        json_object_keylen_foreach(j, key, klen, v) {
            ok = make_binary(c, key, klen, &kv[i]) && from_json(c, v, depth + 1, &kv[n + i]);
            if (!ok) break;
            i++;
        }
        hl_term_status ts = ok ? hl_map_new(&c->heap, kv, kv ? kv + n : NULL, n, out) : HL_TERM_OK;
        hl_mem_free(kv);
        if (ok && ts != HL_TERM_OK) return fail(c, ts == HL_TERM_NOMEM ? NULL : "an object too large to build");
        return ok;
    }
    }
    return fail(c, "an unknown JSON value");
}

static hl_status json_error(hl_error **err, hl_status st, const char *what, int line, int col) {
    char msg[400];
    if (line > 0) snprintf(msg, sizeof msg, "JSON:%d:%d: %s", line, col, what);
    else snprintf(msg, sizeof msg, "JSON: %s", what);
    return hl_host_set_error(err, hl_host_error_new(st, msg));
}

hl_status hl_value_from_json(const char *text, size_t len, hl_value **out, hl_error **err) {
    if (err) *err = NULL;
    if (!out || (!text && len)) return HL_EMISUSE;
    *out = NULL;
    if (len > HL_JSON_MAX_BYTES)
        return json_error(err, HL_EREJECTED, "the text is larger than HL_JSON_MAX_BYTES (16 MiB)", 0, 0);
    json_error_t je;
    /* JSON_ALLOW_NUL: a string may hold U+0000 (binaries can);
     * JSON_DECODE_ANY: a scalar is a document too */
    json_t *doc = json_loadb(text ? text : "", len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);
    if (!doc) {
        if (json_error_code(&je) == json_error_out_of_memory) return hl_host_set_error(err, &hl_host_oom_error);
        return json_error(err, HL_EREJECTED, je.text, je.line, je.column);
    }
    from_ctx c = {.why = NULL};
    hl_status st = HL_OK;
    bool heap_ok = hl_heap_init(&c.heap, 0, BUILD_LIMIT) == HL_TERM_OK;
    if (!heap_ok) st = HL_ENOMEM;
    hl_term t = HL_NIL;
    if (st == HL_OK && !from_json(&c, doc, 1, &t)) st = c.why ? HL_EREJECTED : HL_ENOMEM;
    json_decref(doc);
    /* the value holds its own references to the atoms (null) */
    if (st == HL_OK) {
        st = hl_host_value_from_term(t, (size_t)(BUILD_LIMIT / sizeof(hl_term)), NULL, out);
        if (st == HL_ELIMIT) st = HL_EREJECTED, c.why = "the document is too large to build";
    }
    if (heap_ok) hl_heap_free(&c.heap);
    if (c.null_atom) hl_atom_release(c.null_atom);
    if (st == HL_ENOMEM) return hl_host_set_error(err, &hl_host_oom_error);
    if (st != HL_OK) return json_error(err, st, c.why ? c.why : "refused", 0, 0);
    return HL_OK;
}

/* ---- term -> JSON ---------------------------------------------------------------------- */

typedef struct to_ctx {
    hl_buf out;
    hl_buf path; /* where the writer is: $[2].name */
    const char *why;
} to_ctx;

static bool refuse(to_ctx *c, const char *why) {
    if (!c->why) c->why = why;
    return false;
}

static bool room(to_ctx *c) {
    if (c->out.failed) return refuse(c, NULL);
    return c->out.len <= HL_JSON_MAX_BYTES || refuse(c, "the JSON text would pass HL_JSON_MAX_BYTES (16 MiB)");
}

/* A JSON string of n bytes of UTF-8 (checked). */
static bool put_string(to_ctx *c, const unsigned char *s, size_t n) {
    size_t cps;
    if (!hl_utf8_valid(s, n, &cps)) return refuse(c, "a binary that is not UTF-8 text");
    hl_buf_putc(&c->out, '"');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = s[i];
        if (ch >= 0x20 && ch != '"' && ch != '\\') continue;
        hl_buf_append(&c->out, s + run, i - run);
        run = i + 1;
        switch (ch) {
        case '"': hl_buf_puts(&c->out, "\\\""); break;
        case '\\': hl_buf_puts(&c->out, "\\\\"); break;
        case '\n': hl_buf_puts(&c->out, "\\n"); break;
        case '\r': hl_buf_puts(&c->out, "\\r"); break;
        case '\t': hl_buf_puts(&c->out, "\\t"); break;
        default: hl_buf_printf(&c->out, "\\u%04x", ch); break;
        }
        if (!room(c)) return false;
    }
    hl_buf_append(&c->out, s + run, n - run);
    hl_buf_putc(&c->out, '"');
    return room(c);
}

static bool binary_bytes(hl_term t, const unsigned char **b, size_t *n) {
    uint64_t off, bits;
    hl_bitstring_view(t, b, &off, &bits);
    if (off % 8 || bits % 8) return false;
    *b += off / 8;
    *n = (size_t)(bits / 8);
    return true;
}

static bool put_number(to_ctx *c, hl_term t) {
    if (hl_is_small(t)) {
        hl_buf_printf(&c->out, "%lld", (long long)hl_small_val(t));
        return room(c);
    }
    /* bignums and floats: Erlang's own text is valid JSON (1.0e20, -0.5) */
    if (hl_print_w(&c->out, t, false, NULL) != HL_TERM_OK) return refuse(c, NULL);
    return room(c);
}

static bool put_atom(to_ctx *c, hl_term t) {
    size_t n;
    const char *s = hl_atom_name(t, &n);
    if (t == HL_AM(true) || t == HL_AM(false) || (n == 4 && memcmp(s, "null", 4) == 0)) {
        hl_buf_append(&c->out, s, n);
        return room(c);
    }
    return put_string(c, (const unsigned char *)s, n);
}

/* A map key: a binary, an atom, or an integer as its text. */
static bool put_key(to_ctx *c, hl_term k) {
    const unsigned char *b;
    size_t n;
    if (hl_is_binary_obj(k)) {
        if (!binary_bytes(k, &b, &n)) return refuse(c, "a map key that is a bitstring");
        return put_string(c, b, n);
    }
    if (hl_is_atom(k)) {
        const char *s = hl_atom_name(k, &n);
        return put_string(c, (const unsigned char *)s, n);
    }
    if (hl_is_integer(k)) {
        hl_buf_putc(&c->out, '"');
        if (!put_number(c, k)) return false;
        hl_buf_putc(&c->out, '"');
        return room(c);
    }
    return refuse(c, "a map key that is not a binary, an atom or an integer");
}

static bool to_json(to_ctx *c, hl_term t, unsigned depth);

static bool put_map(to_ctx *c, hl_term t, unsigned depth) {
    hl_buf_putc(&c->out, '{');
    hl_map_iter it;
    hl_map_iter_init(&it, t);
    hl_term k, v;
    bool first = true;
    size_t at = c->path.len;
    while (hl_map_iter_next(&it, &k, &v)) {
        if (!first) hl_buf_putc(&c->out, ',');
        first = false;
        if (!put_key(c, k)) return false;
        hl_buf_putc(&c->out, ':');
        c->path.len = at;
        const unsigned char *b;
        size_t n;
        if (hl_is_binary_obj(k) && binary_bytes(k, &b, &n) && n <= 64) hl_buf_printf(&c->path, ".%.*s", (int)n, b);
        else hl_buf_puts(&c->path, ".?");
        if (!to_json(c, v, depth + 1)) return false;
    }
    c->path.len = at;
    hl_buf_putc(&c->out, '}');
    return room(c);
}

static bool put_list(to_ctx *c, hl_term t, unsigned depth) {
    hl_buf_putc(&c->out, '[');
    size_t i = 0, at = c->path.len;
    for (; hl_is_cons(t); t = hl_cdr(t), i++) {
        if (i) hl_buf_putc(&c->out, ',');
        c->path.len = at;
        hl_buf_printf(&c->path, "[%zu]", i);
        if (!to_json(c, hl_car(t), depth + 1)) return false;
    }
    c->path.len = at;
    if (t != HL_NIL) return refuse(c, "an improper list");
    hl_buf_putc(&c->out, ']');
    return room(c);
}

/* Recursion bounded by HL_JSON_MAX_DEPTH (the file comment). */
static bool to_json(to_ctx *c, hl_term t, unsigned depth) {
    if (depth > HL_JSON_MAX_DEPTH) return refuse(c, "nested deeper than HL_JSON_MAX_DEPTH (512) levels");
    if (hl_is_integer(t) || hl_is_float(t)) return put_number(c, t);
    if (hl_is_atom(t)) return put_atom(c, t);
    if (t == HL_NIL || hl_is_cons(t)) return put_list(c, t, depth);
    if (hl_is_map(t)) return put_map(c, t, depth);
    if (hl_is_binary_obj(t)) {
        const unsigned char *b;
        size_t n;
        if (!binary_bytes(t, &b, &n)) return refuse(c, "a bitstring (not a whole number of bytes)");
        return put_string(c, b, n);
    }
    if (hl_is_tuple(t)) return refuse(c, "a tuple (JSON has no tuples)");
    return refuse(c, "a term that cannot leave the guest (a fun, a pid, a reference or a port)");
}

hl_status hl_value_to_json(const hl_value *v, char **text, size_t *len, hl_error **err) {
    if (err) *err = NULL;
    if (!v || !text) return HL_EMISUSE;
    *text = NULL;
    if (len) *len = 0;
    to_ctx c = {.why = NULL};
    hl_buf_init(&c.out, 0);
    hl_buf_init(&c.path, 0);
    hl_buf_putc(&c.path, '$');
    bool ok = to_json(&c, hl_host_vterm(v), 1);
    hl_status st = HL_OK;
    if (!ok || c.out.failed || c.path.failed) {
        if (c.why) {
            char msg[400];
            snprintf(msg, sizeof msg, "JSON: %s at %.*s", c.why, c.path.failed ? 1 : (int)c.path.len,
                     c.path.failed ? "$" : c.path.data);
            st = hl_host_set_error(err, hl_host_error_new(HL_EREJECTED, msg));
        } else {
            st = hl_host_set_error(err, &hl_host_oom_error);
        }
        hl_buf_free(&c.out);
        hl_buf_free(&c.path);
        return st;
    }
    hl_buf_free(&c.path);
    char *s = hl_mem_alloc(c.out.len + 1);
    if (!s) {
        hl_buf_free(&c.out);
        return hl_host_set_error(err, &hl_host_oom_error);
    }
    memcpy(s, c.out.data, c.out.len);
    s[c.out.len] = '\0';
    *text = s;
    if (len) *len = c.out.len;
    hl_buf_free(&c.out);
    return HL_OK;
}
