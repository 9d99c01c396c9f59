/* serve_ops.c — the server's two operations on one tenant: check a module
 * and run one of its functions, JSON arguments in, one outcome object out
 * (the shape `hl run --json` prints, docs/serve.md). A run compiles through
 * the shared engine (its cache answers a repeated source without the
 * compiler), then calls the function in a fresh hl_tenant under the
 * tenant's policy, lowered by the request's limits; the hl_tenant is
 * registered while it runs so a shutdown can interrupt it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

enum { MAX_ARGS = 255, MAX_FUNCTION = 255 };

/* An outcome object with status and message. */
json_t *hl_serve_fail(hl_serve_outcome *oc, hl_serve_outcome o, const char *status, const char *message) {
    *oc = o;
    return json_pack("{s:s,s:o}", "status", status, "message", hl_serve_json_text(message, strlen(message)));
}

/* The source argument, or NULL with *why. */
const char *hl_serve_get_source(json_t *args, size_t *len, const char **why) {
    json_t *src = json_is_object(args) ? json_object_get(args, "source") : NULL;
    if (!json_is_object(args)) *why = "the arguments must be an object";
    else if (!json_is_string(src)) *why = "\"source\" (a string: one Erlang module) is required";
    else {
        *len = json_string_length(src);
        return json_string_value(src);
    }
    return NULL;
}

/* The source's name in diagnostics. */
static const char *get_name(json_t *args) {
    json_t *n = json_object_get(args, "name");
    return json_is_string(n) && json_string_length(n) > 0 && json_string_length(n) < 256 ? json_string_value(n)
                                                                                          : "tool.erl";
}

/* Keys of an arguments object that a tool accepts: anything else is
 * refused, so a misspelt key is never silently ignored. */
bool hl_serve_only_keys(json_t *args, const char *const *keys, char *why, size_t cap) {
    const char *k;
    json_t *v;
    json_object_foreach(args, k, v) {
        bool known = false;
        for (size_t i = 0; keys[i]; i++) known |= strcmp(k, keys[i]) == 0;
        if (!known) {
            snprintf(why, cap, "unknown argument \"%.100s\"", k);
            return false;
        }
    }
    return true;
}

/* The request's compile options: the tenant's policy. */
static hl_compile_options *options_for(hl_serve_tenant *t, hl_error **err) {
    hl_compile_options *o = NULL;
    if (hl_policy_compile_options(t->policy, &o, err) != HL_OK) return NULL;
    return o;
}

json_t *hl_serve_check(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc) {
    static const char *const keys[] = {"source", "name", NULL};
    size_t len = 0;
    const char *why = NULL;
    char msg[160];
    const char *src = hl_serve_get_source(args, &len, &why);
    if (!src) return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", why);
    if (!hl_serve_only_keys(args, keys, msg, sizeof msg)) return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
    hl_error *err = NULL;
    hl_compile_options *opts = options_for(t, &err);
    if (!opts) {
        json_t *r = hl_serve_fail(oc, HL_SERVE_INTERNAL, "error", err ? hl_error_message(err) : "out of memory");
        hl_error_free(err);
        return r;
    }
    const char *name = get_name(args);
    hl_status st = hl_check_program(s->engine, 1, &name, &src, &len, opts, &err);
    hl_compile_options_free(opts);
    json_t *r;
    if (st == HL_OK) {
        *oc = HL_SERVE_OK;
        r = json_pack("{s:s,s:[]}", "status", "ok", "diagnostics");
    } else if (st == HL_ECOMPILE || st == HL_ELIMIT) {
        *oc = st == HL_ELIMIT ? HL_SERVE_LIMIT : HL_SERVE_COMPILE_ERROR;
        const char *m = err ? hl_error_message(err) : hl_status_name(st);
        r = json_pack("{s:s,s:o,s:o}", "status", st == HL_ELIMIT ? "limit" : "compile_error", "message",
                      hl_serve_json_text(m, strlen(m)), "diagnostics", hl_serve_json_diagnostics(err));
    } else {
        r = hl_serve_fail(oc, HL_SERVE_INTERNAL, "error", err ? hl_error_message(err) : hl_status_name(st));
    }
    hl_error_free(err);
    return r;
}

