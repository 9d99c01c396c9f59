/* tenant.c — tenants (include/hyperlang.h): one warm guest context of a
 * program, called many times. The process is built once; each call resets
 * it (its heap block and stack are kept, every term of the previous call is
 * dropped), copies the arguments in, and runs to the end or in slices.
 * hl_tenant_interrupt sets an atomic flag the VM polls at every chunk of
 * reductions and while waiting, so it is async-signal-safe. Also the
 * opaque limits object and function handles. */
#include <stdatomic.h>
#include <string.h>

#include "base/buf.h"
#include "base/mem.h"
#include "core/builtins.h"
#include "host/host_int.h"
#include "term/copy.h"
#include "vm/vm_io.h"
#include "vm/vm_trap.h"

struct hl_limits {
    hl_run_limits v;
    uint64_t max_host_atoms; /* HL_LIMIT_HOST_ATOMS */
    /* from a policy (hl_policy_limits): a setter may only lower a limit
     * below its ceiling, indexed by hl_limit */
    bool capped;
    uint64_t ceiling[HL_LIMIT_HOST_ATOMS + 1];
    bool det; /* hl_limits_set_deterministic */
    uint64_t det_seed;
    hl_vm_fs *fs; /* hl_limits_set_mounts: a reference, or NULL */
};

struct hl_tenant {
    hl_module *module;
    hl_vm_proc *p;
    hl_run_limits lim;
    uint64_t max_host_atoms;
    hl_atom_pool *host_atoms; /* the current (or last) call's, freed with the next */
    volatile _Atomic int interrupt;
    hl_vm_limits vl; /* lim as the VM takes them, computed once */
    bool started;     /* a call is prepared or pending */
    bool first_slice; /* the started call has not run yet (see resume) */
    bool ran;         /* it has run: its process holds the rest of its usage (usage_of) */
    uint64_t tree_reds; /* a program granted processes: the last call's, over every process */
    hl_buf output;
    hl_usage usage;    /* the current call's bindings (binding.c) */
    hl_vm_fs *fs;      /* the limits' mounts (a reference), or NULL */
    hl_host_run_ctx rc; /* the binding hook's context */
};

/* ---- limits -------------------------------------------------------------- */

static const hl_run_limits default_limits = {HL_RUN_DEFAULT_MAX_REDUCTIONS, HL_RUN_DEFAULT_MAX_HEAP_BYTES,
                                             HL_RUN_DEFAULT_TIMEOUT_MS, HL_RUN_DEFAULT_MAX_OUTPUT_BYTES};

hl_status hl_limits_new(hl_limits **out) {
    if (!out) return HL_EMISUSE;
    *out = hl_mem_alloc(sizeof **out);
    if (!*out) return HL_ENOMEM;
    (*out)->v = default_limits;
    (*out)->max_host_atoms = HL_RUN_DEFAULT_MAX_HOST_ATOMS;
    (*out)->capped = false;
    (*out)->det = false;
    (*out)->det_seed = 0;
    (*out)->fs = NULL;
    return HL_OK;
}

/* The deterministic profile takes read-only mounts only (docs/files.md:
 * a write changes what the next replay reads, and its outcome depends on
 * quotas shared beyond the call): refused by whichever setter comes second. */
hl_status hl_limits_set_mounts(hl_limits *limits, hl_mounts *mounts) {
    if (!limits) return HL_EMISUSE;
    if (limits->det && hl_vm_fs_writable_mount(mounts)) return HL_EMISUSE;
    hl_vm_fs_ref(mounts);
    hl_vm_fs_unref(limits->fs);
    limits->fs = mounts;
    return HL_OK;
}

hl_status hl_limits_set_deterministic(hl_limits *limits, int on, uint64_t seed) {
    if (!limits) return HL_EMISUSE;
    if (on && hl_vm_fs_writable_mount(limits->fs)) return HL_EMISUSE;
    limits->det = on != 0;
    limits->det_seed = on ? seed : 0;
    return HL_OK;
}

/* The field of each limit, in hl_limit order. */
static uint64_t *limit_field(hl_limits *l, hl_limit which) {
    switch (which) {
    case HL_LIMIT_REDUCTIONS: return &l->v.max_reductions;
    case HL_LIMIT_HEAP_BYTES: return &l->v.max_heap_bytes;
    case HL_LIMIT_TIMEOUT_MS: return &l->v.timeout_ms;
    case HL_LIMIT_OUTPUT_BYTES: return &l->v.max_output_bytes;
    case HL_LIMIT_HOST_ATOMS: return &l->max_host_atoms;
    }
    return NULL;
}

