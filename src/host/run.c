/* run.c — hl_run: one call of an exported function in the caller's thread
 * under reduction, heap and wall-clock limits, with the outcome classified
 * (docs/design.md §3 faults): result copied out, uncaught exception with class,
 * reason text and guest stack, or which limit stopped it. The process and
 * its heap are freed before returning, whatever happened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "host/host_int.h"
#include "host/spare.h"
#include "term/atom.h"
#include "term/copy.h"
#include "term/heap.h"
#include "term/print.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"
#include "vm/vm_io.h"
#include "vm/vm_world.h"
#include "core/builtins.h"

hl_status hl_host_limit_error(hl_error **err, hl_limit_kind kind) {
    static const char *const text[] = {"", "the run used up its reductions (max_reductions)",
                                       "the run passed its heap limit (max_heap_bytes)",
                                       "the run passed its deadline (timeout_ms)",
                                       "the run passed its output limit (max_output_bytes)",
                                       "the host interrupted the run", "an atom limit was reached"};
    hl_error *e = hl_host_error_new(HL_ELIMIT, text[kind]);
    if (e != &hl_host_oom_error) e->limit = kind;
    return hl_host_set_error(err, e);
}

hl_status hl_host_atom_limit_error(hl_error **err, const char *name, hl_atom_fault fault, uint64_t quota,
                                   hl_atom_table *table) {
    char msg[512];
    if (fault == HL_ATOM_FAULT_QUOTA)
        snprintf(msg, sizeof msg,
                 "%s: the program names more atoms than its atom quota of %llu (the compile limit "
                 "HL_LIMIT_ATOMS; raise it with hl_compile_options_set_limit, up to 1048576)",
                 name ? name : "nofile", (unsigned long long)quota);
    else
        snprintf(msg, sizeof msg,
                 "%s: the engine's atom table is full (its limit HL_ENGINE_LIMIT_ATOMS is %zu atoms, "
                 "%zu held by its loaded modules): raise it with hl_engine_set_limit, or free modules "
                 "no longer needed (the program cache keeps the last 256 programs)",
                 name ? name : "nofile", hl_atom_table_max(table),
                 hl_atom_table_count(table) - HL_ATOM_STATIC_COUNT);
    hl_error *e = hl_host_error_new(HL_ELIMIT, msg);
    if (e != &hl_host_oom_error) e->limit = HL_LIMIT_KIND_ATOMS;
    return hl_host_set_error(err, e);
}

/* Test builds only (-DHL_TEST_HOOKS=ON, on in sanitizer builds): with
 * HL_TEST_GC_ALWAYS=1 in the environment every run collects at every
 * allocation, so the whole conformance corpus can exercise the collector
 * (tests/conformance/run_gc_always.sh); with HL_TEST_GC_ALWAYS=sparse it
 * still collects at every allocation, but a major collection comes only
 * after as many minors as the old generation holds KiB, so a program with
 * megabytes of live data runs in linear time and finishes (its output is
 * checked) instead of copying all of it every third allocation until its
 * deadline. Release builds never read it. */
#ifdef HL_TEST_HOOKS
void hl_host_test_gc(hl_heap *heap) {
    const char *v = getenv("HL_TEST_GC_ALWAYS");
    if (!v) return;
    bool every = strcmp(v, "1") == 0, sparse = strcmp(v, "sparse") == 0;
    if (every || sparse) hl_heap_set_gc_always(heap, true);
    if (sparse) hl_heap_set_gc_sparse_majors(heap, true);
}

/* Test builds only: with HL_TEST_BIF_PROBE=1 every run prints its longest
 * single builtin call and largest single charge to stderr, for auditing
 * that no builtin runs past its quantum on a given program (the builtins
 * are named by their offset from this function: tests/probe_names.sh turns
 * them into names with `nm`; docs/builtins.md). */
void hl_host_test_bif_probe_report(const hl_vm_proc *p) {
    const char *v = getenv("HL_TEST_BIF_PROBE");
    if (!v || strcmp(v, "1") != 0) return;
    const hl_vm_bif_probe *pr = &p->probe;
    uintptr_t self = (uintptr_t)hl_host_test_bif_probe_report; /* functions by their offset from this one */
    fprintf(stderr,
            "bif-probe: longest call %.3f ms (fn %+lld), largest charge %llu reductions (fn %+lld), %llu traps\n",
            (double)pr->max_ns / 1e6, (long long)((uintptr_t)pr->max_ns_fn - self), (unsigned long long)pr->max_cost,
            (long long)((uintptr_t)pr->max_cost_fn - self), (unsigned long long)pr->traps);
}
#endif

