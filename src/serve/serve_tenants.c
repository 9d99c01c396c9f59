/* serve_tenants.c — the token file of `hl serve --tokens FILE`: each tenant
 * an id, a bearer token, a policy document (docs/policy.md) and quotas
 * (docs/serve.md). Strict like a policy: unknown keys are refused, so a
 * misspelt quota never leaves a tenant unbounded. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigwait, strdup, nanosleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

enum { MAX_TENANTS = 4096, MAX_TOKEN = 4096 };

bool hl_serve_tenant_init(hl_serve_tenant *t, const char *id, const char *token, hl_policy *policy,
                          const hl_serve_quota *q) {
    memset(t, 0, sizeof *t);
    t->id = strdup(id);
    t->token = token ? strdup(token) : NULL;
    if (!t->id || (token && !t->token)) {
        free(t->id);
        free(t->token);
        return false;
    }
    t->policy = policy;
    t->quota = *q;
    t->tokens = q->runs_per_second;
    pthread_mutex_init(&t->lock, NULL);
    return true;
}

void hl_serve_tenant_fini(hl_serve_tenant *t) {
    free(t->id);
    free(t->token);
    hl_policy_free(t->policy);
    pthread_mutex_destroy(&t->lock);
}

void hl_serve_tenants_free(hl_serve_tenant *t, size_t n) {
    for (size_t i = 0; t && i < n; i++) hl_serve_tenant_fini(&t[i]);
    free(t);
}

hl_serve_tenant *hl_serve_tenant_by_token(hl_serve_tenant *t, size_t n, const char *token, size_t len) {
    hl_serve_tenant *found = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!t[i].token) continue;
        size_t tl = strlen(t[i].token);
        /* every byte compared whatever differs, so the time says nothing
         * about how much of a guess was right */
        unsigned diff = (unsigned)(tl != len);
        for (size_t k = 0; k < tl; k++) diff |= (unsigned)(t[i].token[k] ^ (k < len ? token[k] : 0));
        if (!diff && !found) found = &t[i];
    }
    return found;
}

/* The quota object: every key optional, each a positive number. */
static bool read_quota(json_t *q, hl_serve_quota *out, const char *id, char *why, size_t cap) {
    *out = (hl_serve_quota){0};
    if (!q) return true;
    if (!json_is_object(q)) {
        snprintf(why, cap, "tenant %s: \"quota\" must be an object", id);
        return false;
    }
    const char *k;
    json_t *v;
    json_object_foreach(q, k, v) {
        double d = json_number_value(v);
        if (!json_is_number(v) || d <= 0 || d > 1e9) {
            snprintf(why, cap, "tenant %s: quota.%.60s must be a positive number", id, k);
            return false;
        }
        if (strcmp(k, "runs_per_second") == 0) out->runs_per_second = d;
        else if (strcmp(k, "concurrent_runs") == 0 && json_is_integer(v)) out->concurrent_runs = (uint32_t)d;
        else if (strcmp(k, "cpu_ms_per_minute") == 0 && json_is_integer(v)) out->cpu_ms_per_minute = (uint64_t)d;
        else {
            snprintf(why, cap, "tenant %s: quota: unknown key or not an integer: \"%.60s\" (runs_per_second, "
                               "concurrent_runs, cpu_ms_per_minute)", id, k);
            return false;
        }
    }
    return true;
}

/* One tenant entry of the file. */
static bool read_tenant(json_t *e, hl_serve_tenant *t, const char *path, char *why, size_t cap) {
    const char *id = json_string_value(json_object_get(e, "id"));
    const char *token = json_string_value(json_object_get(e, "token"));
    json_t *pol = json_object_get(e, "policy");
    if (!json_is_object(e) || !id || !*id || !token || strlen(token) < 16 || strlen(token) > MAX_TOKEN) {
        snprintf(why, cap, "%s: each tenant needs \"id\" and \"token\" (a string of 16 to %d bytes)", path,
                 MAX_TOKEN);
        return false;
    }
    static const char *const keys[] = {"id", "token", "policy", "quota"};
    const char *k;
    json_t *v;
    json_object_foreach(e, k, v) {
        bool known = false;
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) known |= strcmp(k, keys[i]) == 0;
        if (!known) {
            snprintf(why, cap, "%s: tenant %s: unknown key \"%.60s\" (id, token, policy, quota)", path, id, k);
            return false;
        }
    }
    hl_serve_quota q;
    if (!read_quota(json_object_get(e, "quota"), &q, id, why, cap)) return false;
    hl_policy *p = NULL;
    hl_error *err = NULL;
    hl_status st;
    if (pol) {
        char *text = hl_serve_json_dump(pol, NULL);
        st = text ? hl_policy_from_json(id, text, strlen(text), &p, &err) : HL_ENOMEM;
        free(text);
    } else {
        st = hl_policy_new(&p);
    }
    if (st != HL_OK) {
        snprintf(why, cap, "%s: tenant %s: policy: %s", path, id, err ? hl_error_message(err) : hl_status_name(st));
        hl_error_free(err);
        hl_policy_free(p);
        return false;
    }
    if (!hl_serve_tenant_init(t, id, token, p, &q)) {
        hl_policy_free(p);
        snprintf(why, cap, "out of memory");
        return false;
    }
    return true;
}

bool hl_serve_tenants_load(const char *path, hl_serve_tenant **out, size_t *n, char *why, size_t cap) {
    json_error_t je;
    json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!doc) {
        if (je.line < 1) snprintf(why, cap, "%s: %s", path, je.text); /* not opened: no position */
        else snprintf(why, cap, "%s:%d:%d: %s", path, je.line, je.column, je.text);
        return false;
    }
    json_t *arr = json_object_get(doc, "tenants");
    size_t count = json_array_size(arr);
    if (!json_is_array(arr) || count == 0 || count > MAX_TENANTS || json_object_size(doc) != 1) {
        snprintf(why, cap, "%s: expected {\"tenants\": [...]} with 1 to %d tenants", path, MAX_TENANTS);
        json_decref(doc);
        return false;
    }
    hl_serve_tenant *t = calloc(count, sizeof *t);
    size_t made = 0;
    bool ok = t != NULL;
    if (!ok) snprintf(why, cap, "out of memory");
    for (size_t i = 0; ok && i < count; i++) {
        ok = read_tenant(json_array_get(arr, i), &t[i], path, why, cap);
        if (ok) made++;
        for (size_t k = 0; ok && k < i; k++)
            if (strcmp(t[k].id, t[i].id) == 0 || strcmp(t[k].token, t[i].token) == 0) {
                snprintf(why, cap, "%s: tenant %s: id or token given twice", path, t[i].id);
                ok = false;
            }
    }
    json_decref(doc);
    if (!ok) {
        hl_serve_tenants_free(t, made);
        return false;
    }
    *out = t;
    *n = count;
    return true;
}
