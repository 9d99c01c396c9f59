/* dump.c — prints the AST as OTP 25 prints erl_parse's abstract format with
 * io:format("~w.~n", [Form]) (docs/ast-dump.md).
 *
 * Recursion follows the tree, whose depth the parser bounds (max_depth plus
 * a small constant); list literals, which OTP nests as {cons,...} chains,
 * are printed iteratively so their length costs no stack. */
#include "front/dump.h"

#include <string.h>

#include "base/fmt_float.h"
#include "base/mem.h"
#include "front/token.h"

/* ---- ~w atoms, chars, strings, floats ------------------------------------ */

static const char *const reserved[] = {
    "after", "and", "andalso", "band", "begin", "bnot", "bor", "bsl", "bsr", "bxor", "case",
    "catch", "cond", "div", "end", "fun", "if", "let", "not", "of", "or", "orelse", "receive",
    "rem", "try", "when", "xor"};

/* Decodes one UTF-8 sequence (the lexer validated it); returns bytes used. */
static size_t utf8_next(const unsigned char *s, size_t n, uint32_t *cp) {
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (len > n) len = n;
    if (len == 1) {
        *cp = c;
        return 1;
    }
    uint32_t v = c & (0x3Fu >> (len - 1));
    for (size_t i = 1; i < len; i++) v = (v << 6) | (s[i] & 0x3Fu);
    *cp = v;
    return len;
}

static bool name_start(uint32_t c) { return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7); }

static bool name_char(uint32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7) || (c >= 'A' && c <= 'Z') ||
           (c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= '0' && c <= '9') || c == '_' || c == '@';
}

static bool atom_needs_quotes(const char *name, size_t len) {
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strlen(reserved[i]) == len && memcmp(reserved[i], name, len) == 0) return true;
    if (len == 0) return true;
    const unsigned char *s = (const unsigned char *)name;
    uint32_t cp;
    size_t i = utf8_next(s, len, &cp);
    if (!name_start(cp)) return true;
    while (i < len) {
        i += utf8_next(s + i, len - i, &cp);
        if (!name_char(cp)) return true;
    }
    return false;
}

/* One character inside quotes, as io_lib's latin1 string writer does; `q`
 * is the quote character. Characters 160..255 are emitted as UTF-8. */
static void quoted_char(hl_buf *b, uint32_t c, char q) {
    switch (c) {
    case '\n': hl_buf_puts(b, "\\n"); return;
    case '\r': hl_buf_puts(b, "\\r"); return;
    case '\t': hl_buf_puts(b, "\\t"); return;
    case '\v': hl_buf_puts(b, "\\v"); return;
    case '\b': hl_buf_puts(b, "\\b"); return;
    case '\f': hl_buf_puts(b, "\\f"); return;
    case 27: hl_buf_puts(b, "\\e"); return;
    case 127: hl_buf_puts(b, "\\d"); return;
    case '\\': hl_buf_puts(b, "\\\\"); return;
    default: break;
    }
    if (c == (uint32_t)(unsigned char)q) {
        hl_buf_putc(b, '\\');
        hl_buf_putc(b, q);
    } else if (c < 32 || (c >= 128 && c < 160)) {
        hl_buf_printf(b, "\\%03o", (unsigned)c);
    } else if (c > 255) {
        hl_buf_printf(b, "\\x{%X}", (unsigned)c);
    } else {
        hl_buf_put_utf8(b, c);
    }
}

void hl_dump_atom(hl_buf *b, const char *name, size_t len) {
    if (!atom_needs_quotes(name, len)) {
        hl_buf_append(b, name, len);
        return;
    }
    hl_buf_putc(b, '\'');
    const unsigned char *s = (const unsigned char *)name;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        i += utf8_next(s + i, len - i, &cp);
        quoted_char(b, cp, '\'');
    }
    hl_buf_putc(b, '\'');
}

void hl_dump_float(hl_buf *b, double v) {
    char tmp[HL_FLOAT_SHORT_MAX];
    size_t n = hl_fmt_float_short(v, tmp);
    hl_buf_append(b, tmp, n);
}

void hl_dump_char(hl_buf *b, uint32_t c) {
    hl_buf_putc(b, '$');
    if (c == ' ') hl_buf_puts(b, "\\s");
    else quoted_char(b, c, '\0');
}

void hl_dump_string_literal(hl_buf *b, const void *chars, uint32_t len) {
    const uint32_t *cs = chars;
    hl_buf_putc(b, '"');
    for (uint32_t i = 0; i < len; i++) quoted_char(b, cs[i], '"');
    hl_buf_putc(b, '"');
}