static char *dup_buf(hl_buf *b) {
    if (b->failed) return NULL;
    char *s = hl_mem_alloc(b->len + 1);
    if (!s) return NULL;
    if (b->len) memcpy(s, b->data, b->len);
    s[b->len] = '\0';
    return s;
}

/* The reason's and the stack's text are each cut at EXC_TEXT_MAX bytes
 * (a guest may raise a term that prints to gigabytes): what fits, then
 * EXC_TRUNCATED. The exception stays an exception; only a failed
 * allocation makes the run's status HL_ENOMEM. */
#define EXC_TEXT_MAX ((size_t)1 << 20)
#define EXC_TRUNCATED " ... (truncated: the text goes past 1 MiB)"

enum { TEXT_OK, TEXT_CUT, TEXT_NOMEM };

/* Appends t's text (~p when pretty, else ~w) to out, at most `room` bytes
 * of it: TEXT_OK, TEXT_CUT (a prefix of the text written) or TEXT_NOMEM. */
static int text_capped(hl_buf *out, hl_term t, bool pretty, size_t room) {
    hl_buf b;
    hl_buf_init(&b, room ? room : 1);
    const hl_print_opts po = {.fun_export = hl_vm_fun_export_info};
    hl_term_status st = pretty ? hl_print_p(&b, t, 1, 80, false, &po) : hl_print_w(&b, t, false, &po);
    if (st == HL_TERM_SYSTEM_LIMIT && pretty && b.len < room / 2) {
        /* the pretty printer may lay out before it writes: ~w streams */
        hl_buf_reset(&b);
        st = hl_print_w(&b, t, false, &po);
    }
    int r = st == HL_TERM_OK ? TEXT_OK : st == HL_TERM_SYSTEM_LIMIT ? TEXT_CUT : TEXT_NOMEM;
    /* the printer appends a character's bytes at once: a cut prefix ends
     * on a character boundary */
    if (r != TEXT_NOMEM && b.len && !hl_buf_append(out, b.data, b.len)) r = TEXT_NOMEM;
    hl_buf_free(&b);
    return r;
}

/* `Module:Function/Arity (line L)` per stack entry, at most EXC_TEXT_MAX
 * bytes of terms: TEXT_OK, TEXT_CUT (EXC_TRUNCATED ends it) or TEXT_NOMEM. */
static int stack_text(hl_buf *b, hl_term st) {
    size_t n = 0;
    int r = TEXT_OK;
#define PIECE(t) \
    if (r == TEXT_OK) r = text_capped(b, (t), false, b->len < EXC_TEXT_MAX ? EXC_TEXT_MAX - b->len : 0)
    for (; r == TEXT_OK && hl_is_cons(st) && n < 64; st = hl_cdr(st), n++) {
        hl_term e = hl_car(st);
        if (!hl_is_tuple(e) || hl_tuple_arity(e) != 4) continue;
        PIECE(hl_tuple_get(e, 0));
        hl_buf_putc(b, ':');
        PIECE(hl_tuple_get(e, 1));
        hl_term a = hl_tuple_get(e, 2);
        if (hl_is_small(a)) {
            hl_buf_putc(b, '/');
            PIECE(a);
        } else {
            size_t k = 0;
            for (hl_term l = a; hl_is_cons(l); l = hl_cdr(l)) k++;
            hl_buf_printf(b, "/%zu ", k);
            PIECE(a);
        }
        for (hl_term l = hl_tuple_get(e, 3); hl_is_cons(l); l = hl_cdr(l)) {
            hl_term kv = hl_car(l);
            if (hl_is_tuple(kv) && hl_tuple_arity(kv) == 2 && hl_is_small(hl_tuple_get(kv, 1))) {
                hl_buf_puts(b, " (line ");
                PIECE(hl_tuple_get(kv, 1));
                hl_buf_putc(b, ')');
            }
        }
        if (r == TEXT_OK) hl_buf_putc(b, '\n');
    }
#undef PIECE
    if (r == TEXT_CUT) hl_buf_puts(b, EXC_TRUNCATED "\n");
    return b->failed ? TEXT_NOMEM : r;
}

