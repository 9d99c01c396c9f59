/* serve_actors.c — stateful tenants (docs/serve.md, "Stateful tenants"):
 * a client starts a guest actor (erlang_start, POST /v1/tenants) that
 * keeps its state between calls (erlang_call, gen_server's '$gen_call'
 * protocol through hl_actor_call, so a guest gen_server or a plain receive
 * loop answers), casts to it and stops it (its exit reason comes back).
 *
 * Each client (an HTTP token's tenant, or the stdio session's) has one
 * hl_scope: every process of every actor it starts counts against the
 * scope's process and memory bounds, and its CPU quota (from the client's
 * cpu_ms_per_minute) bounds them all together. A client holds at most
 * max_actors live tenants; one idle for actor_idle_s is stopped; none lives
 * past actor_life_s (the actor's deadline). A tenant id is 128 random bits
 * and is looked up only among its own client's tenants, so a client can
 * neither guess nor use another's. */
#define _GNU_SOURCE /* getrandom */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "serve.h"

enum { ID_LEN = 33 /* 't' and 32 hex digits */, STOP_WAIT_MS = 2000, SCOPE_PROCESSES = 10000 };

typedef struct actor_entry {
    char id[ID_LEN + 1];
    const hl_serve_tenant *owner;
    hl_actor *actor;
    hl_module *mod;       /* for request_term's atoms */
    uint64_t call_ms;     /* the longest a call waits (the policy's timeout_ms) */
    uint64_t last_ns;     /* last use, for the idle reaper */
} actor_entry;

struct hl_serve_actors {
    pthread_mutex_t lock;
    actor_entry *e;       /* under lock */
    size_t n, cap;
    hl_scope **scopes;    /* per client (index in s->tenants), made on first use */
    uint64_t next_reap_ns;
    uint64_t started, calls, reaped;
};

bool hl_serve_actors_allowed(const hl_serve_tenant *t) { return hl_policy_has_capability(t->policy, "processes"); }

bool hl_serve_actors_new(hl_serve *s, char *why, size_t cap) {
    hl_serve_actors *a = calloc(1, sizeof *a);
    if (a) a->scopes = calloc(s->ntenants ? s->ntenants : 1, sizeof *a->scopes);
    if (!a || !a->scopes) {
        free(a);
        snprintf(why, cap, "out of memory");
        return false;
    }
    pthread_mutex_init(&a->lock, NULL);
    s->actors = a;
    return true;
}

static void entry_free(actor_entry *x) {
    hl_actor_kill(x->actor);
    hl_actor_free(x->actor);
    hl_module_free(x->mod);
}

void hl_serve_actors_free(hl_serve *s) {
    hl_serve_actors *a = s->actors;
    if (!a) return;
    for (size_t i = 0; i < a->n; i++) entry_free(&a->e[i]);
    for (size_t i = 0; i < s->ntenants; i++) hl_scope_free(a->scopes[i]);
    free(a->scopes);
    free(a->e);
    pthread_mutex_destroy(&a->lock);
    free(a);
    s->actors = NULL;
}

void hl_serve_actors_kill_all(hl_serve *s) {
    hl_serve_actors *a = s->actors;
    if (!a) return;
    pthread_mutex_lock(&a->lock);
    for (size_t i = 0; i < a->n; i++) hl_actor_kill(a->e[i].actor); /* a call waiting on one returns now */
    pthread_mutex_unlock(&a->lock);
}

void hl_serve_actors_stats(hl_serve *s, hl_serve_actor_stats *out) {
    hl_serve_actors *a = s->actors;
    pthread_mutex_lock(&a->lock);
    *out = (hl_serve_actor_stats){a->n, a->started, a->calls, a->reaped};
    pthread_mutex_unlock(&a->lock);
}

void hl_serve_actors_reap(hl_serve *s) {
    hl_serve_actors *a = s->actors;
    uint64_t now = hl_serve_now_ns(), idle = (uint64_t)s->cfg.actor_idle_s * 1000000000u;
    actor_entry gone[16];
    size_t ngone = 0;
    pthread_mutex_lock(&a->lock);
    if (now >= a->next_reap_ns) {
        a->next_reap_ns = now + 200000000u;
        for (size_t i = 0; i < a->n && ngone < 16;) {
            if (now - a->e[i].last_ns > idle) {
                gone[ngone++] = a->e[i];
                a->e[i] = a->e[--a->n];
                a->reaped++;
            } else {
                i++;
            }
        }
    }
    pthread_mutex_unlock(&a->lock);
    for (size_t i = 0; i < ngone; i++) entry_free(&gone[i]); /* outside the lock: a kill may wait */
}

