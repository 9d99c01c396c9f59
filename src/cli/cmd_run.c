/* cmd_run.c — `hl run [--max-reductions N] [--max-heap-bytes N]
 * [--timeout-ms N] [--max-output-bytes N] FILE [MORE.erl...] FUNCTION
 * [ARG...]` (docs/design.md §5): compile the files as one program, call FUNCTION
 * of the first with the ARGs (Erlang term literals),
 * print what the guest wrote (io:format, ...) and then the result as
 * io:format("~p~n", [Result]). Exit 0 ok, 1 guest exception, 2 compile
 * rejection or usage, 3 a limit stopped the run. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { EXIT_OK = 0, EXIT_EXCEPTION = 1, EXIT_REJECTED = 2, EXIT_LIMIT = 3 };

const char hl_cli_run_help[] =
    "usage: hl run [--max-reductions N] [--max-heap-bytes N] [--timeout-ms N]\n"
    "              [--max-output-bytes N] [--header H.hrl]... FILE [MORE.erl ...]\n"
    "              FUNCTION [ARG...]\n"
    "\n"
    "Compiles FILE (an Erlang module), calls its exported FUNCTION with the\n"
    "ARGs, each an Erlang term literal (42, foo, \"text\", [1,2], {a,1}), and\n"
    "prints the result as io:format(\"~p~n\", [Result]) would. What the program\n"
    "writes (io:format, io:put_chars, ...) is printed on stdout first, in every\n"
    "outcome (before the result, or before the error on stderr).\n"
    "The ARGs' atoms need not appear in FILE: they exist for the run (and\n"
    "list_to_existing_atom finds them), at most 4096 names FILE lacks.\n"
    "\n"
    "A program of several modules: name every file (each ending in .erl) before\n"
    "FUNCTION. They are compiled together, each may call what the others\n"
    "export (Module:Function(...)), and FUNCTION is the first file's:\n"
    "  hl run main.erl util.erl shapes.erl main\n"
    "\n"
    "limits (never unlimited):\n"
    "  --max-reductions N   reductions (function calls, loop edges, builtin\n"
    "                       work); default 10000000\n"
    "  --max-heap-bytes N   heap + stack + binaries of the run; default 67108864\n"
    "  --timeout-ms N       wall-clock deadline; default 5000\n"
    "  --max-output-bytes N bytes the program may write (UTF-8); default 1048576\n"
    "\n"
    "  --header H.hrl       a header FILE may -include (repeatable); the only\n"
    "                       files the preprocessor reads\n"
    "\n"
    "capabilities (docs/capabilities.md; none by default):\n"
    "  --grant NAME         grants a capability (repeatable): clocks\n"
    "                       (erlang:system_time/0, calendar:local_time/0, ...)\n"
    "                       or random (rand:uniform/0, crypto:strong_rand_bytes/1,\n"
    "                       ...); without it such calls are refused at compile time\n"
    "  --deterministic[=SEED]  the deterministic profile: a virtual clock (from\n"
    "                       2000-01-01T00:00:00Z, 1 us per reduction) and entropy\n"
    "                       seeded with SEED (default 0), so every run prints the\n"
    "                       same and uses the same reductions; grants clocks and\n"
    "                       random\n"
    "\n"
    "exit status: 0 returned; 1 the guest raised an exception (class, reason and\n"
    "stack on stderr); 2 rejected at compile time (FILE:LINE:COL: error: ...)\n"
    "or bad usage; 3 a limit stopped the run or the compile (which one on\n"
    "stderr; the compile's: an atom quota).\n";

static int usage(const char *msg) {
    fprintf(stderr, "hl: %s\n\n%s", msg, hl_cli_run_help);
    return EXIT_REJECTED;
}

static int parse_limit(const char *text, uint64_t *out) {
    if (!text || !*text) return 0;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9') return 0;
        if (v > (UINT64_MAX - 9) / 10) return 0;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (v == 0) return 0;
    *out = v;
    return 1;
}

static int print_exception(const hl_error *err) {
    const char *cls = "error", *reason = "", *stack = "";
    hl_error_exception(err, &cls, &reason, &stack);
    fprintf(stderr, "** exception %s: %s\n", cls, reason);
    for (const char *s = stack; *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        fprintf(stderr, "     in %.*s\n", (int)n, s);
        s += n + (nl ? 1 : 0);
    }
    return EXIT_EXCEPTION;
}

static int run(hl_engine *engine, int argc, char **argv, hl_compile_options **optsp);

int hl_cli_run(hl_engine *engine, int argc, char **argv) {
    hl_compile_options *opts = NULL; /* created by the first --header */
    int rc = run(engine, argc, argv, &opts);
    hl_compile_options_free(opts);
    return rc;
}