static hl_status exception_error(hl_error **err, hl_term cls, hl_term reason, hl_term stack, size_t max_words) {
    hl_buf c, r, s, m;
    hl_buf_init(&c, 0);
    hl_buf_init(&r, 0);
    hl_buf_init(&s, 0);
    hl_buf_init(&m, 0);
    bool ok = text_capped(&c, cls, false, EXC_TEXT_MAX) == TEXT_OK;
    int rr = text_capped(&r, reason, true, EXC_TEXT_MAX);
    if (rr == TEXT_CUT) hl_buf_puts(&r, EXC_TRUNCATED);
    ok = ok && rr != TEXT_NOMEM && stack_text(&s, stack) != TEXT_NOMEM && !r.failed;
    if (!s.data) hl_buf_puts(&s, ""); /* an empty stack is "" */
    if (!c.data) hl_buf_puts(&c, "");
    if (!r.data) hl_buf_puts(&r, "");
    hl_buf_printf(&m, "exception %s: %s", c.data ? c.data : "", r.data ? r.data : "");
    hl_error *e = ok && !m.failed ? hl_host_error_new(HL_EEXCEPTION, m.data) : &hl_host_oom_error;
    if (e != &hl_host_oom_error) {
        e->exc_class = dup_buf(&c);
        e->exc_reason = dup_buf(&r);
        e->exc_stack = dup_buf(&s);
        if (!e->exc_class || !e->exc_reason || !e->exc_stack) {
            hl_error_free(e);
            e = &hl_host_oom_error;
        } else {
            hl_host_exception_values(e, cls, reason, stack, max_words);
        }
    }
    hl_buf_free(&c), hl_buf_free(&r), hl_buf_free(&s), hl_buf_free(&m);
    return hl_host_set_error(err, e);
}

/* The message of an undef at the entry: what the module does export, so
 * a wrong arity or a typo says what would work ("undef: m:main/1 is not
 * exported; main/0 is"). At most 12 functions are named. */
static void undef_hint(hl_buf *b, const hl_program *prog, const char *function, size_t nargs) {
    enum { MAX_NAMED = 12 };
    size_t flen = strlen(function), same = 0, named = 0, total = 0;
    bool local = false;
    hl_buf_puts(b, "undef: ");
    hl_host_term_text(b, prog->am_module, false);
    hl_buf_printf(b, ":%.255s/%zu is not exported", function, nargs);
    for (uint32_t i = 0; i < prog->n_functions; i++) {
        size_t l;
        const char *n = hl_atom_name(prog->fn_names[i], &l);
        bool exported = prog->funcs[i].flags & HL_BC_FN_EXPORTED;
        if (l == flen && memcmp(n, function, l) == 0) {
            if (exported) same++;
            else if (prog->funcs[i].arity == nargs) local = true;
        }
        total += exported;
    }
    if (local) hl_buf_puts(b, " (it is defined but not in -export)");
    hl_buf_puts(b, same ? "; " : total ? "; the module exports " : "; the module exports nothing");
    for (uint32_t i = 0; i < prog->n_functions && named < MAX_NAMED; i++) {
        size_t l;
        const char *n = hl_atom_name(prog->fn_names[i], &l);
        if (!(prog->funcs[i].flags & HL_BC_FN_EXPORTED)) continue;
        if (same && !(l == flen && memcmp(n, function, l) == 0)) continue;
        hl_buf_printf(b, "%s%.*s/%u", named ? ", " : "", (int)l, n, (unsigned)prog->funcs[i].arity);
        named++;
    }
    if (same) hl_buf_puts(b, same == 1 ? " is" : " are");
    else if (total > named) hl_buf_puts(b, ", ...");
}

