/* front.c — TEMPORARY stub until the parser lands: accepts nothing. */
#include "front/front.h"

#include "base/mem.h"

hl_front_result *hl_front_parse(const char *src, size_t len, const hl_front_limits *lim) {
    (void)src;
    (void)len;
    hl_front_result *r = hl_mem_calloc(1, sizeof *r);
    if (!r) return NULL;
    hl_arena_init(&r->arena, lim->max_memory_bytes);
    hl_diags_init(&r->diags, lim->max_diagnostics);
    hl_diags_add(&r->diags, 1, 1, "the parser is not implemented yet");
    return r;
}

bool hl_front_dump(const hl_front_result *r, hl_buf *out) {
    (void)r;
    return !out->failed;
}

void hl_front_free(hl_front_result *r) {
    if (!r) return;
    hl_arena_free(&r->arena);
    hl_diags_free(&r->diags);
    hl_mem_free(r);
}
