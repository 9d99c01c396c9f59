/* pp_macro.c — the preprocessor's macro table and macro expansion (epp's
 * expand_macros, OTP 25).
 *
 * Expansion never recurses in C: a form is read through a stack of
 * segments (the form's own tokens at the bottom, each macro's expansion
 * pushed on top, exactly "expansion ++ rest" as epp rescans it), so nested
 * and chained macros cost heap, bounded by max_tokens and the segment
 * limit, and every token read or copied is charged to the meter.
 *
 * Locations follow epp: an expansion's tokens take the location of the
 * macro's name at the use; an argument keeps its own tokens' locations,
 * and the body tokens after it take its last token's location.
 *
 * Circular macros are found as epp finds them, on the graph of the macros
 * each definition's body names (with the arity the use gives), checked
 * before an expansion; a definition found acyclic stays so until the next
 * -define or -undef, so the check is linear in the graph overall. */
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "front/dump.h"
#include "front/pp_internal.h"

/* ---- the table --------------------------------------------------------------- */

static uint32_t name_hash(const char *s, uint32_t len) {
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static pp_slot *find_slot(hl_pp *pp, const char *name, uint32_t len, bool insert) {
    if (insert && (pp->nused + 1) * 2 > pp->nslots) {
        uint32_t n = pp->nslots ? pp->nslots * 2 : 64;
        pp_slot *s = hl_mem_calloc(n, sizeof *s);
        if (!s) return NULL;
        for (uint32_t i = 0; i < pp->nslots; i++) {
            if (!pp->slots[i].name) continue;
            uint32_t k = name_hash(pp->slots[i].name, pp->slots[i].len) & (n - 1);
            while (s[k].name) k = (k + 1) & (n - 1);
            s[k] = pp->slots[i];
        }
        hl_mem_free(pp->slots);
        pp->slots = s;
        pp->nslots = n;
    }
    if (!pp->nslots) return NULL;
    uint32_t k = name_hash(name, len) & (pp->nslots - 1);
    while (pp->slots[k].name) {
        if (pp->slots[k].len == len && memcmp(pp->slots[k].name, name, len) == 0) return &pp->slots[k];
        k = (k + 1) & (pp->nslots - 1);
    }
    if (!insert) return NULL;
    pp->slots[k] = (pp_slot){name, len, UINT32_MAX};
    pp->nused++;
    return &pp->slots[k];
}

uint32_t hl_pp_lookup(hl_pp *pp, const char *name, uint32_t len) {
    pp_slot *s = find_slot(pp, name, len, false);
    return s ? s->head : UINT32_MAX;
}

static pp_macro *new_macro(hl_pp *pp) {
    if (pp->nmacs == pp->capmacs) {
        uint32_t n = pp->capmacs ? pp->capmacs * 2 : 32;
        pp_macro *m = hl_mem_realloc_array(pp->macs, n, sizeof *m);
        if (!m) return NULL;
        pp->macs = m;
        pp->capmacs = n;
    }
    pp_macro *m = &pp->macs[pp->nmacs];
    memset(m, 0, sizeof *m);
    m->next = UINT32_MAX;
    return m;
}

/* Links macro nmacs (just filled) in as its name's newest definition. */
static bool link_macro(hl_pp *pp) {
    pp_macro *m = &pp->macs[pp->nmacs];
    pp_slot *s = find_slot(pp, m->name, m->len, true);
    if (!s) return false;
    m->next = s->head;
    s->head = pp->nmacs++;
    pp->version++;
    return true;
}

/* The macros a body names: ?Name, with the arity its parentheses give
 * (epp's macro_ref/count_args; a malformed argument list counts as none). */
static bool body_uses(hl_pp *pp, pp_macro *m) {
    uint32_t n = 0;
    for (uint32_t i = 0; i + 1 < m->nbody; i++)
        if (m->body[i].kind == HL_TOK_QUESTION && (m->body[i + 1].kind == HL_TOK_ATOM || m->body[i + 1].kind == HL_TOK_VAR))
            n++;
    if (!n) return true;
    m->uses = hl_arena_alloc_array(pp->arena, n, sizeof *m->uses);
    if (!m->uses) return false;
    for (uint32_t i = 0; i + 1 < m->nbody; i++) {
        const hl_token *t = &m->body[i];
        if (t->kind != HL_TOK_QUESTION || (t[1].kind != HL_TOK_ATOM && t[1].kind != HL_TOK_VAR)) continue;
        if (i > 0 && t[-1].kind == HL_TOK_QUESTION) continue; /* ??Arg */
        int32_t arity = PP_NONE;
        uint32_t k = i + 2;
        if (k < m->nbody && m->body[k].kind == HL_TOK_LPAREN) {
            /* count top-level commas up to the matching ')' */
            int32_t depth = 0, commas = 0;
            bool any = false, closed = false;
            for (k++; k < m->nbody; k++) {
                int kind = m->body[k].kind;
                if (kind == HL_TOK_LPAREN || kind == HL_TOK_LBRACKET || kind == HL_TOK_LBRACE || kind == HL_TOK_LTLT) depth++;
                else if (kind == HL_TOK_RPAREN || kind == HL_TOK_RBRACKET || kind == HL_TOK_RBRACE || kind == HL_TOK_GTGT) {
                    if (depth == 0) {
                        closed = true;
                        break;
                    }
                    depth--;
                } else if (kind == HL_TOK_COMMA && depth == 0) {
                    commas++;
                }
                any = true;
            }
            if (closed) arity = any ? commas + 1 : 0;
        }
        m->uses[m->nuses++] = (pp_use){t[1].v.text.ptr, t[1].v.text.len, arity};
    }
    return true;
}

bool hl_pp_define(hl_pp *pp, const hl_token *name, int32_t arity, const hl_token *params, const hl_token *body,
                  uint32_t nbody) {
    const char *nm = name->v.text.ptr;
    uint32_t len = name->v.text.len;
    char text[300];
    for (uint32_t i = hl_pp_lookup(pp, nm, len); i != UINT32_MAX; i = pp->macs[i].next) {
        const pp_macro *o = &pp->macs[i];
        if (o->predef) {
            hl_pp_atom_text(nm, len, text, sizeof text);
            hl_pp_error(pp, name->line, name->col, "redefining predefined macro '%s'", text);
            return true;
        }
        if (o->arity == arity) {
            hl_pp_atom_text(nm, len, text, sizeof text);
            hl_pp_error(pp, name->line, name->col, "redefining macro '%s'", text);
            return true;
        }
    }
    pp_macro *m = new_macro(pp);
    if (!m) return false;
    m->name = nm;
    m->len = len;
    m->arity = arity;
    m->line = name->line;
    m->col = name->col;
    hl_token *b = hl_arena_alloc_array(pp->arena, nbody ? nbody : 1, sizeof *b);
    hl_token *p = hl_arena_alloc_array(pp->arena, arity > 0 ? (size_t)arity : 1, sizeof *p);
    if (!b || !p) return false;
    if (nbody) memcpy(b, body, nbody * sizeof *b);
    if (arity > 0) memcpy(p, params, (size_t)arity * sizeof *p);
    m->body = b;
    m->nbody = nbody;
    m->params = p;
    if (!body_uses(pp, m)) return false;
    return link_macro(pp);
}

void hl_pp_undef(hl_pp *pp, const char *name, uint32_t len) {
    pp_slot *s = find_slot(pp, name, len, false);
    if (s) s->head = UINT32_MAX;
    pp->version++;
}

static bool predef(hl_pp *pp, const char *name, const hl_token *body, uint32_t nbody, int32_t arity) {
    pp_macro *m = new_macro(pp);
    if (!m) return false;
    m->name = name;
    m->len = (uint32_t)strlen(name);
    m->arity = arity;
    m->predef = true;
    m->undefined = body == NULL;
    if (body) {
        hl_token *b = hl_arena_alloc_array(pp->arena, nbody ? nbody : 1, sizeof *b);
        if (!b) return false;
        memcpy(b, body, nbody * sizeof *b);
        m->body = b;
        m->nbody = nbody;
    }
    return link_macro(pp);
}

bool hl_pp_set_predef(hl_pp *pp, const char *name, const hl_token *body, uint32_t nbody) {
    uint32_t i = hl_pp_lookup(pp, name, (uint32_t)strlen(name));
    if (i != UINT32_MAX && pp->macs[i].predef) {
        hl_token *b = hl_arena_alloc_array(pp->arena, nbody ? nbody : 1, sizeof *b);
        if (!b) return false;
        memcpy(b, body, nbody * sizeof *b);
        pp->macs[i].body = b;
        pp->macs[i].nbody = nbody;
        pp->macs[i].undefined = false;
        return true;
    }
    return predef(pp, name, body, nbody, PP_NONE); /* after an -undef */
}

bool hl_pp_string_token(hl_pp *pp, const char *utf8, size_t len, hl_token *out) {
    uint32_t *cps = hl_arena_alloc_array(pp->arena, len ? len : 1, sizeof *cps);
    if (!cps) return false;
    uint32_t n = 0;
    for (size_t i = 0; i < len;) { /* names are valid UTF-8 (lexer-checked) */
        uint8_t c = (uint8_t)utf8[i];
        uint32_t cp;
        int k;
        if (c < 0x80) cp = c, k = 1;
        else if (c < 0xE0) cp = c & 0x1F, k = 2;
        else if (c < 0xF0) cp = c & 0x0F, k = 3;
        else cp = c & 0x07, k = 4;
        for (int j = 1; j < k && i + (size_t)j < len; j++) cp = (cp << 6) | ((uint8_t)utf8[i + (size_t)j] & 0x3F);
        i += (size_t)k;
        cps[n++] = cp;
    }
    memset(out, 0, sizeof *out);
    out->kind = HL_TOK_STRING;
    out->v.text.ptr = cps;
    out->v.text.len = n;
    return true;
}

bool hl_pp_macros_init(hl_pp *pp) {
    hl_token t = {0};
    const char *file = pp->lim->file_name ? pp->lim->file_name : "nofile";
    if (!hl_pp_string_token(pp, file, strlen(file), &t) || !predef(pp, "FILE", &t, 1, PP_NONE)) return false;
    memset(&t, 0, sizeof t);
    t.kind = HL_TOK_INTEGER;
    t.v.i = 1;
    if (!predef(pp, "LINE", &t, 1, PP_NONE)) return false;
    t.v.i = 25;
    if (!predef(pp, "OTP_RELEASE", &t, 1, PP_NONE)) return false;
    memset(&t, 0, sizeof t);
    t.kind = HL_TOK_ATOM;
    t.v.text.ptr = "BEAM";
    t.v.text.len = 4;
    if (!predef(pp, "MACHINE", &t, 1, PP_NONE)) return false;
    t.v.text.ptr = "true";
    t.v.text.len = 4;
    if (!predef(pp, "BEAM", &t, 1, PP_NONE)) return false;
    static const char *const undefined[] = {"FUNCTION_NAME", "FUNCTION_ARITY", "MODULE", "MODULE_STRING",
                                            "BASE_MODULE", "BASE_MODULE_STRING"};
    for (size_t i = 0; i < sizeof undefined / sizeof undefined[0]; i++)
        if (!predef(pp, undefined[i], NULL, 0, PP_NONE)) return false;
    return true;
}

void hl_pp_macros_free(hl_pp *pp) {
    hl_mem_free(pp->macs);
    hl_mem_free(pp->slots);
    for (uint32_t i = 0; i < pp->nsegs; i++)
        if (pp->segs[i].owned) hl_mem_free(pp->segs[i].toks);
    hl_mem_free(pp->segs);
    hl_token_vec_free(&pp->args);
    hl_mem_free(pp->closers);
}

/* ---- circularity --------------------------------------------------------------- */

/* The definition a use resolves to (epp's get_macro_uses: the arity's, else
 * the one without parentheses), or UINT32_MAX. */
static uint32_t resolve_use(hl_pp *pp, const char *name, uint32_t len, int32_t arity) {
    uint32_t none = UINT32_MAX;
    for (uint32_t i = hl_pp_lookup(pp, name, len); i != UINT32_MAX; i = pp->macs[i].next) {
        if (pp->macs[i].arity == arity) return i;
        if (pp->macs[i].arity == PP_NONE) none = i;
    }
    return none;
}

enum { WHITE = 0, GREY = 1, BLACK = 2 };

typedef struct dfs_frame {
    uint32_t mac, next_use;
} dfs_frame;

/* Iterative DFS from definition `root`; reports the first macro met again
 * on the current path, as epp's check_uses does. */
static bool check_circular(hl_pp *pp, uint32_t root, const hl_token *at) {
    if (pp->macs[root].acyclic == pp->version) return true;
    dfs_frame *st = NULL;
    size_t n = 0, cap = 0;
    uint32_t *seen = NULL;
    size_t nseen = 0, capseen = 0;
    bool ok = true;
#define PUSH_SEEN(x)                                                                         \
    do {                                                                                     \
        if (nseen == capseen) {                                                              \
            size_t c2 = capseen ? capseen * 2 : 32;                                          \
            uint32_t *s2 = hl_mem_realloc_array(seen, c2, sizeof *s2);                        \
            if (!s2) goto oom;                                                               \
            seen = s2;                                                                       \
            capseen = c2;                                                                    \
        }                                                                                    \
        seen[nseen++] = (x);                                                                 \
    } while (0)
    cap = 32;
    st = hl_mem_alloc(cap * sizeof *st);
    if (!st) goto oom;
    st[n++] = (dfs_frame){root, 0};
    pp->macs[root].mark = GREY;
    PUSH_SEEN(root);
    while (n > 0) {
        dfs_frame *f = &st[n - 1];
        pp_macro *m = &pp->macs[f->mac];
        if (f->next_use == m->nuses) {
            m->mark = BLACK;
            n--;
            continue;
        }
        const pp_use *u = &m->uses[f->next_use++];
        if (!hl_pp_charge(pp, 1, at->line, at->col)) {
            ok = false;
            break;
        }
        uint32_t d = resolve_use(pp, u->name, u->len, u->arity);
        if (d == UINT32_MAX || pp->macs[d].acyclic == pp->version || pp->macs[d].mark == BLACK) continue;
        if (pp->macs[d].mark == GREY) {
            char text[300];
            hl_pp_atom_text(u->name, u->len, text, sizeof text);
            if (u->arity == PP_NONE) hl_pp_error(pp, at->line, at->col, "circular macro '%s'", text);
            else hl_pp_error(pp, at->line, at->col, "circular macro '%s/%d'", text, (int)u->arity);
            ok = false;
            break;
        }
        if (n == cap) {
            size_t c2 = cap * 2;
            dfs_frame *s2 = hl_mem_realloc_array(st, c2, sizeof *s2);
            if (!s2) goto oom;
            st = s2;
            cap = c2;
        }
        pp->macs[d].mark = GREY;
        PUSH_SEEN(d);
        st[n++] = (dfs_frame){d, 0};
    }
    for (size_t i = 0; i < nseen; i++) {
        if (ok) pp->macs[seen[i]].acyclic = pp->version;
        pp->macs[seen[i]].mark = WHITE;
    }
    hl_mem_free(st);
    hl_mem_free(seen);
    return ok;
oom:
    for (size_t i = 0; i < nseen; i++) pp->macs[seen[i]].mark = WHITE;
    hl_mem_free(st);
    hl_mem_free(seen);
    hl_pp_error(pp, at->line, at->col, "out of memory (or over the compile memory limit)");
    pp->stop = true;
    return false;
#undef PUSH_SEEN
}

/* ---- the segment stack ------------------------------------------------------------ */

static bool push_seg(hl_pp *pp, hl_token *toks, size_t n, bool owned, const hl_token *at) {
    if (pp->nsegs >= PP_MAX_SEGMENTS) {
        hl_pp_error(pp, at->line, at->col, "macro expansion nested too deeply (limit %d)", PP_MAX_SEGMENTS);
        return false;
    }
    if (pp->nsegs == pp->capsegs) {
        uint32_t c = pp->capsegs ? pp->capsegs * 2 : 16;
        pp_seg *s = hl_mem_realloc_array(pp->segs, c, sizeof *s);
        if (!s) {
            pp->stop = true;
            hl_pp_error(pp, at->line, at->col, "out of memory (or over the compile memory limit)");
            return false;
        }
        pp->segs = s;
        pp->capsegs = c;
    }
    pp->segs[pp->nsegs++] = (pp_seg){toks, n, 0, owned};
    if (owned) pp->live += n;
    return true;
}

static void pop_seg(hl_pp *pp) {
    pp_seg *s = &pp->segs[--pp->nsegs];
    if (s->owned) {
        pp->live -= s->n;
        hl_mem_free(s->toks);
    }
}

/* Drops exhausted segments above the bottom one. */
static void trim(hl_pp *pp) {
    while (pp->nsegs > 1 && pp->segs[pp->nsegs - 1].pos == pp->segs[pp->nsegs - 1].n) pop_seg(pp);
}

/* A cursor reading ahead across segments without consuming. */
typedef struct cursor {
    uint32_t seg;
    size_t pos;
} cursor;

static cursor cur_begin(hl_pp *pp) {
    trim(pp);
    return (cursor){pp->nsegs - 1, pp->segs[pp->nsegs - 1].pos};
}

static const hl_token *cur_peek(hl_pp *pp, cursor *c) {
    for (;;) {
        if (c->pos < pp->segs[c->seg].n) return &pp->segs[c->seg].toks[c->pos];
        if (c->seg == 0) return NULL;
        c->seg--;
        c->pos = pp->segs[c->seg].pos;
    }
}

static void cur_next(hl_pp *pp, cursor *c) {
    if (cur_peek(pp, c)) c->pos++;
}

/* Consumes everything up to the cursor. */
static void cur_commit(hl_pp *pp, cursor c) {
    while (pp->nsegs - 1 > c.seg) pop_seg(pp);
    pp->segs[c.seg].pos = c.pos;
}

/* ---- arguments ----------------------------------------------------------------------- */

static bool push_closer(hl_pp *pp, uint32_t k) {
    if (pp->ncloser == pp->capcloser) {
        size_t c = pp->capcloser ? pp->capcloser * 2 : 32;
        uint32_t *s = hl_mem_realloc_array(pp->closers, c, sizeof *s);
        if (!s) return false;
        pp->closers = s;
        pp->capcloser = c;
    }
    pp->closers[pp->ncloser++] = k;
    return true;
}

/* epp's macro_arg: one argument's tokens up to a top-level ',' or ')',
 * brackets and begin/if/case/fun/receive/try/cond ... end balanced. The
 * tokens go to pp->args when `keep`. Returns false at an error (reported
 * when it is ours: out of memory, the meter). *end is set when input ran
 * out first. */
static bool macro_arg(hl_pp *pp, cursor *c, bool keep, const hl_token *at, bool *end) {
    pp->ncloser = 0;
    *end = false;
    for (;;) {
        const hl_token *t = cur_peek(pp, c);
        if (!t || t->kind == HL_TOK_EOF) {
            *end = true;
            return true;
        }
        int k = t->kind;
        if (pp->ncloser == 0 && (k == HL_TOK_COMMA || k == HL_TOK_RPAREN)) return true;
        if (!hl_pp_charge(pp, 1, at->line, at->col)) return false;
        uint32_t close = 0;
        switch (k) {
        case HL_TOK_LPAREN: close = HL_TOK_RPAREN; break;
        case HL_TOK_LTLT: close = HL_TOK_GTGT; break;
        case HL_TOK_LBRACKET: close = HL_TOK_RBRACKET; break;
        case HL_TOK_LBRACE: close = HL_TOK_RBRACE; break;
        case HL_TOK_BEGIN: case HL_TOK_IF: case HL_TOK_CASE: case HL_TOK_RECEIVE: case HL_TOK_TRY:
        case HL_TOK_COND:
            close = HL_TOK_END;
            break;
        default: break;
        }
        if (k == HL_TOK_FUN) {
            /* fun ( ... end and fun Name( ... end, not fun f/1 */
            cursor d = *c;
            cur_next(pp, &d);
            const hl_token *n1 = cur_peek(pp, &d);
            if (n1 && n1->kind == HL_TOK_VAR) {
                cur_next(pp, &d);
                n1 = cur_peek(pp, &d);
            }
            if (n1 && n1->kind == HL_TOK_LPAREN) close = HL_TOK_END;
        }
        if (close) {
            if (!push_closer(pp, close)) goto oom;
        } else if (pp->ncloser && (uint32_t)k == pp->closers[pp->ncloser - 1]) {
            pp->ncloser--;
        }
        if (keep && !hl_pp_push(pp, &pp->args, t, at->line, at->col)) return false;
        cur_next(pp, c);
    }
oom:
    pp->stop = true;
    hl_pp_error(pp, at->line, at->col, "out of memory (or over the compile memory limit)");
    return false;
}

/* epp's count_args: the arity of a use (PP_NONE without parentheses), or
 * -2 after reporting a badly formed argument list. */
static int32_t count_args(hl_pp *pp, cursor c, const hl_token *name, const char *text) {
    const hl_token *t = cur_peek(pp, &c);
    if (!t || t->kind != HL_TOK_LPAREN) return PP_NONE;
    cur_next(pp, &c);
    t = cur_peek(pp, &c);
    if (t && t->kind == HL_TOK_RPAREN) return 0;
    if (t && t->kind == HL_TOK_COMMA) goto bad;
    int32_t n = 0;
    for (;;) {
        bool end;
        if (!macro_arg(pp, &c, false, name, &end)) return -3;
        if (end) goto bad;
        n++;
        t = cur_peek(pp, &c);
        if (t->kind == HL_TOK_RPAREN) return n;
        cur_next(pp, &c); /* ',' */
        t = cur_peek(pp, &c);
        if (!t || t->kind == HL_TOK_RPAREN) goto bad;
        if (n == INT32_MAX - 1) goto bad;
    }
bad:
    hl_pp_error(pp, name->line, name->col, "badly formed argument for macro '%s'", text);
    return -2;
}

/* ---- expansion ------------------------------------------------------------------- */

static void set_loc(hl_token *t, uint32_t line, uint32_t col) {
    t->line = line;
    t->col = col;
}

/* epp's stringify: the tokens' source text joined by spaces, as one STRING
 * token. */
static bool stringify(hl_pp *pp, const hl_token *toks, size_t n, hl_token *out, const hl_token *at) {
    hl_buf b;
    hl_buf_init(&b, pp->lim->max_string_chars);
    for (size_t i = 0; i < n; i++) {
        const hl_token *t = &toks[i];
        if (i) hl_buf_puts(&b, " ");
        switch (t->kind) {
        case HL_TOK_ATOM: hl_dump_atom(&b, t->v.text.ptr, t->v.text.len); break;
        case HL_TOK_VAR: hl_buf_append(&b, t->v.text.ptr, t->v.text.len); break;
        case HL_TOK_INTEGER:
            if (t->big) hl_buf_append(&b, t->v.text.ptr, t->v.text.len);
            else hl_buf_put_i64(&b, t->v.i);
            break;
        case HL_TOK_FLOAT: hl_dump_float(&b, t->v.f); break;
        case HL_TOK_CHAR: hl_dump_char(&b, (uint32_t)t->v.i); break;
        case HL_TOK_STRING: hl_dump_string_literal(&b, t->v.text.ptr, t->v.text.len); break;
        case HL_TOK_DOT: hl_buf_puts(&b, "."); break;
        default: hl_buf_puts(&b, hl_token_kind_name((hl_token_kind)t->kind)); break;
        }
        if (b.failed) break;
    }
    bool ok = !b.failed;
    if (ok) ok = hl_pp_string_token(pp, b.data ? b.data : "", b.data ? b.len : 0, out);
    hl_buf_free(&b);
    if (!ok) hl_pp_error(pp, at->line, at->col, "stringified macro argument too long (limit %u characters)",
                         (unsigned)pp->lim->max_string_chars);
    return ok;
}

/* Builds the expansion of definition m at `name` with arguments (args[i]
 * tokens are pp->args.items[off[i], off[i+1])) and pushes it. */
static bool push_expansion(hl_pp *pp, const pp_macro *m, const hl_token *name, const size_t *off) {
    size_t total = 0;
    for (uint32_t i = 0; i < m->nbody; i++) {
        const hl_token *t = &m->body[i];
        size_t add = 1;
        if (t->kind == HL_TOK_VAR)
            for (int32_t a = 0; a < m->arity; a++)
                if (t->v.text.len == m->params[a].v.text.len &&
                    memcmp(t->v.text.ptr, m->params[a].v.text.ptr, t->v.text.len) == 0)
                    add = off[a + 1] - off[a];
        total += add;
        if (total > pp->lim->max_tokens) break;
    }
    trim(pp); /* the arguments just read may have emptied segments */
    if (total + pp->live > pp->lim->max_tokens) {
        hl_pp_error(pp, name->line, name->col, "macro expansion too large (more than %zu tokens)",
                    pp->lim->max_tokens);
        pp->stop = true;
        return false;
    }
    if (!hl_pp_charge(pp, total + 1, name->line, name->col)) return false;
    hl_token *out = hl_mem_alloc((total ? total : 1) * sizeof *out);
    if (!out) {
        pp->stop = true;
        hl_pp_error(pp, name->line, name->col, "out of memory (or over the compile memory limit)");
        return false;
    }
    size_t w = 0;
    uint32_t line = name->line, col = name->col;
    for (uint32_t i = 0; i < m->nbody; i++) {
        const hl_token *t = &m->body[i];
        int32_t param = -1;
        bool str = false;
        const hl_token *v = t;
        if ((t->kind == HL_TOK_QUESTION2 && i + 1 < m->nbody && t[1].kind == HL_TOK_VAR) ||
            (t->kind == HL_TOK_QUESTION && i + 2 < m->nbody && t[1].kind == HL_TOK_QUESTION &&
             t[2].kind == HL_TOK_VAR)) {
            v = t->kind == HL_TOK_QUESTION2 ? &t[1] : &t[2];
            str = true;
        }
        if (v->kind == HL_TOK_VAR)
            for (int32_t a = 0; a < m->arity; a++)
                if (v->v.text.len == m->params[a].v.text.len &&
                    memcmp(v->v.text.ptr, m->params[a].v.text.ptr, v->v.text.len) == 0)
                    param = a;
        if (str && param >= 0) {
            if (!stringify(pp, pp->args.items + off[param], off[param + 1] - off[param], &out[w], name)) {
                hl_mem_free(out);
                return false;
            }
            set_loc(&out[w++], line, col);
            i += t->kind == HL_TOK_QUESTION2 ? 1 : 2;
            continue;
        }
        if (str) {
            /* ??X of a non-parameter: epp drops the ?? and keeps X */
            out[w] = *v;
            set_loc(&out[w++], line, col);
            i += t->kind == HL_TOK_QUESTION2 ? 1 : 2;
            continue;
        }
        if (param >= 0) {
            size_t k = off[param + 1] - off[param];
            if (k) {
                memcpy(out + w, pp->args.items + off[param], k * sizeof *out);
                w += k;
                line = out[w - 1].line;
                col = out[w - 1].col;
            }
            continue;
        }
        out[w] = *t;
        set_loc(&out[w++], line, col);
    }
    if (w == 0) {
        hl_mem_free(out);
        return true;
    }
    if (!push_seg(pp, out, w, true, name)) {
        hl_mem_free(out);
        return false;
    }
    return true;
}

/* ?FUNCTION_NAME / ?FUNCTION_ARITY: the name and arity of the function the
 * form being expanded defines, from its tokens so far (epp's
 * update_fun_name, with its way of counting arguments). */
static bool fun_name(hl_pp *pp, const hl_token *name, const char *which) {
    if (pp->fn_known) return true;
    const hl_token_vec *d = pp->form_dst;
    size_t s = pp->form_start;
    if (!d || d->count < s + 2 || d->items[s].kind != HL_TOK_ATOM || d->items[s + 1].kind != HL_TOK_LPAREN) {
        if (d && d->count == s) hl_pp_error(pp, name->line, name->col, "?%s must not begin a form", which);
        else hl_pp_error(pp, name->line, name->col, "?%s can only be used within a function", which);
        return false;
    }
    pp->fn_name = d->items[s].v.text.ptr;
    pp->fn_len = d->items[s].v.text.len;
    int64_t arity = 0;
    uint32_t level = 1;
    for (size_t i = s + 2; i < d->count; i++) {
        int k = d->items[i].kind;
        if (k == HL_TOK_COMMA) {
            if (level == 1) arity++;
        } else if (k == HL_TOK_LPAREN || k == HL_TOK_LBRACE || k == HL_TOK_LBRACKET || k == HL_TOK_LTLT) {
            level++;
        } else if (k == HL_TOK_RPAREN || k == HL_TOK_RBRACE || k == HL_TOK_RBRACKET || k == HL_TOK_GTGT) {
            if (level == 1) break;
            level--;
        } else if (arity == 0) {
            arity = 1;
        }
    }
    pp->fn_arity = arity;
    pp->fn_known = true;
    return true;
}

static bool emit(hl_pp *pp, hl_token_vec *dst, const hl_token *t) {
    return hl_pp_push(pp, dst, t, t->line, t->col);
}

/* One `?` at the top of the segment stack (already consumed). */
static bool expand_one(hl_pp *pp, const hl_token *q, hl_token_vec *dst) {
    cursor c = cur_begin(pp);
    const hl_token *nt = cur_peek(pp, &c);
    if (q->kind == HL_TOK_QUESTION2 || !nt || (nt->kind != HL_TOK_ATOM && nt->kind != HL_TOK_VAR)) {
        /* epp: "illegal macro call '?X'", X the next token's symbol (~tp) */
        const hl_token *at = q->kind == HL_TOK_QUESTION2 || !nt || nt->kind == HL_TOK_EOF ? q : nt;
        hl_buf b;
        hl_buf_init(&b, 300);
        hl_buf_putc(&b, '?');
        if (q->kind == HL_TOK_QUESTION2) {
            hl_dump_atom(&b, "?", 1);
        } else if (nt && nt->kind != HL_TOK_EOF) {
            switch (nt->kind) {
            case HL_TOK_INTEGER:
                if (nt->big) hl_buf_append(&b, nt->v.text.ptr, nt->v.text.len);
                else hl_buf_put_i64(&b, nt->v.i);
                break;
            case HL_TOK_FLOAT: hl_dump_float(&b, nt->v.f); break;
            case HL_TOK_CHAR: hl_buf_put_i64(&b, nt->v.i); break;
            case HL_TOK_STRING: hl_dump_string_literal(&b, nt->v.text.ptr, nt->v.text.len); break;
            case HL_TOK_DOT: hl_buf_puts(&b, "dot"); break;
            default: {
                const char *sp = hl_token_kind_name((hl_token_kind)nt->kind);
                hl_dump_atom(&b, sp, strlen(sp));
            }
            }
        }
        hl_pp_error(pp, at->line, at->col, "illegal macro call '%s'", b.failed || !b.data ? "?" : b.data);
        hl_buf_free(&b);
        return false;
    }
    hl_token name = *nt;
    cur_next(pp, &c);
    cur_commit(pp, c);
    const char *nm = name.v.text.ptr;
    uint32_t len = name.v.text.len;
    char text[300];
    hl_pp_atom_text(nm, len, text, sizeof text);
    if (name.kind == HL_TOK_VAR) {
        if (len == 4 && memcmp(nm, "LINE", 4) == 0) {
            hl_token t = name;
            t.kind = HL_TOK_INTEGER;
            t.big = 0;
            t.v.i = name.line;
            return emit(pp, dst, &t);
        }
        bool fname = len == 13 && memcmp(nm, "FUNCTION_NAME", 13) == 0;
        bool farity = len == 14 && memcmp(nm, "FUNCTION_ARITY", 14) == 0;
        if ((fname || farity) && hl_pp_lookup(pp, nm, len) != UINT32_MAX &&
            pp->macs[hl_pp_lookup(pp, nm, len)].predef) {
            if (!fun_name(pp, &name, nm)) return false;
            hl_token t = name;
            if (fname) {
                t.kind = HL_TOK_ATOM;
                t.v.text.ptr = pp->fn_name;
                t.v.text.len = pp->fn_len;
            } else {
                t.kind = HL_TOK_INTEGER;
                t.big = 0;
                t.v.i = pp->fn_arity;
            }
            return emit(pp, dst, &t);
        }
    }
    int32_t arity = count_args(pp, c, &name, text);
    if (arity < PP_NONE) return false;
    uint32_t first = hl_pp_lookup(pp, nm, len), def = UINT32_MAX;
    bool only_none = first != UINT32_MAX && pp->macs[first].next == UINT32_MAX && pp->macs[first].arity == PP_NONE;
    if (first == UINT32_MAX || (pp->macs[first].predef && pp->macs[first].undefined)) {
        if (arity == PP_NONE) hl_pp_error(pp, name.line, name.col, "undefined macro '%s'", text);
        else hl_pp_error(pp, name.line, name.col, "undefined macro '%s/%d'", text, (int)arity);
        return false;
    }
    if (only_none || pp->macs[first].predef) {
        def = first;
    } else {
        for (uint32_t i = first; i != UINT32_MAX; i = pp->macs[i].next)
            if (pp->macs[i].arity == arity) def = i;
        if (def == UINT32_MAX) {
            hl_pp_error(pp, name.line, name.col, "argument mismatch for macro '%s'", text);
            return false;
        }
    }
    const pp_macro *m = &pp->macs[def];
    if (!check_circular(pp, def, &name)) return false;
    size_t offs[2] = {0, 0};
    size_t *off = offs;
    pp->args.count = 0;
    if (m->arity >= 0) {
        /* bind the arguments: '(' arg {',' arg} ')' */
        off = hl_mem_alloc(((size_t)m->arity + 1) * sizeof *off);
        if (!off) {
            pp->stop = true;
            hl_pp_error(pp, name.line, name.col, "out of memory (or over the compile memory limit)");
            return false;
        }
        c = cur_begin(pp);
        cur_next(pp, &c); /* '(' (count_args saw it) */
        off[0] = 0;
        for (int32_t a = 0; a < m->arity; a++) {
            bool end;
            if (a > 0) cur_next(pp, &c); /* ',' */
            if (!macro_arg(pp, &c, true, &name, &end)) {
                hl_mem_free(off);
                return false;
            }
            off[a + 1] = pp->args.count;
            if (off[a + 1] == off[a]) { /* an empty argument */
                hl_pp_error(pp, name.line, name.col, "argument mismatch for macro '%s'", text);
                hl_mem_free(off);
                return false;
            }
        }
        cur_next(pp, &c); /* ')' */
        cur_commit(pp, c);
    }
    bool ok = push_expansion(pp, m, &name, off);
    if (off != offs) hl_mem_free(off);
    return ok;
}

bool hl_pp_expand(hl_pp *pp, const hl_token *toks, size_t n, hl_token_vec *dst) {
    pp->nsegs = 0;
    pp->live = 0;
    pp->fn_known = false;
    pp->form_dst = dst;
    pp->form_start = dst->count;
    if (n == 0) return true;
    hl_token dummy = toks[0];
    if (!push_seg(pp, (hl_token *)(uintptr_t)toks, n, false, &dummy)) return false;
    bool ok = true;
    for (;;) {
        trim(pp);
        pp_seg *s = &pp->segs[pp->nsegs - 1];
        if (s->pos == s->n) break;
        const hl_token *t = &s->toks[s->pos++];
        if (t->kind == HL_TOK_QUESTION || t->kind == HL_TOK_QUESTION2) {
            hl_token q = *t;
            if (!expand_one(pp, &q, dst)) {
                ok = false;
                break;
            }
            continue;
        }
        if (!emit(pp, dst, t)) {
            ok = false;
            break;
        }
    }
    while (pp->nsegs > 0) pop_seg(pp);
    pp->form_dst = NULL;
    return ok;
}
