/* pp.c — the preprocessor's form loop (pp.h): directives, conditional
 * sections, includes from the headers the host handed over, and the
 * hand-off of each kept form to macro expansion (pp_macro.c).
 *
 * Like epp, it works one form (tokens up to a `dot`) at a time. A form
 * read from a header is located at the -include that read it (the
 * diagnostics name one file, the program), while ?LINE in it still gives
 * the header's line. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "base/meter.h"
#include "front/dump.h"
#include "front/lex.h"
#include "front/pp.h"
#include "front/pp_internal.h"

/* ---- shared helpers ------------------------------------------------------------- */

void hl_pp_error(hl_pp *pp, uint32_t line, uint32_t col, const char *fmt, ...) {
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const pp_src *s = &pp->srcs[pp->nsrcs ? pp->nsrcs - 1 : 0];
    if (pp->nsrcs > 1 && s->header >= 0) {
        /* inside a header: located at the -include, the header's position
         * in the message */
        char name[200];
        hl_pp_atom_text(pp->lim->headers[s->header].name, strlen(pp->lim->headers[s->header].name), name,
                        sizeof name);
        hl_diags_add(pp->diags, s->line, s->col, "%s (in header %s at line %u, column %u)", msg, name,
                     (unsigned)line, (unsigned)col);
    } else {
        hl_diags_add(pp->diags, line, col, "%s", msg);
    }
    if (pp->diags->oom) pp->stop = true;
}

bool hl_pp_charge(hl_pp *pp, uint64_t n, uint32_t line, uint32_t col) {
    if (hl_meter_charge(n)) return true;
    char msg[200];
    hl_meter_message(hl_meter_current, msg, sizeof msg);
    if (!pp->stop) hl_pp_error(pp, line, col, "%s", msg);
    pp->stop = true;
    return false;
}

bool hl_pp_push(hl_pp *pp, hl_token_vec *v, const hl_token *t, uint32_t line, uint32_t col) {
    if (!hl_pp_charge(pp, 1, line, col)) return false;
    if (v->count >= pp->lim->max_tokens + 1) {
        hl_pp_error(pp, line, col, "too many tokens after macro expansion (the limit is %zu)", pp->lim->max_tokens);
        pp->stop = true;
        return false;
    }
    if (v->count == v->cap) {
        size_t c = v->cap ? v->cap * 2 : 256;
        hl_token *items = hl_mem_realloc_array(v->items, c, sizeof *items);
        if (!items) {
            hl_pp_error(pp, line, col, "out of memory (or over the compile memory limit)");
            pp->stop = true;
            return false;
        }
        v->items = items;
        v->cap = c;
    }
    v->items[v->count++] = *t;
    return true;
}

void hl_pp_atom_text(const char *name, size_t len, char *out, size_t size) {
    /* macro names print as epp's ~ts of the atom: the name itself, except
     * that control characters become '?' (a diagnostic stays one line) */
    size_t n = len < size - 1 ? len : size - 1;
    for (size_t i = 0; i < n; i++) out[i] = (unsigned char)name[i] < 0x20 ? '?' : name[i];
    out[n] = '\0';
}

static bool tok_is(const hl_token *t, int kind, const char *name) {
    if (t->kind != kind) return false;
    size_t l = strlen(name);
    return t->v.text.len == l && memcmp(t->v.text.ptr, name, l) == 0;
}

/* ---- the directives ------------------------------------------------------------ */

typedef enum dir {
    D_NONE, D_DEFINE, D_UNDEF, D_IFDEF, D_IFNDEF, D_IF, D_ELIF, D_ELSE, D_ENDIF, D_INCLUDE, D_INCLUDE_LIB,
    D_ERROR, D_WARNING
} dir;

static const struct {
    const char *name;
    dir d;
} directives[] = {{"define", D_DEFINE},   {"undef", D_UNDEF},     {"ifdef", D_IFDEF},
                  {"ifndef", D_IFNDEF},   {"elif", D_ELIF},       {"else", D_ELSE},
                  {"endif", D_ENDIF},     {"include", D_INCLUDE}, {"include_lib", D_INCLUDE_LIB},
                  {"error", D_ERROR},     {"warning", D_WARNING}};