hl_status hl_limits_set(hl_limits *limits, hl_limit which, uint64_t value) {
    uint64_t *f = limits ? limit_field(limits, which) : NULL;
    if (!f || value == 0) return HL_EMISUSE; /* never unlimited */
    if (limits->capped && value > limits->ceiling[which]) return HL_EMISUSE; /* only lower a policy */
    if (which == HL_LIMIT_HOST_ATOMS && value > HL_ATOM_POOL_MAX) return HL_EMISUSE; /* a pool's most */
    if (which == HL_LIMIT_TIMEOUT_MS && value > 86400000u) return HL_EMISUSE; /* a day */
    *f = value;
    return HL_OK;
}

hl_status hl_limits_get(const hl_limits *limits, hl_limit which, uint64_t *value) {
    if (!limits || !value) return HL_EMISUSE;
    hl_limits copy = *limits;
    uint64_t *f = limit_field(&copy, which);
    if (!f) return HL_EMISUSE;
    *value = *f;
    return HL_OK;
}

void hl_limits_free(hl_limits *limits) {
    if (limits) hl_vm_fs_unref(limits->fs);
    hl_mem_free(limits);
}

void hl_host_limits_values(const hl_limits *limits, hl_run_limits *out, uint64_t *host_atoms) {
    *out = limits ? limits->v : default_limits;
    *host_atoms = limits ? limits->max_host_atoms : HL_RUN_DEFAULT_MAX_HOST_ATOMS;
}

bool hl_host_limits_det(const hl_limits *limits, uint64_t *seed) {
    *seed = limits && limits->det ? limits->det_seed : 0;
    return limits && limits->det;
}

void hl_host_limits_cap(hl_limits *limits) {
    for (unsigned w = 0; w <= HL_LIMIT_HOST_ATOMS; w++) limits->ceiling[w] = *limit_field(limits, (hl_limit)w);
    limits->capped = true;
}

/* ---- function handles ------------------------------------------------------ */

hl_status hl_module_function(const hl_module *module, const char *name, uint32_t arity, uint32_t *fn,
                             hl_error **err) {
    if (err) *err = NULL;
    if (!module || !name || !fn || arity > 255) return HL_EMISUSE;
    int64_t f = hl_program_find(module->prog, name, strlen(name), arity);
    if (f < 0) return hl_host_undef_error(err, module->prog, name, arity);
    *fn = (uint32_t)f;
    return HL_OK;
}

/* ---- tenants ---------------------------------------------------------------- */

/* The deadline is set by the VM when the call's first chunk of reductions
 * begins (the clock is read once per call, not twice). */
static hl_vm_limits vm_limits(const hl_run_limits *l) {
    uint64_t ms = l->timeout_ms > UINT64_MAX / 2000000u ? UINT64_MAX / 2000000u : l->timeout_ms;
    return (hl_vm_limits){l->max_reductions, l->max_heap_bytes, 0, ms * 1000000u};
}

hl_status hl_tenant_new(const hl_module *module, const hl_limits *limits, hl_tenant **out) {
    if (!module || !out) return HL_EMISUSE;
    *out = NULL;
    hl_tenant *t = hl_mem_calloc(1, sizeof *t);
    if (!t) return HL_ENOMEM;
    t->lim = limits ? limits->v : default_limits;
    t->max_host_atoms = limits ? limits->max_host_atoms : HL_RUN_DEFAULT_MAX_HOST_ATOMS;
    t->vl = vm_limits(&t->lim);
    t->p = hl_vm_proc_new(module->prog, &t->vl);
    if (!t->p) {
        hl_mem_free(t);
        /* a heap limit below a process's own footprint, else the allocator */
        return t->lim.max_heap_bytes < (64u << 10) ? HL_ELIMIT : HL_ENOMEM;
    }
    atomic_init(&t->interrupt, 0);
    hl_buf_init(&t->output, 0);
    t->rc = (hl_host_run_ctx){module, &t->usage, NULL, NULL, t, {0}};
    hl_host_audit_get(module->engine, &t->rc.audit, &t->rc.audit_data);
    if (module->nbindings) hl_vm_set_binding_hook(t->p, hl_host_binding_hook, &t->rc);
    hl_vm_set_env(t->p, module->caps, limits && limits->det, limits ? limits->det_seed : 0);
    if (limits && limits->fs) {
        hl_vm_fs_ref(limits->fs);
        t->fs = limits->fs;
        hl_vm_set_files(t->p, t->fs);
    }
    hl_vm_set_interrupt(t->p, &t->interrupt);
    atomic_fetch_add(&((hl_module *)module)->refs, 1);
    t->module = (hl_module *)module;
    *out = t;
    return HL_OK;
}

