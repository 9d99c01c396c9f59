/* bench_parse.c — front-end throughput: lex + parse of a large source.
 *
 * usage: bench_parse [FILE]
 * Without FILE it generates ~20 MB of typical Erlang (functions with
 * clauses, guards, records, maps, binaries, comprehensions, specs) in
 * memory. Limits are raised to fit. Prints MB/s (best of 5 runs) and the
 * arena bytes used per source byte (memory is linear in the input).
 * Times are process CPU time (user + system). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/buf.h"
#include "base/mem.h"
#include "front/ast.h"
#include "front/front.h"
#include "front/lex.h"

/* Process CPU time, not wall time: the machine may be shared, and CPU time
 * (which includes the kernel's page-fault work for our memory) is what the
 * front end costs. */
static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static char *generate(size_t target, size_t *len) {
    hl_buf b;
    hl_buf_init(&b, 0);
    hl_buf_puts(&b, "-module(bench).\n-export([f0/2]).\n"
                    "-record(state, {id = 0 :: integer(), name = <<>> :: binary(), items = [] :: list()}).\n");
    for (size_t i = 0; b.len < target; i++) {
        hl_buf_printf(&b,
            "%%%% function %zu: a typical mix of constructs\n"
            "-spec f%zu(integer(), #state{}) -> {ok, term()} | {error, atom()}.\n"
            "f%zu(N, #state{id = Id, items = Items} = S) when is_integer(N), N > 0 ->\n"
            "    Xs = [X * 2 + 1 || X <- lists:seq(1, N), X rem 3 =/= 0],\n"
            "    M = #{id => Id, count => length(Xs), name => <<\"item\", N:16/little>>},\n"
            "    case maps:get(count, M, 0) of\n"
            "        0 -> {error, empty};\n"
            "        C when C > 100 -> {ok, S#state{items = [C | Items]}};\n"
            "        C -> try lists:sum(Xs) / C of Avg -> {ok, {Avg, \"average\"}}\n"
            "             catch error:badarith -> {error, badarith} end\n"
            "    end;\n"
            "f%zu(_, _) ->\n"
            "    receive {msg, From, Ref} -> From ! {Ref, ok}, {ok, done}\n"
            "    after 1000 -> {error, timeout} end.\n\n",
            i, i, i, i);
    }
    *len = b.len;
    return b.data;
}

int main(int argc, char **argv) {
    size_t len = 0;
    char *src = NULL;
    if (argc > 1) {
        FILE *f = fopen(argv[1], "rb");
        if (!f) {
            perror(argv[1]);
            return 2;
        }
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        src = malloc((size_t)n + 1);
        if (!src || fread(src, 1, (size_t)n, f) != (size_t)n) return 2;
        fclose(f);
        len = (size_t)n;
    } else {
        src = generate((size_t)20 << 20, &len);
        if (!src) return 2;
    }
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_source_bytes = len + 1;
    lim.max_tokens = len;
    lim.max_memory_bytes = len * 64 + ((size_t)64 << 20);
    double best = 1e9;
    size_t arena = 0, forms = 0;
    for (int run = 0; run < 5; run++) {
        double t0 = now();
        hl_front_result *r = hl_front_parse(src, len, &lim);
        double t = now() - t0;
        if (!r || hl_diags_errors(&r->diags)) {
            fprintf(stderr, "parse failed: %s\n",
                    r && r->diags.count ? r->diags.items[0].message : "out of memory");
            return 1;
        }
        if (t < best) best = t;
        arena = r->arena.total;
        forms = r->module->forms.count;
        hl_front_free(r);
    }
    double lex_best = 1e9;
    for (int run = 0; run < 5; run++) {
        hl_arena arena_l;
        hl_diags diags;
        hl_arena_init(&arena_l, lim.max_memory_bytes);
        hl_diags_init(&diags, 10);
        hl_token_vec toks = {0};
        double t0 = now();
        hl_lex(src, len, &lim, &arena_l, &diags, &toks);
        double t = now() - t0;
        if (t < lex_best) lex_best = t;
        if (run == 0) printf("lex arena %.1f B/B, %zu tokens\n", (double)arena_l.total / (double)len, toks.count);
        hl_token_vec_free(&toks);
        hl_arena_free(&arena_l);
        hl_diags_free(&diags);
    }
    printf("lex only: %.1f MB/s\n", (double)len / 1e6 / lex_best);
    printf("source %.1f MB, %zu forms: best %.3f s = %.1f MB/s; arena %.1f bytes per source byte\n",
           (double)len / 1e6, forms, best, (double)len / 1e6 / best, (double)arena / (double)len);
    if (argc <= 1) hl_mem_free(src); /* from hl_buf */
    else free(src);
    return 0;
}