static dir directive_of(const hl_token *f, size_t n) {
    if (n < 2 || f[0].kind != HL_TOK_MINUS) return D_NONE;
    if (f[1].kind == HL_TOK_IF) return D_IF;
    if (f[1].kind != HL_TOK_ATOM) return D_NONE;
    for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
        if (tok_is(&f[1], HL_TOK_ATOM, directives[i].name)) return directives[i].d;
    return D_NONE;
}

static bool active(const hl_pp *pp) { return pp->nconds == 0 || pp->conds[pp->nconds - 1].active; }

static bool push_cond(hl_pp *pp, const char *what, bool cond, const hl_token *at) {
    if (pp->nconds == pp->capconds) {
        uint32_t c = pp->capconds ? pp->capconds * 2 : 16;
        pp_cond *s = hl_mem_realloc_array(pp->conds, c, sizeof *s);
        if (!s) {
            hl_pp_error(pp, at->line, at->col, "out of memory (or over the compile memory limit)");
            pp->stop = true;
            return false;
        }
        pp->conds = s;
        pp->capconds = c;
    }
    bool parent = active(pp);
    pp->conds[pp->nconds++] = (pp_cond){what, parent, parent && cond, !parent || cond, false, at->line, at->col,
                                        pp->nsrcs - 1};
    return true;
}

/* The name of -ifdef(M). / -undef(M). (args = tokens after the directive
 * name, n of them, ending with the dot), or NULL. */
static const hl_token *paren_name(const hl_token *a, size_t n) {
    if (n == 4 && a[0].kind == HL_TOK_LPAREN && (a[1].kind == HL_TOK_ATOM || a[1].kind == HL_TOK_VAR) &&
        a[2].kind == HL_TOK_RPAREN && a[3].kind == HL_TOK_DOT)
        return &a[1];
    return NULL;
}

/* Where epp reports a malformed directive: the first token that does not
 * fit, approximated as the first one after the directive name. */
static const hl_token *bad_at(const hl_token *a, size_t n, const hl_token *name) {
    return n ? &a[0] : name;
}

static void bad(hl_pp *pp, const hl_token *at, const char *what) {
    hl_pp_error(pp, at->line, at->col, "badly formed '%s'", what);
}

static void do_define(hl_pp *pp, const hl_token *a, size_t n, const hl_token *dname) {
    if (n < 2 || a[0].kind != HL_TOK_LPAREN || (a[1].kind != HL_TOK_ATOM && a[1].kind != HL_TOK_VAR)) {
        bad(pp, bad_at(a, n, dname), "define");
        return;
    }
    const hl_token *name = &a[1];
    size_t i = 2;
    int32_t arity = PP_NONE;
    const hl_token *params = NULL;
    hl_token *ps = NULL;
    if (i < n && a[i].kind == HL_TOK_LPAREN) {
        i++;
        size_t first = i;
        arity = 0;
        if (a[i].kind != HL_TOK_RPAREN) {
            for (;;) {
                if (a[i].kind != HL_TOK_VAR) {
                    bad(pp, &a[i], "define");
                    return;
                }
                for (size_t k = first; k < i; k += 2)
                    if (a[k].v.text.len == a[i].v.text.len &&
                        memcmp(a[k].v.text.ptr, a[i].v.text.ptr, a[i].v.text.len) == 0) {
                        hl_pp_error(pp, a[i].line, a[i].col, "argument '%.*s' already used", (int)a[i].v.text.len,
                                    (const char *)a[i].v.text.ptr);
                        return;
                    }
                arity++;
                i++;
                if (a[i].kind == HL_TOK_RPAREN) break;
                if (a[i].kind != HL_TOK_COMMA) {
                    bad(pp, &a[i], "define");
                    return;
                }
                i++;
            }
        }
        i++; /* ')' */
        if (arity > 0) {
            ps = hl_mem_alloc((size_t)arity * sizeof *ps);
            if (!ps) {
                pp->stop = true;
                return;
            }
            for (int32_t k = 0; k < arity; k++) ps[k] = a[first + 2 * (size_t)k];
            params = ps;
        }
    }
    if (i >= n || a[i].kind != HL_TOK_COMMA) {
        hl_pp_error(pp, a[i < n ? i : n - 1].line, a[i < n ? i : n - 1].col, "badly formed define: missing comma");
        hl_mem_free(ps);
        return;
    }
    i++;
    /* the body: up to the `)` just before the dot */
    if (n < i + 2 || a[n - 2].kind != HL_TOK_RPAREN || a[n - 1].kind != HL_TOK_DOT) {
        const hl_token *d = &a[n - 1];
        if (d->kind == HL_TOK_DOT)
            hl_pp_error(pp, d->line, d->col, "badly formed define: missing closing right parenthesis");
        else hl_pp_error(pp, d->line, d->col, "premature end");
        hl_mem_free(ps);
        return;
    }
    if (!hl_pp_define(pp, name, arity, params, a + i, (uint32_t)(n - 2 - i))) {
        hl_pp_error(pp, name->line, name->col, "out of memory (or over the compile memory limit)");
        pp->stop = true;
    }
    hl_mem_free(ps);
}

