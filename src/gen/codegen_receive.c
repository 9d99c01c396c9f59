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
 * Nothing is kept in an x register across the loop (no x register survives
 * a wait), and the only backward branches are loop_rec_end / wait /
 * wait_timeout, which charge reductions as the gate requires. */
#include "gen/codegen_int.h"

uint32_t cg_receive(cg *c, const hl_core_node *e, bool is_tail) {
    uint32_t mark = c->temp_top;
    const hl_core_node *tmo = e->u.receive.timeout;
    /* The timeout is evaluated once, before any message is looked at. */
    uint32_t t = tmo ? cg_stable_eval(c, tmo) : ONIL;
    uint32_t msg = OY(cg_temp(c));
    uint32_t loop = cg_label(c), wait = cg_label(c), end = cg_label(c);
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