/* ---- the abstract format ------------------------------------------------- */

static void put_name_atom(hl_buf *b, hl_ast_name n) { hl_dump_atom(b, n.ptr, n.len); }

static void put_loc(hl_buf *b, const hl_ast *n) {
    if (n->flags & HL_AST_LINE_ONLY) hl_buf_put_u64(b, n->line);
    else hl_buf_printf(b, "{%u,%u}", (unsigned)n->line, (unsigned)n->col);
}

/* "{tag,LOC" */
static void open_node(hl_buf *b, const char *tag, const hl_ast *n) {
    hl_buf_putc(b, '{');
    hl_buf_puts(b, tag);
    hl_buf_putc(b, ',');
    put_loc(b, n);
}

static void node(hl_buf *b, const hl_ast *n);

static void list(hl_buf *b, hl_ast_list l) {
    hl_buf_putc(b, '[');
    for (uint32_t i = 0; i < l.count; i++) {
        if (i) hl_buf_putc(b, ',');
        node(b, l.items[i]);
    }
    hl_buf_putc(b, ']');
}

static void put_integer(hl_buf *b, const hl_ast *n) {
    if (n->flags & HL_AST_INT_BIG) hl_buf_append(b, n->u.integer.digits.ptr, n->u.integer.digits.len);
    else hl_buf_put_i64(b, n->u.integer.i);
}

static void put_string_chars(hl_buf *b, const uint32_t *cs, uint32_t len, bool brackets) {
    if (brackets) hl_buf_putc(b, '[');
    for (uint32_t i = 0; i < len; i++) {
        if (i) hl_buf_putc(b, ',');
        hl_buf_put_u64(b, cs[i]);
    }
    if (brackets) hl_buf_putc(b, ']');
}

static void op_name(hl_buf *b, int op) {
    const char *s = hl_token_kind_name((hl_token_kind)op);
    hl_dump_atom(b, s, strlen(s));
}

static void type_tag_node(hl_buf *b, const hl_ast *n, const char *tag) {
    open_node(b, tag, n);
    hl_buf_putc(b, ',');
    put_name_atom(b, n->u.type.name);
    if (n->flags & HL_AST_TYPE_NO_ARGS) {
        hl_buf_putc(b, '}');
        return;
    }
    hl_buf_putc(b, ',');
    if (n->flags & HL_AST_TYPE_ANY_ARGS) hl_buf_puts(b, "any");
    else list(b, n->u.type.args);
    hl_buf_putc(b, '}');
}

static void clause(hl_buf *b, const hl_ast *n) {
    open_node(b, "clause", n);
    hl_buf_putc(b, ',');
    list(b, n->u.clause.patterns);
    hl_buf_puts(b, ",[");
    for (uint32_t i = 0; i < n->u.clause.nguards; i++) {
        if (i) hl_buf_putc(b, ',');
        list(b, n->u.clause.guards[i]);
    }
    hl_buf_puts(b, "],");
    list(b, n->u.clause.body);
    hl_buf_putc(b, '}');
}

