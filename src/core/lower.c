/* lower.c — AST → SafeCore, module level: records, the function table,
 * exports, lifted functions, IR node helpers and the variable environment
 * (binding states with an undo trail, branch merging, captures).
 * Expressions are in lower_expr.c, patterns in lower_pat.c, funs and
 * comprehensions in lower_fun.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "core/lower_int.h"

/* ---- allocation and nodes -------------------------------------------------- */

void *lw_alloc(lw_ctx *c, size_t size) {
    /* A tripped work meter stops lowering as running out of memory does;
     * the caller reports the meter's diagnostic instead. Charged by size
     * (work: zeroing and the page faults of fresh memory; memory: the
     * compile memory cap), so an expansion (a record default inlined at
     * every use, nested defaults multiplying) costs what it allocates. */
    void *p = hl_meter_charge(1 + size / 64) && hl_meter_charge_mem(size) ? hl_arena_alloc(&c->m->arena, size) : NULL;
    if (!p) c->oom = true;
    else memset(p, 0, size);
    return p;
}

void *lw_array(lw_ctx *c, size_t count, size_t size) {
    size_t n;
    if (!hl_size_mul(count, size, &n)) {
        c->oom = true;
        return NULL;
    }
    return lw_alloc(c, n);
}

void lw_error(lw_ctx *c, uint32_t line, uint32_t col, const char *fmt, ...) {
    if (c->quiet) return;
    char tmp[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    hl_diags_add(c->diags, line, col, "%s", tmp);
}

hl_core_node *lw_node(lw_ctx *c, hl_core_kind kind, uint32_t line, uint32_t col) {
    hl_core_node *n = lw_alloc(c, sizeof *n);
    if (!n) return NULL;
    n->kind = (uint8_t)kind;
    n->line = line;
    n->col = col;
    return n;
}

hl_ast_name lw_cname(const char *s) {
    hl_ast_name n = {s, (uint32_t)strlen(s)};
    return n;
}

bool lw_name_eq(hl_ast_name a, const char *s) {
    size_t n = strlen(s);
    return a.len == n && memcmp(a.ptr, s, n) == 0;
}

static bool names_eq(hl_ast_name a, hl_ast_name b) {
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

hl_core_node *lw_atom(lw_ctx *c, const char *name, uint32_t line, uint32_t col) {
    hl_core_node *n = lw_node(c, HL_CORE_LIT, line, col);
    if (!n) return NULL;
    n->u.lit.kind = HL_LIT_ATOM;
    n->u.lit.u.name = lw_cname(name);
    return n;
}

hl_core_node *lw_nil(lw_ctx *c, uint32_t line, uint32_t col) {
    hl_core_node *n = lw_node(c, HL_CORE_LIT, line, col);
    if (n) n->u.lit.kind = HL_LIT_NIL;
    return n;
}

hl_core_node *lw_var_node(lw_ctx *c, hl_core_var v, uint32_t line, uint32_t col) {
    hl_core_node *n = lw_node(c, HL_CORE_VAR, line, col);
    if (n) n->u.var = v;
    return n;
}

hl_core_node *lw_tuple2(lw_ctx *c, hl_core_node *a, hl_core_node *b) {
    if (!a || !b) return NULL;
    hl_core_node *t = lw_node(c, HL_CORE_TUPLE, a->line, a->col);
    hl_core_node **items = lw_array(c, 2, sizeof *items);
    if (!t || !items) return NULL;
    items[0] = a;
    items[1] = b;
    t->u.list.items = items;
    t->u.list.count = 2;
    return t;
}

hl_core_node *lw_call(lw_ctx *c, const char *module, hl_ast_name name, uint32_t nargs,
                      uint32_t line, uint32_t col) {
    hl_core_node *n = lw_node(c, HL_CORE_CALL, line, col);
    if (!n) return NULL;
    n->u.call.kind = HL_CALL_UNRESOLVED;
    n->u.call.module = lw_cname(module);
    n->u.call.name = name;
    n->u.call.arity = nargs;
    n->u.call.nargs = nargs;
    n->u.call.args = lw_array(c, nargs ? nargs : 1, sizeof(hl_core_node *));
    return n->u.call.args ? n : NULL;
}

hl_core_node *lw_error_call(lw_ctx *c, hl_core_node *reason) {
    if (!reason) return NULL;
    hl_core_node *n = lw_call(c, "erlang", lw_cname("error"), 1, reason->line, reason->col);
    if (!n) return NULL;
    n->u.call.args[0] = reason;
    return n;
}

/* ---- records and functions ---------------------------------------------- */

const hl_ast *lw_record(lw_ctx *c, hl_ast_name name) {
    uint32_t n = c->m->nrecords < c->visible_records ? c->m->nrecords : c->visible_records;
    for (uint32_t i = 0; i < n; i++)
        if (names_eq(c->records[i]->u.attr.target, name)) return c->records[i];
    return NULL;
}

uint32_t lw_record_index_of(lw_ctx *c, const hl_ast *rec) {
    for (uint32_t i = 0; i < c->m->nrecords; i++)
        if (c->records[i] == rec) return i;
    return 0;
}

uint32_t lw_record_nfields(const hl_ast *rec) { return rec->u.attr.items.count; }

const hl_ast *lw_record_decl(const hl_ast *rec, uint32_t i) { return rec->u.attr.items.items[i]; }

uint32_t lw_record_field(const hl_ast *rec, hl_ast_name field) {
    for (uint32_t i = 0; i < rec->u.attr.items.count; i++) {
        const hl_ast *d = rec->u.attr.items.items[i];
        if (names_eq(d->u.decl_field.name->u.name, field)) return i + 1;
    }
    return 0;
}

int32_t lw_find_fun(lw_ctx *c, hl_ast_name name, uint32_t arity) { return hl_core_find_fun(c->m, name, arity); }

static hl_core_fun *add_fun(lw_ctx *c) {
    hl_core_module *m = c->m;
    if (m->nfuns >= c->opts->lim.max_functions) return NULL;
    if (m->nfuns == c->funs_cap) {
        uint32_t cap = c->funs_cap ? c->funs_cap * 2 : 16;
        hl_core_fun *nf = lw_array(c, cap, sizeof *nf);
        if (!nf) return NULL;
        if (m->nfuns) memcpy(nf, m->funs, m->nfuns * sizeof *nf);
        m->funs = nf;
        c->funs_cap = cap;
    }
    hl_core_fun *f = &m->funs[m->nfuns++];
    memset(f, 0, sizeof *f);
    f->self_var = HL_CORE_NO_VAR;
    return f;
}

/* Lifted functions are named like OTP's: -Top/Arity-kind-N-, Top/Arity
 * the module function the fun (or comprehension) is written in, however
 * deeply nested ('-f/0-fun-3-'), N counting per module function from 0
 * as OTP's does (a function's only fun is '-f/0-fun-0-' in both; OTP
 * numbers several last first, so N may differ then). The name is an atom
 * of at most 255
 * code points whatever the nesting: nesting once named each level after
 * its parent's lifted name, so 25 nested funs made an atom the gate
 * refused; a Top too long to fit is cut (names of non-exported functions
 * may repeat: docs/bytecode.md). */
enum { HL_ATOM_NAME_BYTES_MAX = 4 * 255 };

/* Bytes of the first `cps` code points of the UTF-8 text s[0..len). */
static size_t utf8_prefix(const char *s, size_t len, size_t cps) {
    size_t i = 0;
    while (i < len && cps) {
        i++;
        while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
        cps--;
    }
    return i;
}

static size_t utf8_count(const char *s, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

static void lifted_name(char out[HL_ATOM_NAME_BYTES_MAX + 1], const hl_core_fun *parent, const char *kind,
                        uint32_t n) {
    const char *top = parent->name.ptr;
    size_t top_len = parent->name.len;
    unsigned arity = (unsigned)parent->arity;
    if (parent->origin != HL_ORIGIN_SOURCE) {
        /* parent is "-Top/A-kind-N-": Top and A from it (kind and N hold no '-') */
        size_t end = top_len, dashes = 0;
        while (end > 0 && dashes < 3) dashes += top[--end] == '-';
        size_t slash = end;
        while (slash > 1 && top[slash] != '/') slash--;
        arity = (unsigned)strtoul(top + slash + 1, NULL, 10);
        top++, top_len = slash - 1;
    }
    char suffix[64];
    int sl = snprintf(suffix, sizeof suffix, "/%u-%s-%u-", arity, kind, (unsigned)n);
    size_t room = 255 - 1 - (size_t)sl; /* code points left for Top after '-' and the suffix */
    size_t keep = utf8_count(top, top_len) > room ? utf8_prefix(top, top_len, room) : top_len;
    snprintf(out, HL_ATOM_NAME_BYTES_MAX + 1, "-%.*s%s", (int)keep, top, suffix);
}

int32_t lw_new_fun(lw_ctx *c, const char *kind, uint32_t arity, uint8_t origin, uint32_t line,
                   uint32_t col) {
    if (c->m->nfuns >= c->opts->lim.max_functions) {
        lw_error(c, line, col, "too many functions (limit %u)", (unsigned)c->opts->lim.max_functions);
        return -1;
    }
    char tmp[HL_ATOM_NAME_BYTES_MAX + 1];
    lifted_name(tmp, &c->m->funs[c->fn ? c->fn->index : 0], kind, c->lifted_counter++);
    char *name = hl_arena_strndup(&c->m->arena, tmp, strlen(tmp));
    if (!name) {
        c->oom = true;
        return -1;
    }
    hl_core_fun *f = add_fun(c);
    if (!f) {
        c->oom = true;
        return -1;
    }
    f->name = (hl_ast_name){name, (uint32_t)strlen(name)};
    f->arity = arity;
    f->origin = origin;
    f->line = line;
    f->col = col;
    return (int32_t)(f - c->m->funs);
}

/* ---- variables --------------------------------------------------------------- */

void lw_fn_init(lw_fn *f, uint32_t index) {
    memset(f, 0, sizeof *f);
    f->index = index;
}

void lw_fn_free(lw_fn *f) {
    hl_mem_free(f->vars);
    hl_mem_free(f->slots);
    hl_mem_free(f->trail);
    hl_mem_free(f->free_outer);
    hl_mem_free(f->free_local);
    memset(f, 0, sizeof *f);
}

static uint32_t name_hash(hl_ast_name n) {
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n.len; i++) h = (h ^ (unsigned char)n.ptr[i]) * 16777619u;
    return h;
}

/* The slot holding `name`, or the empty slot where it would go. */
static uint32_t find_slot(const lw_fn *f, hl_ast_name name) {
    uint32_t mask = f->nslots - 1, i = name_hash(name) & mask;
    for (;;) {
        uint32_t s = f->slots[i];
        if (s == 0 || names_eq(f->vars[s - 1].name, name)) return i;
        i = (i + 1) & mask;
    }
}

static bool grow_slots(lw_ctx *c, lw_fn *f) {
    uint32_t n = f->nslots ? f->nslots * 2 : 64;
    uint32_t *ns = hl_mem_calloc(n, sizeof *ns);
    if (!ns) {
        c->oom = true;
        return false;
    }
    uint32_t *old = f->slots, oldn = f->nslots;
    f->slots = ns;
    f->nslots = n;
    for (uint32_t i = 0; i < oldn; i++)
        if (old[i]) f->slots[find_slot(f, f->vars[old[i] - 1].name)] = old[i];
    hl_mem_free(old);
    return true;
}

static bool trail_push(lw_ctx *c, lw_fn *f, lw_trail t) {
    if (f->ntrail == f->captrail) {
        uint32_t cap = f->captrail ? f->captrail * 2 : 64;
        lw_trail *nt = hl_mem_realloc_array(f->trail, cap, sizeof *nt);
        if (!nt) {
            c->oom = true;
            return false;
        }
        f->trail = nt;
        f->captrail = cap;
    }
    f->trail[f->ntrail++] = t;
    return true;
}

static hl_core_var var_alloc(lw_ctx *c, hl_ast_name name) {
    lw_fn *f = c->fn;
    if (f->nvars >= c->opts->lim.max_vars) {
        c->oom = true; /* reported by the caller as a limit */
        return HL_CORE_NO_VAR;
    }
    if (f->nvars == f->capvars) {
        uint32_t cap = f->capvars ? f->capvars * 2 : 32;
        lw_var *nv = hl_mem_realloc_array(f->vars, cap, sizeof *nv);
        if (!nv) {
            c->oom = true;
            return HL_CORE_NO_VAR;
        }
        f->vars = nv;
        f->capvars = cap;
    }
    lw_var *v = &f->vars[f->nvars];
    memset(v, 0, sizeof *v);
    v->name = name;
    return f->nvars++;
}

hl_core_var lw_var_new(lw_ctx *c, hl_ast_name name) {
    hl_core_var v = var_alloc(c, name);
    return v;
}

hl_core_var lw_lookup(lw_ctx *c, hl_ast_name name) {
    lw_fn *f = c->fn;
    if (!f->nslots) return HL_CORE_NO_VAR;
    uint32_t s = f->slots[find_slot(f, name)];
    return s ? s - 1 : HL_CORE_NO_VAR;
}

/* Maps name to v; the previous mapping is trailed only when `trailed`
 * (shadowing), so a name first met inside a branch keeps one number in
 * every branch. */
static bool map_name(lw_ctx *c, hl_ast_name name, hl_core_var v, bool trailed) {
    lw_fn *f = c->fn;
    if ((f->nvars + 1) * 2 > f->nslots && !grow_slots(c, f)) return false;
    uint32_t i = find_slot(f, name);
    uint32_t old = f->slots[i];
    if (trailed && old) {
        lw_trail t;
        memset(&t, 0, sizeof t);
        t.what = TRAIL_SLOT;
        t.old = old - 1;
        t.saved.name = name;
        if (!trail_push(c, f, t)) return false;
    }
    f->slots[i] = v + 1;
    return true;
}

hl_core_var lw_shadow(lw_ctx *c, hl_ast_name name) {
    hl_core_var v = var_alloc(c, name);
    if (v == HL_CORE_NO_VAR || !map_name(c, name, v, true)) return HL_CORE_NO_VAR;
    return v;
}

/* A name's variable, created (unbound) on first sight. */
static hl_core_var var_for(lw_ctx *c, hl_ast_name name) {
    hl_core_var v = lw_lookup(c, name);
    if (v != HL_CORE_NO_VAR) return v;
    v = var_alloc(c, name);
    if (v == HL_CORE_NO_VAR || !map_name(c, name, v, false)) return HL_CORE_NO_VAR;
    return v;
}

void lw_set_state(lw_ctx *c, hl_core_var v, uint8_t state, const char *what, uint32_t line,
                  uint32_t col) {
    lw_fn *f = c->fn;
    lw_trail t = {v, 0, f->vars[v]};
    if (!trail_push(c, f, t)) return;
    f->vars[v].state = state;
    f->vars[v].unsafe_in = what;
    f->vars[v].uline = line;
    f->vars[v].ucol = col;
}

uint32_t lw_mark(lw_ctx *c) { return c->fn->ntrail; }

void lw_undo(lw_ctx *c, uint32_t mark) {
    lw_fn *f = c->fn;
    while (f->ntrail > mark) {
        lw_trail *t = &f->trail[--f->ntrail];
        if (t->what & TRAIL_SLOT) {
            uint32_t i = find_slot(f, t->saved.name);
            f->slots[i] = t->old + 1;
        } else {
            hl_ast_name keep = f->vars[t->what].name;
            f->vars[t->what] = t->saved;
            f->vars[t->what].name = keep;
        }
    }
}

static void report_unsafe(lw_ctx *c, const lw_var *v, uint32_t line, uint32_t col) {
    lw_error(c, line, col, "variable '%.*s' unsafe in '%s' (line %u, column %u)", (int)v->name.len,
             v->name.ptr, v->unsafe_in, (unsigned)v->uline, (unsigned)v->ucol);
}

hl_core_node *lw_use_var(lw_ctx *c, const hl_ast *var) {
    hl_ast_name name = var->u.name;
    if (lw_name_eq(name, "_")) {
        lw_error(c, var->line, var->col, "variable '_' is unbound");
        return lw_atom(c, "undefined", var->line, var->col);
    }
    hl_core_var v = var_for(c, name);
    if (v == HL_CORE_NO_VAR) return NULL;
    const lw_var *lv = &c->fn->vars[v];
    if (c->quiet_unbound && lv->state != VS_BOUND) return lw_atom(c, "undefined", var->line, var->col);
    if (c->in_map_key && lv->state == VS_BOUND && lv->pattern_id == c->pattern_id && c->pattern_id) {
        /* Bound by the very pattern whose key this is. */
        lw_error(c, var->line, var->col, "variable '%.*s' is unbound", (int)name.len, name.ptr);
        return lw_var_node(c, v, var->line, var->col);
    }
    if (c->in_bin_size && lv->state == VS_BOUND && lv->pattern_id == c->pattern_id && c->pattern_id &&
        lv->bin_id != c->bin_id) {
        /* Bound elsewhere in the same pattern (another argument, a tuple
         * element): erl_lint's rule, not visible to a binary's size. */
        lw_error(c, var->line, var->col, "variable '%.*s' is unbound", (int)name.len, name.ptr);
        return lw_var_node(c, v, var->line, var->col);
    }
    if (lv->state == VS_UNSAFE) {
        report_unsafe(c, lv, var->line, var->col);
    } else if (lv->state != VS_BOUND) {
        lw_error(c, var->line, var->col, "variable '%.*s' is unbound", (int)name.len, name.ptr);
        /* Reported once: from here on it counts as bound (as erl_lint). */
        lw_set_state(c, v, VS_BOUND, NULL, 0, 0);
    }
    return lw_var_node(c, v, var->line, var->col);
}

/* A variable occurrence in a pattern: binds it, or tests it when bound. */
hl_core_node *lw_pat_var(lw_ctx *c, const hl_ast *var, int mode, uint32_t head_base);
hl_core_node *lw_pat_var(lw_ctx *c, const hl_ast *var, int mode, uint32_t head_base) {
    hl_ast_name name = var->u.name;
    hl_core_var v = lw_lookup(c, name);
    if (mode == PAT_HEAD && (v == HL_CORE_NO_VAR || v < head_base)) {
        v = v == HL_CORE_NO_VAR ? var_for(c, name) : lw_shadow(c, name);
        if (v == HL_CORE_NO_VAR) return NULL;
    } else if (v == HL_CORE_NO_VAR) {
        v = var_for(c, name);
        if (v == HL_CORE_NO_VAR) return NULL;
    }
    lw_var *lv = &c->fn->vars[v];
    hl_core_node *n = lw_var_node(c, v, var->line, var->col);
    if (!n) return NULL;
    if (lv->state == VS_UNSAFE) {
        /* Reported once; from here on it counts as bound (as erl_lint). */
        report_unsafe(c, lv, var->line, var->col);
        lv->state = VS_BOUND; /* untrailed: no cascade of the same error */
    } else if (lv->state != VS_BOUND) {
        if (c->in_record_def)
            lw_error(c, var->line, var->col, "variable '%.*s' in record definition", (int)name.len, name.ptr);
        lw_set_state(c, v, VS_BOUND, NULL, 0, 0);
        c->fn->vars[v].pattern_id = c->pattern_id;
        c->fn->vars[v].bin_id = c->bin_id;
        n->flags |= HL_CF_BIND;
    }
    return n;
}

/* ---- branches ------------------------------------------------------------ */

static bool push_bound(lw_ctx *c, lw_branches *b, hl_core_var v) {
    if (b->nbound == b->capbound) {
        uint32_t cap = b->capbound ? b->capbound * 2 : 16;
        hl_core_var *nb = hl_mem_realloc_array(b->bound, cap, sizeof *nb);
        if (!nb) {
            c->oom = true;
            return false;
        }
        b->bound = nb;
        b->capbound = cap;
    }
    b->bound[b->nbound++] = v;
    return true;
}

void lw_branches_begin(lw_ctx *c, lw_branches *b) {
    memset(b, 0, sizeof *b);
    b->mark = lw_mark(c);
}

void lw_branches_next(lw_ctx *c, lw_branches *b) {
    lw_fn *f = c->fn;
    uint32_t stamp = ++c->stamp;
    /* Newly bound in this branch: trail entries since the mark whose
     * variable is bound now and was not before. A variable's first entry
     * after the mark holds its state before the branch. */
    for (uint32_t i = b->mark; i < f->ntrail; i++) {
        lw_trail *t = &f->trail[i];
        if (t->what & TRAIL_SLOT) continue;
        if (t->saved.state == VS_UNBOUND && f->vars[t->what].state == VS_UNSAFE) {
            /* Unsafe after an inner construct: stays unsafe after this one. */
            lw_var *nu = hl_mem_realloc_array(b->unsafe, (size_t)b->nunsafe + 1, sizeof *nu);
            if (!nu) {
                c->oom = true;
                break;
            }
            b->unsafe = nu;
            nu[b->nunsafe] = f->vars[t->what];
            nu[b->nunsafe++].name.len = t->what;
            continue;
        }
        if (t->saved.state == VS_BOUND || f->vars[t->what].state != VS_BOUND) continue;
        if (f->vars[t->what].stamp == stamp) continue; /* seen in this branch */
        f->vars[t->what].stamp = stamp;
        if (!push_bound(c, b, t->what)) break;
    }
    if (b->count == b->capends) {
        uint32_t cap = b->capends ? b->capends * 2 : 8;
        uint32_t *ne = hl_mem_realloc_array(b->branch_end, cap, sizeof *ne);
        if (!ne) {
            c->oom = true;
            lw_undo(c, b->mark);
            return;
        }
        b->branch_end = ne;
        b->capends = cap;
    }
    b->branch_end[b->count++] = b->nbound;
    lw_undo(c, b->mark);
}

uint32_t lw_bound_since(lw_ctx *c, uint32_t mark, hl_core_var **out) {
    lw_fn *f = c->fn;
    uint32_t n = 0;
    *out = NULL;
    for (uint32_t i = mark; i < f->ntrail; i++) {
        lw_trail *t = &f->trail[i];
        if ((t->what & TRAIL_SLOT) || t->saved.state == VS_BOUND || f->vars[t->what].state != VS_BOUND) continue;
        hl_core_var *nv = hl_mem_realloc_array(*out, (size_t)n + 1, sizeof *nv);
        if (!nv) {
            c->oom = true;
            return n;
        }
        *out = nv;
        nv[n++] = t->what;
    }
    return n;
}

static int cmp_var(const void *a, const void *b) {
    hl_core_var x = *(const hl_core_var *)a, y = *(const hl_core_var *)b;
    return x < y ? -1 : x > y;
}

void lw_branches_end(lw_ctx *c, lw_branches *b, const char *what, uint32_t line, uint32_t col,
                     int mode) {
    bool all_unsafe = mode == LW_MERGE_UNSAFE;
    /* Each variable appears at most once per branch: sorted, the length
     * of its run is the number of branches that bound it. */
    if (b->nbound) qsort(b->bound, b->nbound, sizeof *b->bound, cmp_var);
    for (uint32_t i = 0; i < b->nbound;) {
        hl_core_var v = b->bound[i];
        uint32_t k = i;
        while (k < b->nbound && b->bound[k] == v) k++;
        if ((k - i == b->count || mode == LW_MERGE_UNION) && !all_unsafe) lw_set_state(c, v, VS_BOUND, NULL, 0, 0);
        else lw_set_state(c, v, VS_UNSAFE, what, line, col);
        i = k;
    }
    for (uint32_t i = 0; i < b->nunsafe; i++) {
        const lw_var *u = &b->unsafe[i];
        hl_core_var v = u->name.len;
        if (c->fn->vars[v].state != VS_UNBOUND) continue;
        /* Siblings have no construct of their own: keep the inner one. */
        if (what) lw_set_state(c, v, VS_UNSAFE, what, line, col);
        else lw_set_state(c, v, VS_UNSAFE, u->unsafe_in, u->uline, u->ucol);
    }
    hl_mem_free(b->unsafe);
    hl_mem_free(b->bound);
    hl_mem_free(b->branch_end);
    memset(b, 0, sizeof *b);
}

/* ---- captures ------------------------------------------------------------- */

static bool add_capture(lw_ctx *c, lw_fn *child, hl_core_var outer, hl_core_var local) {
    for (uint32_t i = 0; i < child->nfree; i++)
        if (child->free_outer[i] == outer) return true;
    hl_core_var *no = hl_mem_realloc_array(child->free_outer, child->nfree + 1, sizeof *no);
    if (!no) {
        c->oom = true;
        return false;
    }
    child->free_outer = no;
    hl_core_var *nl = hl_mem_realloc_array(child->free_local, child->nfree + 1, sizeof *nl);
    if (!nl) {
        c->oom = true;
        return false;
    }
    child->free_local = nl;
    child->free_outer[child->nfree] = outer;
    child->free_local[child->nfree] = local;
    child->nfree++;
    return true;
}

hl_core_var lw_captured(const lw_fn *child, hl_core_var outer) {
    for (uint32_t i = 0; i < child->nfree; i++)
        if (child->free_outer[i] == outer) return child->free_local[i];
    return HL_CORE_NO_VAR;
}

/* Collects the variable names in an AST subtree into the child (captures
 * bound ones of parent). Recursion follows the AST depth. */
static void scan(lw_ctx *c, lw_fn *parent, lw_fn *child, const hl_ast *n);

static void scan_list(lw_ctx *c, lw_fn *parent, lw_fn *child, hl_ast_list l) {
    for (uint32_t i = 0; i < l.count; i++) scan(c, parent, child, l.items[i]);
}

static void scan_name(lw_ctx *c, lw_fn *parent, lw_fn *child, hl_ast_name name) {
    if (lw_name_eq(name, "_")) return;
    lw_fn *saved = c->fn;
    c->fn = parent;
    hl_core_var pv = lw_lookup(c, name);
    c->fn = saved;
    if (pv == HL_CORE_NO_VAR) return;
    const lw_var *pvar = &parent->vars[pv];
    if (pvar->state == VS_UNBOUND) return;
    if (lw_captured(child, pv) != HL_CORE_NO_VAR) return;
    /* Already known here under this name (captured before)? */
    hl_core_var lv = lw_lookup(c, name);
    if (lv != HL_CORE_NO_VAR) return;
    lv = var_for(c, name);
    if (lv == HL_CORE_NO_VAR) return;
    if (pvar->state == VS_UNSAFE) {
        /* Not captured: any use inside reports the same unsafe error. */
        lw_set_state(c, lv, VS_UNSAFE, pvar->unsafe_in, pvar->uline, pvar->ucol);
        return;
    }
    lw_set_state(c, lv, VS_BOUND, NULL, 0, 0);
    add_capture(c, child, pv, lv);
}

static void scan(lw_ctx *c, lw_fn *parent, lw_fn *child, const hl_ast *n) {
    /* n->depth bounds the recursion below n; deeper trees are reported by
     * the lowering itself. */
    if (!n || c->oom || n->depth > c->opts->lim.max_depth) return;
    if (++c->work > c->opts->lim.max_work) return;
    if (!hl_meter_charge(1)) {
        c->oom = true; /* stops lowering; the meter's diagnostic is reported */
        return;
    }
    switch ((hl_ast_kind)n->kind) {
    case HL_AST_VAR: scan_name(c, parent, child, n->u.name); return;
    case HL_AST_ATOM: case HL_AST_INTEGER: case HL_AST_FLOAT: case HL_AST_CHAR: case HL_AST_STRING:
    case HL_AST_NIL: case HL_AST_FUN_LOCAL: case HL_AST_RECORD_INDEX:
        return;
    case HL_AST_CONS: scan_list(c, parent, child, n->u.cons.items); scan(c, parent, child, n->u.cons.tail); return;
    case HL_AST_TUPLE: case HL_AST_BIN: case HL_AST_BLOCK: case HL_AST_IF:
        scan_list(c, parent, child, n->u.list);
        return;
    case HL_AST_MAP: scan(c, parent, child, n->u.map.base); scan_list(c, parent, child, n->u.map.fields); return;
    case HL_AST_MAP_ASSOC: case HL_AST_MAP_EXACT: case HL_AST_MATCH: case HL_AST_REMOTE:
    case HL_AST_GENERATE: case HL_AST_B_GENERATE: case HL_AST_OP2:
        scan(c, parent, child, n->u.bin.left);
        scan(c, parent, child, n->u.bin.right);
        return;
    case HL_AST_RECORD: scan(c, parent, child, n->u.record.base); scan_list(c, parent, child, n->u.record.fields); return;
    case HL_AST_RECORD_FIELD: scan(c, parent, child, n->u.rfield.value); return;
    case HL_AST_RECORD_ACCESS: scan(c, parent, child, n->u.raccess.base); return;
    case HL_AST_BIN_ELEMENT: scan(c, parent, child, n->u.bin_element.value); scan(c, parent, child, n->u.bin_element.size); return;
    case HL_AST_OP1: case HL_AST_CATCH: scan(c, parent, child, n->u.arg); return;
    case HL_AST_CALL: scan(c, parent, child, n->u.call.fun); scan_list(c, parent, child, n->u.call.args); return;
    case HL_AST_FUN_REMOTE:
        scan(c, parent, child, n->u.fun_remote.module);
        scan(c, parent, child, n->u.fun_remote.function);
        scan(c, parent, child, n->u.fun_remote.arity);
        return;
    case HL_AST_FUN: case HL_AST_NAMED_FUN: scan_list(c, parent, child, n->u.fun.clauses); return;
    case HL_AST_CASE: scan(c, parent, child, n->u.case_.expr); scan_list(c, parent, child, n->u.case_.clauses); return;
    case HL_AST_RECEIVE:
        scan_list(c, parent, child, n->u.receive.clauses);
        scan(c, parent, child, n->u.receive.timeout);
        scan_list(c, parent, child, n->u.receive.after);
        return;
    case HL_AST_TRY:
        scan_list(c, parent, child, n->u.try_.body);
        scan_list(c, parent, child, n->u.try_.of);
        scan_list(c, parent, child, n->u.try_.catches);
        scan_list(c, parent, child, n->u.try_.after);
        return;
    case HL_AST_LC: case HL_AST_BC:
        scan(c, parent, child, n->u.comp.template_);
        scan_list(c, parent, child, n->u.comp.qualifiers);
        return;
    case HL_AST_CLAUSE:
        scan_list(c, parent, child, n->u.clause.patterns);
        for (uint32_t i = 0; i < n->u.clause.nguards; i++) scan_list(c, parent, child, n->u.clause.guards[i]);
        scan_list(c, parent, child, n->u.clause.body);
        return;
    default: return;
    }
}

bool lw_capture(lw_ctx *c, lw_fn *parent, lw_fn *child, const hl_ast *const *asts, uint32_t nasts,
                const hl_core_var *extra, uint32_t nextra) {
    for (uint32_t i = 0; i < nasts; i++) scan(c, parent, child, asts[i]);
    for (uint32_t i = 0; i < nextra && !c->oom; i++) {
        if (lw_captured(child, extra[i]) != HL_CORE_NO_VAR) continue;
        /* Generated or shadowed-away variables: captured by number, not
         * reachable by name. */
        hl_core_var lv = var_alloc(c, lw_cname(""));
        if (lv == HL_CORE_NO_VAR) break;
        lw_set_state(c, lv, VS_BOUND, NULL, 0, 0);
        add_capture(c, child, extra[i], lv);
    }
    if (c->work > c->opts->lim.max_work) {
        lw_error(c, 1, 1, "program too complex to compile (nested funs and comprehensions)");
        return false;
    }
    return !c->oom;
}

bool lw_fn_finish(lw_ctx *c, lw_fn *f) {
    hl_core_fun *out = &c->m->funs[f->index];
    /* the counts only once their arrays exist: verification still walks a
     * module whose lowering ran out of memory or budget */
    hl_ast_name *names = lw_array(c, f->nvars ? f->nvars : 1, sizeof(hl_ast_name));
    hl_core_var *free_vars = lw_array(c, f->nfree ? f->nfree : 1, sizeof(hl_core_var));
    if (!names || !free_vars) return false;
    out->nvars = f->nvars;
    out->var_names = names;
    out->nfree = f->nfree;
    out->free = free_vars;
    for (uint32_t i = 0; i < f->nvars; i++) out->var_names[i] = f->vars[i].name;
    for (uint32_t i = 0; i < f->nfree; i++) out->free[i] = f->free_local[i];
    return true;
}

/* ---- module ----------------------------------------------------------------- */

static void collect_records(lw_ctx *c, const hl_ast_module *ast, const hl_ast **recs) {
    hl_core_module *m = c->m;
    for (uint32_t i = 0; i < ast->forms.count; i++) {
        const hl_ast *f = ast->forms.items[i];
        if (f->kind != HL_AST_ATTRIBUTE || f->op != HL_ATTR_RECORD) continue;
        if (lw_record(c, f->u.attr.target)) {
            lw_error(c, f->line, f->col, "record %.*s already defined", (int)f->u.attr.target.len,
                     f->u.attr.target.ptr);
            continue;
        }
        if (m->nrecords >= c->opts->lim.max_records) {
            lw_error(c, f->line, f->col, "too many records (limit %u)", (unsigned)c->opts->lim.max_records);
            continue;
        }
        uint32_t nf = f->u.attr.items.count;
        if (nf > c->opts->lim.max_fields) {
            lw_error(c, f->line, f->col, "too many fields in record %.*s (limit %u)",
                     (int)f->u.attr.target.len, f->u.attr.target.ptr, (unsigned)c->opts->lim.max_fields);
            continue;
        }
        bool dup = false;
        for (uint32_t a = 0; a < nf; a++) {
            const hl_ast *da = f->u.attr.items.items[a]->u.decl_field.name;
            for (uint32_t b = 0; b < a; b++)
                if (names_eq(f->u.attr.items.items[b]->u.decl_field.name->u.name, da->u.name)) {
                    lw_error(c, da->line, da->col, "field %.*s already defined in record %.*s",
                             (int)da->u.name.len, da->u.name.ptr, (int)f->u.attr.target.len,
                             f->u.attr.target.ptr);
                    dup = true;
                    break;
                }
        }
        (void)dup; /* still defined (erl_lint keeps it), so uses are checked */
        recs[m->nrecords] = f;
        hl_core_record *r = &m->records[m->nrecords++];
        r->name = f->u.attr.target;
        r->nfields = nf;
        r->fields = lw_array(c, nf ? nf : 1, sizeof(hl_ast_name));
        if (!r->fields) return;
        for (uint32_t a = 0; a < nf; a++) r->fields[a] = f->u.attr.items.items[a]->u.decl_field.name->u.name;
    }
}

/* Record default values may not use variables: checked once here, in a
 * function context with no variables. */
static void check_record_defaults(lw_ctx *c, uint32_t scratch_fun) {
    for (uint32_t i = 0; i < c->m->nrecords && !c->oom; i++) {
        const hl_ast *r = c->records[i];
        for (uint32_t k = 0; k < r->u.attr.items.count; k++) {
            const hl_ast *init = r->u.attr.items.items[k]->u.decl_field.init;
            if (!init) continue;
            lw_fn fn;
            lw_fn_init(&fn, scratch_fun);
            c->fn = &fn;
            c->visible_records = i;
            c->in_record_def = true;
            (void)lw_expr(c, init);
            c->in_record_def = false;
            c->visible_records = UINT32_MAX;
            c->fn = NULL;
            lw_fn_free(&fn);
        }
    }
}

static void lower_function(lw_ctx *c, const hl_ast *form, uint32_t index) {
    lw_fn fn;
    lw_fn_init(&fn, index);
    c->lifted_counter = 0; /* N counts per module function, as OTP's does */
    c->fn = &fn;
    hl_core_fun *out = &c->m->funs[index];
    if (form->u.function.clauses.count > c->opts->lim.max_clauses)
        lw_error(c, form->line, form->col, "too many clauses in function %.*s/%u (limit %u)",
                 (int)out->name.len, out->name.ptr, (unsigned)out->arity, (unsigned)c->opts->lim.max_clauses);
    else if (lw_function_clauses(c, &form->u.function.clauses, index))
        lw_fn_finish(c, &fn);
    if (fn.nvars >= c->opts->lim.max_vars)
        lw_error(c, form->line, form->col, "too many variables in function %.*s/%u (limit %u)",
                 (int)out->name.len, out->name.ptr, (unsigned)out->arity, (unsigned)c->opts->lim.max_vars);
    c->fn = NULL;
    lw_fn_free(&fn);
}

hl_core_module *hl_core_lower(const hl_ast_module *ast, const hl_core_options *o, hl_diags *d) {
    hl_core_module *m = hl_mem_calloc(1, sizeof *m);
    if (!m) return NULL;
    hl_arena_init(&m->arena, 0);
    m->name = ast->name;
    lw_ctx c = {0};
    c.m = m;
    c.diags = d;
    c.opts = o;
    c.ast = ast;
    c.visible_records = UINT32_MAX;
    size_t nforms = ast->forms.count;
    const hl_ast **recs = lw_array(&c, nforms ? nforms : 1, sizeof *recs);
    m->records = lw_array(&c, nforms ? nforms : 1, sizeof *m->records);
    if (!recs || !m->records) goto oom;
    c.records = recs;
    collect_records(&c, ast, recs);

    /* The function table: source functions first, in order. */
    const hl_ast **forms_of = lw_array(&c, nforms ? nforms : 1, sizeof *forms_of);
    if (!forms_of) goto oom;
    uint32_t nfunforms = 0;
    for (uint32_t i = 0; i < nforms; i++) nfunforms += ast->forms.items[i]->kind == HL_AST_FUNCTION;
    if (!hl_core_fun_index_init(m, nfunforms)) goto oom;
    for (uint32_t i = 0; i < nforms; i++) {
        const hl_ast *f = ast->forms.items[i];
        if (f->kind != HL_AST_FUNCTION) continue;
        if (lw_find_fun(&c, f->u.function.name, f->u.function.arity) >= 0) {
            lw_error(&c, f->line, f->col, "function %.*s/%u already defined", (int)f->u.function.name.len,
                     f->u.function.name.ptr, (unsigned)f->u.function.arity);
            continue;
        }
        hl_core_fun *cf = add_fun(&c);
        if (!cf) {
            if (c.oom) goto oom;
            lw_error(&c, f->line, f->col, "too many functions (limit %u)", (unsigned)o->lim.max_functions);
            break;
        }
        cf->name = f->u.function.name;
        cf->arity = f->u.function.arity;
        cf->origin = HL_ORIGIN_SOURCE;
        cf->line = f->line;
        cf->col = f->col;
        forms_of[m->nfuns - 1] = f;
        m->nsource = m->nfuns;
        hl_core_fun_index_add(m, m->nfuns - 1);
    }
    /* -compile (export_all) and -import. */
    if (!lw_module_attributes(&c, ast)) goto oom;
    /* Exports. */
    for (uint32_t i = 0; i < nforms; i++) {
        const hl_ast *f = ast->forms.items[i];
        if (f->kind != HL_AST_ATTRIBUTE || f->op != HL_ATTR_EXPORT) continue;
        for (uint32_t k = 0; k < f->u.attr.nfas; k++) {
            const hl_ast_fa *fa = &f->u.attr.fas[k];
            int32_t idx = fa->arity >= 0 && fa->arity <= 255 ? lw_find_fun(&c, fa->name, (uint32_t)fa->arity) : -1;
            if (idx < 0)
                lw_error(&c, f->line, f->col, "function %.*s/%lld undefined", (int)fa->name.len, fa->name.ptr,
                         (long long)fa->arity);
            else m->funs[idx].exported = true;
        }
    }
    /* -spec for a function the module does not define (erl_lint). */
    for (uint32_t i = 0; i < nforms; i++) {
        const hl_ast *f = ast->forms.items[i];
        if (f->kind != HL_AST_ATTRIBUTE || f->op != HL_ATTR_SPEC || !lw_name_eq(f->u.attr.name, "spec")) continue;
        const hl_ast *sm = f->u.attr.spec_module;
        if (sm && !names_eq(sm->u.name, m->name)) continue;
        int64_t a = f->u.attr.spec_arity;
        if (a < 0 || a > 255 || lw_find_fun(&c, f->u.attr.target, (uint32_t)a) < 0)
            lw_error(&c, f->line, f->col, "spec for undefined function %.*s/%lld", (int)f->u.attr.target.len,
                     f->u.attr.target.ptr, (long long)a);
    }
    if (m->nsource > 0) check_record_defaults(&c, 0);
    uint32_t nsource = m->nsource;
    for (uint32_t i = 0; i < nsource && !c.oom; i++) lower_function(&c, forms_of[i], i);
    if (c.oom) goto oom;
    hl_mem_free(c.named_funs);
    return m;
oom:
    hl_mem_free(c.named_funs);
    if (hl_diags_errors(d) == 0 || c.oom) hl_diags_add(d, 1, 1, "out of memory or limit reached while lowering");
    return m;
}

void hl_core_free(hl_core_module *m) {
    if (!m) return;
    hl_arena_free(&m->arena);
    hl_mem_free(m);
}

const char *hl_core_kind_name(hl_core_kind kind) {
    static const char *const names[HL_CORE__KIND_COUNT] = {
        "lit", "var", "wild", "tuple", "cons", "map", "bin", "alias", "seq", "match", "case",
        "receive", "try", "catch", "call", "apply", "make_fun", "record_get"};
    return (unsigned)kind < HL_CORE__KIND_COUNT ? names[kind] : "?";
}

const char *hl_core_call_kind_name(hl_core_call_kind kind) {
    switch (kind) {
    case HL_CALL_UNRESOLVED: return "unresolved";
    case HL_CALL_LOCAL: return "local";
    case HL_CALL_BUILTIN: return "builtin";
    case HL_CALL_BINDING: return "binding";
    case HL_CALL_SURFACE: return "surface";
    case HL_CALL_REMOTE: return "remote";
    }
    return "?";
}