hl_status hl_host_undef_error(hl_error **err, const hl_program *prog, const char *function, size_t nargs) {
    hl_buf s, msg;
    hl_buf_init(&s, 1 << 12);
    hl_buf_init(&msg, 1 << 10);
    hl_host_term_text(&s, prog->am_module, false);
    hl_buf_printf(&s, ":%s/%zu\n", function, nargs);
    undef_hint(&msg, prog, function, nargs);
    hl_error *e = hl_host_error_new(HL_EEXCEPTION, !msg.failed && msg.len ? msg.data : "undef");
    hl_buf_free(&msg);
    if (e != &hl_host_oom_error) {
        e->exc_class = dup_buf(&(hl_buf){.data = (char *)"error", .len = 5});
        e->exc_reason = dup_buf(&(hl_buf){.data = (char *)"undef", .len = 5});
        e->exc_stack = dup_buf(&s);
        if (!e->exc_class || !e->exc_reason || !e->exc_stack) {
            hl_error_free(e);
            e = &hl_host_oom_error;
        } else {
            /* error, undef, [] (the guest never started: no stack) */
            e->exc_value_status[HL_EXCEPTION_CLASS] = hl_value_atom(NULL, "error", 5, &e->exc_value[HL_EXCEPTION_CLASS]);
            e->exc_value_status[HL_EXCEPTION_REASON] = hl_value_atom(NULL, "undef", 5, &e->exc_value[HL_EXCEPTION_REASON]);
            e->exc_value_status[HL_EXCEPTION_STACK] = hl_value_list(NULL, 0, &e->exc_value[HL_EXCEPTION_STACK]);
        }
    }
    hl_buf_free(&s);
    return hl_host_set_error(err, e);
}

/* The outcome of a run that stopped with st, classified (docs/design.md §3): the
 * result copied out (no larger than the heap limit), the exception, or
 * which limit stopped it. */
hl_status hl_host_outcome(hl_vm_proc *p, hl_vm_status st, uint64_t max_heap_bytes, hl_value **result,
                          hl_error **err) {
    hl_status status;
    switch (st) {
    case HL_VM_DONE:
        /* the result may not copy out larger than the run's heap limit */
        status = hl_host_value_from_term(hl_vm_result(p), (size_t)(max_heap_bytes / sizeof(hl_term)), NULL,
                                         result);
        if (status == HL_ELIMIT) status = hl_host_limit_error(err, HL_LIMIT_KIND_HEAP);
        break;
    case HL_VM_EXCEPTION: {
        hl_term c, r, s;
        hl_vm_exception(p, &c, &r, &s);
        status = exception_error(err, c, r, s, (size_t)(max_heap_bytes / sizeof(hl_term)));
        break;
    }
    case HL_VM_WAIT: /* nothing can ever arrive: it would wait until its deadline */
    case HL_VM_FAULT_DEADLINE: status = hl_host_limit_error(err, HL_LIMIT_KIND_DEADLINE); break;
    case HL_VM_FAULT_REDUCTIONS: status = hl_host_limit_error(err, HL_LIMIT_KIND_REDUCTIONS); break;
    case HL_VM_FAULT_HEAP: status = hl_host_limit_error(err, HL_LIMIT_KIND_HEAP); break;
    case HL_VM_FAULT_OUTPUT: status = hl_host_limit_error(err, HL_LIMIT_KIND_OUTPUT); break;
    case HL_VM_FAULT_INTERRUPT: status = hl_host_limit_error(err, HL_LIMIT_KIND_INTERRUPTED); break;
    case HL_VM_FAULT_NOMEM:
        status = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
        break;
    default: status = hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, "the run could not start")); break;
    }
    if (status == HL_EREJECTED)
        status = hl_host_set_error(err, hl_host_error_new(HL_EREJECTED,
                                                          "the result holds a fun or an internal handle, "
                                                          "which cannot leave the guest"));
    else if (status == HL_ENOMEM && !*result && st == HL_VM_DONE)
        status = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    return status;
}

/* A run of a program granted "processes": p (started) is the first
 * process of a world; the others are stopped and freed when it finishes.
 * p keeps its outcome. *reds: the whole tree's reductions. */
hl_vm_status hl_host_run_world(const hl_module *module, hl_vm_proc *p, const hl_run_limits *lim,
                               uint32_t max_processes, uint64_t *reds) {
    hl_vm_world_limits wl = {lim->max_reductions, lim->max_heap_bytes, lim->timeout_ms * 1000000u,
                             max_processes, (const hl_program *const *)module->mods, module->nmods, NULL};
    hl_vm_world *w = hl_vm_world_new(p, &wl);
    if (!w) return HL_VM_FAULT_NOMEM;
    hl_vm_status st = hl_vm_world_run(w);
    *reds = hl_vm_world_reductions(w);
    hl_vm_world_free(w);
    return st;
}