static void node(hl_buf *b, const hl_ast *n) {
    if (b->failed) return;
    switch ((hl_ast_kind)n->kind) {
    case HL_AST_VAR: case HL_AST_ATOM:
        open_node(b, n->kind == HL_AST_VAR ? "var" : "atom", n);
        hl_buf_putc(b, ',');
        put_name_atom(b, n->u.name);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_INTEGER: case HL_AST_CHAR:
        open_node(b, n->kind == HL_AST_INTEGER ? "integer" : "char", n);
        hl_buf_putc(b, ',');
        put_integer(b, n);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_FLOAT:
        open_node(b, "float", n);
        hl_buf_putc(b, ',');
        hl_dump_float(b, n->u.f);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_STRING:
        open_node(b, "string", n);
        hl_buf_putc(b, ',');
        put_string_chars(b, n->u.string.chars, n->u.string.len, true);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_NIL:
        open_node(b, "nil", n);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_CONS: {
        /* {cons,L,E1,{cons,L2,E2,...Tail}}: iterative, each inner cons at
         * its element's first location */
        uint32_t k = n->u.cons.items.count;
        for (uint32_t i = 0; i < k; i++) {
            const hl_ast *e = n->u.cons.items.items[i];
            hl_buf_puts(b, "{cons,");
            if (i == 0) {
                put_loc(b, n);
            } else {
                hl_loc l = hl_ast_first_loc(e);
                if (l.line_only) hl_buf_put_u64(b, l.line);
                else hl_buf_printf(b, "{%u,%u}", (unsigned)l.line, (unsigned)l.col);
            }
            hl_buf_putc(b, ',');
            node(b, e);
            hl_buf_putc(b, ',');
        }
        node(b, n->u.cons.tail);
        for (uint32_t i = 0; i < k; i++) hl_buf_putc(b, '}');
        break;
    }
    case HL_AST_TUPLE: case HL_AST_BIN: case HL_AST_BLOCK: case HL_AST_IF:
        open_node(b, n->kind == HL_AST_TUPLE ? "tuple" : n->kind == HL_AST_BIN ? "bin"
                     : n->kind == HL_AST_BLOCK ? "block" : "'if'", n);
        hl_buf_putc(b, ',');
        list(b, n->u.list);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_MAP:
        open_node(b, "map", n);
        hl_buf_putc(b, ',');
        if (n->u.map.base) {
            node(b, n->u.map.base);
            hl_buf_putc(b, ',');
        }
        list(b, n->u.map.fields);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_MAP_ASSOC: case HL_AST_MAP_EXACT: case HL_AST_MATCH: case HL_AST_REMOTE:
    case HL_AST_GENERATE: case HL_AST_B_GENERATE: {
        static const char *const tags[] = {"map_field_assoc", "map_field_exact", "match", "remote",
                                           "generate", "b_generate"};
        int idx = n->kind == HL_AST_MAP_ASSOC ? 0 : n->kind == HL_AST_MAP_EXACT ? 1
                  : n->kind == HL_AST_MATCH ? 2 : n->kind == HL_AST_REMOTE ? 3
                  : n->kind == HL_AST_GENERATE ? 4 : 5;
        open_node(b, tags[idx], n);
        hl_buf_putc(b, ',');
        node(b, n->u.bin.left);
        hl_buf_putc(b, ',');
        node(b, n->u.bin.right);
        hl_buf_putc(b, '}');
        break;
    }
    case HL_AST_OP2:
        open_node(b, "op", n);
        hl_buf_putc(b, ',');
        op_name(b, n->op);
        hl_buf_putc(b, ',');
        node(b, n->u.bin.left);
        hl_buf_putc(b, ',');
        node(b, n->u.bin.right);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_OP1:
        open_node(b, "op", n);
        hl_buf_putc(b, ',');
        op_name(b, n->op);
        hl_buf_putc(b, ',');
        node(b, n->u.arg);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_CATCH:
        open_node(b, "'catch'", n);
        hl_buf_putc(b, ',');
        node(b, n->u.arg);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_RECORD:
        open_node(b, "record", n);
        hl_buf_putc(b, ',');
        if (n->u.record.base) {
            node(b, n->u.record.base);
            hl_buf_putc(b, ',');
        }
        put_name_atom(b, n->u.record.name);
        hl_buf_putc(b, ',');
        list(b, n->u.record.fields);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_RECORD_FIELD:
        open_node(b, "record_field", n);
        hl_buf_putc(b, ',');
        node(b, n->u.rfield.field);
        hl_buf_putc(b, ',');
        node(b, n->u.rfield.value);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_RECORD_INDEX: case HL_AST_RECORD_ACCESS:
        open_node(b, n->kind == HL_AST_RECORD_INDEX ? "record_index" : "record_field", n);
        hl_buf_putc(b, ',');
        if (n->u.raccess.base) {
            node(b, n->u.raccess.base);
            hl_buf_putc(b, ',');
        }
        put_name_atom(b, n->u.raccess.name);
        hl_buf_putc(b, ',');
        node(b, n->u.raccess.field);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_BIN_ELEMENT:
        open_node(b, "bin_element", n);
        hl_buf_putc(b, ',');
        node(b, n->u.bin_element.value);
        hl_buf_putc(b, ',');
        if (n->u.bin_element.size) node(b, n->u.bin_element.size);
        else hl_buf_puts(b, "default");
        hl_buf_putc(b, ',');
        if (n->u.bin_element.ntypes == 0) {
            hl_buf_puts(b, "default");
        } else {
            hl_buf_putc(b, '[');
            for (uint32_t i = 0; i < n->u.bin_element.ntypes; i++) {
                const hl_ast_bit_type *t = &n->u.bin_element.types[i];
                if (i) hl_buf_putc(b, ',');
                if (t->has_value) hl_buf_putc(b, '{');
                put_name_atom(b, t->name);
                if (t->has_value) {
                    hl_buf_putc(b, ',');
                    if (t->value_big) hl_buf_append(b, t->value_text.ptr, t->value_text.len);
                    else hl_buf_put_i64(b, t->value);
                    hl_buf_putc(b, '}');
                }
            }
            hl_buf_putc(b, ']');
        }
        hl_buf_putc(b, '}');
        break;
    case HL_AST_CALL:
        open_node(b, "call", n);
        hl_buf_putc(b, ',');
        node(b, n->u.call.fun);
        hl_buf_putc(b, ',');
        list(b, n->u.call.args);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_FUN_LOCAL:
        open_node(b, "'fun'", n);
        hl_buf_puts(b, ",{function,");
        put_name_atom(b, n->u.fun_local.name);
        hl_buf_putc(b, ',');
        hl_buf_put_i64(b, n->u.fun_local.arity);
        hl_buf_puts(b, "}}");
        break;
    case HL_AST_FUN_REMOTE:
        open_node(b, "'fun'", n);
        hl_buf_puts(b, ",{function,");
        node(b, n->u.fun_remote.module);
        hl_buf_putc(b, ',');
        node(b, n->u.fun_remote.function);
        hl_buf_putc(b, ',');
        node(b, n->u.fun_remote.arity);
        hl_buf_puts(b, "}}");
        break;
    case HL_AST_FUN:
        open_node(b, "'fun'", n);
        hl_buf_puts(b, ",{clauses,");
        list(b, n->u.fun.clauses);
        hl_buf_puts(b, "}}");
        break;
    case HL_AST_NAMED_FUN:
        open_node(b, "named_fun", n);
        hl_buf_putc(b, ',');
        put_name_atom(b, n->u.fun.name);
        hl_buf_putc(b, ',');
        list(b, n->u.fun.clauses);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_CASE:
        open_node(b, "'case'", n);
        hl_buf_putc(b, ',');
        node(b, n->u.case_.expr);
        hl_buf_putc(b, ',');
        list(b, n->u.case_.clauses);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_RECEIVE:
        open_node(b, "'receive'", n);
        hl_buf_putc(b, ',');
        list(b, n->u.receive.clauses);
        if (n->u.receive.timeout) {
            hl_buf_putc(b, ',');
            node(b, n->u.receive.timeout);
            hl_buf_putc(b, ',');
            list(b, n->u.receive.after);
        }
        hl_buf_putc(b, '}');
        break;
    case HL_AST_TRY:
        open_node(b, "'try'", n);
        hl_buf_putc(b, ',');
        list(b, n->u.try_.body);
        hl_buf_putc(b, ',');
        list(b, n->u.try_.of);
        hl_buf_putc(b, ',');
        list(b, n->u.try_.catches);
        hl_buf_putc(b, ',');
        list(b, n->u.try_.after);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_LC: case HL_AST_BC:
        open_node(b, n->kind == HL_AST_LC ? "lc" : "bc", n);
        hl_buf_putc(b, ',');
        node(b, n->u.comp.template_);
        hl_buf_putc(b, ',');
        list(b, n->u.comp.qualifiers);
        hl_buf_putc(b, '}');
        break;
    case HL_AST_CLAUSE: clause(b, n); break;
    case HL_AST_TYPE: type_tag_node(b, n, "type"); break;
    case HL_AST_USER_TYPE: type_tag_node(b, n, "user_type"); break;
    case HL_AST_REMOTE_TYPE:
        open_node(b, "remote_type", n);
        hl_buf_puts(b, ",[");
        node(b, n->u.type.module);
        hl_buf_putc(b, ',');
        node(b, n->u.type.name_node);
        hl_buf_putc(b, ',');
        list(b, n->u.type.args);
        hl_buf_puts(b, "]}");
        break;
    case HL_AST_ANN_TYPE:
        open_node(b, "ann_type", n);
        hl_buf_puts(b, ",[");
        node(b, n->u.ann.var);
        hl_buf_putc(b, ',');
        node(b, n->u.ann.type);
        hl_buf_puts(b, "]}");
        break;
    case HL_AST_CONSTRAINT:
        open_node(b, "type", n);
        hl_buf_puts(b, ",constraint,[");
        open_node(b, "atom", n);
        hl_buf_puts(b, ",is_subtype},[");
        node(b, n->u.ann.var);
        hl_buf_putc(b, ',');
        node(b, n->u.ann.type);
        hl_buf_puts(b, "]]}");
        break;
    case HL_AST_BOUNDED_FUN:
        open_node(b, "type", n);
        hl_buf_puts(b, ",bounded_fun,[");
        node(b, n->u.bounded.fun);
        hl_buf_putc(b, ',');
        list(b, n->u.bounded.constraints);
        hl_buf_puts(b, "]}");
        break;
    default: hl_buf_puts(b, "'?'"); break;
    }
}

