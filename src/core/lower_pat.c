/* lower_pat.c — AST patterns → SafeCore patterns, and bit syntax (binary
 * construction and matching segments, type specifiers validated as erl_lint
 * does). A variable's first occurrence in a pattern binds it (HL_CF_BIND);
 * later ones, and variables bound before, test equality. In PAT_HEAD mode
 * (fun heads, generators) variables are fresh: they shadow the enclosing
 * ones. */
#include <string.h>

#include "core/constfold.h"
#include "core/lower_int.h"
#include "front/token.h"

hl_core_node *lw_pat_var(lw_ctx *c, const hl_ast *var, int mode, uint32_t head_base);
hl_core_node *lw_literal(lw_ctx *c, const hl_ast *e);
hl_core_node *lw_negate(lw_ctx *c, const hl_ast *op, const hl_ast *arg);
hl_core_node *lw_record_index(lw_ctx *c, const hl_ast *e);

static hl_core_node *illegal(lw_ctx *c, const hl_ast *p) {
    lw_error(c, p->line, p->col, "illegal pattern");
    return lw_node(c, HL_CORE_WILD, p->line, p->col);
}

/* "abc" ++ T, [$a, $b] ++ T, [] ++ T: a cons chain of literal prefixes. */
static hl_core_node *prefix_pattern(lw_ctx *c, const hl_ast *p, int mode) {
    const hl_ast *l = p->u.bin.left;
    hl_core_node *tail = lw_pattern(c, p->u.bin.right, mode);
    if (!tail) return NULL;
    if (l->kind == HL_AST_NIL || (l->kind == HL_AST_STRING && l->u.string.len == 0)) return tail;
    hl_core_node *n = lw_node(c, HL_CORE_CONS, p->line, p->col);
    if (!n) return NULL;
    if (l->kind == HL_AST_STRING) {
        uint32_t k = l->u.string.len;
        hl_core_node **items = lw_array(c, k, sizeof *items);
        if (!items) return NULL;
        for (uint32_t i = 0; i < k; i++) {
            if (!(items[i] = lw_node(c, HL_CORE_LIT, l->line, l->col))) return NULL;
            items[i]->u.lit.kind = HL_LIT_INT;
            items[i]->u.lit.u.i = l->u.string.chars[i];
        }
        n->u.list.items = items;
        n->u.list.count = k;
    } else if (l->kind == HL_AST_CONS && l->u.cons.tail->kind == HL_AST_NIL) {
        uint32_t k = l->u.cons.items.count;
        hl_core_node **items = lw_array(c, k, sizeof *items);
        if (!items) return NULL;
        for (uint32_t i = 0; i < k; i++) {
            const hl_ast *it = l->u.cons.items.items[i];
            if (it->kind != HL_AST_CHAR && !(it->kind == HL_AST_INTEGER && !(it->flags & HL_AST_INT_BIG)))
                return illegal(c, p);
            if (!(items[i] = lw_literal(c, it))) return NULL;
        }
        n->u.list.items = items;
        n->u.list.count = k;
    } else {
        return illegal(c, p);
    }
    n->u.list.tail = tail;
    return n;
}

static hl_core_node *map_pattern(lw_ctx *c, const hl_ast *p, int mode) {
    if (p->u.map.base) return illegal(c, p);
    hl_core_node *n = lw_node(c, HL_CORE_MAP, p->line, p->col);
    uint32_t k = p->u.map.fields.count;
    hl_core_pair *pairs = lw_array(c, k ? k : 1, sizeof *pairs);
    if (!n || !pairs) return NULL;
    for (uint32_t i = 0; i < k; i++) {
        const hl_ast *f = p->u.map.fields.items[i];
        if (f->kind != HL_AST_MAP_EXACT) return illegal(c, f);
        pairs[i].exact = true;
        /* Keys are guard expressions over variables bound before. */
        bool saved = c->in_guard, saved_key = c->in_map_key;
        c->in_guard = c->in_map_key = true;
        pairs[i].key = lw_expr(c, f->u.bin.left);
        c->in_guard = saved;
        c->in_map_key = saved_key;
        if (!pairs[i].key || !(pairs[i].value = lw_pattern(c, f->u.bin.right, mode))) return NULL;
    }
    n->u.map.pairs = pairs;
    n->u.map.count = k;
    return n;
}

