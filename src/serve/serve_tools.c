/* serve_tools.c — the MCP tools: their names, the descriptions an agent
 * reads (what the sandbox allows and the tenant's limits, from its
 * policy), their input schemas (JSON Schema objects) and the call of each.
 * A tool's failure (a compile error of erlang_run, an exception, a limit,
 * bad arguments) is a CallToolResult with isError true, so the model sees
 * it and can correct itself; only an unknown tool is a protocol error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

/* What every description says about the sandbox, with the tenant's limits. */
static void sandbox_text(hl_serve_tenant *t, char *out, size_t cap) {
    hl_limits *lim = NULL;
    uint64_t red = 0, heap = 0, ms = 0, outb = 0;
    if (hl_policy_limits(t->policy, &lim) == HL_OK) {
        hl_limits_get(lim, HL_LIMIT_REDUCTIONS, &red);
        hl_limits_get(lim, HL_LIMIT_HEAP_BYTES, &heap);
        hl_limits_get(lim, HL_LIMIT_TIMEOUT_MS, &ms);
        hl_limits_get(lim, HL_LIMIT_OUTPUT_BYTES, &outb);
        hl_limits_free(lim);
    }
    static const char *const caps[] = {"processes", "clocks", "random"};
    char granted[64] = "";
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++)
        if (hl_policy_has_capability(t->policy, caps[i])) {
            if (*granted) strcat(granted, ", ");
            strcat(granted, caps[i]);
        }
    snprintf(out, cap,
             "The sandbox (Hyperlang) compiles Erlang (OTP 25 syntax, one module with -module and -export) to "
             "checked bytecode. A program may call its own functions, erlang's builtins and the stdlib modules "
             "(lists, maps, binary, string, re, ...); nothing else: no files, no network, no OS commands, no ports, "
             "no code loading; clocks, randomness and spawning processes only when granted (granted here: %s). "
             "Each run is limited to %llu reductions, %llu bytes of heap, %llu ms and %llu bytes of output.",
             *granted ? granted : "none", (unsigned long long)red, (unsigned long long)heap, (unsigned long long)ms,
             (unsigned long long)outb);
}

static json_t *check_schema(void) {
    return json_pack("{s:s,s:{s:{s:s,s:s},s:{s:s,s:s}},s:[s],s:b}", "type", "object", "properties", "source", "type",
                     "string", "description", "The Erlang source of one module.", "name", "type", "string",
                     "description", "A file name for diagnostics (default tool.erl).", "required", "source",
                     "additionalProperties", 0);
}

static json_t *run_schema(void) {
    json_t *limits = json_pack(
        "{s:s,s:s,s:{s:{s:s,s:i},s:{s:s,s:i},s:{s:s,s:i},s:{s:s,s:i}},s:b}", "type", "object", "description",
        "Optional: lower limits for this run (each at most the server's).", "properties", "max_reductions", "type",
        "integer", "minimum", 1, "max_heap_bytes", "type", "integer", "minimum", 1, "timeout_ms", "type", "integer",
        "minimum", 1, "max_output_bytes", "type", "integer", "minimum", 1, "additionalProperties", 0);
    return json_pack("{s:s,s:{s:{s:s,s:s},s:{s:s,s:s},s:{s:s,s:s},s:{s:s,s:s},s:o},s:[s,s],s:b}", "type", "object",
                     "properties", "source", "type", "string", "description", "The Erlang source of one module.",
                     "function", "type", "string", "description", "An exported function of the module.", "args",
                     "type", "array", "description",
                     "The function's arguments as JSON: object -> map with binary keys, array -> list, string -> "
                     "binary, number -> integer or float, true/false/null -> atoms. Its arity is their count.",
                     "name", "type", "string", "description", "A file name for diagnostics (default tool.erl).",
                     "limits", limits, "required", "source", "function", "additionalProperties", 0);
}

typedef json_t *(*op_fn)(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);