/* ---- attribute values as terms (erl_parse:normalise/1) ------------------- */


/* ---- term order, for printing map attribute values in key order ---------- */

static int term_rank(const hl_ast *n) {
    switch ((hl_ast_kind)n->kind) {
    case HL_AST_CHAR: case HL_AST_INTEGER: case HL_AST_FLOAT: case HL_AST_OP1: return 0;
    case HL_AST_ATOM: return 1;
    case HL_AST_FUN_REMOTE: return 5;
    case HL_AST_TUPLE: case HL_AST_OP2: return 6;
    case HL_AST_MAP: return 7;
    case HL_AST_NIL: return 8;
    case HL_AST_STRING: return n->u.string.len ? 9 : 8;
    case HL_AST_CONS: return 9;
    default: return 10;
    }
}

/* A number as (double, is_float, exact int when it fits). */
static void term_number(const hl_ast *n, double *d, bool *is_float) {
    bool neg = false;
    if (n->kind == HL_AST_OP1) {
        neg = n->op == HL_TOK_MINUS;
        n = n->u.arg;
    }
    *is_float = n->kind == HL_AST_FLOAT;
    if (n->kind == HL_AST_FLOAT) *d = n->u.f;
    else if (n->flags & HL_AST_INT_BIG) *d = 1e300 * (double)n->u.integer.digits.len;
    else *d = (double)n->u.integer.i;
    if (neg) *d = -*d;
}

