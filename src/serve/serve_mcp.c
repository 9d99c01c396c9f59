/* serve_mcp.c — one JSON-RPC 2.0 message of the Model Context Protocol
 * (revision 2025-11-25, also speaking 2025-06-18, 2025-03-26 and
 * 2024-11-05): the lifecycle (initialize, then notifications/initialized),
 * ping, tools/list and tools/call. JSON-RPC's errors for what is not a
 * valid request (parse error, invalid request, method not found, invalid
 * params); a tool's own failure is a result (serve_tools.c). Batches are
 * refused (MCP removed them in 2025-06-18). A message is transport-free:
 * stdio and any other transport pass whole messages in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

enum {
    PARSE_ERROR = -32700,
    INVALID_REQUEST = -32600,
    METHOD_NOT_FOUND = -32601,
    INVALID_PARAMS = -32602,
    INTERNAL_ERROR = -32603,
};

const char *const hl_mcp_versions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", NULL};

void hl_mcp_session_init(hl_mcp_session *m, hl_serve *s, hl_serve_tenant *t) {
    memset(m, 0, sizeof *m);
    m->srv = s;
    m->tenant = t;
}

/* {"jsonrpc": "2.0", "id": id, "error": {"code", "message"}} */
static json_t *error_msg(json_t *id, int code, const char *message) {
    return json_pack("{s:s,s:O,s:{s:i,s:s}}", "jsonrpc", "2.0", "id", id ? id : json_null(), "error", "code", code,
                     "message", message);
}

char *hl_mcp_error_text(int code, const char *message, size_t *out_len) {
    json_t *e = error_msg(NULL, code, message);
    char *t = e ? hl_serve_json_dump(e, out_len) : NULL;
    json_decref(e);
    return t;
}

/* A method's handler: the result object, or NULL with the error code and text set. */
typedef json_t *(*method_fn)(hl_mcp_session *m, json_t *params, int *code, const char **why);

static const char *negotiate(const char *asked) {
    for (size_t i = 0; hl_mcp_versions[i]; i++)
        if (strcmp(asked, hl_mcp_versions[i]) == 0) return hl_mcp_versions[i];
    return hl_mcp_versions[0]; /* the spec: answer with the latest we speak */
}

static json_t *m_initialize(hl_mcp_session *m, json_t *params, int *code, const char **why) {
    const char *asked = json_string_value(json_object_get(params, "protocolVersion"));
    if (!asked) {
        *code = INVALID_PARAMS, *why = "initialize needs params.protocolVersion";
        return NULL;
    }
    if (m->state != 0) {
        *code = INVALID_REQUEST, *why = "the session is already initialized";
        return NULL;
    }
    const char *v = negotiate(asked);
    snprintf(m->version, sizeof m->version, "%s", v);
    m->state = 1;
    return json_pack("{s:s,s:{s:{s:b}},s:{s:s,s:s,s:s},s:s}", "protocolVersion", v, "capabilities", "tools",
                     "listChanged", 0, "serverInfo", "name", "hyperlang", "title", "Hyperlang Erlang sandbox",
                     "version", hl_version(), "instructions",
                     "Tools to check and run Erlang code in a sandbox: erlang_check returns a module's diagnostics; "
                     "erlang_run calls one exported function with JSON arguments under limits and returns the "
                     "result, the output, an exception or the limit that stopped it, and the usage. When the policy "
                     "grants processes, erlang_start starts a stateful tenant (a receive loop or gen_server) that "
                     "erlang_call and erlang_cast talk to and erlang_stop ends.");
}

static json_t *m_ping(hl_mcp_session *m, json_t *params, int *code, const char **why) {
    (void)m, (void)params, (void)code, (void)why;
    return json_object();
}

static json_t *m_tools_list(hl_mcp_session *m, json_t *params, int *code, const char **why) {
    (void)params, (void)code, (void)why;
    return hl_serve_tools_list(m->srv, m->tenant);
}

static json_t *m_tools_call(hl_mcp_session *m, json_t *params, int *code, const char **why) {
    const char *name = json_string_value(json_object_get(params, "name"));
    json_t *args = json_object_get(params, "arguments");
    if (!name) {
        *code = INVALID_PARAMS, *why = "tools/call needs params.name";
        return NULL;
    }
    if (args && !json_is_object(args)) {
        *code = INVALID_PARAMS, *why = "tools/call params.arguments must be an object";
        return NULL;
    }
    /* structuredContent exists from revision 2025-06-18 on */
    bool structured = strcmp(m->version, "2025-06-18") >= 0;
    json_t *r = hl_serve_tools_call(m->srv, m->tenant, name, args, structured, m->cancel);
    if (!r) *code = INVALID_PARAMS, *why = "unknown tool (tools/list names them)";
    return r;
}