/* The client's scope: its processes, memory and CPU bounds. */
static hl_scope *scope_of(hl_serve *s, hl_serve_tenant *t, hl_status *st) {
    size_t k = (size_t)(t - s->tenants);
    hl_serve_actors *a = s->actors;
    *st = HL_OK;
    if (a->scopes[k]) return a->scopes[k];
    hl_scope *sc = NULL;
    *st = hl_scope_new(s->engine, &sc);
    if (*st != HL_OK) return NULL;
    hl_limits *lim = NULL;
    uint64_t heap = HL_RUN_DEFAULT_MAX_HEAP_BYTES;
    if (hl_policy_limits(t->policy, &lim) == HL_OK) hl_limits_get(lim, HL_LIMIT_HEAP_BYTES, &heap);
    hl_limits_free(lim);
    hl_scope_set(sc, HL_SCOPE_MAX_PROCESSES, SCOPE_PROCESSES);
    /* each live tenant may hold its first process's heap bound, twice */
    hl_scope_set(sc, HL_SCOPE_MEMORY_BYTES, (uint64_t)s->cfg.max_actors * heap * 2);
    if (t->quota.cpu_ms_per_minute) { /* the same share of a core, per second */
        uint64_t us = t->quota.cpu_ms_per_minute * 1000u / 60u;
        hl_scope_set(sc, HL_SCOPE_CPU_WINDOW_US, 1000000u);
        hl_scope_set(sc, HL_SCOPE_CPU_QUOTA_US, us ? us : 1);
    }
    a->scopes[k] = sc;
    return sc;
}

static bool new_id(char out[ID_LEN + 1]) {
    uint8_t r[16];
    size_t got = 0;
    while (got < sizeof r) {
        ssize_t n = getrandom(r + got, sizeof r - got, 0);
        if (n <= 0) return false;
        got += (size_t)n;
    }
    static const char hex[] = "0123456789abcdef";
    out[0] = 't';
    for (int i = 0; i < 16; i++) out[1 + 2 * i] = hex[r[i] >> 4], out[2 + 2 * i] = hex[r[i] & 15];
    out[ID_LEN] = '\0';
    return true;
}

/* The entry of id among the client's, or -1 (under lock). */
static long find(hl_serve_actors *a, const hl_serve_tenant *t, const char *id) {
    if (!id || strlen(id) != ID_LEN) return -1;
    for (size_t i = 0; i < a->n; i++)
        if (a->e[i].owner == t && memcmp(a->e[i].id, id, ID_LEN) == 0) return (long)i;
    return -1;
}

static json_t *not_found(hl_serve_outcome *oc) {
    return hl_serve_fail(oc, HL_SERVE_INVALID, "not_found",
                         "no such tenant (its id is unknown to this client, or it was stopped or reaped)");
}

/* How an ended actor ended: {"reason": "normal", "result"...} for a
 * return, {"class", "reason", "stack"} for an exception, {"limit"} for a
 * limit; and its output. */
static void put_exit(json_t *r, hl_actor *actor) {
    hl_value *res = NULL;
    hl_error *err = NULL;
    hl_status st = hl_actor_wait(actor, STOP_WAIT_MS, &res, &err);
    if (st == HL_PENDING) { /* it ignored the shutdown: killed */
        hl_actor_kill(actor);
        st = hl_actor_wait(actor, STOP_WAIT_MS, &res, &err);
    }
    json_t *x = json_object();
    const char *cls = NULL, *reason = NULL, *stack = NULL;
    if (st == HL_OK) {
        json_object_set_new(x, "reason", json_string("normal"));
        hl_serve_put_result(x, res, "result");
    } else if (st == HL_EEXCEPTION && hl_error_exception(err, &cls, &reason, &stack) == HL_OK) {
        json_object_set_new(x, "class", json_string(cls ? cls : "error"));
        json_object_set_new(x, "reason", hl_serve_json_text(reason ? reason : "", reason ? strlen(reason) : 0));
        json_object_set_new(x, "stack", hl_serve_lines(stack));
    } else if (st == HL_ELIMIT) {
        json_object_set_new(x, "limit", json_string(hl_limit_kind_name(hl_error_limit(err))));
    } else {
        const char *m = err ? hl_error_message(err) : hl_status_name(st);
        json_object_set_new(x, "message", hl_serve_json_text(m, strlen(m)));
    }
    json_object_set_new(r, "exit", x);
    size_t olen = 0;
    const char *out = hl_actor_output(actor, &olen);
    json_object_set_new(r, "output", hl_serve_json_text(out ? out : "", out ? olen : 0));
    hl_value_free(res);
    hl_error_free(err);
}