/* Two integers whose doubles are equal: exact order from their digits. */
static int big_cmp(const hl_ast *a, const hl_ast *b) {
    bool neg = a->kind == HL_AST_OP1 && a->op == HL_TOK_MINUS;
    const hl_ast *x = a->kind == HL_AST_OP1 ? a->u.arg : a;
    const hl_ast *y = b->kind == HL_AST_OP1 ? b->u.arg : b;
    int r;
    if (!(x->flags & HL_AST_INT_BIG) || !(y->flags & HL_AST_INT_BIG)) {
        r = x->u.integer.i < y->u.integer.i ? -1 : x->u.integer.i > y->u.integer.i;
        if (x->flags & HL_AST_INT_BIG) r = 1;
        if (y->flags & HL_AST_INT_BIG) r = (x->flags & HL_AST_INT_BIG) ? 0 : -1;
    } else {
        uint32_t lx = x->u.integer.digits.len, ly = y->u.integer.digits.len;
        if (lx != ly) r = lx < ly ? -1 : 1;
        else {
            int c = memcmp(x->u.integer.digits.ptr, y->u.integer.digits.ptr, lx);
            r = c < 0 ? -1 : c > 0;
        }
    }
    return neg ? -r : r;
}

/* Walks the elements of a normalised list: AST nodes or string chars. */
typedef struct list_cursor {
    const hl_ast *n;   /* CONS or STRING being walked, or the tail */
    uint32_t i;
} list_cursor;

static int term_cmp(const hl_ast *a, const hl_ast *b);

/* Next element: returns 0 at the end, 1 for a node (*e), 2 for a char (*c),
 * 3 for an improper tail (*e). */
static int cursor_next(list_cursor *c, const hl_ast **e, uint32_t *ch) {
    for (;;) {
        const hl_ast *n = c->n;
        if (!n || n->kind == HL_AST_NIL) return 0;
        if (n->kind == HL_AST_STRING) {
            if (c->i < n->u.string.len) {
                *ch = n->u.string.chars[c->i++];
                return 2;
            }
            return 0;
        }
        if (n->kind != HL_AST_CONS) {
            *e = n;
            c->n = NULL;
            return 3;
        }
        if (c->i < n->u.cons.items.count) {
            *e = n->u.cons.items.items[c->i++];
            return 1;
        }
        c->n = n->u.cons.tail;
        c->i = 0;
    }
}

