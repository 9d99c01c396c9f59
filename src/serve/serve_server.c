/* serve_server.c — the server object: one engine for every request (its
 * program cache is what makes a warm run skip the compiler), the tenants,
 * and the registry of guest calls in progress that a shutdown interrupts. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigwait, strdup, nanosleep */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "serve.h"

uint64_t hl_serve_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void hl_serve_config_default(hl_serve_config *c) {
    *c = (hl_serve_config){
        .max_body_bytes = 4u << 20,
        .max_concurrent = 16,
        .max_connections = 256,
        .idle_timeout_s = 10,
        .grace_ms = 5000,
        .cache_dir_bytes = (uint64_t)256 << 20,
        .max_actors = 8,
        .actor_idle_s = 300,
        .actor_life_s = 3600,
    };
}

/* An audit callback that does nothing: while one is set, every run
 * measures its thread CPU time (hl_usage.cpu_ns), which the CPU quotas and
 * the metrics need. */
static void audit_noop(void *data, const hl_audit_record *r) {
    (void)data;
    (void)r;
}

/* Reads a small file whole (policy documents: at most 1 MiB). */
static char *read_file(const char *path, size_t max, size_t *len, char *why, size_t cap) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, cap, "%s: cannot read the policy: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(max + 1);
    size_t n = buf ? fread(buf, 1, max + 1, f) : 0;
    fclose(f);
    if (!buf || n > max) {
        snprintf(why, cap, "%s: %s", path, buf ? "too large (a policy is at most 1 MiB)" : "out of memory");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

static bool anonymous_tenant(hl_serve *s, const char *policy_path, char *why, size_t cap) {
    hl_policy *pol = NULL;
    hl_error *err = NULL;
    if (policy_path) {
        size_t len = 0;
        char *text = read_file(policy_path, 1u << 20, &len, why, cap);
        if (!text) return false;
        hl_status st = hl_policy_from_json(policy_path, text, len, &pol, &err);
        free(text);
        if (st != HL_OK) {
            snprintf(why, cap, "%s", err ? hl_error_message(err) : hl_status_name(st));
            hl_error_free(err);
            return false;
        }
    } else if (hl_policy_new(&pol) != HL_OK) {
        snprintf(why, cap, "out of memory");
        return false;
    }
    s->tenants = calloc(1, sizeof *s->tenants);
    hl_serve_quota q = {0};
    if (!s->tenants || !hl_serve_tenant_init(&s->tenants[0], "default", NULL, pol, &q)) {
        free(s->tenants);
        s->tenants = NULL;
        hl_policy_free(pol);
        snprintf(why, cap, "out of memory");
        return false;
    }
    s->ntenants = 1;
    return true;
}

/* A policy the server can serve, refused at start rather than on every
 * request: a trivial module compiles under it (the server registers no
 * host bindings, so a policy granting one cannot be served; nor mounts). */
static bool usable(hl_engine *engine, hl_serve_tenant *t, char *why, size_t cap) {
    static const char probe[] = "-module(hl_serve_probe).\n";
    hl_compile_options *o = NULL;
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status st = hl_policy_compile_options(t->policy, &o, &err);
    if (st == HL_OK) st = hl_compile(engine, "probe.erl", probe, sizeof probe - 1, o, &m, &err);
    if (st != HL_OK)
        snprintf(why, cap, "tenant %s: its policy cannot be served: %s", t->id,
                 err ? hl_error_message(err) : hl_status_name(st));
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_error_free(err);
    return st == HL_OK;
}

bool hl_serve_new(const hl_serve_config *cfg, hl_serve **out, char *why, size_t cap) {
    hl_serve *s = calloc(1, sizeof *s);
    if (!s || hl_engine_new(&s->engine) != HL_OK) {
        free(s);
        snprintf(why, cap, "out of memory");
        return false;
    }
    s->cfg = *cfg;
    if (cfg->max_concurrent > HL_SERVE_MAX_FLIGHT) s->cfg.max_concurrent = HL_SERVE_MAX_FLIGHT;
    pthread_mutex_init(&s->flight_lock, NULL);
    hl_engine_set_audit(s->engine, audit_noop, NULL);
    if (cfg->cache_bytes) hl_engine_set_cache_bytes(s->engine, cfg->cache_bytes);
    if (cfg->cache_dir) {
        if (!hl_serve_disk_open(cfg->cache_dir, cfg->cache_dir_bytes, &s->disk, why, cap)) {
            hl_serve_free(s);
            return false;
        }
        hl_program_store store;
        hl_serve_disk_store(s->disk, &store);
        hl_engine_set_program_store(s->engine, &store);
    }
    bool ok;
    if (cfg->tokens_path) {
        ok = hl_serve_tenants_load(cfg->tokens_path, &s->tenants, &s->ntenants, why, cap);
        s->auth = true;
    } else {
        ok = anonymous_tenant(s, cfg->policy_path, why, cap);
    }
    for (size_t i = 0; ok && i < s->ntenants; i++) ok = usable(s->engine, &s->tenants[i], why, cap);
    if (ok) ok = hl_serve_actors_new(s, why, cap);
    if (!ok) {
        hl_serve_free(s);
        return false;
    }
    *out = s;
    return true;
}

void hl_serve_free(hl_serve *s) {
    if (!s) return;
    hl_serve_actors_free(s); /* their scopes and programs are the engine's */
    hl_serve_tenants_free(s->tenants, s->ntenants);
    hl_engine_free(s->engine);
    hl_serve_disk_close(s->disk); /* after the engine: nothing compiles now */
    pthread_mutex_destroy(&s->flight_lock);
    free(s);
}

int hl_serve_flight_add(hl_serve *s, hl_tenant *t, int client_fd) {
    int slot = -1;
    pthread_mutex_lock(&s->flight_lock);
    for (int i = 0; i < HL_SERVE_MAX_FLIGHT && slot < 0; i++)
        if (!s->flight[i]) {
            s->flight[i] = t;
            s->flight_fd[i] = client_fd;
            slot = i;
        }
    pthread_mutex_unlock(&s->flight_lock);
    if (slot >= 0 && atomic_load(&s->stopping)) hl_tenant_interrupt(t); /* arrived after the sweep */
    return slot;
}

void hl_serve_flight_remove(hl_serve *s, int slot) {
    if (slot < 0) return;
    pthread_mutex_lock(&s->flight_lock);
    s->flight[slot] = NULL;
    pthread_mutex_unlock(&s->flight_lock);
}

/* The socket's peer has closed it: a read would return end-of-file. (A
 * client that sent more bytes, or is just waiting, reads as open.) The
 * fd is valid while its run is registered: the connection's thread removes
 * the entry, under the lock, before it can close the socket. */
static bool hung_up(int fd) {
    char b;
    return recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

void hl_serve_interrupt_hangups(hl_serve *s) {
    pthread_mutex_lock(&s->flight_lock);
    for (int i = 0; i < HL_SERVE_MAX_FLIGHT; i++)
        if (s->flight[i] && s->flight_fd[i] >= 0 && hung_up(s->flight_fd[i])) {
            hl_tenant_interrupt(s->flight[i]);
            s->flight_fd[i] = -1; /* once */
            atomic_fetch_add(&s->hangups, 1);
        }
    pthread_mutex_unlock(&s->flight_lock);
}

void hl_serve_interrupt_all(hl_serve *s) {
    pthread_mutex_lock(&s->flight_lock);
    for (int i = 0; i < HL_SERVE_MAX_FLIGHT; i++)
        if (s->flight[i]) hl_tenant_interrupt(s->flight[i]);
    pthread_mutex_unlock(&s->flight_lock);
    hl_serve_actors_kill_all(s);
}
