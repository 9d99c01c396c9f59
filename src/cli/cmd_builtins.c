/* cmd_builtins.c — `hl builtins [MODULE]`: what a guest may call, listed
 * from the compiler's own allowlist through hl_callable_at (no second list
 * kept by hand). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

enum { EXIT_OK = 0, EXIT_REJECTED = 2, MAX_MODULES = 128 };

/* Erlang's reserved words: a function so named prints quoted. */
static const char *const reserved[] = {"after", "and",   "andalso", "band", "begin", "bnot", "bor",
                                       "bsl",   "bsr",   "bxor",    "case", "catch", "cond", "div",
                                       "end",   "fun",   "if",      "let",  "not",   "of",   "or",
                                       "orelse", "receive", "rem",  "try",  "when",  "xor",  "maybe",
                                       "else"};

/* Prints an atom as Erlang source writes it ('+', 'div', map). */
static void print_atom(const char *name) {
    bool plain = name[0] >= 'a' && name[0] <= 'z';
    for (const char *p = name; plain && *p; p++)
        plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
                *p == '@';
    for (size_t i = 0; plain && i < sizeof reserved / sizeof *reserved; i++)
        if (strcmp(name, reserved[i]) == 0) plain = false;
    if (plain) fputs(name, stdout);
    else printf("'%s'", name);
}

/* The distinct modules of the table, in its order, with their counts. */
static size_t modules(const char **names, size_t *counts) {
    size_t n = 0, total = hl_callable_count();
    for (size_t i = 0; i < total; i++) {
        const char *m;
        if (hl_callable_at(i, &m, NULL, NULL, NULL) != HL_OK) break;
        size_t k = 0;
        while (k < n && strcmp(names[k], m) != 0) k++;
        if (k == n) {
            if (n == MAX_MODULES) continue;
            names[n] = m;
            counts[n++] = 0;
        }
        counts[k]++;
    }
    return n;
}

int hl_cli_builtins(hl_engine *engine, int argc, char **argv) {
    (void)engine;
    const char *names[MAX_MODULES];
    size_t counts[MAX_MODULES];
    size_t n = modules(names, counts);
    if (argc > 0 && hl_cli_is_help(argv[0])) {
        fputs(hl_cli_builtins_help, stdout);
        return EXIT_OK;
    }
    if (argc > 1) return hl_cli_usage("builtins", "builtins takes at most one MODULE");
    if (argc == 0) {
        printf("%-12s %s\n", "MODULE", "FUNCTIONS");
        for (size_t k = 0; k < n; k++) printf("%-12s %zu\n", names[k], counts[k]);
        puts("\n`hl builtins MODULE` lists a module's functions.");
        return EXIT_OK;
    }
    const char *want = argv[0];
    size_t k = 0;
    while (k < n && strcmp(names[k], want) != 0) k++;
    if (k == n) {
        const char *near = hl_cli_closest(want, names, n);
        fprintf(stderr, "hl: builtins: '%s' is not a module a guest may call", want);
        if (near) fprintf(stderr, " (did you mean %s?)", near);
        fputs("; `hl builtins` lists the modules\n", stderr);
        return EXIT_REJECTED;
    }
    size_t total = hl_callable_count();
    for (size_t i = 0; i < total; i++) {
        const char *m, *f;
        uint32_t arity, flags;
        if (hl_callable_at(i, &m, &f, &arity, &flags) != HL_OK || strcmp(m, want) != 0) continue;
        print_atom(f);
        printf("/%u", (unsigned)arity);
        if (flags & HL_CALLABLE_AUTO) fputs(" [auto]", stdout);
        if (flags & HL_CALLABLE_GUARD) fputs(" [guard]", stdout);
        if (flags & HL_CALLABLE_CAPABILITY) fputs(" [capability]", stdout);
        putchar('\n');
    }
    return EXIT_OK;
}
