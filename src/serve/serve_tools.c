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

static json_t *start_schema(void) {
    json_t *j = run_schema();
    json_t *p = json_object_get(json_object_get(j, "properties"), "function");
    json_object_set_new(p, "description",
                        json_string("The exported function the tenant runs as its first process, e.g. a receive loop "
                                    "(its arguments: args). The tenant lives while it runs."));
    return j;
}

static json_t *tenant_prop(void) {
    return json_pack("{s:s,s:s}", "type", "string", "description", "The tenant id erlang_start returned.");
}

static json_t *call_schema(bool with_timeout) {
    json_t *props = json_pack(
        "{s:o,s:{s:s},s:{s:s,s:s}}", "tenant", tenant_prop(), "request", "description",
        "The request as JSON (object -> map with binary keys, array -> list, string -> binary, ...).", "request_term",
        "type", "string", "description",
        "Or the request as an Erlang term's text, e.g. \"{add, 2}\" (atoms allowed). Give exactly one of the two.");
    if (props && with_timeout)
        json_object_set_new(props, "timeout_ms",
                            json_pack("{s:s,s:i,s:s}", "type", "integer", "minimum", 1, "description",
                                      "How long to wait for the reply (at most the policy's timeout_ms)."));
    return json_pack("{s:s,s:o,s:[s],s:b}", "type", "object", "properties", props, "required", "tenant",
                     "additionalProperties", 0);
}
static json_t *call_schema_t(void) { return call_schema(true); }
static json_t *cast_schema(void) { return call_schema(false); }

static json_t *stop_schema(void) {
    return json_pack("{s:s,s:{s:o},s:[s],s:b}", "type", "object", "properties", "tenant", tenant_prop(), "required",
                     "tenant", "additionalProperties", 0);
}

typedef json_t *(*op_fn)(hl_serve *s, hl_serve_tenant *t, json_t *args, hl_serve_outcome *oc);

enum { K_CHECK, K_RUN, K_TENANT };

/* The tools, in the order tools/list gives them. */
static const struct tool {
    const char *name, *title, *what;
    json_t *(*schema)(void);
    op_fn op;
    int kind;        /* K_*: what the metrics count it as */
    bool read_only;  /* annotations: changes nothing the agent can see again */
    bool destructive;
} tools[] = {
    {"erlang_check", "Check an Erlang module",
     "Compiles an Erlang module without running it and returns its diagnostics ({line, column, message}; "
     "status \"ok\" when it is accepted). Use it to fix a module before erlang_run. A call the sandbox does not "
     "allow is a diagnostic saying why.",
     check_schema, hl_serve_check, K_CHECK, true, false},
    {"erlang_run", "Run an Erlang function in a sandbox",
     "Compiles an Erlang module and calls one exported function with JSON arguments. Returns status (\"ok\", "
     "\"exception\", \"limit\", \"compile_error\", \"invalid\"), result (JSON; result_text is the Erlang term as "
     "io:format's ~p prints it), output (what the program printed), exception {class, reason, stack}, limit (which "
     "limit stopped it: reductions, heap, deadline, output, ...) and usage (reductions, peak heap, time). A "
     "repeated source is not compiled again.",
     run_schema, hl_serve_run, K_RUN, true, false},
    /* stateful tenants: listed when the client's policy grants processes */
    {"erlang_start", "Start a stateful Erlang tenant",
     "Compiles an Erlang module and starts one exported function as a long-lived process (a tenant) that keeps its "
     "state between calls: typically a receive loop or a gen_server loop. Returns {status, tenant}: the tenant id "
     "for erlang_call, erlang_cast and erlang_stop (only this client can use it). Calls arrive as gen_server calls: "
     "the process receives {'$gen_call', {From, Tag}, Request} and answers with From ! {Tag, Reply}; casts arrive "
     "as {'$gen_cast', Request}. The tenant's reductions, heap (per process) and output limits count over its "
     "whole life; an idle tenant is stopped after a while, and a client may hold only a few at once.",
     start_schema, hl_serve_actor_start, K_TENANT, false, false},
    {"erlang_call", "Call a stateful Erlang tenant",
     "Sends a request to a tenant started by erlang_start and waits for its reply (gen_server's call protocol). "
     "Returns {status: \"ok\", reply (JSON), reply_text (the Erlang term)}; status \"exited\" with exit "
     "{class, reason, stack} or {limit} when the tenant ended (crashed) before replying (it is gone then); "
     "\"limit\" with limit \"deadline\" when it did not reply in time (it lives on); \"not_found\" for an unknown "
     "tenant.",
     call_schema_t, hl_serve_actor_call, K_TENANT, false, false},
    {"erlang_cast", "Send a message to a stateful Erlang tenant",
     "Sends a request to a tenant without waiting: it receives {'$gen_cast', Request}. Returns {status}.",
     cast_schema, hl_serve_actor_cast, K_TENANT, false, false},
    {"erlang_stop", "Stop a stateful Erlang tenant",
     "Stops a tenant (an exit signal shutdown; killed if it does not end within 2 s) and returns how it ended: "
     "exit {reason: \"normal\", result} when its function returned, {class, reason} for an exit or exception "
     "(exit shutdown when it was stopped), {limit}, and everything it printed (output).",
     stop_schema, hl_serve_actor_stop, K_TENANT, false, true},
};
enum { NTOOLS = sizeof tools / sizeof tools[0] };