/* -if / -elif: expands `( Expr ) dot` and evaluates it. */
static int eval_cond(hl_pp *pp, const hl_token *a, size_t n, const hl_token *dname, const char *what) {
    if (n < 2 || a[0].kind != HL_TOK_LPAREN) {
        bad(pp, bad_at(a, n, dname), what);
        return -1;
    }
    hl_token_vec v = {0};
    int r = -1;
    if (hl_pp_expand(pp, a, n, &v)) r = hl_pp_eval_if(pp, v.items, v.count, dname);
    hl_token_vec_free(&v);
    return r;
}

/* The header -include / -include_lib names: the exact name, else (as a
 * search path would find it) the header whose last path component is the
 * same as the requested one's. -1 when none. */
static int32_t find_header(const hl_pp *pp, const char *want, size_t len) {
    for (size_t i = 0; i < pp->lim->nheaders; i++) {
        const char *h = pp->lim->headers[i].name;
        if (h && strlen(h) == len && memcmp(h, want, len) == 0) return (int32_t)i;
    }
    const char *base = want;
    for (size_t i = 0; i < len; i++)
        if (want[i] == '/') base = want + i + 1;
    size_t blen = len - (size_t)(base - want);
    for (size_t i = 0; i < pp->lim->nheaders; i++) {
        const char *h = pp->lim->headers[i].name;
        if (!h) continue;
        const char *hb = strrchr(h, '/');
        hb = hb ? hb + 1 : h;
        if (strlen(hb) == blen && memcmp(hb, base, blen) == 0) return (int32_t)i;
    }
    return -1;
}

