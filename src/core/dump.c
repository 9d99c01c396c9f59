/* dump.c — SafeCore as text, for tests, debugging and the codegen's
 * authors (format in docs/safecore.md, "Text form"). Recursion follows the
 * IR, whose depth the verifier bounds; past DUMP_MAX_DEPTH it prints "...". */
#include "core/dump.h"

#include <stdio.h>

#include "core/builtins.h"

enum { DUMP_MAX_DEPTH = 4000 };

typedef struct dctx {
    const hl_core_module *m;
    const hl_core_fun *fn;
    hl_buf *b;
} dctx;

static void name(hl_buf *b, hl_ast_name n) { hl_buf_append(b, n.ptr, n.len); }

static void atom(hl_buf *b, hl_ast_name n) {
    hl_buf_putc(b, '\'');
    for (uint32_t i = 0; i < n.len; i++) {
        char ch = n.ptr[i];
        if (ch == '\'' || ch == '\\') hl_buf_putc(b, '\\');
        hl_buf_putc(b, ch);
    }
    hl_buf_putc(b, '\'');
}

static void var(dctx *d, hl_core_var v, bool bind) {
    if (bind) hl_buf_putc(d->b, '=');
    if (v < d->fn->nvars && d->fn->var_names && d->fn->var_names[v].len) name(d->b, d->fn->var_names[v]);
    else hl_buf_putc(d->b, '_');
    hl_buf_printf(d->b, "#%u", (unsigned)v);
}

static void node(dctx *d, const hl_core_node *n, uint32_t depth);

static void nodes(dctx *d, hl_core_node *const *items, uint32_t count, uint32_t depth) {
    for (uint32_t i = 0; i < count; i++) {
        if (i) hl_buf_puts(d->b, ", ");
        node(d, items[i], depth + 1);
    }
}

static void clauses(dctx *d, const hl_core_clause *cls, uint32_t count, uint32_t depth) {
    for (uint32_t i = 0; i < count; i++) {
        const hl_core_clause *c = &cls[i];
        if (i) hl_buf_puts(d->b, "; ");
        if (c->npats != 1) hl_buf_putc(d->b, '(');
        nodes(d, c->pats, c->npats, depth);
        if (c->npats != 1) hl_buf_putc(d->b, ')');
        for (uint32_t g = 0; g < c->nguards; g++) {
            hl_buf_puts(d->b, g ? "; " : " when ");
            nodes(d, c->guards[g].tests, c->guards[g].count, depth);
        }
        hl_buf_puts(d->b, " -> ");
        node(d, c->body, depth + 1);
    }
}

static const char *fail_name(uint8_t f) {
    switch ((hl_core_fail)f) {
    case HL_FAIL_CASE_CLAUSE: return "case_clause";
    case HL_FAIL_IF_CLAUSE: return "if_clause";
    case HL_FAIL_BADARG: return "badarg";
    case HL_FAIL_BAD_FILTER: return "bad_filter";
    case HL_FAIL_BADRECORD: return "badrecord";
    case HL_FAIL_TRY_CLAUSE: return "try_clause";
    }
    return "?";
}

static void lit(hl_buf *b, const hl_core_lit *l) {
    switch ((hl_core_lit_kind)l->kind) {
    case HL_LIT_ATOM: atom(b, l->u.name); break;
    case HL_LIT_INT: hl_buf_put_i64(b, l->u.i); break;
    case HL_LIT_BIGINT: name(b, l->u.digits); break;
    case HL_LIT_FLOAT: hl_buf_printf(b, "%.17g", l->u.f); break;
    case HL_LIT_NIL: hl_buf_puts(b, "[]"); break;
    case HL_LIT_STRING:
        hl_buf_putc(b, '"');
        for (uint32_t i = 0; i < l->u.str.len; i++) {
            uint32_t c = l->u.str.chars[i];
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') hl_buf_putc(b, (char)c);
            else hl_buf_printf(b, "\\x{%X}", (unsigned)c);
        }
        hl_buf_putc(b, '"');
        break;
    }
}