void hl_tenant_free(hl_tenant *t) {
    if (!t) return;
    hl_vm_proc_free(t->p);
    hl_vm_fs_unref(t->fs);
    hl_atom_pool_free(t->host_atoms);
    hl_buf_free(&t->output);
    hl_module_free(t->module);
    hl_mem_free(t);
}

void hl_tenant_interrupt(hl_tenant *t) {
    if (t) atomic_store_explicit(&t->interrupt, 1, memory_order_relaxed);
}

uint64_t hl_tenant_reductions(const hl_tenant *t) {
    if (!t) return 0;
    return (t->module->caps & HL_CAP_PROCESSES) ? t->tree_reds : hl_vm_reductions(t->p);
}

/* The current (or last) call's usage: the times and bindings counted in
 * t->usage, the rest read from its process when asked (not on every call). */
static void usage_of(const hl_tenant *t, hl_usage *u) {
    *u = t->usage;
    if (!t->ran) return;
    u->reductions = (t->module->caps & HL_CAP_PROCESSES) ? t->tree_reds : hl_vm_reductions(t->p);
    u->peak_heap_bytes = hl_vm_peak_bytes(t->p);
    u->output_bytes = hl_vm_output_bytes(t->p);
}

hl_status hl_tenant_usage(const hl_tenant *t, hl_usage *usage) {
    if (!t || !usage) return HL_EMISUSE;
    usage_of(t, usage);
    return HL_OK;
}

const char *hl_tenant_output(const hl_tenant *t, size_t *len) {
    if (len) *len = t && !t->output.failed ? t->output.len : 0;
    return t && t->output.data && !t->output.failed ? t->output.data : "";
}

hl_status hl_tenant_start(hl_tenant *t, uint32_t fn, hl_value *const *args, size_t nargs, hl_error **err) {
    if (err) *err = NULL;
    if (!t || (nargs && !args) || nargs > 255) return HL_EMISUSE;
    const hl_program *prog = t->module->prog;
    if (fn >= prog->n_functions || !(prog->funcs[fn].flags & HL_BC_FN_EXPORTED) || prog->funcs[fn].arity != nargs)
        return HL_EMISUSE;
    /* inline handles (small integers, [], static atoms: host_int.h) are
     * terms every program holds as they are: no copy, no atom map */
    bool plain = true;
    for (size_t i = 0; i < nargs; i++) {
        if (!args[i]) return HL_EMISUSE;
        plain = plain && hl_host_value_inline(args[i]);
    }
    if (hl_host_in_binding())
        return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, "a tenant called from inside a binding callback"));
    atomic_store_explicit(&t->interrupt, 0, memory_order_relaxed);
    hl_vm_proc *p = t->p;
    hl_vm_proc_reset(p, &t->vl); /* every term of the last call dropped; a new usage count */
    t->usage = (hl_usage){0};
    t->output.len = 0;
    t->output.failed = false;
    hl_vm_set_output(p, &t->output, t->lim.max_output_bytes);
    hl_host_test_gc(hl_vm_proc_heap(p));
    /* the previous call's terms are gone (reset): so may its host atoms be */
    if (t->host_atoms) {
        hl_atom_pool_free(t->host_atoms);
        t->host_atoms = NULL;
    }
    hl_term targs[255];
    if (plain) {
        for (size_t i = 0; i < nargs; i++) targs[i] = hl_host_vterm(args[i]);
    } else {
        hl_status s = hl_host_args_in(prog, hl_vm_proc_heap(p), args, nargs, t->max_host_atoms, targs,
                                      &t->host_atoms, err);
        if (s != HL_OK) return s;
        if (t->host_atoms) hl_vm_set_host_atoms(p, t->host_atoms);
    }
    if (!hl_vm_start(p, fn, targs, (uint32_t)nargs))
        return hl_host_set_error(err, hl_host_error_new(HL_ENOMEM, "out of memory"));
    t->started = true;
    t->first_slice = true;
    t->ran = false;
    return HL_OK;
}

/* The call's times so far (usage_of reads the rest): added per slice.
 * timed: w0 (and c0 with an audit) were read when the slice began; else
 * the slice is the call's first and its wall time is what the VM's own
 * clock saw (hl_vm_clock_elapsed_ns: none if it ended within its first
 * chunk of reductions). */
static void note_usage(hl_tenant *t, bool timed, uint64_t w0, uint64_t c0) {
    t->usage.wall_ns += timed ? hl_vm_now_ns() - w0 : hl_vm_clock_elapsed_ns(t->p);
    if (t->rc.audit) t->usage.cpu_ns += hl_host_cpu_ns() - c0; /* a system call: only for an audit */
    t->ran = true;
}

/* What an error of the call (hl_error_reductions, hl_error_usage) and the
 * audit record carry. */