static void do_include(hl_pp *pp, const hl_token *a, size_t n, const hl_token *dname, bool lib) {
    const char *what = lib ? "include_lib" : "include";
    size_t k = 1;
    while (k < n && a[k].kind == HL_TOK_STRING) k++;
    if (n < 4 || a[0].kind != HL_TOK_LPAREN || k == 1 || k + 2 != n || a[k].kind != HL_TOK_RPAREN ||
        a[k + 1].kind != HL_TOK_DOT) {
        bad(pp, bad_at(a, n, dname), what);
        return;
    }
    /* the file name: the strings' code points as UTF-8 */
    hl_buf b;
    hl_buf_init(&b, 4096);
    for (size_t i = 1; i < k; i++)
        for (uint32_t c = 0; c < a[i].v.text.len; c++) hl_buf_put_utf8(&b, ((const uint32_t *)a[i].v.text.ptr)[c]);
    const char *name = b.data ? b.data : "";
    size_t nlen = b.data ? b.len : 0;
    int32_t h = b.failed ? -1 : find_header(pp, name, nlen);
    if (h < 0) {
        hl_pp_error(pp, a[1].line, a[1].col, "can't find include %s \"%.*s\"", lib ? "lib" : "file",
                    (int)(nlen > 300 ? 300 : nlen), name);
        hl_buf_free(&b);
        return;
    }
    hl_buf_free(&b);
    if (pp->nsrcs > PP_MAX_INCLUDE) {
        hl_pp_error(pp, dname->line, dname->col, "include too deep");
        return;
    }
    const hl_front_header *hd = &pp->lim->headers[h];
    pp_src *s = &pp->srcs[pp->nsrcs];
    memset(s, 0, sizeof *s);
    s->header = h;
    const pp_src *outer = &pp->srcs[pp->nsrcs - 1];
    /* a nested header is located where its outermost -include is */
    s->line = outer->header >= 0 ? outer->line : dname->line;
    s->col = outer->header >= 0 ? outer->col : dname->col;
    hl_diags hd_diags;
    hl_diags_init(&hd_diags, pp->lim->max_diagnostics);
    bool whole = hl_lex(hd->text ? hd->text : "", hd->text ? hd->len : 0, pp->lim, pp->arena, &hd_diags, &s->own);
    char hname[200];
    hl_pp_atom_text(hd->name, strlen(hd->name), hname, sizeof hname);
    for (size_t i = 0; i < hd_diags.count; i++)
        hl_diags_add(pp->diags, s->line, s->col, "%s (in header %s at line %u, column %u)", hd_diags.items[i].message,
                     hname, (unsigned)hd_diags.items[i].line, (unsigned)hd_diags.items[i].col);
    bool errors = hl_diags_errors(&hd_diags) > 0;
    hl_diags_free(&hd_diags);
    if (!whole || errors) {
        hl_token_vec_free(&s->own);
        if (!whole) pp->stop = true;
        return;
    }
    if (!hl_pp_charge(pp, s->own.count, dname->line, dname->col)) {
        hl_token_vec_free(&s->own);
        return;
    }
    s->toks = s->own.items;
    s->n = s->own.count;
    pp->nsrcs++;
}

/* -error(Term). : the term as epp prints it (~tp), approximated by its
 * tokens' text. */
static void do_error(hl_pp *pp, const hl_token *a, size_t n, const hl_token *dname, bool warning) {
    if (n < 3 || a[0].kind != HL_TOK_LPAREN || a[n - 2].kind != HL_TOK_RPAREN) {
        bad(pp, bad_at(a, n, dname), warning ? "warning" : "error");
        return;
    }
    if (warning) return; /* Hyperlang reports errors only: a -warning is dropped */
    hl_token_vec v = {0};
    if (!hl_pp_expand(pp, a + 1, n - 3, &v)) {
        hl_token_vec_free(&v);
        return;
    }
    hl_buf b;
    hl_buf_init(&b, 400);
    for (size_t i = 0; i < v.count; i++) {
        const hl_token *t = &v.items[i];
        switch (t->kind) {
        case HL_TOK_ATOM: hl_dump_atom(&b, t->v.text.ptr, t->v.text.len); break;
        case HL_TOK_VAR: hl_buf_append(&b, t->v.text.ptr, t->v.text.len); break;
        case HL_TOK_INTEGER:
            if (t->big) hl_buf_append(&b, t->v.text.ptr, t->v.text.len);
            else hl_buf_put_i64(&b, t->v.i);
            break;
        case HL_TOK_FLOAT: hl_dump_float(&b, t->v.f); break;
        case HL_TOK_CHAR: hl_buf_put_i64(&b, t->v.i); break;
        case HL_TOK_STRING: hl_dump_string_literal(&b, t->v.text.ptr, t->v.text.len); break;
        default: hl_buf_puts(&b, hl_token_kind_name((hl_token_kind)t->kind)); break;
        }
    }
    hl_pp_error(pp, dname->line, dname->col, "-error(%s).", b.failed || !b.data ? "..." : b.data);
    hl_buf_free(&b);
    hl_token_vec_free(&v);
}