/* The requests, and whether each needs an initialized session. */
static const struct method {
    const char *name;
    method_fn fn;
    bool needs_init;
} methods[] = {
    {"initialize", m_initialize, false},
    {"ping", m_ping, false},
    {"tools/list", m_tools_list, true},
    {"tools/call", m_tools_call, true},
};

static json_t *dispatch(hl_mcp_session *m, json_t *msg) {
    if (!json_is_object(msg))
        return error_msg(NULL, INVALID_REQUEST,
                         json_is_array(msg) ? "batches are not supported" : "a request must be a JSON object");
    json_t *id = json_object_get(msg, "id");
    json_t *method = json_object_get(msg, "method");
    json_t *params = json_object_get(msg, "params");
    const char *ver = json_string_value(json_object_get(msg, "jsonrpc"));
    bool id_ok = id && (json_is_string(id) || json_is_integer(id));
    /* a response to us (we send no requests): nothing to answer */
    if (!method && id && (json_object_get(msg, "result") || json_object_get(msg, "error"))) return NULL;
    if (!ver || strcmp(ver, "2.0") != 0)
        return error_msg(id_ok ? id : NULL, INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
    if (!json_is_string(method)) return error_msg(id_ok ? id : NULL, INVALID_REQUEST, "\"method\" must be a string");
    if (id && !id_ok)
        return error_msg(NULL, INVALID_REQUEST, "\"id\" must be a string or an integer (MCP: never null)");
    const char *name = json_string_value(method);
    if (!id) { /* a notification: never answered */
        if (strcmp(name, "notifications/initialized") == 0 && m->state == 1) m->state = 2;
        return NULL;
    }
    if (params && !json_is_object(params)) return error_msg(id, INVALID_PARAMS, "\"params\" must be an object");
    const struct method *found = NULL;
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(methods[i].name, name) == 0) found = &methods[i];
    if (!found) return error_msg(id, METHOD_NOT_FOUND, "method not found");
    if (found->needs_init && m->state == 0)
        return error_msg(id, INVALID_REQUEST, "the session is not initialized (send initialize first)");
    /* notifications/cancelled (stdio): a request cancelled before it was
     * handled gets no response; one cancelled while it runs is
     * interrupted, and its response is dropped (as the specification's
     * cancellation utility asks) */
    char idtext[HL_SERVE_ID_TEXT] = "";
    if (m->cancel) {
        char *t = json_dumps(id, JSON_COMPACT | JSON_ENCODE_ANY);
        if (t && strlen(t) < sizeof idtext) strcpy(idtext, t);
        free(t);
        bool early = false;
        pthread_mutex_lock(&m->cancel->lock);
        for (unsigned i = 0; i < HL_SERVE_CANCEL_IDS && *idtext; i++)
            if (strcmp(m->cancel->early[i], idtext) == 0) {
                m->cancel->early[i][0] = '\0';
                early = true;
            }
        memcpy(m->cancel->id, idtext, sizeof idtext);
        m->cancel->cancelled = early;
        pthread_mutex_unlock(&m->cancel->lock);
        if (early) {
            atomic_fetch_add(&m->cancel->count, 1);
            return NULL;
        }
    }
    int code = INTERNAL_ERROR;
    const char *why = "out of memory";
    json_t *result = found->fn(m, params ? params : NULL, &code, &why);
    if (m->cancel) {
        pthread_mutex_lock(&m->cancel->lock);
        bool cancelled = m->cancel->cancelled;
        m->cancel->id[0] = '\0';
        m->cancel->cancelled = false;
        pthread_mutex_unlock(&m->cancel->lock);
        if (cancelled) {
            atomic_fetch_add(&m->cancel->count, 1);
            json_decref(result);
            return NULL;
        }
    }
    if (!result) return error_msg(id, code, why);
    json_t *r = json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", id, "result", result);
    return r ? r : error_msg(id, INTERNAL_ERROR, "out of memory");
}

char *hl_mcp_handle(hl_mcp_session *m, const char *msg, size_t len, size_t *out_len) {
    json_error_t je;
    /* Jansson bounds nesting (2048) and refuses invalid UTF-8 */
    json_t *j = json_loadb(msg, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
    json_t *resp;
    if (!j) {
        char why[256];
        snprintf(why, sizeof why, "parse error: %s (line %d, column %d)", je.text, je.line, je.column);
        resp = error_msg(NULL, PARSE_ERROR, why);
    } else {
        resp = dispatch(m, j);
        json_decref(j);
        if (!resp) return NULL;
    }
    char *text = resp ? hl_serve_json_dump(resp, out_len) : NULL;
    json_decref(resp);
    if (!text) text = hl_mcp_error_text(INTERNAL_ERROR, "out of memory", out_len);
    return text;
}
