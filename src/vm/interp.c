/* interp.c — the interpreter's hot loop: threaded code dispatched by
 * computed goto (GNU C labels-as-values; a portable switch when
 * HL_VM_SWITCH is defined or the compiler lacks them). Everything on the
 * hot path lives in this one function with x registers in a local array;
 * reductions are charged only on calls and backward jumps; allocation
 * checks are hoisted into test_heap. Slow paths (collection, exceptions,
 * stack growth, preemption) are out-of-line helpers in vm_support.c. */
#include <pthread.h>
#include <string.h>

#include "term/arith.h"
#include "vm/vm_bits.h"
#include "vm/vm_lists.h"
#include "term/biglin.h"
#include "vm/vm_bigop.h"
#include "vm/vm_trap.h"
#include "vm/vm_internal.h"
#include "vm/vm_map.h"
#include "vm/vm_support.h"

#if !defined(HL_VM_SWITCH) && !defined(__GNUC__)
#define HL_VM_SWITCH 1
#endif

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

static hl_tword handler_table[HL_ROP__COUNT];
_Static_assert(HL_VM_ALLOC_SMALL + 2 == 8, "nil_block clears 8 words");
static const hl_term nil_block[8] = {HL_NIL, HL_NIL, HL_NIL, HL_NIL, HL_NIL, HL_NIL, HL_NIL, HL_NIL};
static hl_tword halt_code[1];
/* Filled once by interp's init mode (only it knows the label addresses),
 * under pthread_once: programs are loaded on many threads at once. */
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

/* GCC factors computed gotos into one shared indirect jump unless told not
 * to (GCC manual, -fno-gcse for threaded interpreters); one jump per handler
 * is what lets the branch predictor learn instruction sequences. */
#if defined(__GNUC__) && !defined(__clang__)
#define HL_INTERP_ATTRS __attribute__((optimize("no-gcse", "no-crossjumping", "no-tree-slp-vectorize", "no-tree-vectorize")))
#else
#define HL_INTERP_ATTRS
#endif

HL_INTERP_ATTRS static hl_vm_status interp(hl_vm_proc *p, hl_term *x, uint64_t budget, int init);

static void fill_handlers(void) { (void)interp(NULL, NULL, 0, 1); }

const hl_tword *hl_vm_handlers(void) {
    (void)pthread_once(&handlers_once, fill_handlers);
    return handler_table;
}
const hl_tword *hl_vm_halt_code(void) {
    (void)pthread_once(&handlers_once, fill_handlers);
    return halt_code;
}

/* Operand access. Sources/destinations: (index << 3) | 0 x, 1 y, 2 const
 * (vm/load.h, HL_VM_OPND_*: the index as a byte offset). */
/* One table of base pointers makes operand access branch-free: base[0] = x,
 * base[1] = the current frame (E), base[2] = HL_VM_CONST_BASE (constant
 * operands hold their constant's address counted from it, vm/load.h). */
#define SRC(w) HL_VM_OPND(base, w)
#define DST(w) HL_VM_OPND(base, w)
#define SET_E(v) (E = (v), base[1] = E)
#define CONST(w) HL_VM_OPND(base, w)
/* an operand word the rule or the instruction's signature says is an x
 * register (y slot): one load at its byte offset */
#define XR(w) HL_VM_XREG(x, w)
#define YR(w) HL_VM_YREG(E, w)
/* A specialised handler's immediate operand (specialise.def: i and m
 * kinds): the term itself in the code word. (An n operand, an added small
 * integer, holds its negation's term: IMM_ARITH.) */
#define IMM(w) ((hl_term)(w))
#define LABEL(w) ((const hl_tword *)(w))

#ifndef HL_VM_SWITCH
#define CASE(name) L_##name:
#define DISPATCH() goto *(const void *)pc[0]
#else
#define CASE(name) case HLC_##name:
#define DISPATCH() goto dispatch
#endif
#define NEXT(n) do { pc += (n); DISPATCH(); } while (0)
#define JUMP(t) do { pc = LABEL(t); DISPATCH(); } while (0)

/* Save / reload the registers that live in locals around out-of-line calls. */
#define SAVE() (p->pc = pc, p->cp = cp, p->sp = (size_t)(sp - p->stack), p->e = (size_t)(E - p->stack))
#define RELOAD() (pc = p->pc, cp = p->cp, sp = p->stack + p->sp, SET_E(p->stack + p->e), stack_end = p->stack + p->stack_cap)

/* A new chunk of reductions (vm_support.c) through a copy, so that reds
 * itself never has its address taken and can live in a register. */
#define REFILL()                                                   \
    do {                                                           \
        uint64_t reds_ = reds;                                     \
        st = hl_vm_refill(p, &reds_, &budget);                     \
        reds = reds_;                                              \
    } while (0)

/* Reduction charge at a preemption point: `live` x registers are live.
 * If the process yields here every register it can name is saved, not only
 * those: a frameless function's live counts cover registers it has not
 * written yet (docs/codegen.md), so what they hold must not depend on
 * where a slice ended (the same collections keep the same terms). The
 * instruction is re-executed after a refill, so pc still points at it. */
#define CHARGE(live)                                               \
    do {                                                           \
        if (UNLIKELY(reds == 0)) {                                 \
            SAVE();                                                \
            (void)(live);                                          \
            p->nlive = xlim;                                       \
            REFILL();                                              \
            if (st != HL_VM_YIELD || reds == 0) goto leave_saved;  \
        }                                                          \
        reds--;                                                    \
    } while (0)

/* Charges what the last builtin (or comparison, map or bit-syntax step, or
 * binding call) cost: what the chunk cannot pay is owed, not dropped, and
 * added at the next refill, so the count never depends on where slices or
 * chunks happen to end. */
#define PAY_COST()                                                 \
    do {                                                           \
        if (reds >= p->bif_cost) reds -= p->bif_cost;              \
        else p->reds_debt += p->bif_cost - reds, reds = 0;         \
    } while (0)

/* Raise error:Reason from an instruction (pc at it). */
#define RAISE(cls, reason)                                              \
    do {                                                                \
        SAVE();                                                         \
        st = hl_vm_raise(p, x, (cls), (reason), HL_NONE);               \
        goto after_raise;                                               \
    } while (0)
#define RAISE_TAGGED(tag, v)                                            \
    do {                                                                \
        SAVE();                                                         \
        st = hl_vm_raise_tagged(p, x, (tag), (v));                      \
        goto after_raise;                                               \
    } while (0)

/* Garbage collection at a test_heap-like point. */
#define GC(need, live, extra, nextra)                                               \
    do {                                                                            \
        SAVE();                                                                     \
        st = hl_vm_gc(p, x, (live), (need), (extra), (nextra));                     \
        if (st != HL_VM_YIELD) goto leave_saved;                                    \
    } while (0)

/* The compare instructions' slow path (operands not both small, or not
 * both immediate): a comparison larger than a quantum yields as a builtin
 * does (bif_compare.c, docs/builtins.md): charged, then cmp_again. */
#define CMP_SLOW(c, a, b, exact) CMP_SLOW_MODE(c, a, b, exact, false)
#define CMP_SLOW_EQ(c, a, b, exact) CMP_SLOW_MODE(c, a, b, exact, true)
#define CMP_SLOW_MODE(c, a, b, exact, eq_only)                                   \
    do {                                                                         \
        p->bif_cost = 0;                                                         \
        HL_CMP_PROBE_START();                                                    \
        cmp_st = hl_vm_cmp_instr(p, (a), (b), (exact), (eq_only), &(c));         \
        HL_CMP_PROBE();                                                          \
        if (UNLIKELY(p->bif_cost)) PAY_COST();                                   \
        if (UNLIKELY(cmp_st != HL_TERM_OK)) goto cmp_again;                      \
    } while (0)

