/* codegen_map.c — map expressions and map patterns (docs/bytecode.md §3,
 * "maps"): construction and update become put_map_assoc / put_map_exact
 * (one instruction per run of `=>` or `:=` pairs, in source order, at most
 * HL_BC_MAX_MAP_PAIRS pairs each), fully literal maps become literals, and
 * a map pattern is is_map + get_map_elements followed by the value
 * patterns. Keys and values are evaluated left to right (key before value)
 * after the base map, before the instruction checks anything, as OTP does. */
#include "base/mem.h"
#include "gen/codegen_int.h"

/* Literal maps up to this many pairs are literal-table entries; larger ones
 * are built at run time (the term layer's flat-map size, so the literal
 * always loads; a larger literal would need the HAMT in the loader). */
#define CG_MAP_LITERAL_MAX 32u

bool cg_is_literal_expr(const hl_core_node *n) {
    switch (n->kind) {
    case HL_CORE_LIT: return true;
    case HL_CORE_TUPLE:
    case HL_CORE_CONS:
        for (uint32_t i = 0; i < n->u.list.count; i++)
            if (!cg_is_literal_expr(n->u.list.items[i])) return false;
        return n->kind == HL_CORE_TUPLE || cg_is_literal_expr(n->u.list.tail);
    case HL_CORE_MAP:
        if (n->u.map.base || n->u.map.count > CG_MAP_LITERAL_MAX) return false;
        for (uint32_t i = 0; i < n->u.map.count; i++)
            if (n->u.map.pairs[i].exact || !cg_is_literal_expr(n->u.map.pairs[i].key) ||
                !cg_is_literal_expr(n->u.map.pairs[i].value))
                return false;
        return true;
    default: return false;
    }
}

/* A value of a map expression's part: stable (constant or y slot). */
static uint32_t part(cg *c, const hl_core_node *n, uint32_t fail) {
    return fail == ONOFAIL ? cg_stable_eval(c, n) : cg_guard_value(c, n, fail);
}

uint32_t cg_map_expr(cg *c, const hl_core_node *e, uint32_t fail) {
    if (cg_is_literal_expr(e)) return cg_lit_operand(c, e);
    uint32_t mark = c->temp_top;
    uint32_t n = e->u.map.count;
    uint32_t cur = e->u.map.base ? part(c, e->u.map.base, fail) : cg_empty_map_operand(c);
    uint32_t *kv = NULL;
    size_t cap = 0;
    if (!cg_grow(c, (void **)&kv, &cap, 2 * (size_t)n + 1, sizeof *kv)) return ONIL;
    for (uint32_t i = 0; i < n && !c->failed; i++) {
        kv[2 * i] = part(c, e->u.map.pairs[i].key, fail);
        kv[2 * i + 1] = part(c, e->u.map.pairs[i].value, fail);
    }
    uint32_t *ops = NULL;
    cap = 0;
    if (c->failed || !cg_grow(c, (void **)&ops, &cap, 5 + 2 * (size_t)HL_BC_MAX_MAP_PAIRS, sizeof *ops)) {
        hl_mem_free(kv);
        return ONIL;
    }
    cg_line(c, e->line);
    /* M#{} still checks that M is a map. */
    uint32_t i = 0;
    do {
        bool exact = n ? e->u.map.pairs[i].exact : false;
        uint32_t j = i;
        while (j < n && e->u.map.pairs[j].exact == exact && j - i < HL_BC_MAX_MAP_PAIRS) j++;
        size_t k = 0;
        ops[k++] = fail, ops[k++] = OU(0), ops[k++] = cur, ops[k++] = OX(0), ops[k++] = OU(j - i);
        for (uint32_t q = i; q < j; q++) ops[k++] = kv[2 * q], ops[k++] = kv[2 * q + 1];
        cg_emit(c, exact ? HL_OP_put_map_exact : HL_OP_put_map_assoc, ops, k);
        cur = OX(0);
        i = j;
    } while (i < n);
    hl_mem_free(ops);
    hl_mem_free(kv);
    c->temp_top = mark;
    return OX(0);
}

void cg_map_match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail) {
    E(c, is_map, fail, subj);
    uint32_t n = p->u.map.count;
    if (n == 0) return;
    /* Keys are guard expressions over variables bound before the pattern:
     * one that fails to evaluate makes the pattern not match. */
    uint32_t *kd = NULL;
    size_t cap = 0;
    if (!cg_grow(c, (void **)&kd, &cap, 2 * (size_t)n, sizeof *kd)) return;
    uint32_t scratch = UINT32_MAX; /* destination of `_` values */
    for (uint32_t i = 0; i < n && !c->failed; i++) {
        const hl_core_node *q = p->u.map.pairs[i].value;
        kd[2 * i] = cg_guard_value(c, p->u.map.pairs[i].key, fail);
        if (q->kind == HL_CORE_VAR && (q->flags & HL_CF_BIND)) {
            kd[2 * i + 1] = OY(q->u.var);
        } else if (q->kind == HL_CORE_WILD) {
            if (scratch == UINT32_MAX) scratch = cg_temp(c);
            kd[2 * i + 1] = OY(scratch);
        } else {
            kd[2 * i + 1] = OY(cg_temp(c));
        }
    }
    for (uint32_t i = 0; i < n && !c->failed; i += HL_BC_MAX_MAP_PAIRS) {
        uint32_t k = n - i < HL_BC_MAX_MAP_PAIRS ? n - i : HL_BC_MAX_MAP_PAIRS;
        uint32_t ops[3 + 2 * HL_BC_MAX_MAP_PAIRS];
        ops[0] = fail, ops[1] = subj, ops[2] = OU(k);
        for (uint32_t q = 0; q < 2 * k; q++) ops[3 + q] = kd[2 * i + q];
        cg_emit(c, HL_OP_get_map_elements, ops, 3 + 2 * (size_t)k);
    }
    for (uint32_t i = 0; i < n && !c->failed; i++) {
        const hl_core_node *q = p->u.map.pairs[i].value;
        if (q->kind == HL_CORE_WILD || (q->kind == HL_CORE_VAR && (q->flags & HL_CF_BIND))) continue;
        cg_match(c, q, kd[2 * i + 1], fail);
    }
    hl_mem_free(kd);
}
