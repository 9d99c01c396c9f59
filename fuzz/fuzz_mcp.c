/* fuzz_mcp.c — libFuzzer target over `hl serve`'s message dispatcher
 * (src/serve/serve_mcp.c): the input is split into lines, each handed to
 * hl_mcp_handle as a stdio client's message would be, in one session (so
 * initialize, tools/list and tools/call with hostile arguments are all
 * reached). Every answer must be one line of JSON that is a JSON-RPC
 * response (jsonrpc "2.0", and a result or an error). Runs use a policy of
 * tiny limits so a seed that runs a loop ends at once. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "serve/serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One server for the whole campaign, as `hl serve` keeps one. */
static hl_serve *server(void) {
    static hl_serve *s;
    if (s) return s;
    hl_serve_config cfg;
    hl_serve_config_default(&cfg);
    char why[256];
    if (!hl_serve_new(&cfg, &s, why, sizeof why)) abort();
    static const char pol[] = "{\"limits\": {\"run\": {\"max_reductions\": 20000, \"max_heap_bytes\": 1048576, "
                              "\"timeout_ms\": 200}, \"compile\": {\"work\": 2000000}}, \"output\": {\"max_bytes\": 4096}}";
    hl_policy *p = NULL;
    if (hl_policy_from_json("fuzz", pol, sizeof pol - 1, &p, NULL) != HL_OK) abort();
    hl_policy_free(s->tenants[0].policy);
    s->tenants[0].policy = p;
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hl_serve *s = server();
    hl_mcp_session m;
    hl_mcp_session_init(&m, s, &s->tenants[0]);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        size_t out_len = 0;
        char *resp = hl_mcp_handle(&m, p, len, &out_len);
        if (resp) {
            if (memchr(resp, '\n', out_len) || strlen(resp) != out_len) abort(); /* one line */
            json_error_t je;
            json_t *j = json_loadb(resp, out_len, 0, &je);
            const char *ver = j ? json_string_value(json_object_get(j, "jsonrpc")) : NULL;
            if (!ver || strcmp(ver, "2.0") != 0) abort();
            if (!json_object_get(j, "result") == !json_object_get(j, "error")) abort();
            json_decref(j);
            free(resp);
        }
        p += len + 1;
    }
    return 0;
}