/* The request's limits: "limits" {max_reductions, max_heap_bytes,
 * timeout_ms, max_output_bytes}, each a positive integer that may only
 * lower the tenant's policy. */
static const struct {
    const char *key;
    hl_limit which;
} limit_keys[] = {
    {"max_reductions", HL_LIMIT_REDUCTIONS},
    {"max_heap_bytes", HL_LIMIT_HEAP_BYTES},
    {"timeout_ms", HL_LIMIT_TIMEOUT_MS},
    {"max_output_bytes", HL_LIMIT_OUTPUT_BYTES},
};
enum { NLIMIT_KEYS = sizeof limit_keys / sizeof limit_keys[0] };

bool hl_serve_apply_limits(hl_limits *lim, json_t *req, char *why, size_t cap) {
    if (!req) return true;
    if (!json_is_object(req)) {
        snprintf(why, cap, "\"limits\" must be an object");
        return false;
    }
    const char *k;
    json_t *v;
    json_object_foreach(req, k, v) {
        size_t i = 0;
        while (i < NLIMIT_KEYS && strcmp(limit_keys[i].key, k) != 0) i++;
        if (i == NLIMIT_KEYS) {
            snprintf(why, cap, "limits: unknown key \"%.100s\" (max_reductions, max_heap_bytes, timeout_ms, "
                               "max_output_bytes)", k);
            return false;
        }
        if (!json_is_integer(v) || json_integer_value(v) <= 0) {
            snprintf(why, cap, "limits.%s must be a positive integer", k);
            return false;
        }
        uint64_t cur = 0, want = (uint64_t)json_integer_value(v);
        hl_limits_get(lim, limit_keys[i].which, &cur);
        if (want > cur) {
            snprintf(why, cap, "limits.%s %llu is above the server's policy (%llu): a request may only lower its "
                               "limits", k, (unsigned long long)want, (unsigned long long)cur);
            return false;
        }
        if (hl_limits_set(lim, limit_keys[i].which, want) != HL_OK) {
            snprintf(why, cap, "limits.%s: refused", k);
            return false;
        }
    }
    return true;
}

/* The run's arguments from the JSON array (each element through the
 * library's JSON boundary); false with why. */
bool hl_serve_make_args(json_t *arr, hl_value **args, size_t *n, char *why, size_t cap) {
    *n = 0;
    if (!arr) return true;
    if (!json_is_array(arr)) {
        snprintf(why, cap, "\"args\" must be an array (the function's arguments, as JSON)");
        return false;
    }
    if (json_array_size(arr) > MAX_ARGS) {
        snprintf(why, cap, "at most %d arguments", MAX_ARGS);
        return false;
    }
    size_t i;
    json_t *a;
    json_array_foreach(arr, i, a) {
        size_t len = 0;
        char *text = hl_serve_json_dump(a, &len);
        hl_error *err = NULL;
        hl_status st = text ? hl_value_from_json(text, len, &args[i], &err) : HL_ENOMEM;
        free(text);
        if (st != HL_OK) {
            snprintf(why, cap, "args[%zu]: %s", i, err ? hl_error_message(err) : hl_status_name(st));
            hl_error_free(err);
            return false;
        }
        *n = i + 1;
    }
    return true;
}

/* The result as JSON, with its Erlang text beside it (a tuple or an atom
 * has no JSON form; the text always exists). */
void hl_serve_put_result(json_t *r, const hl_value *v, const char *key) {
    char *j = NULL, *text = NULL, k_err[64], k_text[64];
    snprintf(k_err, sizeof k_err, "%s_json_error", key);
    snprintf(k_text, sizeof k_text, "%s_text", key);
    size_t jlen = 0;
    hl_error *jerr = NULL;
    json_t *jv = NULL;
    if (hl_value_to_json(v, &j, &jlen, &jerr) == HL_OK) {
        json_error_t je;
        jv = json_loadb(j, jlen, JSON_DECODE_ANY, &je);
        if (!jv) json_object_set_new(r, k_err, json_string("an integer beyond 64 bits: see result_text"));
    } else {
        const char *m = jerr ? hl_error_message(jerr) : "no JSON form";
        json_object_set_new(r, k_err, hl_serve_json_text(m, strlen(m)));
    }
    json_object_set_new(r, key, jv ? jv : json_null());
    size_t tlen = 0;
    if (hl_value_to_text(v, 1, &text, &tlen) == HL_OK) json_object_set_new(r, k_text, hl_serve_json_text(text, tlen));
    hl_free(j);
    hl_free(text);
    hl_error_free(jerr);
}