static void call(dctx *d, const hl_core_node *n, uint32_t depth) {
    hl_buf *b = d->b;
    switch ((hl_core_call_kind)n->u.call.kind) {
    case HL_CALL_LOCAL: hl_buf_printf(b, "local#%u:", (unsigned)n->u.call.target); break;
    case HL_CALL_BUILTIN: hl_buf_printf(b, "builtin#%u:", (unsigned)n->u.call.target); break;
    case HL_CALL_SURFACE: hl_buf_printf(b, "surface#%u:", (unsigned)n->u.call.target); break;
    case HL_CALL_BINDING: hl_buf_printf(b, "binding#%u:", (unsigned)n->u.call.target); break;
    case HL_CALL_REMOTE: hl_buf_printf(b, "remote#%u:", (unsigned)n->u.call.target); break;
    case HL_CALL_UNRESOLVED: hl_buf_puts(b, "unresolved:"); break;
    }
    if (n->u.call.module.len) {
        atom(b, n->u.call.module);
        hl_buf_putc(b, ':');
    }
    atom(b, n->u.call.name);
    hl_buf_printf(b, "/%u(", (unsigned)n->u.call.arity);
    nodes(d, n->u.call.args, n->u.call.nargs, depth);
    hl_buf_putc(b, ')');
}

static void seg(dctx *d, const hl_core_seg *s, uint32_t depth) {
    static const char *const types[] = {"integer", "float", "binary", "bitstring", "utf8", "utf16", "utf32"};
    static const char *const endian[] = {"big", "little", "native"};
    node(d, s->value, depth + 1);
    if (s->size) {
        hl_buf_putc(d->b, ':');
        node(d, s->size, depth + 1);
    }
    hl_buf_printf(d->b, "/%s-%s-%s", s->type < 7 ? types[s->type] : "?", s->is_signed ? "signed" : "unsigned",
                  s->endian < 3 ? endian[s->endian] : "?");
    if (s->unit) hl_buf_printf(d->b, "-unit:%u", (unsigned)s->unit);
}