/* The tools, in the order tools/list gives them. */
static const struct tool {
    const char *name, *title, *what;
    json_t *(*schema)(void);
    op_fn op;
    bool is_run; /* counted as a run, else a check */
} tools[] = {
    {"erlang_check", "Check an Erlang module",
     "Compiles an Erlang module without running it and returns its diagnostics ({line, column, message}; "
     "status \"ok\" when it is accepted). Use it to fix a module before erlang_run. A call the sandbox does not "
     "allow is a diagnostic saying why.",
     check_schema, hl_serve_check, false},
    {"erlang_run", "Run an Erlang function in a sandbox",
     "Compiles an Erlang module and calls one exported function with JSON arguments. Returns status (\"ok\", "
     "\"exception\", \"limit\", \"compile_error\", \"invalid\"), result (JSON; result_text is the Erlang term as "
     "io:format's ~p prints it), output (what the program printed), exception {class, reason, stack}, limit (which "
     "limit stopped it: reductions, heap, deadline, output, ...) and usage (reductions, peak heap, time). A "
     "repeated source is not compiled again.",
     run_schema, hl_serve_run, true},
};
enum { NTOOLS = sizeof tools / sizeof tools[0] };

json_t *hl_serve_tools_list(hl_serve *s, hl_serve_tenant *t) {
    (void)s;
    char sandbox[1024], desc[2048];
    sandbox_text(t, sandbox, sizeof sandbox);
    json_t *arr = json_array();
    for (size_t i = 0; arr && i < NTOOLS; i++) {
        snprintf(desc, sizeof desc, "%s %s", tools[i].what, sandbox);
        json_t *e = json_pack("{s:s,s:s,s:s,s:o,s:{s:b,s:b,s:b}}", "name", tools[i].name, "title", tools[i].title,
                              "description", desc, "inputSchema", tools[i].schema(), "annotations", "readOnlyHint",
                              1, "destructiveHint", 0, "openWorldHint", 0);
        if (!e || json_array_append_new(arr, e) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr ? json_pack("{s:o}", "tools", arr) : NULL;
}

json_t *hl_serve_tools_call(hl_serve *s, hl_serve_tenant *t, const char *name, json_t *args, bool structured) {
    const struct tool *tool = NULL;
    for (size_t i = 0; i < NTOOLS; i++)
        if (strcmp(tools[i].name, name) == 0) tool = &tools[i];
    if (!tool) return NULL;
    json_t *empty = NULL;
    if (!args) args = empty = json_object(); /* "arguments" may be left out */
    hl_serve_outcome oc = HL_SERVE_INTERNAL;
    uint64_t t0 = hl_serve_now_ns();
    json_t *out = tool->op(s, t, args, &oc);
    json_decref(empty);
    if (!out) return NULL;
    if (tool->is_run) {
        json_t *u = json_object_get(out, "usage");
        const char *lim = json_string_value(json_object_get(out, "limit"));
        hl_limit_kind k = HL_LIMIT_KIND_NONE;
        for (int i = 1; lim && i <= HL_LIMIT_KIND_ATOMS; i++)
            if (strcmp(lim, hl_limit_kind_name((hl_limit_kind)i)) == 0) k = (hl_limit_kind)i;
        hl_serve_metrics_run(&s->metrics, oc, k, hl_serve_now_ns() - t0,
                             (uint64_t)json_integer_value(json_object_get(u, "cpu_ns")));
    } else {
        atomic_fetch_add(&s->metrics.checks[oc], 1);
    }
    /* erlang_check's rejection is its answer (the diagnostics), not a
     * failure of the tool; erlang_run's is */
    bool is_error = tool->is_run ? oc != HL_SERVE_OK : (oc == HL_SERVE_INVALID || oc == HL_SERVE_INTERNAL);
    size_t len = 0;
    char *text = hl_serve_json_dump(out, &len);
    json_t *r = text ? json_pack("{s:[{s:s,s:s%}],s:b}", "content", "type", "text", "text", text, len, "isError",
                                 is_error)
                     : NULL;
    free(text);
    if (r && structured) json_object_set(r, "structuredContent", out);
    json_decref(out);
    return r;
}