/* Lines of text as an array of strings. */
json_t *hl_serve_lines(const char *s) {
    json_t *a = json_array();
    while (a && s && *s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        json_array_append_new(a, hl_serve_json_text(s, n));
        s += n + (nl ? 1 : 0);
    }
    return a;
}

/* status, exception / limit / message of a run's error. */
hl_serve_outcome hl_serve_put_error(json_t *r, hl_status st, const hl_error *err) {
    const char *m = err ? hl_error_message(err) : hl_status_name(st);
    json_object_set_new(r, "message", hl_serve_json_text(m, strlen(m)));
    const char *cls = NULL, *reason = NULL, *stack = NULL;
    if (st == HL_EEXCEPTION && hl_error_exception(err, &cls, &reason, &stack) == HL_OK) {
        json_object_set_new(r, "status", json_string("exception"));
        json_object_set_new(r, "exception",
                            json_pack("{s:s,s:o,s:o}", "class", cls ? cls : "error", "reason",
                                      hl_serve_json_text(reason ? reason : "", reason ? strlen(reason) : 0), "stack",
                                      hl_serve_lines(stack)));
        return HL_SERVE_EXCEPTION;
    }
    if (st == HL_ELIMIT) {
        json_object_set_new(r, "status", json_string("limit"));
        json_object_set_new(r, "limit", json_string(hl_limit_kind_name(hl_error_limit(err))));
        return HL_SERVE_LIMIT;
    }
    if (st == HL_EREJECTED) { /* an argument may not cross into the guest */
        json_object_set_new(r, "status", json_string("invalid"));
        return HL_SERVE_INVALID;
    }
    json_object_set_new(r, "status", json_string("error"));
    return HL_SERVE_INTERNAL;
}

/* Compiles the request's source for the tenant: the module, or NULL with
 * the outcome object in *fail_out. */
hl_module *hl_serve_compile(hl_serve *s, hl_serve_tenant *t, json_t *args, const char *src, size_t len,
                           hl_serve_outcome *oc, json_t **fail_out) {
    hl_error *err = NULL;
    hl_compile_options *opts = options_for(t, &err);
    hl_module *mod = NULL;
    hl_status st = HL_ENOMEM;
    const char *name = get_name(args);
    if (opts) st = hl_compile(s->engine, name, src, len, opts, &mod, &err);
    hl_compile_options_free(opts);
    if (st == HL_OK) return mod;
    const char *m = err ? hl_error_message(err) : hl_status_name(st);
    if (st == HL_ECOMPILE || st == HL_ELIMIT) {
        *oc = st == HL_ELIMIT ? HL_SERVE_LIMIT : HL_SERVE_COMPILE_ERROR;
        *fail_out = json_pack("{s:s,s:o,s:o}", "status", st == HL_ELIMIT ? "limit" : "compile_error", "message",
                              hl_serve_json_text(m, strlen(m)), "diagnostics", hl_serve_json_diagnostics(err));
        if (*fail_out && st == HL_ELIMIT)
            json_object_set_new(*fail_out, "limit", json_string(hl_limit_kind_name(hl_error_limit(err))));
    } else {
        *fail_out = hl_serve_fail(oc, HL_SERVE_INTERNAL, "error", m);
    }
    hl_error_free(err);
    return NULL;
}

