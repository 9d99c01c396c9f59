/* files.c — the `hl` command's programs of several files: which arguments
 * name source files, and reading them all for one hl_compile_program /
 * hl_check_program call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

bool hl_cli_is_source_name(const char *arg) {
    size_t n = strlen(arg);
    return n > 4 && strcmp(arg + n - 4, ".erl") == 0;
}

/* Reads every file; false (with the reason printed) when one cannot be. */
static bool read_all(const char *const *paths, size_t n, char **texts, size_t *lens) {
    size_t max = hl_cli_source_limit();
    for (size_t i = 0; i < n; i++) {
        const char *why = NULL;
        texts[i] = hl_cli_read_source(paths[i], max, &lens[i], &why);
        if (!texts[i]) {
            fprintf(stderr, "%s: error: cannot read: %s\n", paths[i], why);
            for (size_t k = 0; k < i; k++) free(texts[k]);
            return false;
        }
    }
    return true;
}

hl_status hl_cli_program_files(hl_engine *engine, const char *const *paths, size_t n,
                               const hl_compile_options *opts, hl_module **out, hl_error **err) {
    *err = NULL;
    if (n == 0 || n > HL_MAX_PROGRAM_MODULES) return HL_EMISUSE;
    char *texts[HL_MAX_PROGRAM_MODULES];
    size_t lens[HL_MAX_PROGRAM_MODULES];
    if (!read_all(paths, n, texts, lens)) return HL_ECOMPILE; /* reported */
    hl_status s = out ? hl_compile_program(engine, n, paths, (const char *const *)texts, lens, opts, out, err)
                      : hl_check_program(engine, n, paths, (const char *const *)texts, lens, opts, err);
    for (size_t i = 0; i < n; i++) free(texts[i]);
    return s;
}