json_t *hl_serve_actor_start(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc) {
    static const char *const keys[] = {"source", "name", "function", "args", "limits", NULL};
    hl_serve_actors *a = s->actors;
    size_t len = 0;
    const char *why = NULL;
    char msg[320];
    if (!hl_serve_actors_allowed(t))
        return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid",
                             "stateful tenants need the processes capability, which this client's policy does not grant");
    const char *src = hl_serve_get_source(args, &len, &why);
    if (!src) return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", why);
    if (!hl_serve_only_keys(args, keys, msg, sizeof msg)) return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
    json_t *f = json_object_get(args, "function");
    if (!json_is_string(f) || json_string_length(f) == 0 || json_string_length(f) > 255 ||
        strlen(json_string_value(f)) != json_string_length(f))
        return hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", "\"function\" (the name of an exported function) is required");
    /* the policy's run limits, lowered by the request: reductions, heap
     * and output bound the tenant's whole life; timeout_ms bounds a call;
     * the tenant's own deadline is the server's tenant lifetime */
    hl_limits *pol = NULL, *lim = NULL;
    if (hl_policy_limits(t->policy, &pol) != HL_OK || hl_limits_new(&lim) != HL_OK) {
        hl_limits_free(pol);
        return hl_serve_fail(oc, HL_SERVE_INTERNAL, "error", "out of memory");
    }
    json_t *r = NULL;
    uint64_t v[5] = {0};
    if (!hl_serve_apply_limits(pol, json_object_get(args, "limits"), msg, sizeof msg)) {
        r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
        goto out;
    }
    for (int k = 0; k < 5; k++) hl_limits_get(pol, (hl_limit)k, &v[k]);
    hl_limits_set(lim, HL_LIMIT_REDUCTIONS, v[HL_LIMIT_REDUCTIONS]);
    hl_limits_set(lim, HL_LIMIT_HEAP_BYTES, v[HL_LIMIT_HEAP_BYTES]);
    hl_limits_set(lim, HL_LIMIT_OUTPUT_BYTES, v[HL_LIMIT_OUTPUT_BYTES]);
    hl_limits_set(lim, HL_LIMIT_HOST_ATOMS, v[HL_LIMIT_HOST_ATOMS]);
    hl_limits_set(lim, HL_LIMIT_TIMEOUT_MS, (uint64_t)s->cfg.actor_life_s * 1000u);
    pthread_mutex_lock(&a->lock);
    size_t live = 0;
    for (size_t i = 0; i < a->n; i++) live += a->e[i].owner == t;
    pthread_mutex_unlock(&a->lock);
    if (live >= s->cfg.max_actors) {
        snprintf(msg, sizeof msg, "this client already has %zu live tenants, the most it may (stop one first)", live);
        r = hl_serve_fail(oc, HL_SERVE_LIMIT, "limit", msg);
        json_object_set_new(r, "limit", json_string("tenants"));
        goto out;
    }
    hl_module *mod = hl_serve_compile(s, t, args, src, len, oc, &r);
    if (!mod) goto out;
    hl_value *argv[255];
    size_t nargs = 0;
    if (!hl_serve_make_args(json_object_get(args, "args"), argv, &nargs, msg, sizeof msg)) {
        r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
        for (size_t i = 0; i < nargs; i++) hl_value_free(argv[i]);
        hl_module_free(mod);
        goto out;
    }
    hl_status st;
    hl_scope *scope = NULL;
    pthread_mutex_lock(&a->lock);
    scope = scope_of(s, t, &st);
    pthread_mutex_unlock(&a->lock);
    hl_actor *actor = NULL;
    hl_error *err = NULL;
    if (st == HL_OK) st = hl_actor_start(mod, json_string_value(f), argv, nargs, scope, lim, 0, &actor, &err);
    for (size_t i = 0; i < nargs; i++) hl_value_free(argv[i]);
    actor_entry x = {.owner = t, .actor = actor, .mod = mod, .call_ms = v[HL_LIMIT_TIMEOUT_MS],
                     .last_ns = hl_serve_now_ns()};
    if (st == HL_OK && !new_id(x.id)) st = HL_ENOMEM;
    if (st == HL_OK) {
        pthread_mutex_lock(&a->lock);
        if (a->n == a->cap) {
            size_t ncap = a->cap ? a->cap * 2 : 16;
            actor_entry *ne = realloc(a->e, ncap * sizeof *ne);
            if (ne) a->e = ne, a->cap = ncap;
        }
        if (a->n < a->cap) {
            a->e[a->n++] = x;
            a->started++;
        } else {
            st = HL_ENOMEM;
        }
        pthread_mutex_unlock(&a->lock);
    }
    if (st == HL_OK) {
        *oc = HL_SERVE_OK;
        r = json_pack("{s:s,s:s}", "status", "ok", "tenant", x.id);
    } else {
        r = json_pack("{s:s}", "status", "error");
        *oc = hl_serve_put_error(r, st, err);
        entry_free(&x);
    }
    hl_error_free(err);