/* Calls the function in a fresh guest context, registered for interrupts. */
static json_t *call(hl_serve *s, hl_module *mod, const char *function, hl_value **argv, size_t nargs,
                    const hl_limits *lim, hl_serve_outcome *oc, int client_fd, hl_serve_cancel *cancel) {
    hl_error *err = NULL;
    uint32_t fn = 0;
    hl_tenant *ten = NULL;
    json_t *r = json_pack("{s:s}", "status", "ok"); /* first, whatever it becomes */
    if (!r) return NULL;
    hl_status st = hl_module_function(mod, function, (uint32_t)nargs, &fn, &err);
    hl_usage u = {0};
    if (st == HL_OK) st = hl_tenant_new(mod, lim, &ten);
    if (st == HL_OK) {
        int slot = hl_serve_flight_add(s, ten, client_fd);
        hl_value *result = NULL;
        if (!cancel) {
            st = hl_tenant_call(ten, fn, argv, nargs, &result, &err);
        } else if ((st = hl_tenant_start(ten, fn, argv, nargs, &err)) == HL_OK) {
            /* started (which clears any interrupt): from now on the client
             * may cancel it (notifications/cancelled), even before it runs */
            pthread_mutex_lock(&cancel->lock);
            cancel->run = ten;
            if (cancel->cancelled) hl_tenant_interrupt(ten);
            pthread_mutex_unlock(&cancel->lock);
            st = hl_tenant_resume(ten, 0, &result, &err);
            pthread_mutex_lock(&cancel->lock);
            cancel->run = NULL;
            pthread_mutex_unlock(&cancel->lock);
        }
        hl_serve_flight_remove(s, slot);
        hl_tenant_usage(ten, &u);
        size_t olen = 0;
        const char *out = hl_tenant_output(ten, &olen);
        json_object_set_new(r, "output", hl_serve_json_text(out ? out : "", out ? olen : 0));
        if (st == HL_OK) {
            json_object_set_new(r, "status", json_string("ok"));
            hl_serve_put_result(r, result, "result");
            *oc = HL_SERVE_OK;
        }
        hl_value_free(result);
    }
    if (st != HL_OK) {
        if (!json_object_get(r, "output")) json_object_set_new(r, "output", json_string(""));
        *oc = hl_serve_put_error(r, st, err);
    }
    json_object_set_new(r, "usage", hl_serve_json_usage(&u));
    hl_error_free(err);
    hl_tenant_free(ten);
    return r;
}

json_t *hl_serve_run(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc) {
    return hl_serve_run_for(s, t, args, oc, -1);
}

static json_t *run_impl(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc, int client_fd,
                        hl_serve_cancel *cancel);

json_t *hl_serve_run_for(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc, int client_fd) {
    return run_impl(s, t, args, oc, client_fd, NULL);
}

json_t *hl_serve_run_cancellable(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc,
                                 hl_serve_cancel *cancel) {
    return run_impl(s, t, args, oc, -1, cancel);
}

static json_t *run_impl(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc, int client_fd,
                        hl_serve_cancel *cancel) {
    static const char *const keys[] = {"source", "name", "function", "args", "limits", NULL};
    size_t len = 0;
    const char *why = NULL;
    char msg[320];
    const char *src = hl_serve_get_source(args, &len, &why);
    if (!src) return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", why);
    if (!hl_serve_only_keys(args, keys, msg, sizeof msg)) return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
    json_t *f = json_object_get(args, "function");
    if (!json_is_string(f) || json_string_length(f) == 0 || json_string_length(f) > MAX_FUNCTION ||
        strlen(json_string_value(f)) != json_string_length(f))
        return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", "\"function\" (the name of an exported function) is required");
    hl_limits *lim = NULL;
    if (hl_policy_limits(t->policy, &lim) != HL_OK) return hl_serve_fail(oc, HL_SERVE_INTERNAL, "error", "out of memory");
    if (!hl_serve_apply_limits(lim, json_object_get(args, "limits"), msg, sizeof msg)) {
        hl_limits_free(lim);
        return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
    }
    json_t *r = NULL;
    hl_module *mod = hl_serve_compile(s, t, args, src, len, oc, &r);
    hl_value *argv[MAX_ARGS];
    size_t nargs = 0;
    if (mod) {
        if (!hl_serve_make_args(json_object_get(args, "args"), argv, &nargs, msg, sizeof msg))
            r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
        else r = call(s, mod, json_string_value(f), argv, nargs, lim, oc, client_fd, cancel);
    }
    for (size_t i = 0; i < nargs; i++) hl_value_free(argv[i]);
    hl_module_free(mod);
    hl_limits_free(lim);
    return r;
}