/* Test builds: the longest single builtin calls (p->probe, vm_trap.h). */
#ifdef HL_TEST_HOOKS
#define HL_BIF_PROBE_START() uint64_t probe_t0 = hl_vm_probe_now_ns()
#define HL_BIF_PROBE_END(fn) hl_vm_probe_bif(p, (fn), ts, probe_t0)
#define HL_BIF_PROBE_RESTART() (probe_t0 = hl_vm_probe_now_ns())
/* an instruction that may collect inside: the collections left out */
#define HL_MAP_PROBE_START() uint64_t probe_t0 = hl_vm_probe_now_ns(), probe_gc0 = p->probe.gc_ns
#define HL_MAP_PROBE_END() hl_vm_probe_bif(p, hl_vm_map_instr_marker, ts, probe_t0 + (p->probe.gc_ns - probe_gc0))
#define HL_CMP_PROBE_START() uint64_t cmp_t0 = hl_vm_probe_now_ns()
#define HL_CMP_PROBE() hl_vm_probe_bif(p, NULL, cmp_st, cmp_t0)
#else
#define HL_CMP_PROBE_START() ((void)0)
#define HL_CMP_PROBE() ((void)0)
#define HL_BIF_PROBE_START() ((void)0)
#define HL_BIF_PROBE_END(fn) ((void)0)
#define HL_BIF_PROBE_RESTART() ((void)0)
#define HL_MAP_PROBE_START() ((void)0)
#define HL_MAP_PROBE_END() ((void)0)
#endif

