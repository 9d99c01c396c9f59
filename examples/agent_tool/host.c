/* host.c — a small host for tools an AI agent writes: it owns a customer
 * database (here a table in memory) and lets a tool read it through two host
 * bindings, crm:customer/1 and crm:orders/1. It also has crm:delete_customer/1
 * for its own admin code, registered on the engine but never granted to a
 * tool: a tool that calls it is refused at compile time ("binding not
 * granted"). Each tool runs under tight limits; exit codes as `hl run`
 * (0 returned, 1 exception, 2 refused or usage, 3 a limit).
 *
 *   agent_host TOOL.erl FUNCTION [ARG...]     (each ARG an Erlang term)
 *   agent_host examples/agent_tool/churn_risk.erl run 42 '{2026,12,1}'
 *
 * Built by tests/CMakeLists.txt and run by tests/examples/check.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hyperlang.h"

/* The host's data: customers and their orders, as Erlang term text that a
 * binding turns into a value for the calling program (hl_value_parse). Text
 * is a binary: a binding's answer may hold only atoms the program itself
 * names (here the keys name, plan and since, which the tool matches on). */
static const struct customer {
    int64_t id;
    const char *record; /* crm:customer/1's answer */
    const char *orders; /* crm:orders/1's answer: [{Date, Cents}] */
} customers[] = {
    {42, "#{name => <<\"Acme Tools\">>, plan => <<\"pro\">>, since => {2021,3,14}}",
     "[{{2026,6,2}, 120000}, {{2026,8,19}, 56000}, {{2026,9,1}, 9900}]"},
    {7, "#{name => <<\"Umbrella Ltd\">>, plan => <<\"basic\">>, since => {2025,11,5}}", "[{{2025,11,20}, 4900}]"},
};

static const struct customer *find(const hl_value *id) {
    int64_t n;
    if (hl_value_get_int(id, &n) != HL_OK) return NULL;
    for (size_t i = 0; i < sizeof customers / sizeof *customers; i++)
        if (customers[i].id == n) return &customers[i];
    return NULL;
}

/* An error the tool can catch: error:{binding_error, crm, F, <<Why>>}. */
static hl_status refuse(const char *why, hl_value **result) {
    hl_value_binary(why, strlen(why), result);
    return HL_EEXCEPTION;
}

static hl_status answer(const hl_module *module, const char *text, hl_value **result) {
    return hl_value_parse(module, text, strlen(text), result, NULL);
}

static hl_status crm_customer(void *data, const hl_module *module, hl_value *const *args, uint32_t nargs,
                              hl_value **result) {
    (void)data, (void)nargs;
    const struct customer *c = find(args[0]);
    return c ? answer(module, c->record, result) : refuse("no such customer", result);
}

static hl_status crm_orders(void *data, const hl_module *module, hl_value *const *args, uint32_t nargs,
                            hl_value **result) {
    (void)data, (void)nargs;
    const struct customer *c = find(args[0]);
    return c ? answer(module, c->orders, result) : refuse("no such customer", result);
}

static hl_status crm_delete(void *data, const hl_module *module, hl_value *const *args, uint32_t nargs,
                            hl_value **result) {
    (void)data, (void)module, (void)args, (void)nargs;
    return refuse("not for tools", result); /* never reached from a tool */
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = malloc(1 << 20);
    *len = text ? fread(text, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    return text;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc - 3 > 8) {
        fputs("usage: agent_host TOOL.erl FUNCTION [ARG...]\n", stderr);
        return 2;
    }
    size_t len = 0;
    char *src = read_file(argv[1], &len);
    if (!src) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 2;
    }
    int rc = 2;
    hl_engine *engine = NULL;
    hl_compile_options *opts = NULL;
    hl_module *tool = NULL;
    hl_value *args[8] = {NULL}, *result = NULL;
    size_t nargs = 0;
    char *output = NULL;
    hl_error *err = NULL;
    if (hl_engine_new(&engine) != HL_OK || hl_compile_options_new(&opts) != HL_OK) goto out;
    if (hl_engine_register_binding(engine, "crm", "customer", 1, crm_customer, NULL, NULL) != HL_OK ||
        hl_engine_register_binding(engine, "crm", "orders", 1, crm_orders, NULL, NULL) != HL_OK ||
        hl_engine_register_binding(engine, "crm", "delete_customer", 1, crm_delete, NULL, NULL) != HL_OK)
        goto out;
    /* what a tool may call: read-only access, nothing else */
    if (hl_compile_options_grant_binding(opts, "crm", "customer", 1) != HL_OK ||
        hl_compile_options_grant_binding(opts, "crm", "orders", 1) != HL_OK)
        goto out;
    if (hl_compile(engine, argv[1], src, len, opts, &tool, &err) != HL_OK) {
        fputs(err ? hl_error_message(err) : "compile failed\n", stderr);
        goto out;
    }
    for (; nargs < (size_t)argc - 3; nargs++) {
        const char *a = argv[3 + nargs];
        if (hl_value_parse(tool, a, strlen(a), &args[nargs], NULL) != HL_OK) {
            fprintf(stderr, "bad argument: %s\n", a);
            goto out;
        }
    }
    const hl_run_limits limits = {.max_reductions = 1000000, .max_heap_bytes = 16u << 20, .timeout_ms = 1000,
                                  .max_output_bytes = 64u << 10};
    size_t olen = 0;
    hl_status s = hl_run_capture(tool, argv[2], args, nargs, &limits, &result, &output, &olen, &err);
    if (output) fwrite(output, 1, olen, stdout);
    if (s == HL_OK) {
        char *text = NULL;
        size_t tlen = 0;
        if (hl_value_to_text(result, 1, &text, &tlen) == HL_OK) {
            printf("%.*s\n", (int)tlen, text);
            hl_free(text);
            rc = 0;
        }
    } else if (s == HL_ELIMIT) {
        fprintf(stderr, "tool stopped: %s limit\n", hl_limit_kind_name(hl_error_limit(err)));
        rc = 3;
    } else {
        const char *cls = "error", *reason = "";
        hl_error_exception(err, &cls, &reason, NULL);
        fprintf(stderr, "tool raised %s: %s\n", cls, reason);
        rc = 1;
    }
out:
    hl_free(output);
    hl_error_free(err);
    hl_value_free(result);
    for (size_t i = 0; i < nargs; i++) hl_value_free(args[i]);
    hl_module_free(tool);
    hl_compile_options_free(opts);
    hl_engine_free(engine);
    free(src);
    return rc;
}