/* The deterministic profile of a run (hl_run_deterministic), or none. */
typedef struct run_profile {
    bool det;
    uint64_t seed;
    hl_vm_fs *fs; /* the files capability's mounts, or NULL */
} run_profile;

static hl_status run(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                     const hl_run_limits *limits, uint64_t host_atom_quota, const run_profile *prof,
                     hl_value **result, hl_buf *output, hl_usage *usage, hl_host_run_ctx *rc, hl_error **err) {
    uint64_t *reds = &usage->reductions;
    *reds = 0;
    if (err) *err = NULL;
    if (!module || !function || !result || (nargs && !args) || nargs > 255) return HL_EMISUSE;
    *result = NULL;
    for (size_t i = 0; i < nargs; i++)
        if (!args[i]) return HL_EMISUSE;
    /* A binding callback may not run guest code: nested runs would let a
     * guest drive the host's C stack as deep as it likes. */
    if (hl_host_in_binding())
        return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, "hl_run called from inside a binding callback"));
    const hl_program *prog = module->prog;
    int64_t fn = hl_program_find(prog, function, strlen(function), (uint32_t)nargs);
    if (fn < 0) return hl_host_undef_error(err, prog, function, nargs);

    hl_run_limits lim = {HL_RUN_DEFAULT_MAX_REDUCTIONS, HL_RUN_DEFAULT_MAX_HEAP_BYTES, HL_RUN_DEFAULT_TIMEOUT_MS,
                         HL_RUN_DEFAULT_MAX_OUTPUT_BYTES};
    if (limits) {
        if (limits->max_reductions) lim.max_reductions = limits->max_reductions;
        if (limits->max_heap_bytes) lim.max_heap_bytes = limits->max_heap_bytes;
        if (limits->timeout_ms) lim.timeout_ms = limits->timeout_ms;
        if (limits->max_output_bytes) lim.max_output_bytes = limits->max_output_bytes;
    }
    if (lim.timeout_ms > UINT64_MAX / 2000000u) lim.timeout_ms = UINT64_MAX / 2000000u;
    /* the VM starts the deadline's clock with the run's first reductions */
    hl_vm_limits vl = {lim.max_reductions, lim.max_heap_bytes, 0, lim.timeout_ms * 1000000u};
    /* The module's parked process when there is one (spare.c), else a new one. */
    hl_vm_proc *p = hl_host_spare_take(module, &vl);
    if (!p) p = hl_vm_proc_new(prog, &vl);
    if (!p) {
        /* A heap limit below the process's minimum footprint is a heap limit
         * fault; otherwise the allocator failed. */
        if (lim.max_heap_bytes < (64u << 10)) return hl_host_limit_error(err, HL_LIMIT_KIND_HEAP);
        return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    hl_vm_usage_reset(p);
    if (module->nbindings) hl_vm_set_binding_hook(p, hl_host_binding_hook, rc);
    /* the capabilities it was compiled with, and where its clocks and
     * entropy come from (vm/bif_time.c) */
    hl_vm_set_env(p, module->caps, prof && prof->det, prof ? prof->seed : 0);
    if (prof && prof->fs) hl_vm_set_files(p, prof->fs);
    hl_vm_set_output(p, output, lim.max_output_bytes);
    hl_host_test_gc(hl_vm_proc_heap(p));
    hl_term targs[255];
    hl_status status;
    /* the host's atoms: re-interned into the program's table, those it does
     * not contain held by this call's pool until the call ends */
    hl_atom_pool *host_atoms = NULL;
    status = hl_host_args_in(prog, hl_vm_proc_heap(p), args, nargs, host_atom_quota, targs, &host_atoms, err);
    if (status != HL_OK) {
        hl_vm_proc_free(p);
        return status;
    }
    hl_vm_set_host_atoms(p, host_atoms);
    if (!hl_vm_start(p, (uint32_t)fn, targs, (uint32_t)nargs)) {
        /* function and arity were checked above: only memory can fail */
        hl_vm_proc_free(p);
        hl_atom_pool_free(host_atoms);
        return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    }
    hl_vm_status st;
    uint64_t world_reds = 0;
    if (module->caps & HL_CAP_PROCESSES) {
        st = hl_host_run_world(module, p, &lim, HL_RUN_DEFAULT_MAX_PROCESSES, &world_reds);
    } else {
        for (;;) {
            st = hl_vm_run(p, 0);
            /* receive: nothing can arrive in a plain run, so a wait ends at its
             * timeout (sleeping, not spinning) or at the deadline */
            if (st == HL_VM_WAIT) st = hl_vm_wait_alone(p);
            if (st != HL_VM_YIELD) break;
        }
    }
    /* a binding past its own maximum: the deadline fault names it */
    if (st == HL_VM_FAULT_DEADLINE && rc->overran[0]) {
        hl_error *e = hl_host_error_new(HL_ELIMIT, rc->overran);
        if (e != &hl_host_oom_error) e->limit = HL_LIMIT_KIND_DEADLINE;
        status = hl_host_set_error(err, e);
    } else if (st == HL_VM_DONE && hl_host_term_inlines(hl_vm_result(p))) {
        /* the common outcome: an inline handle (host_int.h), nothing to copy */
        *result = hl_host_value_of_immed(hl_vm_result(p));
        status = HL_OK;
    } else {
        status = hl_host_outcome(p, st, lim.max_heap_bytes, result, err);
    }
    hl_host_test_bif_probe_report(p);
    /* the wall time the VM's deadline clock saw (0: it ended before the
     * clock started); run_counted reads its own where the usage is asked for */
    usage->wall_ns = hl_vm_clock_elapsed_ns(p);
    *reds = (module->caps & HL_CAP_PROCESSES) ? world_reds : hl_vm_reductions(p);
    usage->peak_heap_bytes = hl_vm_peak_bytes(p);
    usage->output_bytes = hl_vm_output_bytes(p);
    /* Park it for the next run (every term of this one dropped now), unless
     * another run parked one first. */
    hl_vm_set_host_atoms(p, NULL);
    hl_host_spare_put(module, p);
    hl_atom_pool_free(host_atoms); /* the result holds its own references */
    return status;
}