static hl_core_node *list_pattern(lw_ctx *c, hl_core_kind kind, const hl_ast_list *l, const hl_ast *p,
                                  int mode) {
    hl_core_node *n = lw_node(c, kind, p->line, p->col);
    hl_core_node **items = lw_array(c, l->count ? l->count : 1, sizeof *items);
    if (!n || !items) return NULL;
    for (uint32_t i = 0; i < l->count; i++)
        if (!(items[i] = lw_pattern(c, l->items[i], mode))) return NULL;
    n->u.list.items = items;
    n->u.list.count = l->count;
    return n;
}

static hl_core_node *pattern(lw_ctx *c, const hl_ast *p, int mode);

hl_core_node *lw_pattern(lw_ctx *c, const hl_ast *p, int mode) {
    if (c->oom) return NULL;
    if (c->depth >= c->opts->lim.max_depth) {
        if (!c->depth_reported) lw_error(c, p->line, p->col, "expression nested too deeply");
        c->depth_reported = true;
        return lw_node(c, HL_CORE_WILD, p->line, p->col);
    }
    c->depth++;
    hl_core_node *r = pattern(c, p, mode);
    c->depth--;
    return r;
}

static hl_core_node *pattern(lw_ctx *c, const hl_ast *p, int mode) {
    int saved_mode = c->pat_mode;
    c->pat_mode = mode;
    hl_core_node *r;
    switch ((hl_ast_kind)p->kind) {
    case HL_AST_VAR:
        r = lw_name_eq(p->u.name, "_") ? lw_node(c, HL_CORE_WILD, p->line, p->col)
                                      : lw_pat_var(c, p, mode, c->head_base);
        break;
    case HL_AST_ATOM: case HL_AST_INTEGER: case HL_AST_FLOAT: case HL_AST_CHAR: case HL_AST_STRING:
    case HL_AST_NIL:
        r = lw_literal(c, p);
        break;
    case HL_AST_CONS:
        r = list_pattern(c, HL_CORE_CONS, &p->u.cons.items, p, mode);
        if (r && !(r->u.list.tail = lw_pattern(c, p->u.cons.tail, mode))) r = NULL;
        break;
    case HL_AST_TUPLE: r = list_pattern(c, HL_CORE_TUPLE, &p->u.list, p, mode); break;
    case HL_AST_MAP: r = map_pattern(c, p, mode); break;
    case HL_AST_RECORD: r = p->u.record.base ? illegal(c, p) : lw_record_new(c, p, true); break;
    case HL_AST_RECORD_INDEX: r = lw_record_index(c, p); break;
    case HL_AST_BIN: r = lw_bin(c, p, true); break;
    case HL_AST_MATCH:
        r = lw_node(c, HL_CORE_ALIAS, p->line, p->col);
        if (r && (!(r->u.pair.a = lw_pattern(c, p->u.bin.left, mode)) ||
                  !(r->u.pair.b = lw_pattern(c, p->u.bin.right, mode))))
            r = NULL;
        break;
    case HL_AST_OP1: case HL_AST_OP2: {
        hl_core_lit v;
        bool oom = false;
        /* Bits: what the integer-literal limit allows in decimal digits. */
        size_t max_bits = (size_t)c->opts->lim.max_literal * 4 < 1000000 ? (size_t)c->opts->lim.max_literal * 4 : 1000000;
        if (p->kind == HL_AST_OP2 && p->op == HL_TOK_PLUSPLUS) {
            r = prefix_pattern(c, p, mode);
        } else if (hl_core_const_int(p, max_bits, &c->m->arena, &v, &oom)) {
            r = lw_node(c, HL_CORE_LIT, p->line, p->col);
            if (r) r->u.lit = v;
        } else if (oom) {
            c->oom = true;
            r = NULL;
        } else if (p->kind == HL_AST_OP1 && p->op == HL_TOK_MINUS &&
                   (p->u.arg->kind == HL_AST_INTEGER || p->u.arg->kind == HL_AST_FLOAT)) {
            r = lw_negate(c, p, p->u.arg);
        } else if (p->kind == HL_AST_OP1 && p->op == HL_TOK_PLUS &&
                   (p->u.arg->kind == HL_AST_INTEGER || p->u.arg->kind == HL_AST_FLOAT)) {
            r = lw_literal(c, p->u.arg);
        } else {
            r = illegal(c, p);
        }
        break;
    }
    default: r = illegal(c, p); break;
    }
    c->pat_mode = saved_mode;
    return r;
}

