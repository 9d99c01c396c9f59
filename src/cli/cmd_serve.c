/* cmd_serve.c — `hl serve --stdio | --http ADDR:PORT [OPTIONS]`: parses the
 * options and hands over to the server (src/serve, docs/serve.md). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigwait, strdup, nanosleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "serve/serve.h"

const char hl_cli_serve_help[] =
    "usage: hl serve --stdio [OPTIONS]\n"
    "       hl serve --http ADDR:PORT [OPTIONS]\n"
    "\n"
    "Serves the sandbox to agents and platforms (docs/serve.md). One engine\n"
    "serves every request, so a repeated program is not compiled again.\n"
    "\n"
    "  --stdio              a Model Context Protocol (MCP) server on standard\n"
    "                       input and output: JSON-RPC 2.0, one message a line;\n"
    "                       tools erlang_check and erlang_run, and erlang_start,\n"
    "                       erlang_call, erlang_cast, erlang_stop (stateful\n"
    "                       tenants) when the policy grants processes\n"
    "  --http ADDR:PORT     an HTTP JSON API: POST /v1/check, POST /v1/run,\n"
    "                       POST /v1/tenants, POST /v1/tenants/ID/call|cast,\n"
    "                       DELETE /v1/tenants/ID, GET /metrics (Prometheus),\n"
    "                       GET /healthz; ADDR defaults to 127.0.0.1\n"
    "                       (\":8080\"); port 0 picks a free one; the address\n"
    "                       is printed on standard output\n"
    "  --policy FILE        the policy every request runs under (docs/policy.md);\n"
    "                       a request's limits may only lower it\n"
    "  --tokens FILE        require a bearer token (HTTP): tenants, each with a\n"
    "                       token, a policy and quotas (docs/serve.md)\n"
    "  --max-body-bytes N   largest request body or stdio message (default 4 MiB)\n"
    "  --max-concurrent N   runs at once over all tenants (HTTP; default 16);\n"
    "                       past it: 503 with Retry-After\n"
    "  --max-connections N  open HTTP connections (default 256)\n"
    "  --idle-timeout N     seconds an HTTP connection may stay idle (default 10)\n"
    "  --grace-ms N         on SIGTERM, how long runs in progress may finish\n"
    "                       before they are interrupted (default 5000)\n"
    "  --cache-bytes N      bound of the compiled-program cache (default 128 MiB)\n"
    "  --cache-dir DIR      keep compiled programs in DIR too (created, mode\n"
    "                       0700), so a restarted server loads them instead of\n"
    "                       compiling; each file is checked by the bytecode\n"
    "                       gate again when loaded, a bad one removed\n"
    "  --cache-dir-bytes N  bound of DIR's files (default 256 MiB; least\n"
    "                       recently used removed first)\n"
    "  --max-tenants N      live stateful tenants (erlang_start) per client\n"
    "                       (default 8)\n"
    "  --tenant-idle-s N    a stateful tenant idle this long is stopped\n"
    "                       (default 300)\n"
    "  --tenant-lifetime-s N the longest a stateful tenant lives (default 3600)\n"
    "\n"
    "exit status: 0 after end of input (stdio) or SIGTERM/SIGINT (HTTP); 2 bad\n"
    "usage or a bad policy or token file; 1 cannot listen.\n";

/* A positive decimal number within max. */
static bool number(const char *text, uint64_t max, uint64_t *out) {
    char *end;
    if (!text || !*text || *text == '-') return false;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || v == 0 || v > max) return false;
    *out = v;
    return true;
}

int hl_cli_serve(hl_engine *engine, int argc, char **argv) {
    (void)engine; /* the server makes its own, shared by its requests */
    hl_serve_config cfg;
    hl_serve_config_default(&cfg);
    bool stdio_mode = false;
    const char *http = NULL;
    static const struct {
        const char *name;
        uint64_t max;
    } nums[] = {{"--max-body-bytes", (uint64_t)64 << 20}, {"--max-concurrent", HL_SERVE_MAX_FLIGHT},
                {"--max-connections", 65536},             {"--idle-timeout", 3600},
                {"--grace-ms", 3600000},                  {"--cache-bytes", (uint64_t)1 << 40},
                {"--cache-dir-bytes", (uint64_t)1 << 50},  {"--max-tenants", 4096},
                {"--tenant-idle-s", 86400},                {"--tenant-lifetime-s", 7 * 86400}};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (hl_cli_is_help(a)) {
            fputs(hl_cli_serve_help, stdout);
            return 0;
        }
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        size_t k = 0;
        while (k < sizeof nums / sizeof nums[0] && strcmp(nums[k].name, a) != 0) k++;
        if (strcmp(a, "--stdio") == 0) stdio_mode = true;
        else if (strcmp(a, "--http") == 0 || strcmp(a, "--policy") == 0 || strcmp(a, "--tokens") == 0 ||
                 strcmp(a, "--cache-dir") == 0) {
            if (!val) {
                char msg[80];
                snprintf(msg, sizeof msg, "serve: %s needs a value", a);
                return hl_cli_usage("serve", msg);
            }
            if (a[2] == 'h') http = val;
            else if (a[2] == 'p') cfg.policy_path = val;
            else if (a[2] == 'c') cfg.cache_dir = val;
            else cfg.tokens_path = val;
            i++;
        } else if (k < sizeof nums / sizeof nums[0]) {
            uint64_t v;
            if (!number(val, nums[k].max, &v)) {
                char msg[120];
                snprintf(msg, sizeof msg, "serve: %s needs a positive integer of at most %llu", a,
                         (unsigned long long)nums[k].max);
                return hl_cli_usage("serve", msg);
            }
            switch (k) {
            case 0: cfg.max_body_bytes = (size_t)v; break;
            case 1: cfg.max_concurrent = (uint32_t)v; break;
            case 2: cfg.max_connections = (uint32_t)v; break;
            case 3: cfg.idle_timeout_s = (uint32_t)v; break;
            case 4: cfg.grace_ms = (uint32_t)v; break;
            case 5: cfg.cache_bytes = v; break;
            case 6: cfg.cache_dir_bytes = v; break;
            case 7: cfg.max_actors = (uint32_t)v; break;
            case 8: cfg.actor_idle_s = (uint32_t)v; break;
            default: cfg.actor_life_s = (uint32_t)v; break;
            }
            i++;
        } else if (a[0] == '-') {
            return hl_cli_unknown_option("serve", a, hl_cli_serve_help);
        } else {
            return hl_cli_usage("serve", "serve takes no FILE: programs come in requests");
        }
    }
    if (stdio_mode == (http != NULL)) return hl_cli_usage("serve", "serve needs exactly one of --stdio and --http");
    if (stdio_mode && cfg.tokens_path)
        return hl_cli_usage("serve", "serve: --tokens is for --http (a stdio client is its own tenant)");
    hl_serve *s;
    char why[512];
    if (!hl_serve_new(&cfg, &s, why, sizeof why)) {
        fprintf(stderr, "hl: serve: %s\n", why);
        return 2;
    }
    int rc = stdio_mode ? hl_serve_stdio(s, STDIN_FILENO, STDOUT_FILENO) : hl_serve_http(s, http);
    hl_serve_free(s);
    return rc;
}
