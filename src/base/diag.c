/* diag.c — the capped diagnostics list (see diag.h). */
#include "base/diag.h"

#include <stdarg.h>
#include <stdio.h>

#include "base/mem.h"

void hl_diags_init(hl_diags *d, size_t max) {
    d->items = NULL;
    d->count = d->cap = 0;
    d->max = max ? max : HL_DIAGS_DEFAULT_MAX;
    d->dropped = 0;
    d->oom = false;
}

bool hl_diags_add(hl_diags *d, uint32_t line, uint32_t col, const char *fmt, ...) {
    if (d->count >= d->max) {
        d->dropped++;
        return false;
    }
    if (d->count == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 8;
        hl_diag *items = hl_mem_realloc_array(d->items, cap, sizeof *items);
        if (!items) {
            d->oom = true;
            return false;
        }
        d->items = items;
        d->cap = cap;
    }
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    size_t len = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
    char *msg = hl_mem_alloc(len + 1);
    if (!msg) {
        d->oom = true;
        return false;
    }
    for (size_t i = 0; i < len; i++) msg[i] = tmp[i];
    msg[len] = '\0';
    d->items[d->count++] = (hl_diag){line, col, msg};
    return true;
}

size_t hl_diags_errors(const hl_diags *d) { return d->count + d->dropped + (d->oom ? 1 : 0); }

bool hl_diags_render(const hl_diags *d, const char *file, hl_buf *out) {
    for (size_t i = 0; i < d->count; i++) {
        const hl_diag *g = &d->items[i];
        hl_buf_printf(out, "%s:%u:%u: error: %s\n", file, (unsigned)g->line, (unsigned)g->col, g->message);
    }
    if (d->dropped)
        hl_buf_printf(out, "%s: error: %zu more errors not shown\n", file, d->dropped);
    if (d->oom) hl_buf_printf(out, "%s: error: out of memory while reporting errors\n", file);
    return !out->failed;
}

void hl_diags_free(hl_diags *d) {
    for (size_t i = 0; i < d->count; i++) hl_mem_free(d->items[i].message);
    hl_mem_free(d->items);
    hl_diags_init(d, d->max);
}