HL_INTERP_ATTRS static hl_vm_status interp(hl_vm_proc *p, hl_term *x, uint64_t budget, int init) {
#ifndef HL_VM_SWITCH
    if (init) {
#define HL_OP(name, sig, flags) handler_table[HL_OP_##name] = (hl_tword)&&L_##name;
#include "bc/opcodes.def"
#undef HL_OP
        handler_table[HL_ROP_halt] = (hl_tword)&&L_halt;
        handler_table[HL_ROP_lazy] = (hl_tword)&&L_lazy;
        handler_table[HL_ROP_lazy_fn] = (hl_tword)&&L_lazy_fn;
#define HL_SPEC(name, op, kinds, value, next, next_kinds, next2) handler_table[HL_ROP_##name] = (hl_tword)&&L_##name;
#include "vm/specialise.def"
#undef HL_SPEC
        halt_code[0] = handler_table[HL_ROP_halt];
        return HL_VM_DONE;
    }
#else
    if (init) {
        for (unsigned i = 0; i < HL_ROP__COUNT; i++) handler_table[i] = i;
        halt_code[0] = HL_ROP_halt;
        return HL_VM_DONE;
    }
    enum {
#define HL_OP(name, sig, flags) HLC_##name = HL_OP_##name,
#include "bc/opcodes.def"
#undef HL_OP
        HLC_halt = HL_ROP_halt,
        HLC_lazy = HL_ROP_lazy,
        HLC_lazy_fn = HL_ROP_lazy_fn,
#define HL_SPEC(name, op, kinds, value, next, next_kinds, next2) HLC_##name = HL_ROP_##name,
#include "vm/specialise.def"
#undef HL_SPEC
    };
#endif
    hl_heap *H = &p->heap;
    /* x registers at or above xlim are never named by the code this process
     * can run (vm/load.h, x_span): live counts stop there */
    const uint32_t xlim = p->xlim;
    const hl_tword *pc, *cp;
    hl_term *sp, *E, *stack_end;
    hl_term *base[4] = {x, NULL, (hl_term *)(uintptr_t)hl_vm_const_base, NULL};
    uint64_t reds = 0;
    hl_vm_status st;
    hl_term_status cmp_st = HL_TERM_OK;
    hl_vm_bif_fn big_job = NULL; /* the long bignum job big_mul_job runs (vm_bigop.h) */
    /* an arithmetic instruction's operand values, for its generic handler
     * (a specialised one's immediate operand is not a constant's address)
     * and big_mul_job */
    hl_term arith_a = HL_NIL, arith_b = HL_NIL;
    RELOAD();
    /* The first chunk of reductions. */
    REFILL();
    if (st != HL_VM_YIELD || reds == 0) goto leave_saved;
    DISPATCH();

#ifdef HL_VM_SWITCH
dispatch:
    switch ((unsigned)pc[0]) {
#endif

    /* ---- functions, frames, calls ---------------------------------- */
    CASE(func_info) {
        SAVE();
        st = hl_vm_raise_function_clause(p, x);
        goto after_raise;
    }
    CASE(allocate) {
        size_t n = pc[1];
        if (UNLIKELY((size_t)(stack_end - sp) < n + 2)) {
            SAVE();
            st = hl_vm_grow_stack(p, n + 2);
            if (st != HL_VM_YIELD) goto leave_saved;
            RELOAD();
        }
        /* whole 8-word blocks with wide stores, then the rest */
        size_t i = 0;
        for (; i + 8 <= n; i += 8) memcpy(sp + i, nil_block, sizeof nil_block);
        for (; i < n; i++) sp[i] = HL_NIL;
        sp[n] = hl_make_handle_immed(HL_VM_H_CP, (uint64_t)(uintptr_t)cp);
        sp[n + 1] = hl_make_small((int64_t)n);
        SET_E(sp);
        sp += n + 2;
        /* a frame of up to HL_BC_MAX_FRAME (65,536) slots is cleared here:
         * one reduction per 512 slots (~0.1 us), owed like straight-line
         * code's, so a call of a huge-frame function is not one reduction */
        if (UNLIKELY(n >= 512)) {
            size_t owe = n >> 9;
            if (reds >= owe) reds -= owe;
            else p->reds_debt += owe - reds, reds = 0;
        }
        NEXT(3);
    }
    /* allocate_small clears a fixed 8 words: the frame (n slots, CP, size)
     * then gets written over, the rest lies above sp, outside every root. */
#define ALLOCATE_SMALL()                                                      \
    do {                                                                      \
        size_t n = pc[1];                                                     \
        if (UNLIKELY((size_t)(stack_end - sp) < HL_VM_ALLOC_SMALL + 2)) {     \
            SAVE();                                                           \
            st = hl_vm_grow_stack(p, HL_VM_ALLOC_SMALL + 2);                  \
            if (st != HL_VM_YIELD) goto leave_saved;                          \
            RELOAD();                                                         \
        }                                                                     \
        memcpy(sp, nil_block, sizeof nil_block);                              \
        sp[n] = hl_make_handle_immed(HL_VM_H_CP, (uint64_t)(uintptr_t)cp);    \
        sp[n + 1] = hl_make_small((int64_t)n);                                \
        SET_E(sp);                                                            \
        sp += n + 2;                                                          \
    } while (0)
#define DEALLOCATE_RETURN(w)                                                  \
    do {                                                                      \
        pc = (const hl_tword *)(uintptr_t)hl_handle_immed_payload(E[(w)]);    \
        sp = E;                                                               \
        SET_E(sp - 2 - hl_small_val(sp[-1])); /* the sentinel frame ends the chain */ \
    } while (0)
    CASE(allocate_small) {
        ALLOCATE_SMALL();
        NEXT(3);
    }
    CASE(allocate_small_mxy) { /* + the move x -> y that follows */
        ALLOCATE_SMALL();
        YR(pc[5]) = XR(pc[4]);
        NEXT(6);
    }
    CASE(deallocate_return) {
        DEALLOCATE_RETURN(pc[1]);
        DISPATCH();
    }
    CASE(move_yx_return) { /* + the deallocate and return that follow */
        XR(pc[2]) = YR(pc[1]);
        DEALLOCATE_RETURN(pc[4]);
        DISPATCH();
    }
#undef ALLOCATE_SMALL
#undef DEALLOCATE_RETURN
    CASE(deallocate) {
        cp = (const hl_tword *)(uintptr_t)hl_handle_immed_payload(E[pc[1]]);
        sp = E;
        SET_E(sp - 2 - hl_small_val(sp[-1])); /* the sentinel frame ends the chain */
        NEXT(2);
    }
    CASE(return)
    op_return: {
        pc = cp;
        DISPATCH();
    }
    /* call_ext*: the linker put the imported callee's entry in pc[2] (or
     * the stub of an import linked on first use, which the `lazy`
     * instruction below patches), so they run exactly as the local calls
     * do. The operand is read atomically: another thread may be patching
     * it (a plain load on the machines we build for). */
#define CALL_TARGET_AT(o) __atomic_load_n(&pc[(o) + 2], __ATOMIC_ACQUIRE)
#define CALL_TARGET() CALL_TARGET_AT(0)
    CASE(call_ext)
    CASE(call) {
        CHARGE((uint32_t)pc[1]);
        cp = pc + 3;
        JUMP(CALL_TARGET());
    }
    CASE(call_ext_last)
    CASE(call_last) {
        CHARGE((uint32_t)pc[1]);
        cp = (const hl_tword *)(uintptr_t)hl_handle_immed_payload(E[pc[3]]);
        sp = E;
        SET_E(sp - 2 - hl_small_val(sp[-1])); /* the sentinel frame ends the chain */
        JUMP(CALL_TARGET());
    }
    /* a tail call at pc (call_only, and the pairs that end with one) */
#define TAIL_CALL()                                               \
    do {                                                          \
        CHARGE((uint32_t)pc[1]);                                  \
        JUMP(CALL_TARGET());                                      \
    } while (0)
    /* the same at pc + o (a pair whose second instruction is the call):
     * the call's target is loaded from the pair's own pc, so a loop's chain
     * of dependent pc values has no add before that load; pc moves to the
     * call only on the way to a refill */
#define TAIL_CALL_AT(o)                                           \
    do {                                                          \
        if (UNLIKELY(reds == 0)) {                                \
            pc += (o);                                            \
            TAIL_CALL();                                          \
        }                                                         \
        reds--;                                                   \
        JUMP(CALL_TARGET_AT(o));                                  \
    } while (0)
    CASE(call_ext_only)
    CASE(call_only)
    {
        TAIL_CALL();
    }
    /* The stub of an import linked on first use, reached as if it were the
     * callee's entry (the arguments in x, cp set): load and link the
     * module, patch the call sites, go on at the callee. */
    CASE(lazy) {
        const hl_program *m = (const hl_program *)(uintptr_t)pc[1];
        const hl_tword *entry = NULL;
        hl_fn_load ls = hl_link_lazy(m, (uint32_t)pc[2], &entry);
        if (UNLIKELY(ls != HL_FN_OK)) {
            SAVE();
            if (ls == HL_FN_REFUSED) {
                const hl_program_import *im = &m->imports[pc[2]];
                st = hl_vm_raise_not_loaded(p, x, im->module, im->function, im->arity);
                goto after_raise;
            }
            /* the stdlib module or function does not load (out of memory,
             * or the engine's atom table is full): the run cannot go on */
            st = hl_vm_fault_status(p, HL_TERM_NOMEM);
            goto leave_saved;
        }
        pc = entry;
        DISPATCH();
    }
    /* The stub of a stdlib function not translated yet, reached as if it
     * were its entry: gate and translate it (once, whichever thread comes
     * first), then go on at its entry. */
    CASE(lazy_fn) {
        const hl_program *m = (const hl_program *)(uintptr_t)pc[1];
        uint32_t fn = (uint32_t)pc[2];
        const hl_tword *entry = NULL;
        hl_fn_load ls = hl_program_fn_load(m, fn, &entry);
        if (UNLIKELY(ls != HL_FN_OK)) {
            SAVE();
            if (ls == HL_FN_REFUSED) {
                st = hl_vm_raise_not_loaded(p, x, m->fn_modules[fn], m->fn_names[fn], m->funcs[fn].arity);
                goto after_raise;
            }
            st = hl_vm_fault_status(p, HL_TERM_NOMEM);
            goto leave_saved;
        }
        pc = entry;
        DISPATCH();
    }
    CASE(call_fun) {
        CHARGE((uint32_t)pc[1] + 1);
        const hl_tword *entry = hl_vm_fun_entry(p, x, (uint32_t)pc[1]);
        if (UNLIKELY(!entry)) goto bad_fun;
        cp = pc + 2;
        pc = entry;
        DISPATCH();
    }
    CASE(call_fun_last) {
        CHARGE((uint32_t)pc[1] + 1);
        const hl_tword *entry = hl_vm_fun_entry(p, x, (uint32_t)pc[1]);
        if (UNLIKELY(!entry)) goto bad_fun;
        cp = (const hl_tword *)(uintptr_t)hl_handle_immed_payload(E[pc[2]]);
        sp = E;
        SET_E(sp - 2 - hl_small_val(sp[-1])); /* the sentinel frame ends the chain */
        pc = entry;
        DISPATCH();
    }
    CASE(call_fun_only) {
        CHARGE((uint32_t)pc[1] + 1);
        const hl_tword *entry = hl_vm_fun_entry(p, x, (uint32_t)pc[1]);
        if (UNLIKELY(!entry)) goto bad_fun;
        pc = entry;
        DISPATCH();
    }
    CASE(bif) {
        /* fail, fn, live, K, args..., dst */
        uint32_t k = (uint32_t)pc[4];
        hl_term args[HL_BC_MAX_ARITY];
        for (uint32_t i = 0; i < k; i++) args[i] = SRC(pc[5 + i]);
        hl_term out;
        hl_vm_bif_fn fn = (hl_vm_bif_fn)pc[2];
        p->bif_cost = 0;
        p->bif_reds_left = reds; /* the virtual clock reads the exact count (bif_time.c) */
        HL_BIF_PROBE_START();
        hl_term_status ts = fn(p, args, &out);
        if (UNLIKELY(ts == HL_TERM_HEAP_LIMIT)) {
            /* a little room beyond the live data: a yielding builtin's
             * small steps (vm_trap.h) then always fit on the retry */
            HL_BIF_PROBE_END(fn); /* the collection is not the builtin's time */
            GC(HL_VM_TRAP_ROOM, (uint32_t)pc[3], args, k);
            HL_BIF_PROBE_RESTART();
            ts = fn(p, args, &out);
        }
        HL_BIF_PROBE_END(fn);
        if (UNLIKELY(p->bif_cost)) PAY_COST();
        if (UNLIKELY(ts != HL_TERM_OK)) {
            if (ts == HL_VM_BIF_HIBERNATE) {
                /* the process waits; it resumes in the fun (vm_hibernate.c) */
                SAVE();
                st = hl_vm_hibernate(p, x, args[0], args[1]);
                goto leave_saved;
            }
            if (ts == HL_VM_BIF_TRAP) {
                /* A quantum done (charged above), its state in p->trap:
                 * a preemption point, then this instruction again. A
                 * process builtin may end the slice here (erlang:yield/0,
                 * an exit signal that killed the caller: vm_world.c). */
                if (reds == 0 || UNLIKELY(p->act.flags & HL_ACT_YIELD)) {
                    SAVE();
                    p->nlive = xlim; /* every register, as CHARGE */
                    if (p->act.flags & HL_ACT_YIELD) budget = 0;
                    REFILL();
                    if (st != HL_VM_YIELD || reds == 0) goto leave_saved;
                }
                DISPATCH();
            }
            if (ts == HL_TERM_HEAP_LIMIT || ts == HL_TERM_NOMEM || ts == HL_TERM_BUDGET) {
                /* BUDGET: a step too large to take in one call (a
                 * comparison of pieces no walk takes apart): the run stops
                 * with a reductions fault, never a guard failure or badarg */
                SAVE();
                st = hl_vm_fault_status(p, ts);
                goto leave_saved;
            }
            if (pc[1]) JUMP(pc[1]);
            SAVE();
            st = hl_vm_raise_status(p, x, ts);
            goto after_raise;
        }
        /* Builtins allocate in fragments; a loop of them that never reaches
         * test_heap (maps:put/3 in a loop) collects here, as BEAM does
         * after a BIF, once the fragments outgrow the block. */
        if (UNLIKELY(hl_heap_collect_due(H))) GC(0, (uint32_t)pc[3], &out, 1);
        DST(pc[5 + k]) = out;
        NEXT(6 + k);
    }

    /* ---- moves ------------------------------------------------------ */
    CASE(move) {
        DST(pc[2]) = SRC(pc[1]);
        NEXT(3);
    }
    CASE(move_xx) {
        XR(pc[2]) = XR(pc[1]);
        NEXT(3);
    }
    CASE(move_xx2) { /* + the move x -> x that follows (argument shuffles) */
        XR(pc[2]) = XR(pc[1]);
        XR(pc[5]) = XR(pc[4]);
        NEXT(6);
    }
    /* x register tests of a clause (their operands at pc + o: o is 3 when
     * a move x -> x before them is fused with them) */
#define IS_EQ_EXACT_XM(o)                                         \
    do {                                                          \
        if (XR(pc[(o) + 2]) != IMM(pc[(o) + 3])) JUMP(pc[(o) + 1]); \
        NEXT((o) + 4);                                            \
    } while (0)
#define IS_NIL_X(o)                                               \
    do {                                                          \
        if (XR(pc[(o) + 2]) != HL_NIL) JUMP(pc[(o) + 1]);         \
        NEXT((o) + 3);                                            \
    } while (0)
    /* a move x -> x + the instruction that follows, whose handler then
     * runs at its own pc (a function's entry: the argument to its home and
     * the first clause's test; a tail call's last argument and the call) */
#define MOVE_XX_THEN(name, then)                                  \
    CASE(name) {                                                  \
        XR(pc[2]) = XR(pc[1]);                                    \
        pc += 3;                                                  \
        goto then;                                                \
    }
    MOVE_XX_THEN(move_xx_return, op_return)
    MOVE_XX_THEN(move_xx_is_lt_xc, op_is_lt_xc)
    MOVE_XX_THEN(move_xx_is_ge_xc, op_is_ge_xc)
#undef MOVE_XX_THEN
    /* a tail call's last argument and the call (TAIL_CALL_AT) */
    CASE(move_xx_call_only) {
        XR(pc[2]) = XR(pc[1]);
        TAIL_CALL_AT(3);
    }
    /* the same with the test written out at its offset (IS_EQ_EXACT_XM,
     * IS_NIL_X): the next pc is loaded from, or added to, the pair's own,
     * so a loop's chain of dependent pc values has one add fewer */
    CASE(move_xx_is_eq_exact_xm) {
        XR(pc[2]) = XR(pc[1]);
        IS_EQ_EXACT_XM(3);
    }
    CASE(move_xx_is_nil_x) {
        XR(pc[2]) = XR(pc[1]);
        IS_NIL_X(3);
    }
    CASE(move_cx) {
        XR(pc[2]) = CONST(pc[1]);
        NEXT(3);
    }
    CASE(move_xy) {
        YR(pc[2]) = XR(pc[1]);
        NEXT(3);
    }
    CASE(move_yx) {
        XR(pc[2]) = YR(pc[1]);
        NEXT(3);
    }
    CASE(move_yy) {
        YR(pc[2]) = YR(pc[1]);
        NEXT(3);
    }
    CASE(move_cy) {
        YR(pc[2]) = CONST(pc[1]);
        NEXT(3);
    }
    CASE(swap) {
        hl_term a = DST(pc[1]);
        DST(pc[1]) = DST(pc[2]);
        DST(pc[2]) = a;
        NEXT(3);
    }

    /* ---- type tests ------------------------------------------------- */
#define TEST(name, cond)                         \
    CASE(name) {                                 \
        hl_term v = SRC(pc[2]);                  \
        if (!(cond)) JUMP(pc[1]);                \
        NEXT(3);                                 \
    }
    TEST(is_integer, hl_is_integer(v))
    TEST(is_float, hl_is_float(v))
    TEST(is_number, hl_is_number(v))
    TEST(is_atom, hl_is_atom(v))
    TEST(is_boolean, v == HL_AM(true) || v == HL_AM(false))
    TEST(is_tuple, hl_is_tuple(v))
    TEST(is_list, hl_is_list(v))
    TEST(is_nonempty_list, hl_is_cons(v))
    TEST(is_nil, v == HL_NIL)
    TEST(is_binary, hl_vm_is_binary(v))
    TEST(is_bitstring, hl_is_binary_obj(v))
    TEST(is_map, hl_is_map(v))
    TEST(is_function, hl_is_fun(v))
    TEST(is_pid, hl_is_handle_immed(v) && hl_handle_immed_subtag(v) == HL_HANDLE_PID)
    TEST(is_reference, hl_is_handle_immed(v) && hl_handle_immed_subtag(v) == HL_HANDLE_REF)
#undef TEST
    CASE(is_function2) {
        hl_term v = SRC(pc[2]);
        if (!hl_vm_is_fun_arity(p, v, (uint32_t)pc[3])) JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_tagged_tuple) {
        hl_term v = SRC(pc[2]);
        if (!hl_is_tuple(v) || hl_tuple_arity(v) != pc[3] || pc[3] == 0 || hl_tuple_get(v, 0) != (hl_term)pc[4])
            JUMP(pc[1]);
        NEXT(5);
    }
    CASE(test_arity) {
        hl_term v = SRC(pc[2]);
        if (!hl_is_tuple(v) || hl_tuple_arity(v) != pc[3]) JUMP(pc[1]);
        NEXT(4);
    }

    /* ---- comparisons ------------------------------------------------ */
    /* A term-order test: the small-integer fast path when SMALL holds (a
     * tagged small compares as its machine word), else the full
     * comparison (CMP_SLOW may trap); jumps to pc[1] when `a OP b` fails. */
#define ORDER_TEST(A, B, SMALL, OP)                                  \
    {                                                                \
        hl_term a = (A), b = (B);                                    \
        if (LIKELY(SMALL)) {                                         \
            if (!((int64_t)a OP(int64_t) b)) JUMP(pc[1]);            \
        } else {                                                     \
            int c_;                                                  \
            CMP_SLOW(c_, a, b, false);                               \
            if (!(c_ OP 0)) JUMP(pc[1]);                             \
        }                                                            \
        NEXT(4);                                                     \
    }
    CASE(is_lt_sc) ORDER_TEST(SRC(pc[2]), IMM(pc[3]), hl_is_small(a), <)
    CASE(is_ge_sc) ORDER_TEST(SRC(pc[2]), IMM(pc[3]), hl_is_small(a), >=)
    CASE(is_lt_cs) ORDER_TEST(IMM(pc[2]), SRC(pc[3]), hl_is_small(b), <)
    CASE(is_ge_cs) ORDER_TEST(IMM(pc[2]), SRC(pc[3]), hl_is_small(b), >=)
    CASE(is_lt_xc) op_is_lt_xc: ORDER_TEST(XR(pc[2]), IMM(pc[3]), hl_is_small(a), <)
    CASE(is_ge_xc) op_is_ge_xc: ORDER_TEST(XR(pc[2]), IMM(pc[3]), hl_is_small(a), >=)
    /* =:= / =/= against an immediate constant: identity (an immediate is
     * exactly equal only to itself: 0 =/= 0.0, a boxed term is never one). */
    CASE(is_eq_exact_sm) {
        if (SRC(pc[2]) != IMM(pc[3])) JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_ne_exact_sm) {
        if (SRC(pc[2]) == IMM(pc[3])) JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_eq_exact_xm) IS_EQ_EXACT_XM(0);
    /* a loop's inverted clause test (docs/codegen.md, the loop layout):
     * the iteration falls through, the exit jumps */
    CASE(is_ne_exact_xm) {
        if (XR(pc[2]) == IMM(pc[3])) JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_nil_x) IS_NIL_X(0);
#undef IS_EQ_EXACT_XM
#undef IS_NIL_X
    /* is_tuple + the test_arity that follows (pc[3] is its opcode word) */
    CASE(is_tuple_arity) {
        hl_term v = SRC(pc[2]);
        if (!hl_is_tuple(v)) JUMP(pc[1]);
        v = SRC(pc[5]);
        if (!hl_is_tuple(v) || hl_tuple_arity(v) != pc[6]) JUMP(pc[4]);
        NEXT(7);
    }
    /* + the get_tuple_element of the same register that follows the
     * test_arity, at an index below the arity (the loader checked both):
     * the element needs no check of its own */
    CASE(is_tuple_arity_get2_x) { /* the same + a second element ({A, B} = X) */
        hl_term v = XR(pc[2]);
        if (!hl_is_tuple(v)) JUMP(pc[1]);
        if (hl_tuple_arity(v) != pc[6]) JUMP(pc[4]);
        XR(pc[10]) = hl_tuple_get(v, pc[9]);
        XR(pc[14]) = hl_tuple_get(v, pc[13]);
        NEXT(15);
    }
    CASE(is_tuple_arity_get_x) {
        hl_term v = XR(pc[2]);
        if (!hl_is_tuple(v)) JUMP(pc[1]);
        if (hl_tuple_arity(v) != pc[6]) JUMP(pc[4]);
        XR(pc[10]) = hl_tuple_get(v, pc[9]);
        NEXT(11);
    }
    CASE(is_tuple_arity_x) {
        hl_term v = XR(pc[2]);
        if (!hl_is_tuple(v)) JUMP(pc[1]);
        v = XR(pc[5]);
        if (!hl_is_tuple(v) || hl_tuple_arity(v) != pc[6]) JUMP(pc[4]);
        NEXT(7);
    }
    /* is_nonempty_list + the get_list that follows (which raises itself
     * when its source is not a cons: its own handler, at pc + 3) */
    CASE(is_cons_get_list) {
        hl_term v = SRC(pc[2]);
        if (!hl_is_cons(v)) JUMP(pc[1]);
        v = SRC(pc[4]);
        if (UNLIKELY(!hl_is_cons(v))) NEXT(3);
        hl_term h = hl_car(v), t = hl_cdr(v);
        DST(pc[5]) = h;
        DST(pc[6]) = t;
        NEXT(7);
    }
    CASE(is_cons_get_list_x) {
        hl_term v = XR(pc[2]);
        if (!hl_is_cons(v)) JUMP(pc[1]);
        v = XR(pc[4]);
        if (UNLIKELY(!hl_is_cons(v))) NEXT(3);
        hl_term h = hl_car(v), t = hl_cdr(v);
        XR(pc[5]) = h;
        XR(pc[6]) = t;
        NEXT(7);
    }
    CASE(is_lt_yc) ORDER_TEST(YR(pc[2]), IMM(pc[3]), hl_is_small(a), <)
    CASE(is_ge_yc) ORDER_TEST(YR(pc[2]), IMM(pc[3]), hl_is_small(a), >=)
    CASE(is_lt) ORDER_TEST(SRC(pc[2]), SRC(pc[3]), hl_both_small(a, b), <)
    CASE(is_ge) ORDER_TEST(SRC(pc[2]), SRC(pc[3]), hl_both_small(a, b), >=)
#undef ORDER_TEST
    CASE(is_eq) {
        hl_term a = SRC(pc[2]), b = SRC(pc[3]);
        if (a != b) {
            if (hl_is_immed(a) && hl_is_immed(b)) JUMP(pc[1]);
            int c_;
            CMP_SLOW_EQ(c_, a, b, false);
            if (c_ != 0) JUMP(pc[1]);
        }
        NEXT(4);
    }
    CASE(is_ne) {
        hl_term a = SRC(pc[2]), b = SRC(pc[3]);
        if (a == b) JUMP(pc[1]);
        if (!(hl_is_immed(a) && hl_is_immed(b))) {
            int c_;
            CMP_SLOW_EQ(c_, a, b, false);
            if (c_ == 0) JUMP(pc[1]);
        }
        NEXT(4);
    }
    CASE(is_eq_exact) {
        hl_term a = SRC(pc[2]), b = SRC(pc[3]);
        if (a != b) {
            if (hl_is_immed(a) || hl_is_immed(b)) JUMP(pc[1]);
            int c_;
            CMP_SLOW_EQ(c_, a, b, true);
            if (c_ != 0) JUMP(pc[1]);
        }
        NEXT(4);
    }
    CASE(is_ne_exact) {
        hl_term a = SRC(pc[2]), b = SRC(pc[3]);
        if (a == b) JUMP(pc[1]);
        if (!hl_is_immed(a) && !hl_is_immed(b)) {
            int c_;
            CMP_SLOW_EQ(c_, a, b, true);
            if (c_ == 0) JUMP(pc[1]);
        }
        NEXT(4);
    }

    /* ---- branches --------------------------------------------------- */
    CASE(jump) {
        if (LABEL(pc[1]) <= pc) CHARGE(xlim);
        JUMP(pc[1]);
    }
    CASE(select_val) {
        hl_term v = SRC(pc[1]);
        uint32_t k = (uint32_t)pc[3];
        const hl_tword *t = pc + 4;
        if (hl_is_immed(v)) {
            for (uint32_t i = 0; i < k; i++)
                if ((hl_term)t[2 * i] == v) JUMP(t[2 * i + 1]);
        } else {
            for (uint32_t i = 0; i < k; i++) {
                if (hl_is_immed((hl_term)t[2 * i])) continue;
                int c_;
                hl_term_status ts = hl_vm_cmp(p, v, (hl_term)t[2 * i], true, &c_);
                if (UNLIKELY(ts != HL_TERM_OK)) { /* no answer: the run stops */
                    SAVE();
                    st = hl_vm_fault_status(p, ts);
                    goto leave_saved;
                }
                if (c_ == 0) JUMP(t[2 * i + 1]);
            }
        }
        JUMP(pc[2]);
    }
    CASE(select_tuple_arity) {
        hl_term v = SRC(pc[1]);
        if (hl_is_tuple(v)) {
            size_t ar = hl_tuple_arity(v);
            uint32_t k = (uint32_t)pc[3];
            for (uint32_t i = 0; i < k; i++)
                if (pc[4 + 2 * i] == ar) JUMP(pc[5 + 2 * i]);
        }
        JUMP(pc[2]);
    }

    /* ---- deconstruction (types checked: the gate does not infer them) */
    CASE(get_list) {
        hl_term v = SRC(pc[1]);
        if (UNLIKELY(!hl_is_cons(v))) RAISE(HL_AM(error), HL_AM(badarg));
        hl_term h = hl_car(v), t = hl_cdr(v);
        DST(pc[2]) = h;
        DST(pc[3]) = t;
        NEXT(4);
    }
    CASE(get_hd) {
        hl_term v = SRC(pc[1]);
        if (UNLIKELY(!hl_is_cons(v))) RAISE(HL_AM(error), HL_AM(badarg));
        DST(pc[2]) = hl_car(v);
        NEXT(3);
    }
    CASE(get_tl) {
        hl_term v = SRC(pc[1]);
        if (UNLIKELY(!hl_is_cons(v))) RAISE(HL_AM(error), HL_AM(badarg));
        DST(pc[2]) = hl_cdr(v);
        NEXT(3);
    }
    CASE(get_tuple_element) {
        hl_term v = SRC(pc[1]);
        if (UNLIKELY(!hl_is_tuple(v) || pc[2] >= hl_tuple_arity(v))) RAISE(HL_AM(error), HL_AM(badarg));
        DST(pc[3]) = hl_tuple_get(v, pc[2]);
        NEXT(4);
    }
    CASE(get_tuple_element_x) {
        hl_term v = XR(pc[1]);
        if (UNLIKELY(!hl_is_tuple(v) || pc[2] >= hl_tuple_arity(v))) RAISE(HL_AM(error), HL_AM(badarg));
        XR(pc[3]) = hl_tuple_get(v, pc[2]);
        NEXT(4);
    }

    /* ---- construction ------------------------------------------------ */
    CASE(test_heap) {
        /* hl_heap_need's test as one signed comparison: top may pass end
         * in GC-always mode (both stay inside the block), and a need is
         * at most HL_BC_MAX_HEAP_NEED words */
        if (UNLIKELY(H->end - H->top < (ptrdiff_t)pc[1])) GC(pc[1], (uint32_t)pc[2], NULL, 0);
        NEXT(3);
    }
    CASE(put_list) {
        hl_term *c = hl_heap_bump(H, 2);
        c[0] = SRC(pc[1]);
        c[1] = SRC(pc[2]);
        DST(pc[3]) = hl_make_cons(c);
        NEXT(4);
    }
    CASE(put_list_x) {
        hl_term *c = hl_heap_bump(H, 2);
        c[0] = XR(pc[1]);
        c[1] = XR(pc[2]);
        XR(pc[3]) = hl_make_cons(c);
        NEXT(4);
    }
    CASE(put_tuple) {
        uint32_t k = (uint32_t)pc[2];
        hl_term *t = hl_heap_bump(H, (size_t)k + 1);
        t[0] = hl_make_header(HL_SUB_TUPLE, k);
        for (uint32_t i = 0; i < k; i++) t[1 + i] = SRC(pc[3 + i]);
        DST(pc[1]) = hl_make_boxed(t);
        NEXT(3 + k);
    }
    CASE(put_tuple2_x) { /* {A, B}, everything in x registers */
        hl_term *t = hl_heap_bump(H, 3);
        t[0] = hl_make_header(HL_SUB_TUPLE, 2);
        t[1] = XR(pc[3]);
        t[2] = XR(pc[4]);
        XR(pc[1]) = hl_make_boxed(t);
        NEXT(5);
    }
    CASE(make_fun) {
        uint32_t k = (uint32_t)pc[3];
        hl_term *f = hl_heap_bump(H, (size_t)k + 3);
        f[0] = hl_make_header(HL_SUB_FUN, (uint64_t)k + 2);
        const hl_fun_site *site = (const hl_fun_site *)pc[2];
        f[1] = (hl_term)(uintptr_t)site->prog;
        f[2] = (hl_term)site->index;
        for (uint32_t i = 0; i < k; i++) f[3 + i] = SRC(pc[4 + i]);
        DST(pc[1]) = hl_make_boxed(f);
        NEXT(4 + k);
    }

    /* ---- arithmetic --------------------------------------------------- */
#define ARITH(name, fast, slow, quad, lin, linop)                                     \
    CASE(name)                                                                        \
    arith_a = SRC(pc[3]), arith_b = SRC(pc[4]);                                       \
    name##_ab: {                                                                      \
        hl_term a = arith_a, b = arith_b, r;                                          \
        int64_t ri;                                                                   \
        if (LIKELY(hl_both_small(a, b) && fast)) {                                    \
            DST(pc[5]) = r;                                                           \
            NEXT(6);                                                                  \
        }                                                                             \
        if (quad && UNLIKELY(p->trap.fn == hl_vm_big_mul_marker || hl_vm_big_mul_long(a, b))) { \
            big_job = hl_vm_big_mul_marker;                                           \
            arith_a = a, arith_b = b;                                                 \
            goto big_mul_job;                                                         \
        }                                                                             \
        if (!quad && UNLIKELY(p->trap.fn == (lin) || hl_vm_big_lin_long(linop, a, b))) { \
            big_job = (lin);                                                          \
            arith_a = a, arith_b = b;                                                 \
            goto big_mul_job;                                                         \
        }                                                                             \
        hl_term_status ts = slow(H, a, b, &r);                                        \
        if (UNLIKELY(ts == HL_TERM_HEAP_LIMIT)) {                                     \
            hl_term ab[2] = {a, b};                                                   \
            GC(0, (uint32_t)pc[2], ab, 2);                                            \
            a = ab[0], b = ab[1];                                                     \
            ts = slow(H, a, b, &r);                                                   \
        }                                                                             \
        if (UNLIKELY(ts != HL_TERM_OK)) {                                             \
            if (ts == HL_TERM_HEAP_LIMIT || ts == HL_TERM_NOMEM) {                    \
                SAVE();                                                               \
                st = hl_vm_heap_fault(ts);      \
                goto leave_saved;                                                     \
            }                                                                         \
            if (pc[1]) JUMP(pc[1]);                                                   \
            SAVE();                                                                   \
            st = hl_vm_raise_status(p, x, ts);                                        \
            goto after_raise;                                                         \
        }                                                                             \
        uint64_t bc = hl_vm_big_cost(a, b, quad);                                     \
        if (UNLIKELY(bc)) {                                                           \
            if (reds >= bc) reds -= bc;                                               \
            else p->reds_debt += bc - reds, reds = 0;                                 \
        }                                                                             \
        /* a bignum or float result lives in a fragment: as after a builtin */        \
        if (UNLIKELY(hl_heap_collect_due(H))) GC(0, (uint32_t)pc[2], &r, 1);            \
        DST(pc[5]) = r;                                                               \
        NEXT(6);                                                                      \
    }
    ARITH(add, (!__builtin_add_overflow((int64_t)a, (int64_t)(b - HL_IMM_SMALL), &ri) && ((r = (hl_term)ri), 1)),
          hl_arith_add_slow, false, hl_vm_big_add_marker, HL_BL_ADD)
    ARITH(sub, (!__builtin_sub_overflow((int64_t)a, (int64_t)(b - HL_IMM_SMALL), &ri) && ((r = (hl_term)ri), 1)),
          hl_arith_sub_slow, false, hl_vm_big_sub_marker, HL_BL_SUB)
    ARITH(mul, (!__builtin_mul_overflow(hl_small_val(a), hl_small_val(b), &ri) && hl_small_fits(ri) &&
                ((r = hl_make_small(ri)), 1)),
          hl_arith_mul, true, hl_vm_big_mul_marker, HL_BL_ADD)
#undef ARITH
    goto mul_ab; /* (unreachable: keeps every ARITH label used) */
    /* a * b of long bignums: a job advanced a step per execution of this
     * instruction (vm_bigop.h), yielding between steps as a comparison does */
big_mul_job: {
    /* (and a + b, a - b of long integers: big_job is the job's marker, vm_bigop.h) */
    hl_term ab[2] = {arith_a, arith_b}, r;
    p->bif_cost = 0;
    HL_BIF_PROBE_START();
    hl_term_status ts = big_job(p, ab, &r);
    HL_BIF_PROBE_END(big_job);
    if (UNLIKELY(ts == HL_TERM_HEAP_LIMIT && !p->trap.fn)) { /* no room for the job: collect, once */
        GC(0, (uint32_t)pc[2], ab, 2);
        ts = big_job(p, ab, &r);
    }
    if (UNLIKELY(p->bif_cost)) PAY_COST();
    if (LIKELY(ts == HL_TERM_OK)) {
        if (UNLIKELY(hl_heap_collect_due(H))) GC(0, (uint32_t)pc[2], &r, 1);
        DST(pc[5]) = r;
        NEXT(6);
    }
    if (ts == HL_VM_BIF_TRAP || (ts == HL_TERM_HEAP_LIMIT && p->trap.fn)) {
        cmp_st = ts; /* a preemption point (or a collection), then this instruction again */
        goto cmp_again;
    }
    if (ts == HL_TERM_HEAP_LIMIT || ts == HL_TERM_NOMEM) {
        SAVE();
        st = hl_vm_heap_fault(ts);
        goto leave_saved;
    }
    if (pc[1]) JUMP(pc[1]);
    SAVE();
    st = hl_vm_raise_status(p, x, ts);
    goto after_raise;
}
    /* a op b when SMALL holds and the result fits a small: one tagged
     * add/subtract (b's tag removed), the result stored by DEST; otherwise
     * the generic instruction's handler, given the operands' values. */
#define SMALL_ARITH(A, B, SMALL, OP, DEST)                                                \
    {                                                                                     \
        hl_term a = (A), b = (B);                                                         \
        int64_t ri;                                                                       \
        if (LIKELY(SMALL) && !__builtin_##OP##_overflow((int64_t)a, (int64_t)(b - HL_IMM_SMALL), &ri)) { \
            DEST = (hl_term)ri;                                                           \
            NEXT(6);                                                                      \
        }                                                                                 \
        arith_a = a, arith_b = b;                                                         \
        goto OP##_ab;                                                                     \
    }
    /* a - k, k a small constant's term in the code word (a + n: k is -n's,
     * specialise.def's n kind): a tagged subtract of two smalls leaves the
     * tag bits zero and is exact, so one subtract is the tag test (a not
     * small leaves them nonzero) and the overflow test at once; the tag
     * then goes back on. Otherwise the generic handler, given b. */
#define IMM_ARITH_THEN(A, OP, DEST, THEN)                                                 \
    {                                                                                     \
        hl_term a = (A);                                                                  \
        int64_t ri;                                                                       \
        if (LIKELY(!__builtin_sub_overflow((int64_t)a, (int64_t)pc[4], &ri) && !((hl_term)ri & HL_IMM_MASK))) { \
            DEST = (hl_term)ri | HL_IMM_SMALL;                                            \
            THEN;                                                                         \
        }                                                                                 \
        arith_a = a, arith_b = IMM_ARITH_B_##OP((hl_term)pc[4]);                         \
        goto OP##_ab;                                                                     \
    }
#define IMM_ARITH(A, OP, DEST) IMM_ARITH_THEN(A, OP, DEST, NEXT(6))
#define IMM_ARITH_B_sub(k) (k)
#define IMM_ARITH_B_add(k) hl_make_small(-hl_small_val(k))
    CASE(add_sc) IMM_ARITH(SRC(pc[3]), add, DST(pc[5]))
    CASE(sub_sc) IMM_ARITH(SRC(pc[3]), sub, DST(pc[5]))

    CASE(add_xcx) IMM_ARITH(XR(pc[3]), add, XR(pc[5]))
    CASE(sub_xcx) IMM_ARITH(XR(pc[3]), sub, XR(pc[5]))
    /* the same + the tail call that follows (a counting loop's step and
     * its call: loop(N) -> loop(N - 1)), written out at the call's own pc
     * (a preemption there resumes at the call's own handler); the generic
     * path reaches that handler by NEXT */
    CASE(add_xcx_call_only) IMM_ARITH_THEN(XR(pc[3]), add, XR(pc[5]), TAIL_CALL_AT(6))
    CASE(sub_xcx_call_only) IMM_ARITH_THEN(XR(pc[3]), sub, XR(pc[5]), TAIL_CALL_AT(6))
    CASE(add_ycx) IMM_ARITH(YR(pc[3]), add, XR(pc[5]))
    CASE(sub_ycx) IMM_ARITH(YR(pc[3]), sub, XR(pc[5]))
    CASE(add_x) SMALL_ARITH(SRC(pc[3]), SRC(pc[4]), hl_both_small(a, b), add, XR(pc[5]))
    CASE(sub_x) SMALL_ARITH(SRC(pc[3]), SRC(pc[4]), hl_both_small(a, b), sub, XR(pc[5]))
    /* a frame's value + the call's result (fib's F(N - 1) + F(N - 2)) */
    CASE(add_yxx) SMALL_ARITH(YR(pc[3]), XR(pc[4]), hl_both_small(a, b), add, XR(pc[5]))
    CASE(add_xxx) SMALL_ARITH(XR(pc[3]), XR(pc[4]), hl_both_small(a, b), add, XR(pc[5]))
    CASE(sub_xxx) SMALL_ARITH(XR(pc[3]), XR(pc[4]), hl_both_small(a, b), sub, XR(pc[5]))
#undef SMALL_ARITH
#undef IMM_ARITH
#undef IMM_ARITH_THEN
#undef TAIL_CALL
#undef TAIL_CALL_AT
#undef CALL_TARGET
#undef CALL_TARGET_AT
#undef IMM_ARITH_B_sub
#undef IMM_ARITH_B_add

    /* ---- exceptions ---------------------------------------------------- */
    CASE(try) {
        YR(pc[1]) = hl_make_handle_immed(HL_VM_H_CATCH, (uint64_t)pc[2]);
        p->catches++;
        NEXT(3);
    }
    CASE(catch) {
        YR(pc[1]) = hl_make_handle_immed(HL_VM_H_CATCH, (uint64_t)pc[2]);
        p->catches++;
        NEXT(3);
    }
    CASE(try_end) {
        YR(pc[1]) = HL_NIL;
        p->catches--;
        NEXT(2);
    }
    CASE(try_case) {
        YR(pc[1]) = HL_NIL;
        p->catches--;
        x[0] = x[1], x[1] = x[2], x[2] = x[3];
        NEXT(2);
    }
    CASE(catch_end) {
        YR(pc[1]) = HL_NIL;
        p->catches--;
        if (x[0] == HL_NONE) {
            SAVE();
            st = hl_vm_catch_value(p, x);
            if (st != HL_VM_YIELD) goto leave_saved;
        }
        NEXT(2);
    }
    CASE(try_case_end) { RAISE_TAGGED(HL_AM(try_clause), SRC(pc[1])); }
    CASE(badmatch) { RAISE_TAGGED(HL_AM(badmatch), SRC(pc[1])); }
    CASE(case_end) { RAISE_TAGGED(HL_AM(case_clause), SRC(pc[1])); }
    CASE(badrecord) { RAISE_TAGGED(HL_AM(badrecord), SRC(pc[1])); }
    CASE(if_end) { RAISE(HL_AM(error), HL_AM(if_clause)); }
    CASE(throw) { RAISE(HL_AM(throw), SRC(pc[1])); }
    CASE(error) { RAISE(HL_AM(error), SRC(pc[1])); }
    CASE(exit) { RAISE(HL_AM(exit), SRC(pc[1])); }
    CASE(raise) {
        hl_term c = SRC(pc[1]), r = SRC(pc[2]), s = SRC(pc[3]);
        SAVE();
        if (c != HL_AM(error) && c != HL_AM(exit) && c != HL_AM(throw))
            st = hl_vm_raise(p, x, HL_AM(error), HL_AM(badarg), HL_NONE);
        else st = hl_vm_raise(p, x, c, r, s);
        goto after_raise;
    }

    /* ---- receive (vm_receive.c; in a plain run the mailbox stays empty) -- */
    CASE(loop_rec) {
        hl_term m = hl_vm_mailbox_current(&p->mbox);
        if (m == HL_NONE) JUMP(pc[1]);
        DST(pc[2]) = m;
        NEXT(3);
    }
    CASE(loop_rec_end) {
        CHARGE(xlim);
        hl_vm_mailbox_next(&p->mbox);
        JUMP(pc[1]);
    }
    CASE(remove_message) {
        hl_vm_mailbox_remove(&p->mbox);
        NEXT(1);
    }
    CASE(timeout) {
        hl_vm_mailbox_reset(&p->mbox);
        NEXT(1);
    }
    CASE(recv_mark_use) {
        hl_term r = SRC(pc[1]);
        if (r == p->mbox.mark_ref && r != 0 && p->mbox.save < p->mbox.mark && p->mbox.mark <= p->mbox.n)
            p->mbox.save = p->mbox.mark;
        NEXT(2);
    }
    /* ---- bit syntax (bodies in vm_bits.c) ----------------------------- */
    /* A builtin-like result: charge, fault on the limits, fail or raise
     * (bs_create's label is a guard's: every error fails; bs_get's label is
     * "no match": system_limit still raises). */
#define BS_RESULT(ts, failw, guard)                                                           \
    do {                                                                                      \
        if (UNLIKELY(p->bif_cost)) PAY_COST();                                                \
        if (UNLIKELY((ts) != HL_TERM_OK)) {                                                   \
            if ((ts) == HL_VM_BS_NOMATCH) JUMP(failw);                                        \
            if ((ts) == HL_TERM_HEAP_LIMIT || (ts) == HL_TERM_NOMEM) {                        \
                SAVE();                                                                       \
                st = hl_vm_heap_fault(ts);            \
                goto leave_saved;                                                             \
            }                                                                                 \
            if ((failw) && ((guard) || (ts) == HL_TERM_BADARG)) JUMP(failw);                  \
            SAVE();                                                                           \
            st = hl_vm_raise_status(p, x, (ts));                                              \
            goto after_raise;                                                                 \
        }                                                                                     \
    } while (0)
    CASE(bs_create) {
        /* fail, live, K, K (desc, value, size), dst */
        uint32_t k = (uint32_t)pc[3];
        hl_term out;
        p->bif_cost = 0;
        hl_term_status ts = hl_vm_bs_create(p, base, pc + 4, k, &out);
        if (UNLIKELY(ts == HL_TERM_HEAP_LIMIT)) {
            GC(0, (uint32_t)pc[2], NULL, 0);
            ts = hl_vm_bs_create(p, base, pc + 4, k, &out);
        }
        BS_RESULT(ts, pc[1], true);
        /* built in a fragment: a loop of appends that never reaches
         * test_heap collects here once the fragments outgrow the block, as
         * after a builtin (else garbage piles up to the heap limit, and in
         * the one-fragment-per-allocation test mode the collector's
         * fragment scans go quadratic) */
        if (UNLIKELY(hl_heap_collect_due(H))) GC(0, (uint32_t)pc[2], &out, 1);
        DST(pc[4 + 3 * (size_t)k]) = out;
        NEXT(5 + 3 * (size_t)k);
    }
    CASE(bs_get) {
        /* fail, live, bin, pos, desc, size, dst */
        hl_term out = HL_NIL;
        p->bif_cost = 0;
        hl_term_status ts = hl_vm_bs_get(p, SRC(pc[3]), &DST(pc[4]), (uint32_t)pc[5], SRC(pc[6]), &out);
        if (UNLIKELY(ts == HL_TERM_HEAP_LIMIT)) {
            GC(0, (uint32_t)pc[2], NULL, 0);
            ts = hl_vm_bs_get(p, SRC(pc[3]), &DST(pc[4]), (uint32_t)pc[5], SRC(pc[6]), &out);
        }
        BS_RESULT(ts, pc[1], false);
        if (UNLIKELY(hl_heap_collect_due(H))) GC(0, (uint32_t)pc[2], &out, 1); /* as bs_create */
        if (!((uint32_t)pc[5] & HL_BS_SKIP)) DST(pc[7]) = out;
        NEXT(8);
    }
    CASE(reds) {
        /* straight-line code's charge (opcodes.def): owed when the chunk is out */
        if (LIKELY(reds)) reds--;
        else p->reds_debt++;
        NEXT(1);
    }
    CASE(bs_test_tail) {
        if (!hl_vm_bs_at_end(SRC(pc[2]), DST(pc[3]))) JUMP(pc[1]);
        NEXT(4);
    }
#undef BS_RESULT
    CASE(wait) {
        CHARGE(xlim);
        SAVE();
        p->nlive = 0; /* no x register survives a wait */
        p->pc = LABEL(pc[1]);
        p->wait_ms = -1;
        p->wait_until_ns = 0;
        p->timeout_pc = NULL;
        st = HL_VM_WAIT;
        goto leave_saved;
    }
    CASE(wait_timeout) {
        CHARGE(xlim);
        int64_t ms;
        if (!hl_vm_timeout_ms(SRC(pc[2]), &ms)) RAISE(HL_AM(error), HL_AM(timeout_value));
        if (ms == 0) NEXT(3);
        SAVE();
        p->nlive = 0;
        p->pc = LABEL(pc[1]);
        p->wait_ms = ms;
        p->wait_until_ns = hl_vm_wait_deadline_ns(&p->mbox, ms);
        p->timeout_pc = ms < 0 ? NULL : pc + 3;
        st = HL_VM_WAIT;
        goto leave_saved;
    }

    /* ---- host bindings (out of line: vm_binding.c) --------------------- */
    CASE(call_binding) {
        CHARGE((uint32_t)pc[1]);
        SAVE();
        p->bif_cost = 0;
        st = hl_vm_call_binding(p, x, (uint32_t)pc[1], (uint32_t)pc[2]);
        PAY_COST(); /* a cost larger than the chunk left is still counted in full */
        goto after_raise; /* CONTINUE resumes at p->pc: the next instruction or a handler */
    }

    /* ---- maps (bodies in vm_map.c) ------------------------------------- */
/* The work's reductions, exactly: what the chunk cannot cover is counted
 * as used at once, and the next preemption point refills (or stops). */
#define MAP_CHARGE() PAY_COST()
#define MAP_NEXT(r, len)                                                   \
    do {                                                                   \
        MAP_CHARGE();                                                      \
        if (LIKELY((r) == HL_VM_MAP_DONE)) NEXT(len);                      \
        if ((r) == HL_VM_MAP_FAIL) JUMP(pc[1]);                            \
        if ((r) == HL_VM_MAP_RAISED) goto after_raise;                     \
        if ((r) == HL_VM_MAP_TRAP || (r) == HL_VM_MAP_GC) {                \
            /* a piece of a large key's hash (vm_map.h), or room for it */  \
            cmp_st = (r) == HL_VM_MAP_TRAP ? HL_VM_BIF_TRAP : HL_TERM_HEAP_LIMIT; \
            goto cmp_again;                                                \
        }                                                                  \
        goto leave_saved;                                                  \
    } while (0)
    CASE(put_map_assoc) {
        SAVE();
        p->bif_cost = 0;
        hl_term_status ts = HL_TERM_OK;
        HL_MAP_PROBE_START();
        int r = hl_vm_map_put(p, base, pc, false, &st);
        HL_MAP_PROBE_END();
        (void)ts;
        MAP_NEXT(r, 6 + 2 * (uint32_t)pc[5]);
    }
    CASE(put_map_exact) {
        SAVE();
        p->bif_cost = 0;
        hl_term_status ts = HL_TERM_OK;
        HL_MAP_PROBE_START();
        int r = hl_vm_map_put(p, base, pc, true, &st);
        HL_MAP_PROBE_END();
        (void)ts;
        MAP_NEXT(r, 6 + 2 * (uint32_t)pc[5]);
    }
    CASE(get_map_elements) {
        SAVE();
        p->bif_cost = 0;
        hl_term_status ts = HL_TERM_OK;
        HL_MAP_PROBE_START();
        int r = hl_vm_map_get(p, base, pc, &st);
        HL_MAP_PROBE_END();
        (void)ts;
        MAP_NEXT(r, 4 + 2 * (uint32_t)pc[3]);
    }
#undef MAP_NEXT
#undef MAP_CHARGE

    CASE(halt) {
        SAVE();
        p->result = x[0];
        st = HL_VM_DONE;
        goto leave_saved;
    }

#ifdef HL_VM_SWITCH
    default:
        SAVE();
        st = HL_VM_FAULT_STATE;
        goto leave_saved;
    }