static int list_cmp(const hl_ast *a, const hl_ast *b) {
    list_cursor ca = {a, 0}, cb = {b, 0};
    for (;;) {
        const hl_ast *ea = NULL, *eb = NULL;
        uint32_t xa = 0, xb = 0;
        int ka = cursor_next(&ca, &ea, &xa), kb = cursor_next(&cb, &eb, &xb);
        if (ka == 0 || kb == 0) return (ka != 0) - (kb != 0);
        if (ka == 2 && kb == 2) {
            if (xa != xb) return xa < xb ? -1 : 1;
            continue;
        }
        if (ka == 2 || kb == 2) {
            /* a char against a node: compare as integers */
            const hl_ast *node = ka == 2 ? eb : ea;
            int r;
            if (term_rank(node) != 0) r = -1;
            else {
                double d;
                bool f;
                term_number(node, &d, &f);
                double x = ka == 2 ? xa : xb;
                r = x < d ? -1 : x > d ? 1 : (f ? -1 : 0);
            }
            if (r) return ka == 2 ? r : -r;
            continue;
        }
        int r = term_cmp(ea, eb);
        if (r) return r;
    }
}

/* The i-th byte of a literal binary (bad_term admits only integer, char
 * and string elements with default size and type); -1 past the end. */
static int bin_byte(const hl_ast *bin, uint32_t *el, uint32_t *off) {
    while (*el < bin->u.list.count) {
        const hl_ast *v = bin->u.list.items[*el]->u.bin_element.value;
        if (v->kind != HL_AST_STRING) {
            (*el)++;
            return (int)((uint64_t)v->u.integer.i & 0xFF);
        }
        if (*off < v->u.string.len) return (int)(v->u.string.chars[(*off)++] & 0xFF);
        (*el)++;
        *off = 0;
    }
    return -1;
}

static int bin_cmp(const hl_ast *a, const hl_ast *b) {
    uint32_t ea = 0, oa = 0, eb = 0, ob = 0;
    for (;;) {
        int x = bin_byte(a, &ea, &oa), y = bin_byte(b, &eb, &ob);
        if (x != y) return x < y ? -1 : 1;
        if (x < 0) return 0;
    }
}

static int term_cmp(const hl_ast *a, const hl_ast *b) {
    int ra = term_rank(a), rb = term_rank(b);
    if (ra != rb) return ra < rb ? -1 : 1;
    switch (ra) {
    case 0: {
        /* map key order (what ~w shows): every integer before every float */
        double da, db;
        bool fa, fb;
        term_number(a, &da, &fa);
        term_number(b, &db, &fb);
        if (fa != fb) return fa ? 1 : -1;
        if (da != db) return da < db ? -1 : 1;
        if (!fa) return big_cmp(a, b);
        return 0;
    }
    case 1: {
        uint32_t la = a->u.name.len, lb = b->u.name.len;
        int r = memcmp(a->u.name.ptr, b->u.name.ptr, la < lb ? la : lb);
        if (r) return r < 0 ? -1 : 1;
        return la < lb ? -1 : la > lb;
    }
    case 6: {
        uint32_t la = a->kind == HL_AST_OP2 ? 2 : a->u.list.count;
        uint32_t lb = b->kind == HL_AST_OP2 ? 2 : b->u.list.count;
        if (la != lb) return la < lb ? -1 : 1;
        if (a->kind == HL_AST_OP2 || b->kind == HL_AST_OP2) return 0;
        for (uint32_t i = 0; i < la; i++) {
            int r = term_cmp(a->u.list.items[i], b->u.list.items[i]);
            if (r) return r;
        }
        return 0;
    }
    case 9: return list_cmp(a, b);
    case 10: return bin_cmp(a, b);
    default:
        /* maps and funs as keys: no exact order here; never merge them */
        return a == b ? 0 : (uintptr_t)a < (uintptr_t)b ? -1 : 1;
    }
}

