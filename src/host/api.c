/* api.c — the engine, options and error objects of include/hyperlang.h, and
 * the front-end entry points. Every public function validates its handles
 * and reports misuse as HL_EMISUSE instead of crashing. */
#include "hyperlang.h"

#include <string.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/mem.h"
#include "core/core.h"
#include "front/front.h"
#include "base/meter.h"
#include "front/limits.h"
#include "core/builtins.h"
#include "core/capability.h"
#include "host/host_int.h"
#include "host/spare.h"
#include "host/sched.h"

const char *hl_version(void) { return HL_VERSION_STRING; }

const char *hl_status_name(hl_status status) {
    switch (status) {
    case HL_OK: return "ok";
    case HL_EMISUSE: return "API misuse";
    case HL_ENOMEM: return "out of memory";
    case HL_ECOMPILE: return "compile error";
    case HL_ELIMIT: return "limit exceeded";
    case HL_EEXCEPTION: return "guest exception";
    case HL_EREJECTED: return "rejected term";
    case HL_PENDING: return "pending (resume the call)";
    }
    return "unknown status";
}

/* ---- errors ------------------------------------------------------------ */

/* A static error for when allocating the error object itself failed. */
struct hl_error hl_host_oom_error = {.status = HL_ENOMEM, .message = (char *)"out of memory"};
#define oom_error hl_host_oom_error

static hl_error *error_new(hl_status status, const char *message);
static hl_error *error_from_diags(hl_diags *diags, const char *name);
static hl_status set_error(hl_error **err, hl_error *e);

hl_error *hl_host_error_new(hl_status status, const char *message) {
    return error_new(status, message);
}

static hl_error *error_new(hl_status status, const char *message) {
    hl_error *e = hl_mem_calloc(1, sizeof *e);
    if (!e) return &oom_error;
    e->status = status;
    size_t n = strlen(message);
    e->message = hl_mem_alloc(n + 1);
    if (!e->message) {
        hl_mem_free(e);
        return &oom_error;
    }
    memcpy(e->message, message, n + 1);
    hl_diags_init(&e->diags, 1);
    return e;
}

/* Moves the diagnostics out of a front-end result into a new error. */
static hl_error *error_from_diags(hl_diags *diags, const char *name) {
    hl_buf text;
    hl_buf_init(&text, 0);
    hl_diags_render(diags, name, &text);
    if (text.failed) {
        hl_buf_free(&text);
        return &oom_error;
    }
    hl_error *e = hl_mem_calloc(1, sizeof *e);
    if (!e) {
        hl_buf_free(&text);
        return &oom_error;
    }
    e->status = HL_ECOMPILE;
    e->message = text.data ? text.data : hl_mem_calloc(1, 1);
    if (!e->message) {
        hl_mem_free(e);
        return &oom_error;
    }
    e->diags = *diags;
    hl_diags_init(diags, diags->max);
    return e;
}

hl_error *hl_host_error_from_diags(hl_diags *diags, const char *name) {
    return error_from_diags(diags, name);
}

hl_status hl_host_set_error(hl_error **err, hl_error *e) { return set_error(err, e); }

static hl_status set_error(hl_error **err, hl_error *e) {
    hl_status s = e->status;
    if (err) *err = e;
    else hl_error_free(e);
    return s;
}

hl_status hl_error_status(const hl_error *err) { return err ? err->status : HL_EMISUSE; }
const char *hl_error_message(const hl_error *err) { return err ? err->message : ""; }
size_t hl_error_diagnostic_count(const hl_error *err) { return err ? err->diags.count : 0; }

hl_status hl_error_diagnostic(const hl_error *err, size_t i, uint32_t *line, uint32_t *column,
                              const char **message) {
    if (!err || i >= err->diags.count) return HL_EMISUSE;
    const hl_diag *d = &err->diags.items[i];
    if (line) *line = d->line;
    if (column) *column = d->col;
    if (message) *message = d->message;
    return HL_OK;
}

void hl_error_free(hl_error *err) {
    if (!err || err == &oom_error) return;
    hl_mem_free(err->message);
    hl_mem_free(err->exc_class);
    hl_mem_free(err->exc_reason);
    hl_mem_free(err->exc_stack);
    for (int i = 0; i < 3; i++) hl_value_free(err->exc_value[i]);
    hl_diags_free(&err->diags);
    hl_mem_free(err);
}

/* ---- engine and options -------------------------------------------------- */