/* The capabilities --grant NAME may give (include/hyperlang.h,
 * hl_compile_options_grant_capability): every one off by default. */
static const char *const grantable[] = {"clocks", "random"};

/* --grant NAME: false (with a message naming the known ones) for another name. */
static bool grant(hl_compile_options **optsp, const char *name) {
    size_t n = sizeof grantable / sizeof grantable[0];
    for (size_t k = 0; name && k < n; k++)
        if (strcmp(name, grantable[k]) == 0) {
            if (!*optsp && hl_compile_options_new(optsp) != HL_OK) {
                fprintf(stderr, "hl: out of memory\n");
                return false;
            }
            if (hl_compile_options_grant_capability(*optsp, name) == HL_OK) return true;
            break;
        }
    fprintf(stderr, "hl: run: --grant %s: not a capability; the known ones are:", name ? name : "needs a NAME;");
    for (size_t k = 0; k < n; k++) fprintf(stderr, " %s", grantable[k]);
    fprintf(stderr, "\n");
    return false;
}

/* SEED of --deterministic=SEED: a decimal integer that fits 64 bits (0 allowed). */
static int parse_seed(const char *text, uint64_t *out) {
    if (strcmp(text, "0") == 0) {
        *out = 0;
        return 1;
    }
    return parse_limit(text, out);
}