#endif

cmp_again:
    /* A comparison's quantum is done (charged) or it ran out of room: a
     * preemption point or a collection, then the same instruction again.
     * It has no live count, so every x register is kept (each holds a
     * valid term: a collection clears the dead ones). */
    if (cmp_st == HL_VM_BIF_TRAP) {
        if (reds == 0) {
            SAVE();
            p->nlive = xlim;
            REFILL();
            if (st != HL_VM_YIELD || reds == 0) goto leave_saved;
        }
        DISPATCH();
    }
    if (cmp_st == HL_TERM_HEAP_LIMIT) {
        GC(HL_VM_TRAP_ROOM, xlim, NULL, 0); /* then retry: a walk frame that failed to push */
        DISPATCH();
    }
    SAVE();
    st = hl_vm_fault_status(p, cmp_st); /* BUDGET: a reductions fault; NOMEM */
    goto leave_saved;
bad_fun:
    SAVE();
    st = hl_vm_raise_badfun(p, x, (uint32_t)pc[1]);
    /* fall through */
after_raise:
    /* hl_vm_raise* return YIELD when a handler took the exception (state
     * saved at the handler) and EXCEPTION / a fault otherwise. */
    if (st == HL_VM_YIELD) {
        RELOAD();
        DISPATCH();
    }
