/* bif_proc.c — the builtins of the `processes` capability (docs/actors.md):
 * argument checks and result terms in OTP 25's shapes; the work itself is
 * the world's (vm_world_ops.h). In a process without a world (a program
 * compiled without the grant whose image names them anyway) every one of
 * them raises error:undef: the gate admits the instruction, the VM still
 * refuses the surface. */
#include <string.h>

#include "term/atom.h"
#include "vm/bif_registry.h"
#include "vm/vm_support.h"
#include "vm/vm_trap.h"
#include "vm/vm_world_ops.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)

static hl_term_status raise(hl_vm_proc *p, hl_term reason) {
    p->bif_class = HL_AM(error);
    p->bif_reason = reason;
    return HL_VM_BIF_RAISE;
}

#define NEED_WORLD()                                          \
    do {                                                      \
        if (!p->world) return raise(p, HL_AM(undef));         \
    } while (0)

static bool is_pid(hl_term t) { return hl_is_handle_immed(t) && hl_handle_immed_subtag(t) == HL_HANDLE_PID; }

/* The end of a builtin that may have sent an exit signal that kills its
 * own caller: the slice ends at once and the process dies there (it never
 * comes back to this instruction). */
static hl_term_status finish(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term_status st) {
    if (st == HL_TERM_OK && hl_vm_world_must_yield(p)) {
        hl_vm_world_yield(p);
        return hl_vm_trap_yield(p, fn, 0);
    }
    if (st == HL_VM_WORLD_NOPROC) return raise(p, HL_AM(noproc));
    return st;
}

/* A small tuple on p's heap. */
static hl_term_status tuple(hl_vm_proc *p, const hl_term *el, size_t n, hl_term *out) {
    hl_term *h;
    hl_term_status st = hl_heap_alloc(&p->heap, n + 1, &h);
    if (st != HL_TERM_OK) return st;
    *out = hl_tuple_init(h, n);
    memcpy(h + 1, el, n * sizeof *el);
    return HL_TERM_OK;
}

BIF(b_self) {
    (void)a;
    NEED_WORLD();
    *out = hl_vm_pid_term(p);
    return HL_TERM_OK;
}

BIF(b_send) {
    NEED_WORLD();
    hl_term_status st = hl_vm_world_send(p, a[0], a[1]);
    *out = a[1];
    return finish(p, b_send, st);
}

/* The 0-arity fun spawn/1 runs. */
static bool fun0(const hl_vm_proc *p, hl_term f) {
    if (!hl_is_fun(f)) return false;
    const hl_program *prog = hl_fun_program(f);
    if (!hl_vm_fun_reachable(p, prog)) return false;
    return prog->funcs[hl_fun_index(f)].arity == hl_fun_env_size(f);
}

static hl_term_status spawn_fun(hl_vm_proc *p, const hl_term *a, hl_term *out, bool link, bool mon) {
    NEED_WORLD();
    if (!hl_is_fun(a[0])) return HL_TERM_BADARG;
    if (!fun0(p, a[0])) {
        /* a fun of another arity: OTP 25's spawn/1 and spawn_link/1 start
         * a process that dies with {badarity, {Fun, []}}; its
         * spawn_monitor/1 raises badarg */
        if (mon) return HL_TERM_BADARG;
        /* {{badarity, {Fun, []}}, [{erlang, apply, 2, []}]}: an error in
         * erlang:apply/2, as OTP reports it */
        hl_term inner[2] = {a[0], HL_NIL}, in, ba, frame, r;
        hl_term fr[4] = {HL_AM(erlang), HL_AM(apply), hl_make_small(2), HL_NIL};
        hl_term *cell;
        hl_term_status st = tuple(p, inner, 2, &in);
        if (st == HL_TERM_OK) st = tuple(p, (hl_term[]){HL_AM(badarity), in}, 2, &ba);
        if (st == HL_TERM_OK) st = tuple(p, fr, 4, &frame);
        if (st == HL_TERM_OK) st = hl_heap_alloc(&p->heap, 2, &cell);
        if (st == HL_TERM_OK) st = tuple(p, (hl_term[]){ba, hl_cons_init(cell, frame, HL_NIL)}, 2, &r);
        if (st != HL_TERM_OK) return st;
        return hl_vm_world_spawn(p, HL_NIL, NULL, -1, HL_NIL, r, link, mon, out);
    }
    return hl_vm_world_spawn(p, a[0], NULL, -1, HL_NIL, 0, link, mon, out);
}