out:
    hl_limits_free(pol);
    hl_limits_free(lim);
    return r;
}

/* The request of a call or cast: "request" (JSON) or "request_term" (an
 * Erlang term's text; atoms as hl_value_parse makes them with the
 * tenant's module, within its host-atom quota). */
static hl_value *request_of(const hl_module *mod, json_t *args, char *why, size_t cap) {
    json_t *j = json_object_get(args, "request"), *t = json_object_get(args, "request_term");
    hl_value *v = NULL;
    hl_error *err = NULL;
    hl_status st;
    if ((j != NULL) == (t != NULL)) {
        snprintf(why, cap, "give exactly one of \"request\" (JSON) and \"request_term\" (an Erlang term's text)");
        return NULL;
    }
    if (j) {
        size_t len = 0;
        char *text = hl_serve_json_dump(j, &len);
        st = text ? hl_value_from_json(text, len, &v, &err) : HL_ENOMEM;
        free(text);
    } else if (!json_is_string(t)) {
        snprintf(why, cap, "\"request_term\" must be a string");
        return NULL;
    } else {
        st = hl_value_parse(mod, json_string_value(t), json_string_length(t), &v, &err);
    }
    if (st != HL_OK) snprintf(why, cap, "request: %s", err ? hl_error_message(err) : hl_status_name(st));
    hl_error_free(err);
    return st == HL_OK ? v : NULL;
}

/* What call, cast and stop check first: the arguments are an object of no
 * keys but `keys`. False with *r the refusal to answer with. */
static bool args_ok(json_t *args, const char *const *keys, hl_serve_outcome *oc, json_t **r) {
    char msg[400];
    if (!json_is_object(args)) *r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", "the arguments must be an object");
    else if (!hl_serve_only_keys(args, keys, msg, sizeof msg)) *r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", msg);
    else return true;
    return false;
}

/* A call's or cast's hold on its tenant. */
typedef struct taken {
    actor_entry x;  /* x.actor: a handle of the caller's */
    hl_value *req;  /* NULL when args' request is bad: msg says why */
    char msg[400];
} taken;

/* The client's tenant named by args' "tenant" with a handle of the
 * caller's and the request made from args, once args_ok. The request is
 * made under the lock: the entry's module lives at least that long. False
 * with *r the answer to give: bad arguments, or no such tenant for this
 * client. */
static bool take(hl_serve *s, hl_serve_tenant *t, json_t *args, const char *const *keys, taken *k,
                 hl_serve_outcome *oc, json_t **r) {
    if (!args_ok(args, keys, oc, r)) return false;
    hl_serve_actors *a = s->actors;
    k->req = NULL;
    pthread_mutex_lock(&a->lock);
    long i = find(a, t, json_string_value(json_object_get(args, "tenant")));
    if (i >= 0) {
        a->e[i].last_ns = hl_serve_now_ns();
        k->x = a->e[i];
        k->x.actor = hl_actor_retain(a->e[i].actor);
        k->x.mod = NULL; /* not the caller's */
        k->req = request_of(a->e[i].mod, args, k->msg, sizeof k->msg);
        a->calls++;
    }
    pthread_mutex_unlock(&a->lock);
    if (i < 0) *r = not_found(oc);
    return i >= 0;
}