/* ---- bit syntax ------------------------------------------------------------- */

static bool seg_types(lw_ctx *c, const hl_ast *el, hl_core_seg *s) {
    bool have_type = false, have_sign = false, have_end = false, have_unit = false;
    s->type = HL_BIN_INTEGER;
    for (uint32_t i = 0; i < el->u.bin_element.ntypes; i++) {
        const hl_ast_bit_type *t = &el->u.bin_element.types[i];
        hl_ast_name n = t->name;
        if (t->has_value) {
            if (lw_name_eq(n, "unit") && !t->value_big && t->value >= 1 && t->value <= 256) {
                if (have_unit && s->unit != t->value) {
                    lw_error(c, el->line, el->col, "conflict in unit specification for bit field");
                    return false;
                }
                s->unit = (uint16_t)t->value;
                have_unit = true;
                continue;
            }
            lw_error(c, el->line, el->col, "bit type {%.*s,%lld} undefined", (int)n.len, n.ptr,
                     (long long)t->value);
            return false;
        }
        int type = -1;
        if (lw_name_eq(n, "integer")) type = HL_BIN_INTEGER;
        else if (lw_name_eq(n, "float")) type = HL_BIN_FLOAT;
        else if (lw_name_eq(n, "binary") || lw_name_eq(n, "bytes")) type = HL_BIN_BINARY;
        else if (lw_name_eq(n, "bitstring") || lw_name_eq(n, "bits")) type = HL_BIN_BITSTRING;
        else if (lw_name_eq(n, "utf8")) type = HL_BIN_UTF8;
        else if (lw_name_eq(n, "utf16")) type = HL_BIN_UTF16;
        else if (lw_name_eq(n, "utf32")) type = HL_BIN_UTF32;
        if (type >= 0) {
            if (have_type && s->type != type) {
                lw_error(c, el->line, el->col, "conflict in type specification for bit field");
                return false;
            }
            s->type = (uint8_t)type;
            have_type = true;
            continue;
        }
        if (lw_name_eq(n, "signed") || lw_name_eq(n, "unsigned")) {
            bool sg = lw_name_eq(n, "signed");
            if (have_sign && s->is_signed != sg) {
                lw_error(c, el->line, el->col, "conflict in signedness specification for bit field");
                return false;
            }
            s->is_signed = sg;
            have_sign = true;
            continue;
        }
        int endian = lw_name_eq(n, "big") ? 0 : lw_name_eq(n, "little") ? 1 : lw_name_eq(n, "native") ? 2 : -1;
        if (endian >= 0) {
            if (have_end && s->endian != endian) {
                static const char *const en[] = {"big", "little", "native"};
                lw_error(c, el->line, el->col,
                         "conflict in endianness specification for bit field: '%s' and '%s'", en[endian],
                         en[s->endian]);
                return false;
            }
            s->endian = (uint8_t)endian;
            have_end = true;
            continue;
        }
        lw_error(c, el->line, el->col, "bit type %.*s undefined", (int)n.len, n.ptr);
        return false;
    }
    bool utf = s->type == HL_BIN_UTF8 || s->type == HL_BIN_UTF16 || s->type == HL_BIN_UTF32;
    if (utf && (el->u.bin_element.size || have_unit)) {
        lw_error(c, el->line, el->col, "neither size nor unit must be given for segments of type utf8/utf16/utf32");
        return false;
    }
    if (have_unit && !el->u.bin_element.size && (s->type == HL_BIN_INTEGER || s->type == HL_BIN_FLOAT)) {
        lw_error(c, el->line, el->col, "a bit unit size must not be specified unless a size is specified too");
        return false;
    }
    return true;
}