/* spawn/3: M a module of the program (the classifier saw to that), F an
 * atom, Args a proper list; a function M does not export starts a
 * process that dies with {undef, [{M, F, Args, []}]}, as in OTP. */
static hl_term_status spawn_mfa(hl_vm_proc *p, const hl_term *a, hl_term *out, bool link, bool mon) {
    NEED_WORLD();
    if (!hl_is_atom(a[0]) || !hl_is_atom(a[1])) return HL_TERM_BADARG;
    uint32_t n = 0;
    hl_term l = a[2];
    for (; hl_is_cons(l); l = hl_cdr(l))
        if (++n > 255) return HL_TERM_BADARG;
    if (l != HL_NIL) return HL_TERM_BADARG;
    p->bif_cost += n / 8;
    const hl_program *m = hl_vm_world_module(p, a[0]);
    int64_t fn = -1;
    if (m) {
        size_t len;
        const char *name = hl_atom_name(a[1], &len);
        fn = hl_program_find(m, name, len, n);
    }
    if (fn < 0) {
        hl_term mfa[4] = {a[0], a[1], a[2], HL_NIL}, e, cell, r;
        hl_term *h;
        hl_term_status st = tuple(p, mfa, 4, &e);
        if (st == HL_TERM_OK) st = hl_heap_alloc(&p->heap, 2, &h);
        if (st != HL_TERM_OK) return st;
        cell = hl_cons_init(h, e, HL_NIL);
        hl_term ur[2] = {HL_AM(undef), cell};
        st = tuple(p, ur, 2, &r);
        if (st != HL_TERM_OK) return st;
        return hl_vm_world_spawn(p, HL_NIL, NULL, -1, HL_NIL, r, link, mon, out);
    }
    return hl_vm_world_spawn(p, HL_NIL, m, fn, a[2], 0, link, mon, out);
}

/* erlang:hl_export_fun(M, F, A), for the stdlib's behaviours: a fun of
 * the function M:F/A that a module M of the running program exports, or
 * false (OTP's erlang:function_exported/3 answer for an optional
 * callback). The program's modules are the world's (the process's own
 * module without one); the stdlib's modules and bindings are never found,
 * so the fun reaches exactly what a call in the program could. */
BIF(b_export_fun) {
    if (!hl_is_atom(a[0]) || !hl_is_atom(a[1]) || !hl_is_small(a[2])) return HL_TERM_BADARG;
    int64_t arity = hl_small_val(a[2]);
    if (arity < 0 || arity > 255) return HL_TERM_BADARG;
    const hl_program *m = NULL;
    int64_t fn = -1;
    if (p->world) {
        fn = hl_vm_world_export(p, a[0], a[1], (uint32_t)arity, &m);
    } else if (p->prog->am_module == a[0]) {
        m = p->prog;
        /* the module's function names are atoms of the engine's one table,
         * as a[1] is: compared as terms, no name is read (a behaviour's
         * start looks up six callbacks) */
        for (uint32_t i = 0; i < m->n_functions; i++)
            if (m->fn_names[i] == a[1] && m->funcs[i].arity == (uint32_t)arity &&
                (m->funcs[i].flags & HL_BC_FN_EXPORTED)) {
                fn = i;
                break;
            }
        p->bif_cost += m->n_functions / 16; /* the scan */
    }
    if (fn < 0) {
        *out = HL_AM(false);
        return HL_TERM_OK;
    }
    hl_term *h;
    hl_term_status st = hl_heap_alloc(&p->heap, 3, &h);
    if (st != HL_TERM_OK) return st;
    h[0] = hl_make_header(HL_SUB_FUN, 2);
    h[1] = (hl_term)(uintptr_t)m;
    h[2] = (hl_term)fn;
    *out = hl_make_boxed(h);
    return HL_TERM_OK;
}

/* proc_lib's starter, kept in the process for init_ack/1 (lib/proc_lib.erl;
 * OTP reads it from the process dictionary, which guests do not have). Only
 * a pid is kept: an immediate, so the slot is no GC root. */
BIF(b_proc_set_starter) {
    if (!is_pid(a[0])) return HL_TERM_BADARG;
    p->proc_starter = a[0];
    *out = HL_AM(ok);
    return HL_TERM_OK;
}