static void node(dctx *d, const hl_core_node *n, uint32_t depth) {
    hl_buf *b = d->b;
    if (!n) {
        hl_buf_puts(b, "<null>");
        return;
    }
    if (depth > DUMP_MAX_DEPTH) {
        hl_buf_puts(b, "...");
        return;
    }
    switch ((hl_core_kind)n->kind) {
    case HL_CORE_LIT: lit(b, &n->u.lit); break;
    case HL_CORE_VAR: var(d, n->u.var, n->flags & HL_CF_BIND); break;
    case HL_CORE_WILD: hl_buf_putc(b, '_'); break;
    case HL_CORE_TUPLE:
        hl_buf_putc(b, '{');
        nodes(d, n->u.list.items, n->u.list.count, depth);
        hl_buf_putc(b, '}');
        break;
    case HL_CORE_CONS:
        hl_buf_putc(b, '[');
        nodes(d, n->u.list.items, n->u.list.count, depth);
        hl_buf_puts(b, " | ");
        node(d, n->u.list.tail, depth + 1);
        hl_buf_putc(b, ']');
        break;
    case HL_CORE_MAP:
        if (n->u.map.base) node(d, n->u.map.base, depth + 1);
        hl_buf_puts(b, "#{");
        for (uint32_t i = 0; i < n->u.map.count; i++) {
            if (i) hl_buf_puts(b, ", ");
            node(d, n->u.map.pairs[i].key, depth + 1);
            hl_buf_puts(b, n->u.map.pairs[i].exact ? " := " : " => ");
            node(d, n->u.map.pairs[i].value, depth + 1);
        }
        hl_buf_putc(b, '}');
        break;
    case HL_CORE_BIN:
        hl_buf_puts(b, "<<");
        for (uint32_t i = 0; i < n->u.bin.count; i++) {
            if (i) hl_buf_puts(b, ", ");
            seg(d, &n->u.bin.segs[i], depth);
        }
        hl_buf_puts(b, ">>");
        break;
    case HL_CORE_ALIAS: case HL_CORE_MATCH:
        hl_buf_putc(b, '(');
        node(d, n->u.pair.a, depth + 1);
        hl_buf_puts(b, " = ");
        node(d, n->u.pair.b, depth + 1);
        hl_buf_putc(b, ')');
        break;
    case HL_CORE_SEQ:
        hl_buf_puts(b, "begin ");
        nodes(d, n->u.list.items, n->u.list.count, depth);
        hl_buf_puts(b, " end");
        break;
    case HL_CORE_CASE:
        if (n->u.case_.arg) {
            hl_buf_puts(b, "case ");
            node(d, n->u.case_.arg, depth + 1);
            hl_buf_puts(b, " of ");
        } else {
            hl_buf_puts(b, "if ");
        }
        clauses(d, n->u.case_.clauses, n->u.case_.count, depth);
        hl_buf_printf(b, " end/%s%s", fail_name(n->u.case_.fail), (n->flags & HL_CF_GUARD_BOOL) ? "/guard" : "");
        break;
    case HL_CORE_RECEIVE:
        hl_buf_puts(b, "receive ");
        clauses(d, n->u.receive.clauses, n->u.receive.count, depth);
        if (n->u.receive.timeout) {
            hl_buf_puts(b, " after ");
            node(d, n->u.receive.timeout, depth + 1);
            hl_buf_puts(b, " -> ");
            node(d, n->u.receive.after, depth + 1);
        }
        hl_buf_puts(b, " end");
        break;
    case HL_CORE_TRY:
        hl_buf_puts(b, "try ");
        node(d, n->u.try_.body, depth + 1);
        if (n->u.try_.has_of) {
            hl_buf_puts(b, " of ");
            clauses(d, n->u.try_.of, n->u.try_.nof, depth);
        }
        if (n->u.try_.ncatch) {
            hl_buf_puts(b, " catch ");
            clauses(d, n->u.try_.catches, n->u.try_.ncatch, depth);
        }
        if (n->u.try_.after) {
            hl_buf_puts(b, " after ");
            node(d, n->u.try_.after, depth + 1);
        }
        hl_buf_puts(b, " end");
        break;
    case HL_CORE_CATCH:
        hl_buf_puts(b, "catch ");
        node(d, n->u.arg, depth + 1);
        break;
    case HL_CORE_CALL: call(d, n, depth); break;
    case HL_CORE_APPLY:
        hl_buf_puts(b, "apply ");
        node(d, n->u.apply.fun, depth + 1);
        hl_buf_putc(b, '(');
        nodes(d, n->u.apply.args, n->u.apply.nargs, depth);
        hl_buf_putc(b, ')');
        break;
    case HL_CORE_MAKE_FUN:
        hl_buf_printf(b, "make_fun#%u[", (unsigned)n->u.make_fun.fn);
        for (uint32_t i = 0; i < n->u.make_fun.nfree; i++) {
            if (i) hl_buf_puts(b, ", ");
            var(d, n->u.make_fun.free[i], false);
        }
        hl_buf_putc(b, ']');
        break;
    case HL_CORE_RECORD_GET:
        node(d, n->u.rget.arg, depth + 1);
        hl_buf_putc(b, '#');
        name(b, n->u.rget.name);
        hl_buf_printf(b, ".%u/%u", (unsigned)n->u.rget.index, (unsigned)n->u.rget.size);
        break;
    default: hl_buf_puts(b, "<?>"); break;
    }
}

bool hl_core_dump(const hl_core_module *m, hl_buf *out) {
    dctx d = {m, NULL, out};
    for (uint32_t i = 0; i < m->nfuns; i++) {
        const hl_core_fun *f = &m->funs[i];
        d.fn = f;
        hl_buf_printf(out, "#%u ", (unsigned)i);
        atom(out, f->name);
        hl_buf_printf(out, "/%u", (unsigned)f->arity);
        if (f->exported) hl_buf_puts(out, " exported");
        if (f->nfree) {
            hl_buf_puts(out, " free[");
            for (uint32_t k = 0; k < f->nfree; k++) {
                if (k) hl_buf_puts(out, ", ");
                var(&d, f->free[k], false);
            }
            hl_buf_putc(out, ']');
        }
        if (f->self_var != HL_CORE_NO_VAR) {
            hl_buf_puts(out, " self ");
            var(&d, f->self_var, false);
        }
        hl_buf_puts(out, ":\n");
        for (uint32_t k = 0; k < f->nclauses; k++) {
            hl_buf_puts(out, "  ");
            clauses(&d, &f->clauses[k], 1, 0);
            hl_buf_putc(out, '\n');
        }
    }
    return !out->failed;
}