/* Stable merge sort of map fields by key. */
static void sort_fields(const hl_ast **v, const hl_ast **tmp, size_t n) {
    if (n < 2) return;
    size_t h = n / 2;
    sort_fields(v, tmp, h);
    sort_fields(v + h, tmp, n - h);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = term_cmp(v[j]->u.bin.left, v[i]->u.bin.left) < 0 ? v[j++] : v[i++];
    while (i < h) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

static void term(hl_buf *b, const hl_ast *n);

/* A list-valued node's elements, then its tail: [a,b|T] printed flat as
 * ~w does, following list tails iteratively. */
static void term_list(hl_buf *b, const hl_ast *n) {
    hl_buf_putc(b, '[');
    bool first = true;
    for (;;) {
        if (n->kind == HL_AST_STRING) {
            if (n->u.string.len) {
                if (!first) hl_buf_putc(b, ',');
                put_string_chars(b, n->u.string.chars, n->u.string.len, false);
            }
            break;
        }
        if (n->kind == HL_AST_NIL) break;
        if (n->kind != HL_AST_CONS) {
            hl_buf_putc(b, '|');
            term(b, n);
            break;
        }
        for (uint32_t i = 0; i < n->u.cons.items.count; i++) {
            if (!first) hl_buf_putc(b, ',');
            first = false;
            term(b, n->u.cons.items.items[i]);
        }
        n = n->u.cons.tail;
        /* an empty string tail adds nothing; a non-list tail follows '|' */
        if (n->kind == HL_AST_STRING && n->u.string.len == 0) break;
    }
    hl_buf_putc(b, ']');
}

static void term(hl_buf *b, const hl_ast *n) {
    if (b->failed) return;
    switch ((hl_ast_kind)n->kind) {
    case HL_AST_CHAR: case HL_AST_INTEGER: put_integer(b, n); break;
    case HL_AST_FLOAT: hl_dump_float(b, n->u.f); break;
    case HL_AST_ATOM: put_name_atom(b, n->u.name); break;
    case HL_AST_STRING: case HL_AST_NIL: case HL_AST_CONS:
        if ((n->kind == HL_AST_STRING && n->u.string.len == 0) || n->kind == HL_AST_NIL)
            hl_buf_puts(b, "[]");
        else term_list(b, n);
        break;
    case HL_AST_TUPLE:
        hl_buf_putc(b, '{');
        for (uint32_t i = 0; i < n->u.list.count; i++) {
            if (i) hl_buf_putc(b, ',');
            term(b, n->u.list.items[i]);
        }
        hl_buf_putc(b, '}');
        break;
    case HL_AST_MAP: {
        /* maps:from_list/1 then ~w: keys in term order, the last of equal
         * keys wins */
        size_t n2 = n->u.map.fields.count;
        const hl_ast **v = hl_mem_calloc(n2 ? 2 * n2 : 2, sizeof *v);
        if (!v) {
            b->failed = true;
            break;
        }
        for (size_t i = 0; i < n2; i++) v[i] = n->u.map.fields.items[i];
        sort_fields(v, v + n2, n2);
        hl_buf_puts(b, "#{");
        bool first = true;
        for (size_t i = 0; i < n2; i++) {
            if (i + 1 < n2 && term_cmp(v[i]->u.bin.left, v[i + 1]->u.bin.left) == 0) continue;
            if (!first) hl_buf_putc(b, ',');
            first = false;
            term(b, v[i]->u.bin.left);
            hl_buf_puts(b, " => ");
            term(b, v[i]->u.bin.right);
        }
        hl_buf_putc(b, '}');
        hl_mem_free(v);
        break;
    }
    case HL_AST_BIN: {
        hl_buf_puts(b, "<<");
        bool first = true;
        for (uint32_t i = 0; i < n->u.list.count; i++) {
            const hl_ast *v = n->u.list.items[i]->u.bin_element.value;
            if (v->kind == HL_AST_STRING) {
                for (uint32_t j = 0; j < v->u.string.len; j++) {
                    if (!first) hl_buf_putc(b, ',');
                    first = false;
                    hl_buf_put_u64(b, v->u.string.chars[j] & 0xFF);
                }
            } else {
                if (!first) hl_buf_putc(b, ',');
                first = false;
                hl_buf_put_u64(b, (uint64_t)v->u.integer.i & 0xFF);
            }
        }
        hl_buf_puts(b, ">>");
        break;
    }
    case HL_AST_FUN_REMOTE:
        hl_buf_puts(b, "fun ");
        put_name_atom(b, n->u.fun_remote.module->u.name);
        hl_buf_putc(b, ':');
        put_name_atom(b, n->u.fun_remote.function->u.name);
        hl_buf_putc(b, '/');
        put_integer(b, n->u.fun_remote.arity);
        break;
    case HL_AST_OP1: {
        const hl_ast *a = n->u.arg;
        bool neg = n->op == HL_TOK_MINUS;
        if (a->kind == HL_AST_FLOAT) {
            hl_dump_float(b, neg ? -a->u.f : a->u.f);
        } else if (a->flags & HL_AST_INT_BIG) {
            if (neg) hl_buf_putc(b, '-');
            put_integer(b, a);
        } else if (neg && a->u.integer.i != 0) {
            hl_buf_putc(b, '-');
            hl_buf_put_u64(b, (uint64_t)a->u.integer.i);
        } else {
            put_integer(b, a);
        }
        break;
    }
    case HL_AST_OP2: /* Name/Arity, as attribute_farity rewrites it */
        hl_buf_putc(b, '{');
        put_name_atom(b, n->u.bin.left->u.name);
        hl_buf_putc(b, ',');
        put_integer(b, n->u.bin.right);
        hl_buf_putc(b, '}');
        break;
    default: hl_buf_puts(b, "'?'"); break;
    }
}

static void fa_list(hl_buf *b, const hl_ast_fa *fas, uint32_t n) {
    hl_buf_putc(b, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i) hl_buf_putc(b, ',');
        hl_buf_putc(b, '{');
        put_name_atom(b, fas[i].name);
        hl_buf_putc(b, ',');
        hl_buf_put_i64(b, fas[i].arity);
        hl_buf_putc(b, '}');
    }
    hl_buf_putc(b, ']');
}