static void report(hl_tenant *t, hl_status s, hl_error **err) {
    if (!(err && *err && *err != &hl_host_oom_error) && !t->rc.audit) return;
    hl_usage u;
    usage_of(t, &u);
    if (err && *err && *err != &hl_host_oom_error) {
        (*err)->has_reductions = true;
        (*err)->reductions = u.reductions;
        (*err)->has_usage = true;
        (*err)->usage = u;
    }
    if (t->rc.audit)
        hl_host_audit_emit(t->rc.audit, t->rc.audit_data, HL_AUDIT_RUN, s,
                           s == HL_ELIMIT && err && *err ? hl_error_limit(*err) : HL_LIMIT_KIND_NONE, "", t, &u);
}

/* hl_tenant_resume once its arguments are checked (t started, result
 * non-NULL and cleared, not inside a binding callback). */
static hl_status resume(hl_tenant *t, uint64_t reductions, hl_value **result, hl_error **err) {
    hl_vm_status st;
    /* A clock read (~30 ns of CPU on a VM) costs more than a short call's
     * whole run: a call's first slice reads none of its own unless an
     * audit callback takes the usage (the VM's deadline clock, which
     * starts after the first chunk of reductions, times the rest); later
     * slices are long calls' and read it. A world's run always does. */
    bool timed = t->rc.audit || !t->first_slice || (t->module->caps & HL_CAP_PROCESSES);
    t->first_slice = false;
    uint64_t w0 = timed ? hl_vm_now_ns() : 0, c0 = t->rc.audit ? hl_host_cpu_ns() : 0;
    if (t->module->caps & HL_CAP_PROCESSES) {
        /* a world of processes runs to its end (docs/actors.md): slicing a
         * call across resumes comes with the engine's scheduler */
        t->started = false;
        if (reductions)
            return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, "a program granted processes cannot be "
                                                                        "resumed in slices yet: resume with 0"));
        st = hl_host_run_world(t->module, t->p, &t->lim, HL_RUN_DEFAULT_MAX_PROCESSES, &t->tree_reds);
        hl_status s = hl_host_outcome(t->p, st, t->lim.max_heap_bytes, result, err);
        note_usage(t, timed, w0, c0); /* usage_of: the whole tree's reductions */
        report(t, s, err);
        return s;
    }
    for (;;) {
        st = hl_vm_run(t->p, reductions);
        /* nothing can arrive yet: a wait ends at its timeout or the deadline */
        if (st == HL_VM_WAIT) st = hl_vm_wait_alone(t->p);
        if (st != HL_VM_YIELD || reductions) break;
    }
    if (st == HL_VM_YIELD) {
        note_usage(t, timed, w0, c0);
        return HL_PENDING;
    }
    t->started = false;
    /* a call that ended inside a builtin (a limit, the deadline) leaves
     * nothing held until the next call: a listing's open directory
     * (vm/bif_file.c) is closed now */
    if (t->p->trap.fn || t->p->trap.buf) (void)hl_vm_trap_end(t->p, HL_TERM_OK);
    /* the common outcome, a result that is an immediate: an inline handle
     * (host_int.h: nothing allocated), else no copy and no size walk
     * (hl_host_outcome's own fast path), without the classification */
    hl_status s = HL_EMISUSE;
    hl_term r = hl_vm_result(t->p);
    if (st == HL_VM_DONE && hl_host_term_inlines(r)) {
        *result = hl_host_value_of_immed(r);
        s = HL_OK;
    } else if (st == HL_VM_DONE && hl_is_immed(r)) {
        s = hl_host_value_from_term(r, 0, NULL, result);
    }
    if (s != HL_OK) s = hl_host_outcome(t->p, st, t->lim.max_heap_bytes, result, err);
    note_usage(t, timed, w0, c0);
    hl_host_test_bif_probe_report(t->p);
    report(t, s, err);
    return s;
}

hl_status hl_tenant_resume(hl_tenant *t, uint64_t reductions, hl_value **result, hl_error **err) {
    if (err) *err = NULL;
    if (!t || !result) return HL_EMISUSE;
    *result = NULL;
    if (!t->started) return HL_EMISUSE;
    if (hl_host_in_binding())
        return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, "a tenant called from inside a binding callback"));
    return resume(t, reductions, result, err);
}

hl_status hl_tenant_call(hl_tenant *t, uint32_t fn, hl_value *const *args, size_t nargs, hl_value **result,
                         hl_error **err) {
    if (result) *result = NULL;
    if (!result) return HL_EMISUSE;
    hl_status s = hl_tenant_start(t, fn, args, nargs, err); /* checks t, args, the binding callback */
    if (s != HL_OK) return s;
    return resume(t, 0, result, err);
}