hl_status hl_engine_new(hl_engine **out) {
    if (!out) return HL_EMISUSE;
    *out = hl_mem_calloc(1, sizeof **out);
    if (!*out) return HL_ENOMEM;
    if (pthread_mutex_init(&(*out)->lock, NULL) != 0) {
        hl_mem_free(*out);
        *out = NULL;
        return HL_ENOMEM;
    }
    (*out)->atoms = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    if (!(*out)->atoms || hl_host_modules_init(*out) != HL_OK) {
        hl_atom_table_release((*out)->atoms);
        pthread_mutex_destroy(&(*out)->lock);
        hl_mem_free(*out);
        *out = NULL;
        return HL_ENOMEM;
    }
    atomic_init(&(*out)->refs, 1); /* the host's; each module holds one more */
    (*out)->cache_max_bytes = HL_CACHE_DEFAULT_BYTES;
    atomic_init(&(*out)->warm_bytes, 0);
    atomic_init(&(*out)->warm_max, HL_WARM_DEFAULT_BYTES);
    return HL_OK;
}

/* The engine's memory goes with its last reference: a module the host
 * still holds keeps the stdlib modules it links alive. */
void hl_host_engine_release(hl_engine *engine) {
    if (atomic_fetch_sub(&engine->refs, 1) != 1) return;
    hl_host_modules_free(engine);
    hl_mem_free(engine->cache);
    hl_atom_table_release(engine->atoms); /* host values may still retain atoms of it */
    pthread_mutex_destroy(&engine->lock);
    hl_mem_free(engine);
}

hl_status hl_engine_set_limit(hl_engine *engine, hl_engine_limit which, uint64_t value) {
    if (!engine) return HL_EMISUSE;
    switch (which) {
    case HL_ENGINE_LIMIT_ATOMS:
        if (value == 0 || value > HL_ATOM_TABLE_MAX_LIMIT) return HL_EMISUSE;
        hl_atom_table_set_max(engine->atoms, (size_t)value);
        return HL_OK;
    case HL_ENGINE_LIMIT_WARM_BYTES: atomic_store(&engine->warm_max, value); return HL_OK;
    }
    return HL_EMISUSE;
}

hl_status hl_engine_get_limit(hl_engine *engine, hl_engine_limit which, uint64_t *value) {
    if (!engine || !value) return HL_EMISUSE;
    switch (which) {
    case HL_ENGINE_LIMIT_ATOMS: *value = hl_atom_table_max(engine->atoms); return HL_OK;
    case HL_ENGINE_LIMIT_WARM_BYTES: *value = atomic_load(&engine->warm_max); return HL_OK;
    }
    return HL_EMISUSE;
}

void hl_engine_free(hl_engine *engine) {
    if (!engine) return;
    /* every actor stops first: their worlds may call bindings */
    pthread_mutex_lock(&engine->lock);
    engine->sched_closed = true;
    struct hl_sched *s = atomic_exchange(&engine->sched, NULL);
    pthread_mutex_unlock(&engine->lock);
    hl_sched_free(s);
    hl_scope_release(engine->default_scope);
    engine->default_scope = NULL;
    for (uint32_t i = 0; i < engine->ncache; i++) {
        hl_module_free(engine->cache[i].module);
        hl_mem_free(engine->cache[i].src);
    }
    engine->ncache = 0;
    hl_host_bindings_engine_free(engine);
    hl_host_engine_release(engine);
}

hl_limit_kind hl_error_limit(const hl_error *err) { return err ? err->limit : HL_LIMIT_KIND_NONE; }

const char *hl_limit_kind_name(hl_limit_kind kind) {
    switch (kind) {
    case HL_LIMIT_KIND_REDUCTIONS: return "reductions";
    case HL_LIMIT_KIND_HEAP: return "heap";
    case HL_LIMIT_KIND_DEADLINE: return "deadline";
    case HL_LIMIT_KIND_OUTPUT: return "output";
    case HL_LIMIT_KIND_INTERRUPTED: return "interrupted";
    case HL_LIMIT_KIND_ATOMS: return "atoms";
    case HL_LIMIT_KIND_ADMISSION: return "admission";
    case HL_LIMIT_KIND_NONE: break;
    }
    return "none";
}

hl_status hl_error_exception(const hl_error *err, const char **class_name, const char **reason,
                             const char **stack) {
    if (!err || err->status != HL_EEXCEPTION) return HL_EMISUSE;
    if (class_name) *class_name = err->exc_class ? err->exc_class : "";
    if (reason) *reason = err->exc_reason ? err->exc_reason : "";
    if (stack) *stack = err->exc_stack ? err->exc_stack : "";
    return HL_OK;
}

hl_status hl_error_exception_value(const hl_error *err, hl_exception_part part, hl_value **out) {
    if (out) *out = NULL;
    if (!err || !out || err->status != HL_EEXCEPTION || (unsigned)part > HL_EXCEPTION_STACK) return HL_EMISUSE;
    const hl_value *v = err->exc_value[part];
    if (!v) return err->exc_value_status[part] != HL_OK ? err->exc_value_status[part] : HL_ENOMEM;
    return hl_host_value_dup(v, out);
}

