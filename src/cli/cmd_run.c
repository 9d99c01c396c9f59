/* cmd_run.c — `hl run [--max-reductions N] [--max-heap-bytes N]
 * [--timeout-ms N] [--max-output-bytes N] [--grant NAME]... FILE [MORE.erl...] FUNCTION
 * [ARG...]` (docs/design.md §5): compile the files as one program, call FUNCTION
 * of the first with the ARGs (Erlang term literals),
 * print what the guest wrote (io:format, ...) and then the result as
 * io:format("~p~n", [Result]). Exit 0 ok, 1 guest exception, 2 compile
 * rejection or usage, 3 a limit stopped the run. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

enum { EXIT_OK = 0, EXIT_EXCEPTION = 1, EXIT_REJECTED = 2, EXIT_LIMIT = 3 };

const char hl_cli_run_help[] =
    "usage: hl run [--max-reductions N] [--max-heap-bytes N] [--timeout-ms N]\n"
    "              [--max-output-bytes N] [--header H.hrl]...\n"
    "              [--policy FILE] [--grant NAME]... [--mount HOST:GUEST[:ro|rw]]...\n"
    "              [--json] [--json-args JSON]\n"
    "              [--] FILE [MORE.erl ...] FUNCTION [ARG...]\n"
    "\n"
    "Compiles FILE (an Erlang module), calls its exported FUNCTION with the\n"
    "ARGs, each an Erlang term literal (42, foo, \"text\", [1,2], {a,1},\n"
    "#{k => v}), and prints the result as io:format(\"~p~n\", [Result]) would.\n"
    "What the program writes (io:format, io:put_chars, ...) is printed on\n"
    "stdout first, in every outcome (before the result, or before the error on\n"
    "stderr, which then starts on a line of its own).\n"
    "The ARGs' atoms need not appear in FILE: they exist for the run (and\n"
    "list_to_existing_atom finds them), at most 4096 names FILE lacks.\n"
    "  hl run examples/main.erl calc '\"1 + 2 * 3\"'\n"
    "  hl run --max-reductions 100000 examples/fib.erl fib 20\n"
    "\n"
    "A program of several modules: name every file (each ending in .erl) before\n"
    "FUNCTION. They are compiled together, each may call what the others\n"
    "export (Module:Function(...)), and FUNCTION is the first file's:\n"
    "  hl run examples/multi/shop.erl examples/multi/pricing.erl main\n"
    "\n"
    "limits (never unlimited):\n"
    "  --max-reductions N   reductions (function calls, loop edges, builtin\n"
    "                       work); default 10000000\n"
    "  --max-heap-bytes N   heap + stack + binaries of the run; default 67108864\n"
    "  --timeout-ms N       wall-clock deadline; default 5000\n"
    "  --max-output-bytes N bytes the program may write (UTF-8); default 1048576\n"
    "A limit that stops the run is reported with its option, what the run used\n"
    "and the limit.\n"
    "\n"
    "  --header H.hrl       a header FILE may -include (repeatable); the only\n"
    "                       files the preprocessor reads\n"
    "\n"
    "policy and JSON (docs/policy.md):\n"
    "  --policy FILE        a policy document: limits (the flags above may only\n"
    "                       lower them), bindings, capabilities, output cap\n"
    "  --json               print one JSON object: status, result, output, limit,\n"
    "                       exception, usage (reductions, peak heap, time)\n"
    "  --json-args JSON     the arguments as a JSON array instead of ARGs\n"
    "\n"
    "capabilities (docs/capabilities.md; none by default):\n"
    "  --grant NAME         grants a capability (repeatable): processes (spawn,\n"
    "                       !, links, monitors, timers, registered names; the\n"
    "                       run's limits bound the whole tree of processes,\n"
    "                       docs/actors.md), clocks (erlang:system_time/0,\n"
    "                       calendar:local_time/0, ...), random (rand:uniform/0,\n"
    "                       crypto:strong_rand_bytes/1, ...) or files (file:*,\n"
    "                       over the --mount directories); without it such\n"
    "                       calls are refused at compile time\n"
    "  --mount HOST:GUEST[:ro|rw]  shows the host directory HOST to the guest at\n"
    "                       the absolute path GUEST, read-only (ro, the default)\n"
    "                       or read-write (rw), with the default quotas; grants\n"
    "                       files (file:read_file/1, write_file/2, list_dir/1,\n"
    "                       ...; docs/files.md). Repeatable\n"
    "  --deterministic[=SEED]  the deterministic profile: a virtual clock (from\n"
    "                       2000-01-01T00:00:00Z, 1 us per reduction) and entropy\n"
    "                       seeded with SEED (default 0), so every run prints the\n"
    "                       same and uses the same reductions; grants clocks and\n"
    "                       random. Takes read-only mounts only: the files read\n"
    "                       are then inputs like the arguments (docs/files.md)\n"
    "\n"
    "Options come before FILE; `--` ends them (for a FILE whose name starts\n"
    "with -). After FILE, an argument that looks like an option (--name, -h)\n"
    "is refused unless `--` came before FILE.\n"
    "\n"
    "exit status: 0 returned; 1 the guest raised an exception (class, reason and\n"
    "stack on stderr; for a FUNCTION not exported with that many ARGs, the\n"
    "arities that are); 2 rejected at compile time (FILE:LINE:COL: error: ...)\n"
    "or bad usage; 3 a limit stopped the run or the compile (which one on\n"
    "stderr; the compile's: an atom quota).\n";

static int print_exception(const hl_error *err);
static int usage(const char *msg) { return hl_cli_usage("run", msg); }

/* An argument after FILE that reads as an option: --name or -h. */
static bool looks_like_option(const char *a) {
    return (a[0] == '-' && a[1] == '-' && ((a[2] >= 'a' && a[2] <= 'z') || (a[2] >= 'A' && a[2] <= 'Z'))) ||
           strcmp(a, "-h") == 0;
}

