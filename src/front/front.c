/* front.c — the front end as one call (front.h): lex, parse, dump, free.
 *
 * The front end has no global mutable state: every byte it allocates
 * belongs to the result's arena or diagnostics list, and names stay byte
 * strings (no atom table is touched, security invariant 1). */
#include "front/front.h"

#include "base/mem.h"
#include "base/meter.h"
#include "front/dump.h"
#include "front/lex.h"
#include "front/parse.h"
#include "front/pp.h"

/* Lexer and parser errors interleave by position: report them in source
 * order (stable insertion sort; the list is capped at max_diagnostics). */
static void sort_diags(hl_diags *d) {
    for (size_t i = 1; i < d->count; i++) {
        hl_diag x = d->items[i];
        size_t j = i;
        while (j > 0 && (d->items[j - 1].line > x.line ||
                         (d->items[j - 1].line == x.line && d->items[j - 1].col > x.col))) {
            d->items[j] = d->items[j - 1];
            j--;
        }
        d->items[j] = x;
    }
}

hl_front_result *hl_front_parse(const char *src, size_t len, const hl_front_limits *lim) {
    hl_front_result *r = hl_mem_calloc(1, sizeof *r);
    if (!r) return NULL;
    hl_arena_init(&r->arena, lim->max_memory_bytes);
    hl_diags_init(&r->diags, lim->max_diagnostics);
    hl_token_vec toks = {0};
    bool complete = hl_lex(src, len, lim, &r->arena, &r->diags, &toks);
    if (complete && !hl_meter_charge(toks.count)) { /* lexing is linear: charged as a whole */
        char msg[200];
        hl_meter_message(hl_meter_current, msg, sizeof msg);
        hl_diags_add(&r->diags, 1, 1, "%s", msg);
        complete = false;
    }
    /* Lexical errors are reported; parsing still runs when the token stream
     * is whole, so syntax errors in other forms are found too. */
    /* The preprocessor runs on a whole token stream; its output replaces
     * the lexer's when the file has directives or macros. */
    hl_token_vec pp = {0};
    if (complete && toks.count > 0 && !hl_pp_run(&toks, lim, &r->arena, &r->diags, &pp)) complete = false;
    if (pp.items) {
        hl_token_vec_free(&toks);
        toks = pp;
    }
    if (complete && toks.count > 0) {
        r->module = hl_parse_module(toks.items, toks.count, lim, &r->arena, &r->diags);
    } else {
        r->module = hl_arena_alloc(&r->arena, sizeof *r->module);
        if (r->module) {
            r->module->forms.items = NULL;
            r->module->forms.count = 0;
            r->module->name.ptr = NULL;
            r->module->name.len = 0;
        }
    }
    hl_token_vec_free(&toks);
    sort_diags(&r->diags);
    if (!r->module && hl_diags_errors(&r->diags) == 0) hl_diags_add(&r->diags, 1, 1, "out of memory");
    return r;
}

bool hl_front_dump(const hl_front_result *r, hl_buf *out) {
    if (r->module) hl_dump_module(r->module, out);
    return !out->failed;
}

void hl_front_free(hl_front_result *r) {
    if (!r) return;
    hl_arena_free(&r->arena);
    hl_diags_free(&r->diags);
    hl_mem_free(r);
}