/* A conditional directive, whether or not the region is active. */
static void do_cond(hl_pp *pp, dir d, const hl_token *a, size_t n, const hl_token *dname) {
    switch (d) {
    case D_IFDEF: case D_IFNDEF: {
        const char *what = d == D_IFDEF ? "ifdef" : "ifndef";
        if (!active(pp)) {
            push_cond(pp, what, false, dname);
            return;
        }
        const hl_token *m = paren_name(a, n);
        if (!m) {
            bad(pp, bad_at(a, n, dname), what);
            push_cond(pp, what, false, dname);
            return;
        }
        bool def = hl_pp_lookup(pp, m->v.text.ptr, m->v.text.len) != UINT32_MAX;
        push_cond(pp, what, d == D_IFDEF ? def : !def, dname);
        return;
    }
    case D_IF: {
        if (!active(pp)) {
            push_cond(pp, "if", false, dname);
            return;
        }
        int r = eval_cond(pp, a, n, dname, "if");
        push_cond(pp, "if", r == 1, dname);
        return;
    }
    case D_ELIF: case D_ELSE: {
        bool is_else = d == D_ELSE;
        if (pp->nconds == 0 || pp->conds[pp->nconds - 1].level != pp->nsrcs - 1) {
            hl_pp_error(pp, dname->line, dname->col, "unbalanced '-%s'", is_else ? "else" : "elif");
            return;
        }
        pp_cond *c = &pp->conds[pp->nconds - 1];
        if (c->seen_else) {
            if (is_else) hl_pp_error(pp, dname->line, dname->col, "repeated '-else'");
            else hl_pp_error(pp, dname->line, dname->col, "'elif' following 'else'");
            c->active = false;
            return;
        }
        if (is_else) {
            if (c->parent && !(n == 1 && a[0].kind == HL_TOK_DOT)) bad(pp, bad_at(a, n, dname), "else");
            c->active = c->parent && !c->taken;
            c->taken = true;
            c->seen_else = true;
            c->what = "else";
            return;
        }
        if (!c->parent || c->taken) {
            c->active = false;
            return;
        }
        int r = eval_cond(pp, a, n, dname, "elif");
        c->active = r == 1;
        c->taken = r == 1;
        return;
    }
    case D_ENDIF:
        if (pp->nconds == 0 || pp->conds[pp->nconds - 1].level != pp->nsrcs - 1) {
            hl_pp_error(pp, dname->line, dname->col, "unbalanced '-endif'");
            return;
        }
        if (pp->conds[pp->nconds - 1].parent && !(n == 1 && a[0].kind == HL_TOK_DOT))
            bad(pp, bad_at(a, n, dname), "endif");
        pp->nconds--;
        return;
    default: return;
    }
}

/* ---- the form loop -------------------------------------------------------------- */

/* -module(Name): defines ?MODULE, ?MODULE_STRING and the BASE_ ones. */
static bool module_seen(hl_pp *pp, const hl_token *f, size_t n) {
    if (n < 5 || f[0].kind != HL_TOK_MINUS || !tok_is(&f[1], HL_TOK_ATOM, "module") || f[2].kind != HL_TOK_LPAREN ||
        f[3].kind != HL_TOK_ATOM || f[4].kind != HL_TOK_RPAREN)
        return true;
    hl_token atom = f[3], str;
    if (!hl_pp_string_token(pp, atom.v.text.ptr, atom.v.text.len, &str)) return false;
    return hl_pp_set_predef(pp, "MODULE", &atom, 1) && hl_pp_set_predef(pp, "MODULE_STRING", &str, 1) &&
           hl_pp_set_predef(pp, "BASE_MODULE", &atom, 1) && hl_pp_set_predef(pp, "BASE_MODULE_STRING", &str, 1);
}

static bool needs_pp(const hl_token_vec *in) {
    bool form_start = true;
    for (size_t i = 0; i < in->count; i++) {
        const hl_token *t = &in->items[i];
        if (t->kind == HL_TOK_QUESTION || t->kind == HL_TOK_QUESTION2) return true;
        if (form_start && directive_of(t, in->count - i) != D_NONE) return true;
        form_start = t->kind == HL_TOK_DOT;
    }
    return false;
}

/* End of a file: epp reports an open conditional where the file ends. */
static void end_source(hl_pp *pp) {
    uint32_t level = pp->nsrcs - 1;
    const pp_src *s = &pp->srcs[level];
    const hl_token *end = &s->toks[s->n ? s->n - 1 : 0];
    while (pp->nconds > 0 && pp->conds[pp->nconds - 1].level == level) {
        const pp_cond *c = &pp->conds[--pp->nconds];
        hl_pp_error(pp, end->line, end->col, "unterminated '-%s'", c->what);
    }
    if (pp->nsrcs > 1) hl_token_vec_free(&pp->srcs[pp->nsrcs - 1].own);
    pp->nsrcs--;
}

