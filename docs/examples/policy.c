/* policy.c — a host that runs an agent's tool under a policy document:
 * the policy grants one binding and caps the run; the arguments come in as
 * JSON and the result goes out as JSON, with what the run used. Built and
 * run by tests/unit/test_policy.c (docs/policy.md).
 *
 *   cc policy.c -Iinclude build/libhyperlang.a -lgmp -lz -lpcre2-8 -ljansson -lm -lpthread */
#include <stdio.h>
#include <string.h>

#include "hyperlang.h"

/* rates:get(Currency) -> the rate in cents, from a host table. */
static hl_status rate_get(void *data, const hl_module *module, hl_value *const *args, uint32_t nargs,
                          hl_value **result) {
    (void)data, (void)module, (void)nargs;
    const void *cur;
    size_t len;
    if (hl_value_get_binary(args[0], &cur, &len) == HL_OK && len == 3 && memcmp(cur, "EUR", 3) == 0)
        return hl_value_int(108, result);
    return hl_value_int(100, result);
}

int main(void) {
    static const char policy_json[] =
        "{\"limits\": {\"run\": {\"max_reductions\": 100000, \"timeout_ms\": 100}},\n"
        " \"output\": {\"max_bytes\": 4096},\n"
        " \"bindings\": [\"rates:get/1\"]}";
    static const char src[] =
        "-module(tool).\n"
        "-export([quote/1]).\n"
        "quote(#{<<\"items\">> := Items, <<\"currency\">> := C}) ->\n"
        "    Sum = lists:sum([Q * P || #{<<\"qty\">> := Q, <<\"price\">> := P} <- Items]),\n"
        "    #{<<\"total\">> => Sum * rates:get(C) div 100, <<\"currency\">> => C}.\n";
    static const char args_json[] = "{\"items\": [{\"qty\": 2, \"price\": 150}, {\"qty\": 1, \"price\": 200}],"
                                    " \"currency\": \"EUR\"}";
    int rc = 1;
    hl_engine *engine = NULL;
    hl_policy *policy = NULL;
    hl_compile_options *opts = NULL;
    hl_module *module = NULL;
    hl_value *arg = NULL, *result = NULL;
    hl_error *err = NULL;
    char *json = NULL;
    if (hl_engine_new(&engine) != HL_OK) return 1;
    hl_engine_register_binding(engine, "rates", "get", 1, rate_get, NULL, NULL);
    if (hl_policy_from_json("tool.json", policy_json, sizeof policy_json - 1, &policy, &err) != HL_OK ||
        hl_policy_compile_options(policy, &opts, &err) != HL_OK ||
        hl_compile(engine, "tool.erl", src, sizeof src - 1, opts, &module, &err) != HL_OK ||
        hl_value_from_json(args_json, sizeof args_json - 1, &arg, &err) != HL_OK)
        goto out;
    hl_usage used;
    hl_status s = hl_run_policy(module, policy, "quote", &arg, 1, NULL, &result, NULL, NULL, &used, &err);
    if (s != HL_OK || hl_value_to_json(result, &json, NULL, &err) != HL_OK) goto out;
    printf("%s\n", json); /* {"currency":"EUR","total":540} */
    printf("used %llu reductions, %llu bytes of heap at most, %llu binding call(s)\n",
           (unsigned long long)used.reductions, (unsigned long long)used.peak_heap_bytes,
           (unsigned long long)used.binding_calls);
    rc = strcmp(json, "{\"currency\":\"EUR\",\"total\":540}") == 0 && used.binding_calls == 1 ? 0 : 1;
out:
    if (err) fprintf(stderr, "%s\n", hl_error_message(err));
    hl_free(json);
    hl_error_free(err);
    hl_value_free(result);
    hl_value_free(arg);
    hl_module_free(module);
    hl_compile_options_free(opts);
    hl_policy_free(policy);
    hl_engine_free(engine);
    return rc;
}