leave_saved:
    hl_vm_account(p, reds, budget);
    return st;
}

hl_vm_status hl_vm_run(hl_vm_proc *p, uint64_t slice) {
    if (!p || (p->state != HL_PS_READY && p->state != HL_PS_WAIT)) return HL_VM_FAULT_STATE;
    hl_term x[HL_BC_MAX_X];
    uint32_t n = p->nlive;
    for (uint32_t i = 0; i < n; i++) x[i] = p->xsave[i]; /* n is small: no memcpy call */
    /* Only the registers the code can name need valid terms: the others
     * are never read, saved or scanned. A program that links the stdlib
     * names ~50 (x_span): whole 8-word blocks with wide stores, a third of
     * the instructions of one store per register (most of a warm call's
     * entry once). */
    uint32_t i = n, xlim = p->xlim;
    for (; i + 8 <= xlim; i += 8) memcpy(x + i, nil_block, sizeof nil_block);
    for (; i < xlim; i++) x[i] = HL_NIL;
    p->state = HL_PS_READY;
    hl_vm_status st = interp(p, x, slice ? slice : UINT64_MAX, 0);
    if (st == HL_VM_DONE && p->xsave == p->xsave_small) { /* hl_vm_finish's common case, inline */
        p->state = HL_PS_DONE;
        p->nlive = 0; /* finished: the registers are dead */
        return st;
    }
    return hl_vm_finish(p, x, st);
}
