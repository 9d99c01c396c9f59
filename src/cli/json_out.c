/* json_out.c — `hl run --json`: the outcome of a compile or a run as one
 * JSON object on stdout (docs/embedding.md, "hl run --json"), for tools
 * and agents. Strings go through hl_value_to_json, so the library's
 * escaping and UTF-8 checks are the only ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A JSON string of text (n bytes); "null" when it is not UTF-8. */
static void put_str(const char *text, size_t n) {
    hl_value *v = NULL;
    char *j = NULL;
    if (hl_value_binary(text, n, &v) == HL_OK && hl_value_to_json(v, &j, NULL, NULL) == HL_OK) fputs(j, stdout);
    else fputs("null", stdout);
    hl_free(j);
    hl_value_free(v);
}

static void put_cstr(const char *s) { put_str(s, strlen(s)); }

/* Lines of text as a JSON array of strings. */
static void put_lines(const char *s) {
    fputc('[', stdout);
    bool first = true;
    while (s && *s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        if (!first) fputc(',', stdout);
        first = false;
        put_str(s, n);
        s += n + (nl ? 1 : 0);
    }
    fputc(']', stdout);
}

static const char *status_word(hl_status s) {
    switch (s) {
    case HL_OK: return "ok";
    case HL_EEXCEPTION: return "exception";
    case HL_ELIMIT: return "limit";
    case HL_ECOMPILE: return "compile_error";
    case HL_EREJECTED: return "rejected";
    case HL_EMISUSE: return "usage_error";
    case HL_ENOMEM: return "out_of_memory";
    default: return "error";
    }
}

int hl_cli_json_compile_error(hl_status s, const hl_error *err, const char *path, int code) {
    printf("{\"status\":\"%s\",\"exit_code\":%d,\"file\":", s == HL_ELIMIT ? "limit" : status_word(s), code);
    put_cstr(path);
    fputs(",\"message\":", stdout);
    put_cstr(err ? hl_error_message(err) : hl_status_name(s));
    if (s == HL_ELIMIT) printf(",\"limit\":\"%s\"", hl_limit_kind_name(hl_error_limit(err)));
    fputs(",\"diagnostics\":[", stdout);
    size_t n = hl_error_diagnostic_count(err);
    for (size_t i = 0; i < n; i++) {
        uint32_t line = 0, col = 0;
        const char *msg = "";
        hl_error_diagnostic(err, i, &line, &col, &msg);
        printf("%s{\"line\":%u,\"column\":%u,\"message\":", i ? "," : "", line, col);
        put_cstr(msg);
        fputc('}', stdout);
    }
    fputs("]}\n", stdout);
    return code;
}

static void put_usage(const hl_usage *u) {
    printf("{\"reductions\":%llu,\"peak_heap_bytes\":%llu,\"wall_ns\":%llu,\"cpu_ns\":%llu,\"output_bytes\":%llu,"
           "\"binding_calls\":%llu,\"binding_ns\":%llu}",
           (unsigned long long)u->reductions, (unsigned long long)u->peak_heap_bytes, (unsigned long long)u->wall_ns,
           (unsigned long long)u->cpu_ns, (unsigned long long)u->output_bytes, (unsigned long long)u->binding_calls,
           (unsigned long long)u->binding_ns);
}

int hl_cli_json_run(hl_status s, const hl_value *result, const char *output, size_t olen, const hl_error *err,
                    const hl_usage *usage, int code) {
    printf("{\"status\":\"%s\",\"exit_code\":%d", status_word(s), code);
    if (s == HL_OK && result) {
        char *j = NULL, *text = NULL;
        hl_error *jerr = NULL;
        fputs(",\"result\":", stdout);
        if (hl_value_to_json(result, &j, NULL, &jerr) == HL_OK) fputs(j, stdout);
        else fputs("null", stdout);
        /* the Erlang text form always: a tuple or an atom has no JSON form */
        fputs(",\"result_text\":", stdout);
        if (hl_value_to_text(result, 1, &text, NULL) == HL_OK) put_cstr(text);
        else fputs("null", stdout);
        if (jerr) {
            fputs(",\"result_json_error\":", stdout);
            put_cstr(hl_error_message(jerr));
        }
        hl_free(j);
        hl_free(text);
        hl_error_free(jerr);
    } else {
        fputs(",\"result\":null,\"result_text\":null", stdout);
    }
    fputs(",\"output\":", stdout);
    put_str(output ? output : "", output ? olen : 0);
    if (s == HL_ELIMIT) printf(",\"limit\":\"%s\"", hl_limit_kind_name(hl_error_limit(err)));
    else fputs(",\"limit\":null", stdout);
    const char *cls = NULL, *reason = NULL, *stack = NULL;
    if (s == HL_EEXCEPTION && hl_error_exception(err, &cls, &reason, &stack) == HL_OK) {
        fputs(",\"exception\":{\"class\":", stdout);
        put_cstr(cls ? cls : "");
        fputs(",\"reason\":", stdout);
        put_cstr(reason ? reason : "");
        fputs(",\"stack\":", stdout);
        put_lines(stack);
        fputc('}', stdout);
    } else {
        fputs(",\"exception\":null", stdout);
    }
    if (s != HL_OK) {
        fputs(",\"message\":", stdout);
        put_cstr(err ? hl_error_message(err) : hl_status_name(s));
    }
    fputs(",\"usage\":", stdout);
    put_usage(usage);
    fputs("}\n", stdout);
    return code;
}
