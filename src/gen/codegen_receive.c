/* codegen_receive.c — `receive Clauses [after T -> Body] end` in BEAM's
 * shape (docs/receive.md):
 *
 *          [T evaluated once, into a stable operand]
 *   loop:  loop_rec wait, x0          ; no message at the save pointer
 *          move x0, Msg               ; the message lives in a y slot
 *          <clause i: match Msg, guards; on failure try clause i+1>
 *            remove_message ; body ; jump end (or the body in tail position)
 *          loop_rec_end loop          ; none matched: next message
 *   wait:  wait loop                  ; no after
 *          | wait_timeout loop, T ; timeout ; after body
 *   end:
 *
 * When every clause needs the message to hold one bound variable's value
 * (a call's reference), recv_mark_use comes first: the receive may start
 * at the marker make_ref/0 left (BEAM's receive optimisation).
 *
 * Nothing is kept in an x register across the loop (no x register survives
 * a wait), and the only backward branches are loop_rec_end / wait /
 * wait_timeout, which charge reductions as the gate requires. */
#include "gen/codegen_int.h"

/* Whether pattern pat requires the message to hold the value of the bound
 * variable v somewhere (a use of v, not a binding, outside any alternative:
 * patterns have none). Depth is bounded by the verifier. */
static bool pat_has(const hl_core_node *pat, hl_core_var v, bool bind, uint32_t depth) {
    if (!pat || depth > 64) return false;
    switch ((hl_core_kind)pat->kind) {
    case HL_CORE_VAR: return ((pat->flags & HL_CF_BIND) != 0) == bind && pat->u.var == v;
    case HL_CORE_TUPLE: case HL_CORE_CONS:
        for (uint32_t i = 0; i < pat->u.list.count; i++)
            if (pat_has(pat->u.list.items[i], v, bind, depth + 1)) return true;
        return pat->kind == HL_CORE_CONS && pat_has(pat->u.list.tail, v, bind, depth + 1);
    case HL_CORE_ALIAS:
        return pat_has(pat->u.pair.a, v, bind, depth + 1) || pat_has(pat->u.pair.b, v, bind, depth + 1);
    default: return false;
    }
}
static bool pat_uses(const hl_core_node *pat, hl_core_var v, uint32_t depth) { return pat_has(pat, v, false, depth); }

/* The variable every clause's pattern needs the message to hold (the
 * reference of a call), or HL_CORE_NO_VAR: then recv_mark_use may start
 * the receive past the messages older than that reference. The first
 * clause's bound variables are the candidates. */
static hl_core_var ref_var(const hl_core_node *e) {
    if (e->u.receive.count == 0 || e->u.receive.clauses[0].npats != 1) return HL_CORE_NO_VAR;
    const hl_core_node *p0 = e->u.receive.clauses[0].pats[0];
    if (!p0 || p0->kind != HL_CORE_TUPLE) return HL_CORE_NO_VAR;
    for (uint32_t k = 0; k < p0->u.list.count; k++) {
        const hl_core_node *it = p0->u.list.items[k];
        /* a use of a variable bound before the receive (not earlier in
         * this same pattern: then it has no value yet) */
        if (it->kind != HL_CORE_VAR || (it->flags & HL_CF_BIND) || pat_has(p0, it->u.var, true, 0)) continue;
        bool all = true;
        for (uint32_t i = 1; i < e->u.receive.count && all; i++)
            all = e->u.receive.clauses[i].npats == 1 && pat_uses(e->u.receive.clauses[i].pats[0], it->u.var, 0);
        if (all) return it->u.var;
    }
    return HL_CORE_NO_VAR;
}

uint32_t cg_receive(cg *c, const hl_core_node *e, bool is_tail) {
    uint32_t mark = c->temp_top;
    const hl_core_node *tmo = e->u.receive.timeout;
    /* The timeout is evaluated once, before any message is looked at. */
    uint32_t t = tmo ? cg_stable_eval(c, tmo) : ONIL;
    uint32_t msg = OY(cg_temp(c));
    uint32_t loop = cg_label(c), wait = cg_label(c), end = cg_label(c);
    hl_core_var rv = ref_var(e);
    if (rv != HL_CORE_NO_VAR) {
        const hl_core_node *p0 = e->u.receive.clauses[0].pats[0];
        for (uint32_t k = 0; k < p0->u.list.count; k++)
            if (p0->u.list.items[k]->kind == HL_CORE_VAR && p0->u.list.items[k]->u.var == rv) {
                E(c, recv_mark_use, cg_eval(c, p0->u.list.items[k]));
                break;
            }
    }
    cg_bind(c, loop);
    E(c, loop_rec, OLBL(wait), OX(0));
    E(c, move, OX(0), msg);
    uint32_t body_mark = c->temp_top;
    for (uint32_t i = 0; i < e->u.receive.count && !c->failed; i++) {
        const hl_core_clause *cl = &e->u.receive.clauses[i];
        if (cl->npats != 1) {
            cg_error(c, cl->line, cl->col, "internal error: receive clause arity");
            return ONIL;
        }
        uint32_t next = cg_label(c);
        cg_match(c, cl->pats[0], msg, OLBL(next));
        cg_guards(c, cl, OLBL(next));
        E0(c, remove_message);
        if (is_tail) {
            cg_tail(c, cl->body);
        } else {
            cg_to_x0(c, cg_eval(c, cl->body));
            E(c, jump, OLBL(end));
        }
        cg_bind(c, next);
        c->temp_top = body_mark;
    }
    E(c, loop_rec_end, OLBL(loop));
    cg_bind(c, wait);
    cg_line(c, e->line);
    if (tmo) {
        E(c, wait_timeout, OLBL(loop), t);
        E0(c, timeout);
        if (is_tail) cg_tail(c, e->u.receive.after);
        else cg_to_x0(c, cg_eval(c, e->u.receive.after));
    } else {
        E(c, wait, OLBL(loop));
    }
    cg_bind(c, end);
    c->temp_top = mark;
    return OX(0);
}