static hl_core_node *lw_bin_segs(lw_ctx *c, const hl_ast *e, bool pattern, hl_core_node *n, hl_core_seg *segs);

hl_core_node *lw_bin(lw_ctx *c, const hl_ast *e, bool pattern) {
    /* A string segment ("abc"/utf8) expands to one segment per character. */
    uint32_t total = 0;
    for (uint32_t i = 0; i < e->u.list.count; i++) {
        const hl_ast *v = e->u.list.items[i]->u.bin_element.value;
        uint32_t k = v->kind == HL_AST_STRING ? v->u.string.len : 1;
        if (__builtin_add_overflow(total, k, &total)) return NULL;
    }
    hl_core_node *n = lw_node(c, HL_CORE_BIN, e->line, e->col);
    hl_core_seg *segs = lw_array(c, total ? total : 1, sizeof *segs);
    if (!n || !segs) return NULL;
    uint32_t saved_bin = c->bin_id;
    if (pattern) c->bin_id = ++c->bin_count;
    hl_core_node *r = lw_bin_segs(c, e, pattern, n, segs);
    c->bin_id = saved_bin;
    return r;
}

static hl_core_node *lw_bin_segs(lw_ctx *c, const hl_ast *e, bool pattern, hl_core_node *n, hl_core_seg *segs) {
    uint32_t out = 0;
    for (uint32_t i = 0; i < e->u.list.count; i++) {
        const hl_ast *el = e->u.list.items[i];
        hl_core_seg s = {0};
        s.line = el->line;
        s.col = el->col;
        if (!seg_types(c, el, &s)) continue;
        if (el->u.bin_element.size) {
            /* Sizes are guard expressions; in patterns they may use
             * variables bound by earlier segments. */
            bool saved = c->in_guard, saved_size = c->in_bin_size;
            c->in_guard = pattern || c->in_guard;
            c->in_bin_size = pattern;
            const hl_ast *sz = el->u.bin_element.size;
            if (pattern && sz->kind == HL_AST_VAR && lw_name_eq(sz->u.name, "_")) {
                lw_error(c, sz->line, sz->col, "illegal bit size");
                c->in_guard = saved;
                c->in_bin_size = saved_size;
                continue;
            }
            s.size = lw_expr(c, sz);
            c->in_guard = saved;
            c->in_bin_size = saved_size;
            if (!s.size) return NULL;
        } else if (pattern && (s.type == HL_BIN_BINARY || s.type == HL_BIN_BITSTRING) && i + 1 < e->u.list.count) {
            lw_error(c, el->line, el->col, "a binary field without size is only allowed at the end of a binary pattern");
        }
        const hl_ast *v = el->u.bin_element.value;
        if (v->kind == HL_AST_STRING) {
            for (uint32_t k = 0; k < v->u.string.len; k++) {
                hl_core_seg sk = s;
                sk.value = lw_node(c, HL_CORE_LIT, v->line, v->col);
                if (!sk.value) return NULL;
                sk.value->u.lit.kind = HL_LIT_INT;
                sk.value->u.lit.u.i = v->u.string.chars[k];
                segs[out++] = sk;
            }
            continue;
        }
        s.value = pattern ? lw_pattern(c, v, c->pat_mode) : lw_expr(c, v);
        if (!s.value) return NULL;
        if (pattern && s.value->kind != HL_CORE_VAR && s.value->kind != HL_CORE_WILD &&
            s.value->kind != HL_CORE_LIT)
            lw_error(c, v->line, v->col, "illegal pattern");
        segs[out++] = s;
    }
    n->u.bin.segs = segs;
    n->u.bin.count = out;
    return n;
}