BIF(b_proc_starter) {
    (void)a;
    *out = p->proc_starter == HL_NIL ? HL_AM(undefined) : p->proc_starter;
    return HL_TERM_OK;
}

/* gen:call's tag of a call that timed out: a reply {Tag, _} delivered to
 * this process later is dropped (vm_world.c deliver), as OTP 25 drops what
 * is sent to an alias after demonitor. */
BIF(b_drop_reply) {
    if (!hl_is_handle_immed(a[0]) || hl_handle_immed_subtag(a[0]) != HL_HANDLE_REF) return HL_TERM_BADARG;
    if (!p->drop_tags && !(p->drop_tags = hl_mem_alloc(HL_VM_DROP_TAGS * sizeof(hl_term)))) return HL_TERM_NOMEM;
    if (p->n_drop_tags < HL_VM_DROP_TAGS) {
        p->drop_tags[p->n_drop_tags++] = a[0];
    } else {
        p->drop_tags[p->drop_next] = a[0];
        p->drop_next = (p->drop_next + 1) % HL_VM_DROP_TAGS;
    }
    *out = HL_AM(ok);
    return HL_TERM_OK;
}

BIF(b_spawn1) { return spawn_fun(p, a, out, false, false); }
BIF(b_spawn_link1) { return spawn_fun(p, a, out, true, false); }
BIF(b_spawn_monitor1) { return spawn_fun(p, a, out, false, true); }
BIF(b_spawn3) { return spawn_mfa(p, a, out, false, false); }
BIF(b_spawn_link3) { return spawn_mfa(p, a, out, true, false); }
BIF(b_spawn_monitor3) { return spawn_mfa(p, a, out, false, true); }

BIF(b_link) {
    NEED_WORLD();
    *out = HL_AM(true);
    return finish(p, b_link, hl_vm_world_link(p, a[0], false));
}

BIF(b_unlink) {
    NEED_WORLD();
    *out = HL_AM(true);
    return hl_vm_world_link(p, a[0], true);
}

BIF(b_exit2) {
    NEED_WORLD();
    *out = HL_AM(true);
    return finish(p, b_exit2, hl_vm_world_exit(p, a[0], a[1]));
}

BIF(b_monitor2) {
    NEED_WORLD();
    if (a[0] != HL_AM(process)) return HL_TERM_BADARG;
    return hl_vm_world_monitor(p, a[1], out);
}

BIF(b_demonitor1) {
    NEED_WORLD();
    bool found;
    *out = HL_AM(true);
    return hl_vm_world_demonitor(p, a[0], false, &found);
}

BIF(b_demonitor2) {
    NEED_WORLD();
    bool flush = false, info = false;
    hl_term l = a[1];
    uint32_t n = 0;
    for (; hl_is_cons(l) && n < 16; l = hl_cdr(l), n++) {
        hl_term o = hl_car(l);
        if (o == HL_AM(flush)) flush = true;
        else if (o == HL_AM(info)) info = true;
        else return HL_TERM_BADARG;
    }
    if (l != HL_NIL) return HL_TERM_BADARG;
    bool found;
    hl_term_status st = hl_vm_world_demonitor(p, a[0], flush, &found);
    *out = info ? (found ? HL_AM(true) : HL_AM(false)) : HL_AM(true);
    return st;
}

BIF(b_process_flag2) {
    NEED_WORLD();
    if (a[0] != HL_AM(trap_exit) || (a[1] != HL_AM(true) && a[1] != HL_AM(false))) return HL_TERM_BADARG;
    *out = hl_vm_world_trapping(p) ? HL_AM(true) : HL_AM(false);
    hl_vm_world_trap_exit(p, a[1] == HL_AM(true));
    return HL_TERM_OK;
}

BIF(b_make_ref) {
    (void)a;
    NEED_WORLD();
    *out = hl_vm_world_make_ref(p);
    return HL_TERM_OK;
}

BIF(b_send_after) {
    NEED_WORLD();
    return hl_vm_world_timer(p, a[0], a[1], a[2], false, out);
}

BIF(b_start_timer) {
    NEED_WORLD();
    return hl_vm_world_timer(p, a[0], a[1], a[2], true, out);
}

