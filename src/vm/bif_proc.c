/* bif_proc.c — the builtins of the `processes` capability (docs/actors.md):
 * argument checks and result terms in OTP 25's shapes; the work itself is
 * the world's (vm_world_ops.h). In a process without a world (a program
 * compiled without the grant whose image names them anyway) every one of
 * them raises error:undef: the gate admits the instruction, the VM still
 * refuses the surface. */
#include <string.h>

#include "term/atom.h"
#include "term/copy.h"
#include "term/map.h"
#include "vm/bif_registry.h"
#include "vm/vm_support.h"
#include "vm/vm_pdict.h"
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

static hl_term_status spawn_fun(hl_vm_proc *p, const hl_term *a, hl_term *out, bool link, bool mon,
                                bool arity_badarg) {
    NEED_WORLD();
    if (!hl_is_fun(a[0])) return HL_TERM_BADARG;
    if (!fun0(p, a[0])) {
        /* a fun of another arity: OTP 25's spawn/1, spawn_link/1 and
         * spawn_opt/2 start a process that dies with {badarity, {Fun, []}};
         * its spawn_monitor/1 raises badarg */
        if (arity_badarg) return HL_TERM_BADARG;
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
    h[2] = (hl_term)fn | HL_FUN_EXPORT; /* prints as fun M:F/A (term/print.c) */
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

BIF(b_spawn1) { return spawn_fun(p, a, out, false, false, false); }
BIF(b_spawn_link1) { return spawn_fun(p, a, out, true, false, false); }
BIF(b_spawn_monitor1) { return spawn_fun(p, a, out, false, true, true); }
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

static hl_term_status prio_flags(hl_vm_proc *p, hl_term option, hl_term v, uint32_t *flags);

BIF(b_process_flag2) {
    NEED_WORLD();
    if (a[0] == HL_AM(priority)) {
        /* recorded for process_info, no effect on scheduling (docs/actors.md §1) */
        uint32_t prio = 0, *f = &p->act.flags;
        hl_term o[2] = {a[0], a[1]}, opt;
        hl_term_status st = tuple(p, o, 2, &opt);
        if (st == HL_TERM_OK) st = prio_flags(p, opt, a[1], &prio);
        if (st != HL_TERM_OK) return st;
        *out = *f & HL_ACT_PRIO_LOW ? HL_AM(low) : *f & HL_ACT_PRIO_HIGH ? HL_AM(high) : HL_AM(normal);
        *f = (*f & ~(uint32_t)(HL_ACT_PRIO_LOW | HL_ACT_PRIO_HIGH)) | prio;
        return HL_TERM_OK;
    }
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

static hl_term mon_pid_item(const void *ctx, uint32_t i, hl_vm_proc *p) {
    (void)p;
    return hl_make_handle_immed(HL_HANDLE_PID, ((const hl_vm_mon *)ctx)[i].pid);
}

/* ---- process_info/1,2 ----
 * The items a guest may see about a process of its own world, each bounded
 * and charged; OTP's shapes ({Item, Value}; process_info(P, registered_name)
 * of a process without a name is []). undefined for a dead process,
 * badarg for an item that is not one of these (OTP's items this runtime
 * lacks among them: initial_call, group_leader, garbage_collection, ...). */
enum {
    INFO_ITEMS_MAX = 64,        /* items of one process_info(P, List) call (more: system_limit) */
    INFO_COPY_MAX = 1u << 16,   /* words of another process's messages or dictionary copied by one call */
};

static const hl_term info_known[] = {
    HL_AM(message_queue_len), HL_AM(memory),        HL_AM(reductions), HL_AM(status),
    HL_AM(links),             HL_AM(monitors),      HL_AM(trap_exit),  HL_AM(registered_name),
    HL_AM(monitored_by),      HL_AM(current_function), HL_AM(heap_size), HL_AM(total_heap_size),
    HL_AM(stack_size),        HL_AM(priority),      HL_AM(dictionary), HL_AM(messages),
    HL_AM(error_handler),
};

/* process_info/1's items, in OTP 25's order (registered_name first when
 * the process has one); OTP's initial_call, group_leader,
 * garbage_collection and suspending are not given. */
static const hl_term info_all[] = {
    HL_AM(current_function), HL_AM(status),     HL_AM(message_queue_len), HL_AM(links),
    HL_AM(dictionary),       HL_AM(trap_exit),  HL_AM(error_handler),     HL_AM(priority),
    HL_AM(total_heap_size),  HL_AM(heap_size),  HL_AM(stack_size),        HL_AM(reductions),
};

static bool info_item_ok(hl_term item) {
    for (size_t i = 0; i < sizeof info_known / sizeof info_known[0]; i++)
        if (info_known[i] == item) return true;
    return false;
}

/* Items that read where the process is (its pc and stack): for the
 * calling process itself they are read after a yield, when the
 * interpreter has saved both at this instruction. */
static bool info_needs_pc(hl_term item) { return item == HL_AM(current_function) || item == HL_AM(stack_size); }

/* {M, F, A} of the function t runs (or waits in), or undefined. */
static hl_term_status current_function(hl_vm_proc *p, const hl_vm_proc *t, hl_term *v) {
    *v = HL_AM(undefined);
    const hl_program *pg = t->pc ? hl_program_of_code(t->prog, t->pc) : NULL;
    if (!pg && t->pc) pg = hl_vm_world_code(t, t->pc);
    if (!pg) return HL_TERM_OK;
    int64_t f = hl_program_fn_at(pg, (uint32_t)(t->pc - pg->code));
    if (f < 0) return HL_TERM_OK;
    hl_term el[3] = {pg->fn_modules[f], pg->fn_names[f], hl_make_small(pg->funcs[f].arity)};
    return tuple(p, el, 3, v);
}

/* A copy of term t (of another process's heap) on p's heap, at most
 * INFO_COPY_MAX words (more: system_limit), charged one reduction per 8 words. */
static hl_term_status copy_in(hl_vm_proc *p, hl_term t, size_t *budget, hl_term *out) {
    size_t n = 0;
    hl_term_status st = hl_term_size(t, *budget, &n);
    if (st == HL_TERM_HEAP_LIMIT) return HL_TERM_SYSTEM_LIMIT; /* past the bound, not the heap's limit */
    if (st != HL_TERM_OK) return st;
    *budget -= n;
    p->bif_cost += n / 8;
    return hl_term_copy(&p->heap, t, out);
}

static hl_term_status info_messages(hl_vm_proc *p, hl_vm_proc *t, hl_term *v) {
    size_t n = t->mbox.n, budget = INFO_COPY_MAX;
    if (n > INFO_COPY_MAX / 2) return HL_TERM_SYSTEM_LIMIT;
    hl_term l = HL_NIL;
    hl_term_status st = HL_TERM_OK;
    /* the copies first (a collection may move p's heap, never t's), then
     * the list from its end */
    hl_term *cells;
    st = hl_heap_alloc(&p->heap, 2 * n + 1, &cells);
    if (st != HL_TERM_OK) return st;
    for (size_t i = 0; i < 2 * n + 1; i++) cells[i] = HL_NIL; /* valid words while copies allocate */
    for (size_t i = 0; i < n && st == HL_TERM_OK; i++) {
        hl_term m = t->mbox.msgs[i];
        if (t != p && !hl_is_immed(m)) st = copy_in(p, m, &budget, &m);
        cells[2 * i] = m;
    }
    if (st != HL_TERM_OK) return st;
    for (size_t i = n; i-- > 0;) l = hl_cons_init(cells + 2 * i, cells[2 * i], l);
    p->bif_cost += n / 8;
    *v = l;
    return HL_TERM_OK;
}

/* The value of one item about t (alive). */
static hl_term_status info_value(hl_vm_proc *p, hl_vm_proc *t, hl_term item, hl_term *v) {
    if (item == HL_AM(message_queue_len)) {
        *v = hl_make_small((int64_t)t->mbox.n);
    } else if (item == HL_AM(memory)) {
        *v = hl_make_small((int64_t)(sizeof *t + hl_heap_bytes(&t->heap) + t->stack_cap * sizeof(hl_term) +
                                     (t->mbox.head + t->mbox.cap) * sizeof(hl_term)));
    } else if (item == HL_AM(reductions)) {
        *v = hl_make_small((int64_t)(t->reds_used & ((UINT64_C(1) << 59) - 1)));
    } else if (item == HL_AM(status)) {
        *v = hl_vm_world_status(p, t);
    } else if (item == HL_AM(trap_exit)) {
        *v = hl_vm_world_trapping(t) ? HL_AM(true) : HL_AM(false);
    } else if (item == HL_AM(registered_name)) {
        *v = t->act.name ? t->act.name : HL_NIL;
    } else if (item == HL_AM(links)) {
        const uint64_t *pids;
        uint32_t n = hl_vm_world_links(t, &pids);
        return list_of(p, n, link_item, pids, v);
    } else if (item == HL_AM(monitors)) {
        const hl_vm_mon *mons;
        uint32_t n = hl_vm_world_monitors(t, &mons);
        return list_of(p, n, mon_item, mons, v);
    } else if (item == HL_AM(monitored_by)) {
        return list_of(p, t->act.nmon_in, mon_pid_item, t->act.mon_in, v);
    } else if (item == HL_AM(priority)) {
        *v = t->act.flags & HL_ACT_PRIO_LOW ? HL_AM(low) : t->act.flags & HL_ACT_PRIO_HIGH ? HL_AM(high) : HL_AM(normal);
    } else if (item == HL_AM(error_handler)) {
        *v = HL_AM(error_handler);
    } else if (item == HL_AM(heap_size)) {
        *v = hl_make_small((int64_t)(t->heap.block_end - t->heap.start));
    } else if (item == HL_AM(total_heap_size)) {
        *v = hl_make_small((int64_t)(hl_heap_bytes(&t->heap) / sizeof(hl_term)));
    } else if (item == HL_AM(stack_size)) {
        *v = hl_make_small((int64_t)t->sp);
    } else if (item == HL_AM(current_function)) {
        return current_function(p, t, v);
    } else if (item == HL_AM(dictionary)) {
        hl_term d = t->dict;
        if (t != p && d != HL_NIL) {
            size_t budget = INFO_COPY_MAX;
            hl_term_status st = copy_in(p, d, &budget, &d);
            if (st != HL_TERM_OK) return st;
        }
        return hl_vm_pdict_list(p, d, v);
    } else if (item == HL_AM(messages)) {
        return info_messages(p, t, v);
    } else {
        return HL_TERM_BADARG;
    }
    return HL_TERM_OK;
}

/* [{Item, Value}] for items[0..n) about t (built from the end). */
static hl_term_status info_list(hl_vm_proc *p, hl_vm_proc *t, const hl_term *items, uint32_t n, hl_term *out) {
    hl_term vals[INFO_ITEMS_MAX];
    for (uint32_t i = 0; i < n; i++) {
        hl_term_status st = info_value(p, t, items[i], &vals[i]);
        if (st != HL_TERM_OK) return st;
    }
    hl_term *h;
    hl_term_status st = hl_heap_alloc(&p->heap, (size_t)n * 5, &h);
    if (st != HL_TERM_OK) return st;
    hl_term l = HL_NIL;
    for (uint32_t i = n; i-- > 0;) {
        hl_term *c = h + 5 * (size_t)i;
        hl_term e = hl_tuple_init(c, 2);
        c[1] = items[i], c[2] = vals[i];
        l = hl_cons_init(c + 3, e, l);
    }
    p->bif_cost += n / 4;
    *out = l;
    return HL_TERM_OK;
}

/* The end of a process_info call: a call resumed after its yield forgets
 * the yield (unless it must collect and run again). */
static hl_term_status info_end(hl_vm_proc *p, hl_vm_bif_fn fn, hl_term_status st) {
    if (hl_vm_trap_resuming(p, fn) && st != HL_TERM_HEAP_LIMIT) return hl_vm_trap_end(p, st);
    return st;
}

/* The calling process asks where it is: end the slice first (the
 * interpreter saves its pc and stack at this instruction), answer when it
 * runs again. */
static bool info_yield_first(hl_vm_proc *p, hl_vm_bif_fn fn, const hl_vm_proc *t, bool needs) {
    return t == p && needs && !hl_vm_trap_resuming(p, fn);
}
static hl_term_status info_yield(hl_vm_proc *p, hl_vm_bif_fn fn) {
    hl_vm_world_yield(p);
    return hl_vm_trap_yield(p, fn, 0);
}

BIF(b_process_info2) {
    NEED_WORLD();
    if (!is_pid(a[0])) return HL_TERM_BADARG;
    hl_term items[INFO_ITEMS_MAX];
    uint32_t n = 0;
    bool single = hl_is_atom(a[1]), needs = false;
    if (single) {
        if (!info_item_ok(a[1])) return HL_TERM_BADARG;
        items[n++] = a[1];
    } else {
        hl_term l = a[1];
        for (; hl_is_cons(l); l = hl_cdr(l)) {
            hl_term it = hl_car(l);
            if (!hl_is_atom(it) || !info_item_ok(it)) return HL_TERM_BADARG;
            if (n == INFO_ITEMS_MAX) return HL_TERM_SYSTEM_LIMIT;
            items[n++] = it;
        }
        if (l != HL_NIL) return HL_TERM_BADARG;
    }
    for (uint32_t i = 0; i < n; i++) needs |= info_needs_pc(items[i]);
    hl_vm_proc *t = hl_vm_world_alive(p, a[0]);
    if (!t) {
        *out = HL_AM(undefined);
        return info_end(p, b_process_info2, HL_TERM_OK);
    }
    if (info_yield_first(p, b_process_info2, t, needs)) return info_yield(p, b_process_info2);
    if (!single) return info_end(p, b_process_info2, info_list(p, t, items, n, out));
    hl_term v;
    hl_term_status st = info_value(p, t, items[0], &v);
    if (st == HL_TERM_OK) {
        if (items[0] == HL_AM(registered_name) && v == HL_NIL) *out = HL_NIL; /* OTP: [] when it has no name */
        else st = tuple(p, (hl_term[]){items[0], v}, 2, out);
    }
    return info_end(p, b_process_info2, st);
}

BIF(b_process_info1) {
    NEED_WORLD();
    if (!is_pid(a[0])) return HL_TERM_BADARG;
    hl_vm_proc *t = hl_vm_world_alive(p, a[0]);
    if (!t) {
        *out = HL_AM(undefined);
        return info_end(p, b_process_info1, HL_TERM_OK);
    }
    if (info_yield_first(p, b_process_info1, t, true)) return info_yield(p, b_process_info1);
    hl_term items[INFO_ITEMS_MAX];
    uint32_t n = 0;
    if (t->act.name) items[n++] = HL_AM(registered_name);
    for (size_t i = 0; i < sizeof info_all / sizeof info_all[0]; i++) items[n++] = info_all[i];
    return info_end(p, b_process_info1, info_list(p, t, items, n, out));
}

/* ---- options: spawn_opt/2,4, monitor/3, send/3 ---- */

enum { OPTS_MAX = 256 }; /* options one call reads (more: badarg) */

/* error:{notsup, Option}: an OTP option this runtime does not provide
 * (docs/actors.md §1), told apart from a malformed one (badarg). */
static hl_term_status notsup(hl_vm_proc *p, hl_term option) {
    hl_term r;
    hl_term_status st = tuple(p, (hl_term[]){HL_AM(notsup), option}, 2, &r);
    if (st != HL_TERM_OK) return st;
    return raise(p, r);
}

/* monitor/3's options (OTP 25): {tag, Tag}, Tag an immediate here (an
 * atom, a small integer, a pid or a reference: a boxed tag would need a
 * root in every monitor); {alias, _} is not provided (no aliases). */
static hl_term_status mon_opts(hl_vm_proc *p, hl_term l, hl_term *tag) {
    *tag = 0;
    uint32_t n = 0;
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        hl_term o = hl_car(l);
        if (++n > OPTS_MAX || !hl_is_tuple(o) || hl_tuple_arity(o) != 2) return HL_TERM_BADARG;
        hl_term k = hl_tuple_get(o, 0), v = hl_tuple_get(o, 1);
        if (k == HL_AM(tag)) {
            if (!hl_is_immed(v)) return notsup(p, o);
            *tag = v;
        } else if (k == HL_AM(alias)) {
            return notsup(p, o);
        } else {
            return HL_TERM_BADARG;
        }
    }
    p->bif_cost += n / 8;
    return l == HL_NIL ? HL_TERM_OK : HL_TERM_BADARG;
}

BIF(b_monitor3) {
    NEED_WORLD();
    if (a[0] != HL_AM(process)) return HL_TERM_BADARG;
    hl_term tag;
    hl_term_status st = mon_opts(p, a[2], &tag);
    if (st != HL_TERM_OK) return st;
    return hl_vm_world_monitor_tagged(p, a[1], tag, out);
}

static bool non_neg(hl_term t) { return hl_is_small(t) && hl_small_val(t) >= 0; }

/* {priority, P}: low, normal, high (max is the runtime's own: not provided). */
static hl_term_status prio_flags(hl_vm_proc *p, hl_term option, hl_term v, uint32_t *flags) {
    if (v == HL_AM(low)) *flags = HL_ACT_PRIO_LOW;
    else if (v == HL_AM(high)) *flags = HL_ACT_PRIO_HIGH;
    else if (v == HL_AM(normal)) *flags = 0;
    else if (v == HL_AM(max)) return notsup(p, option);
    else return HL_TERM_BADARG;
    return HL_TERM_OK;
}

typedef struct spawn_opts {
    bool link, mon;
    hl_term tag;       /* {monitor, [{tag, T}]} */
    uint32_t prio;     /* HL_ACT_PRIO_* */
    uint64_t max_heap; /* {max_heap_size, Words}: bytes, 0 = none */
} spawn_opts;

/* {max_heap_size, Size | #{size => Size, kill => B, error_logger => B,
 * include_shared_binaries => B}}: the child's heap limit (bytes = words * 8)
 * when it kills (OTP's default); 0 or kill => false: no limit of its own. */
static hl_term_status max_heap_opt(hl_term v, uint64_t *bytes) {
    hl_term size = hl_make_small(0);
    bool kill = true;
    if (hl_is_map(v)) {
        if (hl_map_size(v) > 4) return HL_TERM_BADARG;
        hl_map_iter it;
        hl_map_iter_init(&it, v);
        hl_term k, x;
        while (hl_map_iter_next(&it, &k, &x)) {
            bool b = x == HL_AM(true) || x == HL_AM(false);
            if (k == HL_AM(size)) size = x;
            else if (k == HL_AM(kill) && b) kill = x == HL_AM(true);
            else if ((k == HL_AM(error_logger) || k == HL_AM(include_shared_binaries)) && b) continue;
            else return HL_TERM_BADARG;
        }
    } else {
        size = v;
    }
    if (!non_neg(size)) return HL_TERM_BADARG;
    uint64_t w = (uint64_t)hl_small_val(size);
    *bytes = !kill || w == 0 ? 0 : w > (UINT64_MAX >> 4) ? UINT64_MAX : w * sizeof(hl_term);
    return HL_TERM_OK;
}

/* spawn_opt's options (OTP 25): link, monitor, {monitor, MonOpts},
 * {priority, P}, {max_heap_size, S} honoured; {min_heap_size, N},
 * {min_bin_vheap_size, N}, {fullsweep_after, N} and
 * {message_queue_data, off_heap | on_heap} accepted (tuning of a collector
 * and a heap layout this runtime does not have: no effect); anything else
 * badarg, as in OTP. */
static hl_term_status parse_spawn_opts(hl_vm_proc *p, hl_term l, spawn_opts *so) {
    memset(so, 0, sizeof *so);
    uint32_t n = 0;
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        hl_term o = hl_car(l);
        hl_term_status st = HL_TERM_OK;
        if (++n > OPTS_MAX) return HL_TERM_BADARG;
        if (o == HL_AM(link)) {
            so->link = true;
        } else if (o == HL_AM(monitor)) {
            so->mon = true;
        } else if (hl_is_tuple(o) && hl_tuple_arity(o) == 2) {
            hl_term k = hl_tuple_get(o, 0), v = hl_tuple_get(o, 1);
            if (k == HL_AM(monitor)) so->mon = true, st = mon_opts(p, v, &so->tag);
            else if (k == HL_AM(priority)) st = prio_flags(p, o, v, &so->prio);
            else if (k == HL_AM(max_heap_size)) st = max_heap_opt(v, &so->max_heap);
            else if (k == HL_AM(min_heap_size) || k == HL_AM(min_bin_vheap_size) || k == HL_AM(fullsweep_after))
                st = non_neg(v) ? HL_TERM_OK : HL_TERM_BADARG;
            else if (k == HL_AM(message_queue_data))
                st = v == HL_AM(off_heap) || v == HL_AM(on_heap) ? HL_TERM_OK : HL_TERM_BADARG;
            else st = HL_TERM_BADARG;
        } else {
            st = HL_TERM_BADARG;
        }
        if (st != HL_TERM_OK) return st;
    }
    p->bif_cost += n / 8;
    return l == HL_NIL ? HL_TERM_OK : HL_TERM_BADARG;
}

/* After the spawn: what the options set on the new process (it has not
 * run yet) and on the caller's monitor of it. */
static hl_term_status spawn_opts_apply(hl_vm_proc *p, const spawn_opts *so, hl_term_status st, hl_term *out) {
    if (st != HL_TERM_OK) return st;
    hl_term pid = so->mon ? hl_tuple_get(*out, 0) : *out;
    hl_vm_proc *c = hl_vm_world_proc(p->world, pid);
    if (so->mon && so->tag) {
        uint64_t ref = hl_handle_immed_payload(hl_tuple_get(*out, 1));
        for (uint32_t i = p->act.nmon_out; i-- > 0;)
            if (p->act.mon_out[i].ref == ref) {
                p->act.mon_out[i].tag = so->tag;
                break;
            }
    }
    if (!c) return HL_TERM_OK;
    c->act.flags = (c->act.flags & ~(uint32_t)(HL_ACT_PRIO_LOW | HL_ACT_PRIO_HIGH)) | so->prio;
    if (so->max_heap && so->max_heap < c->max_heap) {
        uint64_t stack_bytes = c->stack_cap * sizeof(hl_term);
        c->max_heap = so->max_heap;
        c->heap.limit_bytes = c->max_heap > stack_bytes ? c->max_heap - stack_bytes : 0;
    }
    return HL_TERM_OK;
}

BIF(b_spawn_opt2) {
    NEED_WORLD();
    spawn_opts so;
    hl_term_status st = parse_spawn_opts(p, a[1], &so);
    if (st != HL_TERM_OK) return st;
    return spawn_opts_apply(p, &so, spawn_fun(p, a, out, so.link, so.mon, false), out);
}

BIF(b_spawn_opt4) {
    NEED_WORLD();
    spawn_opts so;
    hl_term_status st = parse_spawn_opts(p, a[3], &so);
    if (st != HL_TERM_OK) return st;
    return spawn_opts_apply(p, &so, spawn_mfa(p, a, out, so.link, so.mon), out);
}

/* Send options: a proper list of noconnect and nosuspend (else badarg,
 * as OTP 25 for send/3 and send_nosuspend/3). A local send never suspends
 * or connects, so each call answers as OTP does for a local process. */
static hl_term_status send_opts(hl_vm_proc *p, hl_term l) {
    uint32_t n = 0;
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        hl_term o = hl_car(l);
        if (++n > OPTS_MAX || !(o == HL_AM(noconnect) || o == HL_AM(nosuspend))) return HL_TERM_BADARG;
    }
    p->bif_cost += n / 8;
    return l == HL_NIL ? HL_TERM_OK : HL_TERM_BADARG;
}

