/* codegen_bits.c — instruction selection for the bit syntax: binary
 * construction (one bs_create with every segment) and binary patterns (a
 * bs_get per segment, docs/bytecode.md §3.1).
 *
 * A pattern keeps its match position as a small integer in a y slot next
 * to the subject, so there is no match context to protect across calls or
 * collections; earlier segments bind their variables before a later size
 * expression reads them. */
#include "base/mem.h"

#include "gen/codegen_int.h"

/* The type's default unit: 8 for binary, else 1. */
static uint32_t seg_unit(const hl_core_seg *s) {
    if (s->unit) return s->unit;
    return s->type == HL_BIN_BINARY ? 8 : 1;
}

static uint32_t seg_endian(const hl_core_seg *s) { return s->endian <= 2 ? s->endian : 0; }

/* The size operand (and whether there is one) of a segment: defaults for
 * integer (8) and float (64); none (`all`, or utf) otherwise. The size is
 * evaluated as a guard expression when `fail` is a label. */
static uint32_t seg_size(cg *c, const hl_core_seg *s, uint32_t fail, bool *has) {
    *has = true;
    if (s->type >= HL_BIN_UTF8) return *has = false, ONIL;
    if (!s->size) {
        if (s->type == HL_BIN_INTEGER) return OINT(8);
        if (s->type == HL_BIN_FLOAT) return OINT(64);
        return *has = false, ONIL;
    }
    if (s->size->kind == HL_CORE_LIT) return cg_lit_operand(c, s->size);
    return fail == ONOFAIL ? cg_stable_eval(c, s->size) : cg_guard_value(c, s->size, fail);
}

static uint32_t seg_desc(const hl_core_seg *s, bool has_size) {
    uint32_t unit = s->type >= HL_BIN_UTF8 ? 1 : seg_unit(s);
    return HL_BS_DESC(s->type, s->is_signed, seg_endian(s), has_size, unit);
}

uint32_t cg_bits_construct(cg *c, const hl_core_node *e, uint32_t fail) {
    uint32_t n = e->u.bin.count;
    if (n > HL_BC_MAX_LIST) {
        hl_diags_add(c->d, e->line ? e->line : 1, e->col ? e->col : 1,
                     "a binary with more than 65,536 segments is not supported in this version");
        c->failed = true;
        return ONIL;
    }
    uint32_t mark = c->temp_top;
    uint32_t *ops = NULL;
    size_t cap = 0;
    if (!cg_grow(c, (void **)&ops, &cap, 3 * (size_t)n + 4, sizeof *ops)) return ONIL;
    size_t k = 0;
    ops[k++] = fail, ops[k++] = OU(0), ops[k++] = OU(n);
    /* Values and sizes in source order (OTP evaluates them left to right). */
    for (uint32_t i = 0; i < n && !c->failed; i++) {
        const hl_core_seg *s = &e->u.bin.segs[i];
        uint32_t v = s->value->kind == HL_CORE_LIT ? cg_lit_operand(c, s->value)
                     : fail == ONOFAIL               ? cg_stable_eval(c, s->value)
                                                     : cg_guard_value(c, s->value, fail);
        bool has;
        uint32_t sz = seg_size(c, s, fail, &has);
        ops[k++] = OU(seg_desc(s, has)), ops[k++] = v, ops[k++] = sz;
    }
    ops[k++] = OX(0);
    if (!c->failed) {
        cg_line(c, e->line);
        cg_emit(c, HL_OP_bs_create, ops, k);
    }
    hl_mem_free(ops);
    c->temp_top = mark;
    return OX(0);
}

void cg_bits_match(cg *c, const hl_core_node *p, uint32_t subj, uint32_t fail) {
    E(c, is_bitstring, fail, subj);
    uint32_t pos = OY(cg_temp(c));
    E(c, move, OINT(0), pos);
    bool open_end = false; /* the last segment took the rest */
    for (uint32_t i = 0; i < p->u.bin.count && !c->failed; i++) {
        const hl_core_seg *s = &p->u.bin.segs[i];
        uint32_t mark = c->temp_top;
        bool has;
        uint32_t sz = seg_size(c, s, fail, &has);
        uint32_t desc = seg_desc(s, has);
        const hl_core_node *q = s->value;
        uint32_t dst;
        bool bind = q->kind == HL_CORE_VAR && (q->flags & HL_CF_BIND);
        if (q->kind == HL_CORE_WILD) desc |= HL_BS_SKIP, dst = pos;
        else if (bind) dst = OY(q->u.var);
        else dst = OY(cg_temp(c));
        E(c, bs_get, fail, OU(0), subj, pos, OU(desc), sz, dst);
        if (q->kind != HL_CORE_WILD && !bind) cg_match(c, q, dst, fail);
        open_end = !has && (s->type == HL_BIN_BINARY || s->type == HL_BIN_BITSTRING);
        c->temp_top = mark;
    }
    if (!open_end) E(c, bs_test_tail, fail, subj, pos);
}