/* What a run limit is called on the command line and what it measures, by
 * hl_limit_kind (kinds without a flag: the API's own message). */
static const struct limit_text {
    const char *flag;
    const char *unit;
} limit_texts[] = {
    [HL_LIMIT_KIND_REDUCTIONS] = {"--max-reductions", "reductions"},
    [HL_LIMIT_KIND_HEAP] = {"--max-heap-bytes", "bytes of heap"},
    [HL_LIMIT_KIND_DEADLINE] = {"--timeout-ms", "ms"},
    [HL_LIMIT_KIND_OUTPUT] = {"--max-output-bytes", "bytes of output"},
};

/* "hl: limit exceeded: reductions: used 10000 reductions; the limit
 * (--max-reductions) is 10000". used: what the run had used when it
 * stopped (for the heap, the limit: it needed more). */
static void print_limit(const hl_error *err, uint64_t limit, const char *origin, uint64_t used) {
    hl_limit_kind kind = hl_error_limit(err);
    const struct limit_text *t =
        (size_t)kind < sizeof limit_texts / sizeof *limit_texts ? &limit_texts[kind] : NULL;
    if (!t || !t->flag) {
        fprintf(stderr, "hl: limit exceeded: %s: %s\n", hl_limit_kind_name(kind), hl_error_message(err));
        return;
    }
    fprintf(stderr, "hl: limit exceeded: %s: ", hl_limit_kind_name(kind));
    switch (kind) {
    case HL_LIMIT_KIND_HEAP: fprintf(stderr, "needed more than %llu %s", (unsigned long long)limit, t->unit); break;
    case HL_LIMIT_KIND_OUTPUT:
        fprintf(stderr, "wrote %llu %s and tried to write more", (unsigned long long)used, t->unit);
        break;
    case HL_LIMIT_KIND_DEADLINE: fprintf(stderr, "ran for %llu %s", (unsigned long long)used, t->unit); break;
    default: fprintf(stderr, "used %llu %s", (unsigned long long)used, t->unit); break;
    }
    fprintf(stderr, "; the limit (%s%s) is %llu\n", t->flag, origin, (unsigned long long)limit);
}

/* A call of a function FILE does not export with that arity is refused
 * before the run, with the arities it does export (hl_module_function's
 * message): OTP's undef, with a hint. */