static int run(hl_engine *engine, int argc, char **argv, hl_compile_options **optsp) {
    hl_run_limits lim = {0, 0, 0, 0};
    bool det = false;
    uint64_t seed = 0;
    int i = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(hl_cli_run_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (strncmp(a, "--", 2) != 0) break;
        uint64_t *field = NULL;
        const char *name = a + 2;
        if (strncmp(name, "header", 6) == 0 && (name[6] == '\0' || name[6] == '=')) {
            const char *val = name[6] == '=' ? name + 7 : (i + 1 < argc ? argv[++i] : NULL);
            if (!val) return usage("run: --header needs a file");
            if (!hl_cli_add_header(optsp, val)) return EXIT_REJECTED;
            continue;
        }
        if (strncmp(name, "grant", 5) == 0 && (name[5] == '\0' || name[5] == '=')) {
            const char *val = name[5] == '=' ? name + 6 : (i + 1 < argc ? argv[++i] : NULL);
            if (!grant(optsp, val)) return EXIT_REJECTED;
            continue;
        }
        if (strncmp(name, "deterministic", 13) == 0 && (name[13] == '\0' || name[13] == '=')) {
            if (name[13] == '=' && !parse_seed(name + 14, &seed))
                return usage("run: --deterministic=SEED needs a decimal integer below 2^64");
            /* reproducible clocks and entropy may be granted (docs/capabilities.md) */
            if (!grant(optsp, "clocks") || !grant(optsp, "random")) return EXIT_REJECTED;
            det = true;
            continue;
        }
        const char *eq = strchr(name, '=');
        size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
        if (nlen == 14 && strncmp(name, "max-reductions", nlen) == 0) field = &lim.max_reductions;
        else if (nlen == 14 && strncmp(name, "max-heap-bytes", nlen) == 0) field = &lim.max_heap_bytes;
        else if (nlen == 10 && strncmp(name, "timeout-ms", nlen) == 0) field = &lim.timeout_ms;
        else if (nlen == 16 && strncmp(name, "max-output-bytes", nlen) == 0) field = &lim.max_output_bytes;
        else return usage("run: unknown option");
        const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!parse_limit(val, field)) return usage("run: a limit must be a positive integer");
    }
    if (argc - i < 2) return usage("run needs a FILE and a FUNCTION");
    /* FILE, then every further argument ending in .erl, then FUNCTION */
    int nfiles = 1;
    while (i + nfiles < argc - 1 && hl_cli_is_source_name(argv[i + nfiles])) nfiles++;
    if (nfiles > HL_MAX_PROGRAM_MODULES) return usage("run: too many files for one program");
    const char *path = argv[i], *function = argv[i + nfiles];
    i += nfiles - 1; /* the arguments start at argv[i + 2], as with one file */
    int nargs = argc - i - 2;
    if (nargs > 255) return usage("run: at most 255 arguments");
    hl_error *err = NULL;
    hl_module *mod = NULL;
    hl_status s = hl_cli_program_files(engine, (const char *const *)argv + i - (nfiles - 1), (size_t)nfiles,
                                       *optsp, &mod, &err);
    if (s == HL_ELIMIT) { /* an atom quota: the compile's own resource fault */
        fprintf(stderr, "hl: limit exceeded: %s: %s\n", hl_limit_kind_name(hl_error_limit(err)),
                hl_error_message(err));
        hl_error_free(err);
        return EXIT_LIMIT;
    }
    if (s != HL_OK) {
        if (err || s != HL_ECOMPILE) {
            if (s == HL_ECOMPILE) fputs(hl_error_message(err), stderr);
            else fprintf(stderr, "%s: error: %s\n", path, err ? hl_error_message(err) : hl_status_name(s));
        }
        hl_error_free(err);
        return EXIT_REJECTED;
    }
    hl_value *args[255];
    int rc = EXIT_OK;
    int built = 0;
    for (; built < nargs; built++) {
        const char *text = argv[i + 2 + built];
        s = hl_value_parse(mod, text, strlen(text), &args[built], &err);
        if (s != HL_OK) {
            fprintf(stderr, "hl: argument %d (%s): error: %s\n", built + 1, text,
                    err ? hl_error_message(err) : hl_status_name(s));
            hl_error_free(err);
            err = NULL;
            rc = EXIT_REJECTED;
            break;
        }
    }
    if (rc == EXIT_OK) {
        hl_value *result = NULL;
        char *output = NULL;
        size_t olen = 0;
        s = det ? hl_run_deterministic(mod, seed, function, args, (size_t)nargs, &lim, &result, &output, &olen, NULL,
                                       &err)
                : hl_run_capture(mod, function, args, (size_t)nargs, &lim, &result, &output, &olen, &err);
        if (output) {
            /* the guest's output comes first, flushed before any stderr text */
            fwrite(output, 1, olen, stdout);
            fflush(stdout);
            hl_free(output);
        }
        if (s == HL_OK) {
            char *text = NULL;
            size_t tlen = 0;
            if (hl_value_to_text(result, 1, &text, &tlen) == HL_OK) {
                fwrite(text, 1, tlen, stdout);
                fputc('\n', stdout);
                hl_free(text);
            } else {
                fputs("hl: out of memory printing the result\n", stderr);
                rc = EXIT_EXCEPTION;
            }
            hl_value_free(result);
        } else if (s == HL_EEXCEPTION) {
            rc = print_exception(err);
        } else if (s == HL_ELIMIT) {
            fprintf(stderr, "hl: limit exceeded: %s: %s\n", hl_limit_kind_name(hl_error_limit(err)),
                    hl_error_message(err));
            rc = EXIT_LIMIT;
        } else {
            fprintf(stderr, "hl: error: %s\n", err ? hl_error_message(err) : hl_status_name(s));
            rc = EXIT_EXCEPTION;
        }
        hl_error_free(err);
    }
    for (int k = 0; k < built; k++) hl_value_free(args[k]);
    hl_module_free(mod);
    return rc;
}