static void taken_free(taken *k) {
    hl_value_free(k->req);
    hl_actor_free(k->x.actor);
}

/* Removes the client's tenant id from the table (its handles stay with
 * the caller); false when it is not there. */
static bool remove_entry(hl_serve *s, hl_serve_tenant *t, const char *id, actor_entry *out) {
    hl_serve_actors *a = s->actors;
    pthread_mutex_lock(&a->lock);
    long i = find(a, t, id);
    if (i >= 0) {
        *out = a->e[i];
        a->e[i] = a->e[--a->n];
    }
    pthread_mutex_unlock(&a->lock);
    return i >= 0;
}

json_t *hl_serve_actor_call(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc) {
    static const char *const keys[] = {"tenant", "request", "request_term", "timeout_ms", NULL};
    taken k;
    json_t *r = NULL;
    if (!take(s, t, args, keys, &k, oc, &r)) return r;
    uint64_t ms = k.x.call_ms;
    json_t *tm = json_object_get(args, "timeout_ms");
    if (tm && (!json_is_integer(tm) || json_integer_value(tm) <= 0 || (uint64_t)json_integer_value(tm) > ms)) {
        snprintf(k.msg, sizeof k.msg, "timeout_ms must be a positive integer of at most %llu (the policy's)",
                 (unsigned long long)ms);
        r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", k.msg);
    } else if (!k.req) {
        r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", k.msg);
    } else {
        if (tm) ms = (uint64_t)json_integer_value(tm);
        hl_value *reply = NULL;
        hl_error *err = NULL;
        hl_status st = hl_actor_call(k.x.actor, k.req, ms, &reply, &err);
        if (st == HL_OK) {
            *oc = HL_SERVE_OK;
            r = json_pack("{s:s}", "status", "ok");
            hl_serve_put_result(r, reply, "reply");
        } else if (st == HL_EEXCEPTION && hl_actor_wait(k.x.actor, 0, NULL, NULL) != HL_PENDING) {
            /* it ended (crashed, returned, a limit) before answering:
             * its exit is the answer, and it is gone */
            actor_entry gone;
            r = json_pack("{s:s,s:s}", "status", "exited", "message", "the tenant ended before it replied");
            put_exit(r, k.x.actor);
            if (remove_entry(s, t, k.x.id, &gone)) entry_free(&gone);
            *oc = HL_SERVE_EXCEPTION;
        } else {
            r = json_pack("{s:s}", "status", "error");
            *oc = hl_serve_put_error(r, st, err);
            if (st == HL_ELIMIT && hl_error_limit(err) == HL_LIMIT_KIND_DEADLINE)
                json_object_set_new(r, "message", json_string("no reply within timeout_ms (the tenant lives on)"));
        }
        hl_value_free(reply);
        hl_error_free(err);
    }
    taken_free(&k);
    return r;
}

json_t *hl_serve_actor_cast(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc) {
    static const char *const keys[] = {"tenant", "request", "request_term", NULL};
    taken k;
    json_t *r = NULL;
    if (!take(s, t, args, keys, &k, oc, &r)) return r;
    if (!k.req) {
        r = hl_serve_fail(oc, HL_SERVE_INVALID, "invalid", k.msg);
    } else {
        hl_error *err = NULL;
        hl_status st = hl_actor_cast(k.x.actor, k.req, &err);
        r = json_pack("{s:s}", "status", "ok");
        if (st == HL_OK) *oc = HL_SERVE_OK;
        else *oc = hl_serve_put_error(r, st, err);
        hl_error_free(err);
    }
    taken_free(&k);
    return r;
}

json_t *hl_serve_actor_stop(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc) {
    static const char *const keys[] = {"tenant", NULL};
    json_t *r = NULL;
    if (!args_ok(args, keys, oc, &r)) return r;
    actor_entry x;
    if (!remove_entry(s, t, json_string_value(json_object_get(args, "tenant")), &x)) return not_found(oc);
    hl_actor_stop(x.actor); /* shutdown: a trapping server may clean up */
    r = json_pack("{s:s}", "status", "stopped");
    put_exit(r, x.actor);
    entry_free(&x);
    *oc = HL_SERVE_OK;
    return r;
}