static hl_term_status timer_left(hl_vm_proc *p, hl_term ref, bool cancel, hl_term *out) {
    NEED_WORLD();
    int64_t ms;
    hl_term_status st = hl_vm_world_timer_left(p, ref, cancel, &ms);
    *out = ms < 0 ? HL_AM(false) : hl_make_small(ms);
    return st;
}
BIF(b_cancel_timer) { return timer_left(p, a[0], true, out); }
BIF(b_read_timer) { return timer_left(p, a[0], false, out); }

BIF(b_register) {
    NEED_WORLD();
    *out = HL_AM(true);
    return hl_vm_world_register(p, a[0], a[1]);
}

BIF(b_unregister) {
    NEED_WORLD();
    *out = HL_AM(true);
    return hl_vm_world_unregister(p, a[0]);
}

BIF(b_whereis) {
    NEED_WORLD();
    if (!hl_is_atom(a[0])) return HL_TERM_BADARG;
    *out = hl_vm_world_whereis(p, a[0]);
    return HL_TERM_OK;
}

BIF(b_is_process_alive) {
    NEED_WORLD();
    if (!is_pid(a[0])) return HL_TERM_BADARG;
    *out = hl_vm_world_alive(p, a[0]) ? HL_AM(true) : HL_AM(false);
    return HL_TERM_OK;
}

/* erlang:yield/0: the slice ends here; the instruction runs again when the
 * process next runs and returns true. */
BIF(b_yield) {
    (void)a;
    NEED_WORLD();
    if (hl_vm_trap_resuming(p, b_yield)) {
        *out = HL_AM(true);
        return hl_vm_trap_end(p, HL_TERM_OK);
    }
    hl_vm_world_yield(p);
    return hl_vm_trap_yield(p, b_yield, 0);
}

/* erlang:hl_hibernate(Fun, Args): Fun must take length(Args) arguments
 * (badarg otherwise, as erlang:hibernate/3 for a bad argument); the
 * interpreter then hibernates the process (HL_VM_BIF_HIBERNATE). */
BIF(b_hibernate) {
    NEED_WORLD();
    uint32_t n = 0;
    hl_term l = a[1];
    for (; hl_is_cons(l) && n <= HL_BC_MAX_ARITY; l = hl_cdr(l)) n++;
    if (l != HL_NIL || n > HL_BC_MAX_ARITY || !hl_vm_is_fun_arity(p, a[0], n) ||
        n + hl_fun_env_size(a[0]) > p->xlim)
        return HL_TERM_BADARG;
    p->bif_cost += n / 8;
    *out = HL_NIL;
    return HL_VM_BIF_HIBERNATE;
}

/* A list of n items built from the end: item(i) for each. Charged one
 * reduction per 8 items. */
static hl_term_status list_of(hl_vm_proc *p, uint32_t n, hl_term (*item)(const void *, uint32_t, hl_vm_proc *),
                              const void *ctx, hl_term *out) {
    hl_term *h;
    hl_term_status st = hl_heap_alloc(&p->heap, (size_t)n * 5 + 1, &h);
    if (st != HL_TERM_OK) return st;
    p->bif_cost += n / 8;
    hl_term l = HL_NIL;
    for (uint32_t i = n; i-- > 0;) {
        hl_term e = item(ctx, i, p);
        if (e == HL_NONE) { /* a {process, Pid} pair: built in the same block */
            const hl_vm_mon *m = (const hl_vm_mon *)ctx + i;
            hl_term *t = h;
            h += 3;
            e = hl_tuple_init(t, 2);
            t[1] = HL_AM(process);
            t[2] = hl_make_handle_immed(HL_HANDLE_PID, m->pid);
        }
        l = hl_cons_init(h, e, l);
        h += 2;
    }
    *out = l;
    return HL_TERM_OK;
}

static hl_term link_item(const void *ctx, uint32_t i, hl_vm_proc *p) {
    (void)p;
    return hl_make_handle_immed(HL_HANDLE_PID, ((const uint64_t *)ctx)[i]);
}
static hl_term mon_item(const void *ctx, uint32_t i, hl_vm_proc *p) {
    (void)ctx, (void)i, (void)p;
    return HL_NONE;
}

/* process_info(Pid, Item) for the items a guest may see about a process of
 * its own world: undefined for a dead one, badarg for other items. */