/* run, with what it used recorded on the error object too, measured in
 * *usage, and reported to the engine's audit callback. */
static hl_status run_counted(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                             const hl_run_limits *limits, uint64_t host_atom_quota, const run_profile *prof,
                             bool want_cpu, hl_value **result, hl_buf *output, hl_usage *usage, hl_error **err) {
    hl_usage u = {0};
    /* not an initializer: it would clear all of overran's 320 bytes (a
     * tenth of a short run's instructions); a C string needs its first */
    hl_host_run_ctx rc;
    rc.module = module, rc.usage = &u, rc.audit = NULL, rc.audit_data = NULL, rc.tenant = NULL;
    rc.overran[0] = '\0';
    if (module) hl_host_audit_get(module->engine, &rc.audit, &rc.audit_data);
    /* The thread's CPU clock is a system call (~1 µs here, several times a
     * short call's whole cost), and even the wall clock (a vDSO read, ~30 ns
     * of CPU on this VM) costs more than a short run: both are read only for
     * a caller or an audit callback that takes the usage (and around a
     * world's run, which keeps no deadline clock of its first process);
     * else the wall time is what the run's deadline clock saw (run). */
    want_cpu = want_cpu || rc.audit;
    bool timed = want_cpu || (module && (module->caps & HL_CAP_PROCESSES));
    uint64_t w0 = timed ? hl_vm_now_ns() : 0, c0 = want_cpu ? hl_host_cpu_ns() : 0;
    hl_error *e = NULL; /* always made: the audit record needs the limit kind */
    hl_status st = run(module, function, args, nargs, limits, host_atom_quota, prof, result, output, &u, &rc, &e);
    if (timed) u.wall_ns = hl_vm_now_ns() - w0;
    u.cpu_ns = want_cpu ? hl_host_cpu_ns() - c0 : 0;
    if (e && e != &hl_host_oom_error) {
        e->has_reductions = true;
        e->reductions = u.reductions;
        e->has_usage = true;
        e->usage = u;
    }
    if (usage) *usage = u;
    if (rc.audit)
        hl_host_audit_emit(rc.audit, rc.audit_data, HL_AUDIT_RUN, st, e ? hl_error_limit(e) : HL_LIMIT_KIND_NONE,
                           function, NULL, &u);
    if (err) *err = e;
    else hl_error_free(e);
    return st;
}