json_t *hl_serve_tools_list(hl_serve *s, hl_serve_tenant *t) {
    (void)s;
    char sandbox[1024], desc[2600];
    sandbox_text(t, sandbox, sizeof sandbox);
    json_t *arr = json_array();
    bool stateful = hl_serve_actors_allowed(t);
    for (size_t i = 0; arr && i < NTOOLS; i++) {
        if (tools[i].kind == K_TENANT && !stateful) continue;
        snprintf(desc, sizeof desc, "%s %s", tools[i].what, sandbox);
        json_t *e = json_pack("{s:s,s:s,s:s,s:o,s:{s:b,s:b,s:b}}", "name", tools[i].name, "title", tools[i].title,
                              "description", desc, "inputSchema", tools[i].schema(), "annotations", "readOnlyHint",
                              tools[i].read_only, "destructiveHint", tools[i].destructive, "openWorldHint", 0);
        if (!e || json_array_append_new(arr, e) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr ? json_pack("{s:o}", "tools", arr) : NULL;
}

json_t *hl_serve_tools_call(hl_serve *s, hl_serve_tenant *t, const char *name, json_t *args, bool structured,
                            hl_serve_cancel *cancel) {
    const struct tool *tool = NULL;
    for (size_t i = 0; i < NTOOLS; i++)
        if (strcmp(tools[i].name, name) == 0 && (tools[i].kind != K_TENANT || hl_serve_actors_allowed(t)))
            tool = &tools[i];
    if (!tool) return NULL;
    hl_serve_actors_reap(s);
    json_t *empty = NULL;
    if (!args) args = empty = json_object(); /* "arguments" may be left out */
    hl_serve_outcome oc = HL_SERVE_INTERNAL;
    uint64_t t0 = hl_serve_now_ns();
    json_t *out = tool->kind == K_RUN && cancel ? hl_serve_run_cancellable(s, t, args, &oc, cancel)
                                                : tool->op(s, t, args, &oc);
    json_decref(empty);
    if (!out) return NULL;
    if (tool->kind == K_RUN) {
        json_t *u = json_object_get(out, "usage");
        const char *lim = json_string_value(json_object_get(out, "limit"));
        hl_limit_kind k = HL_LIMIT_KIND_NONE;
        for (int i = 1; lim && i <= HL_LIMIT_KIND_ATOMS; i++)
            if (strcmp(lim, hl_limit_kind_name((hl_limit_kind)i)) == 0) k = (hl_limit_kind)i;
        hl_serve_metrics_run(&s->metrics, oc, k, hl_serve_now_ns() - t0,
                             (uint64_t)json_integer_value(json_object_get(u, "cpu_ns")));
    } else if (tool->kind == K_CHECK) {
        atomic_fetch_add(&s->metrics.checks[oc], 1);
    }
    /* erlang_check's rejection is its answer (the diagnostics), not a
     * failure of the tool; erlang_run's is */
    bool is_error = tool->kind != K_CHECK ? oc != HL_SERVE_OK : (oc == HL_SERVE_INVALID || oc == HL_SERVE_INTERNAL);
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
