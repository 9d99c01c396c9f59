/* serve_json.c — small JSON helpers of the server: guest bytes as JSON
 * strings (a guest may write bytes that are not UTF-8; Jansson refuses
 * those, so they are repaired, never dropped silently), diagnostics and
 * usage as objects, compact dumping. */
#include <stdlib.h>
#include <string.h>

#include "serve.h"

/* Length of the valid UTF-8 sequence at p (n bytes left), or 0. */
static size_t utf8_len(const unsigned char *p, size_t n) {
    unsigned c = p[0];
    size_t len;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) len = 2, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, min = 0x10000;
    else return 0;
    if (n < len) return 0;
    unsigned cp = c & (0x3Fu >> (len - 1));
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

json_t *hl_serve_json_text(const char *bytes, size_t n) {
    if (!bytes) return json_string("");
    json_t *j = json_stringn(bytes, n); /* the common case: valid UTF-8 */
    if (j) return j;
    /* each bad byte becomes U+FFFD (3 bytes): at most 3n */
    if (n > SIZE_MAX / 3) return NULL;
    char *fixed = malloc(n * 3 + 1);
    if (!fixed) return NULL;
    size_t o = 0;
    const unsigned char *p = (const unsigned char *)bytes;
    for (size_t i = 0; i < n;) {
        size_t l = utf8_len(p + i, n - i);
        if (l == 0 || (l == 1 && p[i] == 0)) { /* NUL too: Jansson's strings are C strings */
            memcpy(fixed + o, "\xEF\xBF\xBD", 3);
            o += 3;
            i++;
        } else {
            memcpy(fixed + o, p + i, l);
            o += l;
            i += l;
        }
    }
    j = json_stringn(fixed, o);
    free(fixed);
    return j;
}

json_t *hl_serve_json_diagnostics(const hl_error *err) {
    json_t *a = json_array();
    size_t n = err ? hl_error_diagnostic_count(err) : 0;
    for (size_t i = 0; a && i < n; i++) {
        uint32_t line = 0, col = 0;
        const char *msg = "";
        hl_error_diagnostic(err, i, &line, &col, &msg);
        json_t *d = json_pack("{s:I,s:I,s:o}", "line", (json_int_t)line, "column", (json_int_t)col, "message",
                              hl_serve_json_text(msg, strlen(msg)));
        if (!d || json_array_append_new(a, d) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

json_t *hl_serve_json_usage(const hl_usage *u) {
    return json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "reductions", (json_int_t)u->reductions, "peak_heap_bytes",
                     (json_int_t)u->peak_heap_bytes, "wall_ns", (json_int_t)u->wall_ns, "cpu_ns",
                     (json_int_t)u->cpu_ns, "output_bytes", (json_int_t)u->output_bytes, "binding_calls",
                     (json_int_t)u->binding_calls, "binding_ns", (json_int_t)u->binding_ns);
}

char *hl_serve_json_dump(const json_t *j, size_t *len) {
    /* compact: one message per line on stdio (strings escape newlines) */
    char *t = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    if (t && len) *len = strlen(t);
    return t;
}