hl_status hl_run(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                 const hl_run_limits *limits, hl_value **result, hl_error **err) {
    return run_counted(module, function, args, nargs, limits, HL_RUN_DEFAULT_MAX_HOST_ATOMS, NULL, false, result, NULL,
                       NULL, err);
}

/* hl_run_counted and hl_run_policy: the output copied out for the caller. */
static hl_status run_out(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                         const hl_run_limits *limits, uint64_t host_atom_quota, const run_profile *prof,
                         bool want_cpu, hl_value **result, char **output, size_t *output_len, hl_usage *usage,
                         hl_error **err) {
    if (output) *output = NULL;
    if (output_len) *output_len = 0;
    /* the buffer's own limit is only a backstop: the VM enforces the cap */
    hl_buf out;
    hl_buf_init(&out, 0);
    hl_usage u = {0};
    hl_status st = run_counted(module, function, args, nargs, limits, host_atom_quota, prof, want_cpu, result,
                               output ? &out : NULL, &u, err);
    if (usage) *usage = u;
    if (output) {
        char *s = hl_mem_alloc(out.len + 1);
        if (!s) {
            hl_buf_free(&out);
            if (result && *result) {
                hl_value_free(*result);
                *result = NULL;
            }
            if (err && *err) {
                hl_error_free(*err);
                *err = NULL;
            }
            hl_status oom = hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
            if (err && *err != &hl_host_oom_error)
                (*err)->has_reductions = true, (*err)->reductions = u.reductions, (*err)->has_usage = true,
                (*err)->usage = u;
            return oom;
        }
        if (out.len) memcpy(s, out.data, out.len);
        s[out.len] = '\0';
        *output = s;
        if (output_len) *output_len = out.len;
    }
    hl_buf_free(&out);
    return st;
}

hl_status hl_run_counted(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                         const hl_run_limits *limits, hl_value **result, char **output, size_t *output_len,
                         uint64_t *reductions, hl_error **err) {
    hl_usage u;
    hl_status st = run_out(module, function, args, nargs, limits, HL_RUN_DEFAULT_MAX_HOST_ATOMS, NULL, false, result,
                           output, output_len, &u, err);
    if (reductions) *reductions = u.reductions;
    return st;
}

hl_status hl_run_deterministic(const hl_module *module, uint64_t seed, const char *function, hl_value *const *args,
                               size_t nargs, const hl_run_limits *limits, hl_value **result, char **output,
                               size_t *output_len, uint64_t *reductions, hl_error **err) {
    run_profile prof = {true, seed, NULL};
    hl_usage u;
    hl_status st = run_out(module, function, args, nargs, limits, HL_RUN_DEFAULT_MAX_HOST_ATOMS, &prof, false,
                           result, output, output_len, &u, err);
    if (reductions) *reductions = u.reductions;
    return st;
}

hl_status hl_run_policy(const hl_module *module, const hl_policy *policy, const char *function, hl_value *const *args,
                        size_t nargs, const hl_run_limits *limits, hl_value **result, char **output, size_t *output_len,
                        hl_usage *usage, hl_error **err) {
    if (usage) *usage = (hl_usage){0};
    if (output) *output = NULL;
    if (output_len) *output_len = 0;
    if (result) *result = NULL;
    hl_run_limits lim;
    hl_status st = hl_policy_run_limits(policy, limits, &lim, err);
    if (st != HL_OK) return st;
    run_profile prof = {false, 0, NULL};
    prof.det = hl_host_policy_det(policy, &prof.seed); /* then its mounts are read-only */
    st = hl_host_policy_open_mounts(policy, &prof.fs, err);
    if (st != HL_OK) return st;
    st = run_out(module, function, args, nargs, &lim, hl_host_policy_host_atoms(policy), &prof, usage != NULL, result,
                 output, output_len, usage, err);
    hl_vm_fs_unref(prof.fs);
    return st;
}

hl_status hl_error_usage(const hl_error *err, hl_usage *usage) {
    if (!err || !usage || !err->has_usage) return HL_EMISUSE;
    *usage = err->usage;
    return HL_OK;
}

hl_status hl_run_capture(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                         const hl_run_limits *limits, hl_value **result, char **output, size_t *output_len,
                         hl_error **err) {
    return hl_run_counted(module, function, args, nargs, limits, result, output, output_len, NULL, err);
}