hl_status hl_error_reductions(const hl_error *err, uint64_t *reductions) {
    if (!err || !reductions || !err->has_reductions) return HL_EMISUSE;
    *reductions = err->reductions;
    return HL_OK;
}

hl_status hl_compile_options_new(hl_compile_options **out) {
    if (!out) return HL_EMISUSE;
    *out = hl_mem_calloc(1, sizeof **out);
    if (!*out) return HL_ENOMEM;
    hl_front_limits_default(&(*out)->front);
    return HL_OK;
}

enum { HL_MAX_HEADERS = 256 };

hl_status hl_compile_options_add_header(hl_compile_options *opts, const char *name, const char *text,
                                        size_t len) {
    if (!opts || !name || (!text && len) || opts->nheaders >= HL_MAX_HEADERS) return HL_EMISUSE;
    hl_front_header *h = hl_mem_realloc_array(opts->headers, opts->nheaders + 1, sizeof *h);
    if (!h) return HL_ENOMEM;
    opts->headers = h;
    opts->front.headers = h;
    size_t nl = strlen(name);
    char *n = hl_mem_alloc(nl + 1), *t = hl_mem_alloc(len + 1);
    if (!n || !t) {
        hl_mem_free(n);
        hl_mem_free(t);
        return HL_ENOMEM;
    }
    memcpy(n, name, nl + 1);
    if (len) memcpy(t, text, len);
    t[len] = '\0';
    h[opts->nheaders++] = (hl_front_header){n, t, len};
    opts->front.nheaders = opts->nheaders;
    return HL_OK;
}

/* The capabilities by name (core/capability.h bits), in hl_capability_name order. */
static const struct {
    const char *name;
    uint32_t bit;
} capabilities[] = {
    {"processes", HL_CAP_PROCESSES},
    {"clocks", HL_CAP_CLOCKS},
    {"random", HL_CAP_RANDOM},
    {"files", HL_CAP_FILES},
};

hl_status hl_compile_options_grant_capability(hl_compile_options *opts, const char *name) {
    if (!opts || !name) return HL_EMISUSE;
    for (size_t i = 0; i < sizeof capabilities / sizeof capabilities[0]; i++)
        if (strcmp(capabilities[i].name, name) == 0) {
            opts->caps |= capabilities[i].bit;
            return HL_OK;
        }
    return HL_EMISUSE;
}

const char *hl_capability_name(size_t i) {
    return i < sizeof capabilities / sizeof capabilities[0] ? capabilities[i].name : NULL;
}

void hl_compile_options_free(hl_compile_options *opts) {
    if (!opts) return;
    for (uint32_t i = 0; i < opts->nheaders; i++) {
        hl_mem_free((char *)opts->headers[i].name);
        hl_mem_free((char *)opts->headers[i].text);
    }
    hl_mem_free(opts->headers);
    hl_host_grants_free(opts);
    hl_mem_free(opts);
}

hl_status hl_compile_options_set_limit(hl_compile_options *opts, hl_compile_limit which,
                                       uint64_t value) {
    if (!opts || value == 0) return HL_EMISUSE;
    /* options from a policy: a per-call setting may only lower it */
    if (opts->capped && (unsigned)which <= HL_LIMIT_ATOMS && value > opts->ceiling[which]) return HL_EMISUSE;
    hl_front_limits *l = &opts->front;
    switch (which) {
    case HL_LIMIT_SOURCE_BYTES:
        if (value > UINT32_MAX) return HL_EMISUSE; /* token offsets are 32-bit */
        l->max_source_bytes = (size_t)value;
        return HL_OK;
    case HL_LIMIT_TOKENS:
        if (value > UINT32_MAX) return HL_EMISUSE;
        l->max_tokens = (size_t)value;
        return HL_OK;
    case HL_LIMIT_DEPTH:
        /* Passes recurse to this depth: 1,000 stays within the default stack
         * budget in every build we test, sanitizers included. */
        if (value > 1000) return HL_EMISUSE;
        l->max_depth = (uint32_t)value;
        return HL_OK;
    case HL_LIMIT_STRING_CHARS:
        if (value > UINT32_MAX) return HL_EMISUSE;
        l->max_string_chars = (uint32_t)value;
        return HL_OK;
    case HL_LIMIT_INTEGER_DIGITS:
        if (value > 1000000) return HL_EMISUSE;
        l->max_integer_digits = (uint32_t)value;
        return HL_OK;
    case HL_LIMIT_MEMORY_BYTES:
        if (value > SIZE_MAX) return HL_EMISUSE;
        l->max_memory_bytes = (size_t)value;
        return HL_OK;
    case HL_LIMIT_DIAGNOSTICS:
        if (value > 100000) return HL_EMISUSE;
        l->max_diagnostics = (size_t)value;
        return HL_OK;
    case HL_LIMIT_STACK_BYTES:
        if (value < 64 * 1024 || value > SIZE_MAX) return HL_EMISUSE;
        l->max_stack_bytes = (size_t)value;
        return HL_OK;
    case HL_LIMIT_WORK:
        l->max_work = value;
        return HL_OK;
    case HL_LIMIT_WALL_MS:
        if (value > 86400000u) return HL_EMISUSE; /* a day */
        l->max_wall_ms = value;
        return HL_OK;
    case HL_LIMIT_ATOMS:
        if (value > HL_FRONT_MAX_ATOMS_LIMIT) return HL_EMISUSE;
        l->max_atoms = value;
        return HL_OK;
    }
    return HL_EMISUSE;
}