static int check_exported(const hl_module *mod, const char *function, int nargs) {
    uint32_t fn;
    hl_error *err = NULL;
    hl_status s = hl_module_function(mod, function, (uint32_t)nargs, &fn, &err);
    if (s == HL_OK) return EXIT_OK;
    int rc = EXIT_EXCEPTION;
    if (s == HL_EEXCEPTION) {
        print_exception(err);
        fprintf(stderr, "hl: %s\n", hl_error_message(err));
    } else {
        fprintf(stderr, "hl: error: %s\n", err ? hl_error_message(err) : hl_status_name(s));
    }
    hl_error_free(err);
    return rc;
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

static int run(hl_engine *engine, int argc, char **argv, hl_compile_options **optsp, hl_cli_run_extra *ex);

int hl_cli_run(hl_engine *engine, int argc, char **argv) {
    hl_compile_options *opts = NULL; /* from the policy, or created by the first --header */
    hl_cli_run_extra ex = {0};
    int rc = run(engine, argc, argv, &opts, &ex);
    hl_compile_options_free(opts);
    hl_cli_run_extra_free(&ex);
    return rc;
}

static int run(hl_engine *engine, int argc, char **argv, hl_compile_options **optsp, hl_cli_run_extra *ex) {
    hl_run_limits lim = {0, 0, 0, 0};
    bool dashdash = false; /* after --, nothing is an option */
    int i = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(hl_cli_run_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(a, "--") == 0) {
            i++;
            dashdash = true;
            break;
        }
        if (strncmp(a, "--", 2) != 0) break;
        uint64_t *field = NULL;
        const char *name = a + 2;
        int taken = hl_cli_run_extra_option(ex, argc, argv, &i); /* --header, --policy, --json, ... */
        if (taken < 0) { /* it said what was wrong */
            fputs("`hl help run` shows the usage\n", stderr);
            return EXIT_REJECTED;
        }
        if (taken) continue;
        const char *eq = strchr(name, '=');
        size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
        if (nlen == 14 && strncmp(name, "max-reductions", nlen) == 0) field = &lim.max_reductions;
        else if (nlen == 14 && strncmp(name, "max-heap-bytes", nlen) == 0) field = &lim.max_heap_bytes;
        else if (nlen == 10 && strncmp(name, "timeout-ms", nlen) == 0) field = &lim.timeout_ms;
        else if (nlen == 16 && strncmp(name, "max-output-bytes", nlen) == 0) field = &lim.max_output_bytes;
        else return hl_cli_unknown_option("run", a, hl_cli_run_help);
        const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!parse_limit(val, field)) {
            char msg[320];
            if (val)
                snprintf(msg, sizeof msg, "run: --%.*s %.100s: a limit must be a positive integer (below 2^64)",
                         (int)nlen, name, val);
            else snprintf(msg, sizeof msg, "run: --%.*s needs a value (a positive integer)", (int)nlen, name);
            return usage(msg);
        }
    }
    for (int k = i; !dashdash && k < argc; k++)
        if (looks_like_option(argv[k])) {
            char msg[512];
            snprintf(msg, sizeof msg,
                     "run: option '%.200s' after FILE: options go before FILE (or put -- before FILE to pass "
                     "it as an argument)",
                     argv[k]);
            return usage(msg);
        }
    if (argc - i < 2) return usage("run needs a FILE and a FUNCTION");
    if (!hl_cli_run_prepare(ex, optsp)) return EXIT_REJECTED;
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
    if (ex->json && s != HL_OK) {
        int code = s == HL_ELIMIT ? EXIT_LIMIT : EXIT_REJECTED;
        if (err || s != HL_ECOMPILE) hl_cli_json_compile_error(s, err, path, code);
        hl_error_free(err);
        return code;
    }
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
    int rc = EXIT_OK;
    hl_value *args[255];
    int built = 0;
    if (ex->json_args) { /* built stays 0 unless every argument was made */
        if (nargs > 0) rc = usage("run: --json-args replaces the ARGs: give one or the other");
        else if (!hl_cli_json_args(ex->json_args, args, &nargs)) rc = EXIT_REJECTED;
        else built = nargs;
    }
    for (; rc == EXIT_OK && built < nargs; built++) {
        const char *text = argv[i + 2 + built];
        s = hl_value_parse(mod, text, strlen(text), &args[built], &err);
        if (s != HL_OK) {
            if (ex->json) hl_cli_json_compile_error(s, err, text, EXIT_REJECTED); /* "file": the argument */
            else fprintf(stderr, "hl: argument %d (%s): error: %s\n", built + 1, text,
                         err ? hl_error_message(err) : hl_status_name(s));
            hl_error_free(err);
            err = NULL;
            rc = EXIT_REJECTED;
            break;
        }
    }
    /* (with --json the run itself reports undef, inside the JSON object) */
    if (rc == EXIT_OK && !ex->json) rc = check_exported(mod, function, nargs);
    if (rc == EXIT_OK) {
        hl_value *result = NULL;
        char *output = NULL;
        size_t olen = 0;
        /* the limits in force (a flag's, else the policy's, else the
         * default), to name them if one stops the run */
        hl_run_limits eff = lim;
        if (ex->policy_caps_runs && ex->policy) {
            hl_error *perr = NULL;
            if (hl_policy_run_limits(ex->policy, &lim, &eff, &perr) != HL_OK) eff = lim;
            hl_error_free(perr);
        }
        const char *origin_red = lim.max_reductions ? "" : ex->policy_caps_runs ? ", from the policy" : ", default";
        const char *origin_heap = lim.max_heap_bytes ? "" : ex->policy_caps_runs ? ", from the policy" : ", default";
        const char *origin_time = lim.timeout_ms ? "" : ex->policy_caps_runs ? ", from the policy" : ", default";
        const char *origin_out = lim.max_output_bytes ? "" : ex->policy_caps_runs ? ", from the policy" : ", default";
        if (!eff.max_reductions) eff.max_reductions = HL_RUN_DEFAULT_MAX_REDUCTIONS;
        if (!eff.max_heap_bytes) eff.max_heap_bytes = HL_RUN_DEFAULT_MAX_HEAP_BYTES;
        if (!eff.timeout_ms) eff.timeout_ms = HL_RUN_DEFAULT_TIMEOUT_MS;
        if (!eff.max_output_bytes) eff.max_output_bytes = HL_RUN_DEFAULT_MAX_OUTPUT_BYTES;
        hl_usage used = {0};
        /* --mount or --deterministic without --policy: the mounts and the
         * profile travel in the policy the options made, whose run limits
         * are then the flags' own */
        bool own_policy = (ex->nmounts || ex->det) && !ex->policy_caps_runs;
        if (own_policy) {
            const struct {
                hl_limit which;
                uint64_t v;
            } set[] = {{HL_LIMIT_REDUCTIONS, lim.max_reductions},
                       {HL_LIMIT_HEAP_BYTES, lim.max_heap_bytes},
                       {HL_LIMIT_TIMEOUT_MS, lim.timeout_ms},
                       {HL_LIMIT_OUTPUT_BYTES, lim.max_output_bytes}};
            for (size_t k = 0; k < sizeof set / sizeof set[0]; k++)
                if (set[k].v) hl_policy_set_run_limit(ex->policy, set[k].which, set[k].v);
        }
        s = hl_run_policy(mod, ex->policy_caps_runs || own_policy ? ex->policy : NULL, function, args, (size_t)nargs,
                          &lim, &result, &output, &olen, &used, &err);
        const uint64_t reductions = used.reductions, elapsed = used.wall_ns / 1000000u;
        if (ex->json) { /* everything in one JSON object on stdout */
            rc = s == HL_OK ? EXIT_OK : s == HL_ELIMIT ? EXIT_LIMIT : s == HL_EMISUSE ? EXIT_REJECTED : EXIT_EXCEPTION;
            hl_cli_json_run(s, result, output, olen, err, &used, rc);
            hl_free(output), hl_value_free(result), hl_error_free(err);
        } else {
        if (output) {
            /* the guest's output comes first, flushed before any stderr
             * text; an error starts on a line of its own */
            fwrite(output, 1, olen, stdout);
            if (s != HL_OK && olen > 0 && output[olen - 1] != '\n') fputc('\n', stdout);
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
            switch (hl_error_limit(err)) {
            case HL_LIMIT_KIND_REDUCTIONS:
                print_limit(err, eff.max_reductions, origin_red, reductions);
                break;
            case HL_LIMIT_KIND_HEAP: print_limit(err, eff.max_heap_bytes, origin_heap, 0); break;
            case HL_LIMIT_KIND_DEADLINE: print_limit(err, eff.timeout_ms, origin_time, elapsed); break;
            case HL_LIMIT_KIND_OUTPUT: print_limit(err, eff.max_output_bytes, origin_out, olen); break;
            default: print_limit(err, 0, "", 0); break;
            }
            rc = EXIT_LIMIT;
        } else if (s == HL_EMISUSE) { /* a limit flag above the policy's */
            fprintf(stderr, "hl: run: %s\n", err ? hl_error_message(err) : hl_status_name(s));
            rc = EXIT_REJECTED;
        } else {
            fprintf(stderr, "hl: error: %s\n", err ? hl_error_message(err) : hl_status_name(s));
            rc = EXIT_EXCEPTION;
        }
        hl_error_free(err);
        }
    }
    for (int k = 0; k < built; k++) hl_value_free(args[k]);
    hl_module_free(mod);
    return rc;
}