static void record_field_decl(hl_buf *b, const hl_ast *f) {
    if (f->u.decl_field.type) hl_buf_puts(b, "{typed_record_field,");
    open_node(b, "record_field", f);
    hl_buf_putc(b, ',');
    node(b, f->u.decl_field.name);
    if (f->u.decl_field.init) {
        hl_buf_putc(b, ',');
        node(b, f->u.decl_field.init);
    }
    hl_buf_putc(b, '}');
    if (f->u.decl_field.type) {
        hl_buf_putc(b, ',');
        node(b, f->u.decl_field.type);
        hl_buf_putc(b, '}');
    }
}

static void form(hl_buf *b, const hl_ast *f) {
    if (f->kind == HL_AST_FUNCTION) {
        open_node(b, "function", f);
        hl_buf_putc(b, ',');
        put_name_atom(b, f->u.function.name);
        hl_buf_printf(b, ",%u,", (unsigned)f->u.function.arity);
        list(b, f->u.function.clauses);
        hl_buf_putc(b, '}');
        return;
    }
    open_node(b, "attribute", f);
    hl_buf_putc(b, ',');
    put_name_atom(b, f->u.attr.name);
    hl_buf_putc(b, ',');
    switch ((hl_ast_attr_kind)f->op) {
    case HL_ATTR_MODULE: put_name_atom(b, f->u.attr.target); break;
    case HL_ATTR_EXPORT: fa_list(b, f->u.attr.fas, f->u.attr.nfas); break;
    case HL_ATTR_RECORD:
        hl_buf_putc(b, '{');
        put_name_atom(b, f->u.attr.target);
        hl_buf_puts(b, ",[");
        for (uint32_t i = 0; i < f->u.attr.items.count; i++) {
            if (i) hl_buf_putc(b, ',');
            record_field_decl(b, f->u.attr.items.items[i]);
        }
        hl_buf_puts(b, "]}");
        break;
    case HL_ATTR_SPEC:
        hl_buf_puts(b, "{{");
        if (f->u.attr.spec_module) {
            put_name_atom(b, f->u.attr.spec_module->u.name);
            hl_buf_putc(b, ',');
        }
        put_name_atom(b, f->u.attr.target);
        hl_buf_printf(b, ",%lld},", (long long)f->u.attr.spec_arity);
        list(b, f->u.attr.items);
        hl_buf_putc(b, '}');
        break;
    case HL_ATTR_TYPE:
        hl_buf_putc(b, '{');
        put_name_atom(b, f->u.attr.target);
        hl_buf_putc(b, ',');
        node(b, f->u.attr.spec_module);
        hl_buf_putc(b, ',');
        list(b, f->u.attr.items);
        hl_buf_putc(b, '}');
        break;
    case HL_ATTR_IMPORT:
        hl_buf_putc(b, '{');
        put_name_atom(b, f->u.attr.import_module);
        hl_buf_putc(b, ',');
        fa_list(b, f->u.attr.fas, f->u.attr.nfas);
        hl_buf_putc(b, '}');
        break;
    case HL_ATTR_TERM: term(b, f->u.attr.term); break;
    }
    hl_buf_putc(b, '}');
}

bool hl_dump_module(const hl_ast_module *m, hl_buf *b) {
    for (uint32_t i = 0; i < m->forms.count && !b->failed; i++) {
        form(b, m->forms.items[i]);
        hl_buf_puts(b, ".\n");
    }
    return !b->failed;
}