BIF(b_process_info2) {
    NEED_WORLD();
    if (!is_pid(a[0]) || !hl_is_atom(a[1])) return HL_TERM_BADARG;
    hl_term item = a[1];
    static const hl_term known[] = {HL_AM(message_queue_len), HL_AM(memory), HL_AM(reductions), HL_AM(status),
                                    HL_AM(links), HL_AM(monitors), HL_AM(trap_exit), HL_AM(registered_name)};
    bool ok = false;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) ok |= known[i] == item;
    if (!ok) return HL_TERM_BADARG;
    hl_vm_proc *t = hl_vm_world_alive(p, a[0]);
    if (!t) {
        *out = HL_AM(undefined);
        return HL_TERM_OK;
    }
    hl_term v = HL_NIL;
    hl_term_status st = HL_TERM_OK;
    if (item == HL_AM(message_queue_len)) {
        v = hl_make_small((int64_t)t->mbox.n);
    } else if (item == HL_AM(memory)) {
        v = hl_make_small((int64_t)(sizeof *t + hl_heap_bytes(&t->heap) + t->stack_cap * sizeof(hl_term) +
                                    (t->mbox.head + t->mbox.cap) * sizeof(hl_term)));
    } else if (item == HL_AM(reductions)) {
        v = hl_make_small((int64_t)(t->reds_used & ((UINT64_C(1) << 59) - 1)));
    } else if (item == HL_AM(status)) {
        v = hl_vm_world_status(p, t);
    } else if (item == HL_AM(trap_exit)) {
        v = hl_vm_world_trapping(t) ? HL_AM(true) : HL_AM(false);
    } else if (item == HL_AM(registered_name)) {
        if (!t->act.name) {
            *out = HL_NIL; /* OTP: [] when it has no name */
            return HL_TERM_OK;
        }
        v = t->act.name;
    } else if (item == HL_AM(links)) {
        const uint64_t *pids;
        uint32_t n = hl_vm_world_links(t, &pids);
        st = list_of(p, n, link_item, pids, &v);
    } else {
        const hl_vm_mon *mons;
        uint32_t n = hl_vm_world_monitors(t, &mons);
        st = list_of(p, n, mon_item, mons, &v);
    }
    if (st != HL_TERM_OK) return st;
    hl_term el[2] = {item, v};
    return tuple(p, el, 2, out);
}

const hl_vm_bif_reg hl_vm_bifs_proc[] = {
    {HL_BI_SELF0, b_self},
    {HL_BI_SEND_OP, b_send},
    {HL_BI_SEND2, b_send},
    {HL_BI_SPAWN1, b_spawn1},
    {HL_BI_SPAWN3, b_spawn3},
    {HL_BI_SPAWN_LINK1, b_spawn_link1},
    {HL_BI_SPAWN_LINK3, b_spawn_link3},
    {HL_BI_SPAWN_MONITOR1, b_spawn_monitor1},
    {HL_BI_SPAWN_MONITOR3, b_spawn_monitor3},
    {HL_BI_LINK1, b_link},
    {HL_BI_UNLINK1, b_unlink},
    {HL_BI_MONITOR2, b_monitor2},
    {HL_BI_DEMONITOR1, b_demonitor1},
    {HL_BI_DEMONITOR2, b_demonitor2},
    {HL_BI_EXIT2, b_exit2},
    {HL_BI_PROCESS_FLAG2, b_process_flag2},
    {HL_BI_MAKE_REF0, b_make_ref},
    {HL_BI_SEND_AFTER3, b_send_after},
    {HL_BI_START_TIMER3, b_start_timer},
    {HL_BI_CANCEL_TIMER1, b_cancel_timer},
    {HL_BI_READ_TIMER1, b_read_timer},
    {HL_BI_REGISTER2, b_register},
    {HL_BI_UNREGISTER1, b_unregister},
    {HL_BI_WHEREIS1, b_whereis},
    {HL_BI_IS_PROCESS_ALIVE1, b_is_process_alive},
    {HL_BI_YIELD0, b_yield},
    {HL_BI_PROCESS_INFO2, b_process_info2},
    {HL_BI_HL_EXPORT_FUN3, b_export_fun},
    {HL_BI_HL_PROC_SET_STARTER1, b_proc_set_starter},
    {HL_BI_HL_PROC_STARTER0, b_proc_starter},
    {HL_BI_HL_DROP_REPLY1, b_drop_reply},
    {HL_BI_HL_HIBERNATE2, b_hibernate},
};
const size_t hl_vm_bifs_proc_count = sizeof hl_vm_bifs_proc / sizeof hl_vm_bifs_proc[0];