BIF(b_send3) {
    NEED_WORLD();
    hl_term_status st = send_opts(p, a[2]);
    if (st != HL_TERM_OK) return st;
    st = hl_vm_world_send(p, a[0], a[1]);
    *out = HL_AM(ok);
    return finish(p, b_send3, st);
}

BIF(b_send_nosuspend2) {
    NEED_WORLD();
    hl_term_status st = hl_vm_world_send(p, a[0], a[1]);
    *out = HL_AM(true);
    return finish(p, b_send_nosuspend2, st);
}

BIF(b_send_nosuspend3) {
    NEED_WORLD();
    hl_term_status st = send_opts(p, a[2]);
    if (st != HL_TERM_OK) return st;
    st = hl_vm_world_send(p, a[0], a[1]);
    *out = HL_AM(true);
    return finish(p, b_send_nosuspend3, st);
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
    {HL_BI_SPAWN_OPT2, b_spawn_opt2},
    {HL_BI_SPAWN_OPT4, b_spawn_opt4},
    {HL_BI_MONITOR3, b_monitor3},
    {HL_BI_PROCESS_INFO1, b_process_info1},
    {HL_BI_SEND3, b_send3},
    {HL_BI_SEND_NOSUSPEND2, b_send_nosuspend2},
    {HL_BI_SEND_NOSUSPEND3, b_send_nosuspend3},
    {HL_BI_HL_HIBERNATE2, b_hibernate},
};
const size_t hl_vm_bifs_proc_count = sizeof hl_vm_bifs_proc / sizeof hl_vm_bifs_proc[0];