hl_status hl_compile_options_get_limit(const hl_compile_options *opts, hl_compile_limit which,
                                       uint64_t *value) {
    if (!opts || !value) return HL_EMISUSE;
    const hl_front_limits *l = &opts->front;
    switch (which) {
    case HL_LIMIT_SOURCE_BYTES: *value = l->max_source_bytes; return HL_OK;
    case HL_LIMIT_TOKENS: *value = l->max_tokens; return HL_OK;
    case HL_LIMIT_DEPTH: *value = l->max_depth; return HL_OK;
    case HL_LIMIT_STRING_CHARS: *value = l->max_string_chars; return HL_OK;
    case HL_LIMIT_INTEGER_DIGITS: *value = l->max_integer_digits; return HL_OK;
    case HL_LIMIT_MEMORY_BYTES: *value = l->max_memory_bytes; return HL_OK;
    case HL_LIMIT_DIAGNOSTICS: *value = l->max_diagnostics; return HL_OK;
    case HL_LIMIT_STACK_BYTES: *value = l->max_stack_bytes; return HL_OK;
    case HL_LIMIT_WORK: *value = l->max_work; return HL_OK;
    case HL_LIMIT_WALL_MS: *value = l->max_wall_ms; return HL_OK;
    case HL_LIMIT_ATOMS: *value = l->max_atoms; return HL_OK;
    }
    return HL_EMISUSE;
}

/* ---- front end ------------------------------------------------------------ */

/* Runs the front end; on rejection fills *err and returns NULL with the
 * status in *status. */
static hl_front_result *front_run(const char *name, const char *source, size_t len,
                                  const hl_compile_options *opts, hl_status *status,
                                  hl_error **err) {
    hl_front_limits lim;
    if (opts) lim = opts->front;
    else hl_front_limits_default(&lim);
    lim.file_name = name; /* ?FILE */
    hl_front_result *r = hl_front_parse(source, len, &lim);
    if (!r) {
        *status = set_error(err, error_new(HL_ENOMEM, "out of memory"));
        return NULL;
    }
    if (hl_diags_errors(&r->diags) > 0) {
        *status = set_error(err, error_from_diags(&r->diags, name ? name : "<source>"));
        hl_front_free(r);
        return NULL;
    }
    *status = HL_OK;
    return r;
}

hl_status hl_parse_dump(hl_engine *engine, const char *name, const char *source, size_t len,
                        const hl_compile_options *opts, char **out, size_t *out_len,
                        hl_error **err) {
    if (err) *err = NULL;
    if (!engine || !out || (!source && len)) return HL_EMISUSE;
    *out = NULL;
    if (out_len) *out_len = 0;
    hl_status status;
    hl_meter meter;
    hl_meter_begin(&meter, opts ? opts->front.max_work : HL_FRONT_DEFAULT_MAX_WORK,
                   opts ? opts->front.max_wall_ms : HL_FRONT_DEFAULT_MAX_WALL_MS);
    hl_front_result *r = front_run(name, source ? source : "", len, opts, &status, err);
    hl_meter_end(&meter);
    if (!r) return status;
    hl_buf b;
    hl_buf_init(&b, 0);
    bool ok = hl_front_dump(r, &b) && !b.failed;
    hl_front_free(r);
    if (!ok) {
        hl_buf_free(&b);
        return set_error(err, error_new(HL_ENOMEM, "out of memory while dumping the AST"));
    }
    if (!b.data) {
        b.data = hl_mem_calloc(1, 1);
        if (!b.data) return set_error(err, error_new(HL_ENOMEM, "out of memory"));
    }
    *out = b.data;
    if (out_len) *out_len = b.len;
    return HL_OK;
}

void hl_free(void *ptr) { hl_mem_free(ptr); }