bool hl_pp_run(const hl_token_vec *in, const hl_front_limits *lim, hl_arena *arena, hl_diags *diags,
               hl_token_vec *out) {
    if (!needs_pp(in)) return true; /* (the lexer's tokens were charged already) */
    hl_pp pp_ = {0}, *pp = &pp_;
    pp->lim = lim;
    pp->arena = arena;
    pp->diags = diags;
    pp->srcs[0] = (pp_src){in->items, in->count, 0, {0}, -1, 1, 1};
    pp->nsrcs = 1;
    hl_token eof = in->items[in->count - 1];
    if (!hl_pp_macros_init(pp)) {
        hl_diags_add(diags, 1, 1, "out of memory (or over the compile memory limit)");
        pp->stop = true;
    }
    while (pp->nsrcs > 0 && !pp->stop) {
        pp_src *s = &pp->srcs[pp->nsrcs - 1];
        if (s->pos >= s->n || s->toks[s->pos].kind == HL_TOK_EOF) {
            end_source(pp);
            continue;
        }
        size_t start = s->pos, end = start;
        while (end < s->n && s->toks[end].kind != HL_TOK_DOT && s->toks[end].kind != HL_TOK_EOF) end++;
        size_t n = end - start + (end < s->n && s->toks[end].kind == HL_TOK_DOT ? 1 : 0);
        s->pos = start + n;
        const hl_token *f = &s->toks[start];
        if (!hl_pp_charge(pp, n, f->line, f->col)) break;
        dir d = directive_of(f, n);
        const hl_token *a = f + 2;
        size_t na = n >= 2 ? n - 2 : 0;
        if (d == D_IFDEF || d == D_IFNDEF || d == D_IF || d == D_ELIF || d == D_ELSE || d == D_ENDIF) {
            do_cond(pp, d, a, na, &f[1]);
            continue;
        }
        if (!active(pp)) continue;
        if (d != D_NONE && (na == 0 || a[na - 1].kind != HL_TOK_DOT)) {
            hl_pp_error(pp, f[1].line, f[1].col, "premature end");
            continue;
        }
        switch (d) {
        case D_DEFINE: do_define(pp, a, na, &f[1]); continue;
        case D_UNDEF: {
            const hl_token *m = paren_name(a, na);
            if (m) hl_pp_undef(pp, m->v.text.ptr, m->v.text.len);
            else bad(pp, bad_at(a, na, &f[1]), "undef");
            continue;
        }
        case D_INCLUDE: case D_INCLUDE_LIB: do_include(pp, a, na, &f[1], d == D_INCLUDE_LIB); continue;
        case D_ERROR: case D_WARNING: do_error(pp, a, na, &f[1], d == D_WARNING); continue;
        default: break;
        }
        size_t mark = out->count;
        if (!hl_pp_expand(pp, f, n, out)) {
            out->count = mark; /* the form is dropped; its error is reported */
            continue;
        }
        if (s->header >= 0)
            for (size_t i = mark; i < out->count; i++) {
                out->items[i].line = s->line;
                out->items[i].col = s->col;
            }
        if (!module_seen(pp, f, n)) {
            hl_diags_add(diags, f->line, f->col, "out of memory (or over the compile memory limit)");
            pp->stop = true;
        }
    }
    bool ok = !pp->stop;
    while (pp->nsrcs > 1) hl_token_vec_free(&pp->srcs[--pp->nsrcs].own);
    hl_pp_macros_free(pp);
    hl_mem_free(pp->conds);
    if (out->count == out->cap) {
        hl_token *items = hl_mem_realloc_array(out->items, out->cap + 1, sizeof *items);
        if (!items) {
            hl_diags_add(diags, eof.line, eof.col, "out of memory (or over the compile memory limit)");
            return false;
        }
        out->items = items;
        out->cap++;
    }
    out->items[out->count++] = eof;
    return ok;
}
