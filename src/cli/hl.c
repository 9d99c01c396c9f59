/* hl.c — the `hl` command: a thin client of include/hyperlang.h.
 *
 * Exit codes (docs/design.md §5): 0 success; 1 guest exception; 2 rejected at
 * compile time or bad usage; 3 a limit stopped the run. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hyperlang.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

enum { EXIT_OK = 0, EXIT_REJECTED = 2 };

/* Reads a whole file (or stdin for "-") up to max bytes; one byte more is
 * read so the front end can report the source as too large. */
char *hl_cli_read_source(const char *path, size_t max, size_t *len, const char **why) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        *why = strerror(errno);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *data = malloc(cap);
    if (!data) {
        *why = "out of memory";
        goto fail;
    }
    for (;;) {
        if (n == cap) {
            if (cap > max) break;
            size_t ncap = cap * 2;
            char *p = realloc(data, ncap);
            if (!p) {
                *why = "out of memory";
                goto fail;
            }
            data = p;
            cap = ncap;
        }
        size_t want = cap - n;
        if (n + want > max + 1) want = max + 1 - n;
        if (want == 0) break;
        size_t got = fread(data + n, 1, want, f);
        n += got;
        if (got < want) {
            if (ferror(f)) {
                *why = strerror(errno);
                goto fail;
            }
            break;
        }
    }
    if (f != stdin) fclose(f);
    *len = n;
    return data;
fail:
    free(data);
    if (f != stdin) fclose(f);
    return NULL;
}

/* The default source-size limit, so the CLI reads no more than the front end
 * would accept (plus one byte, to let it say the file is too large). */
size_t hl_cli_source_limit(void) {
    uint64_t max = 16u << 20;
    hl_compile_options *opts;
    if (hl_compile_options_new(&opts) == HL_OK) {
        hl_compile_options_get_limit(opts, HL_LIMIT_SOURCE_BYTES, &max);
        hl_compile_options_free(opts);
    }
    return (size_t)max;
}

int hl_cli_usage(const char *cmd, const char *msg) {
    if (cmd) fprintf(stderr, "hl: %s\n`hl help %s` shows the usage\n", msg, cmd);
    else fprintf(stderr, "hl: %s\n`hl --help` lists the commands\n", msg);
    return EXIT_REJECTED;
}

bool hl_cli_is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

int hl_cli_unknown_option(const char *cmd, const char *arg, const char *help) {
    char msg[512], near[64];
    int n = snprintf(msg, sizeof msg, "%s%sunknown option '%.200s'", cmd ? cmd : "", cmd ? ": " : "", arg);
    if (hl_cli_closest_option(arg, help, near, sizeof near))
        snprintf(msg + n, sizeof msg - (size_t)n, " (did you mean %s?)", near);
    return hl_cli_usage(cmd, msg);
}

/* Reports a failed call's error on stderr. */
static void report(hl_status s, hl_error *err, const char *path) {
    if (err && s == HL_ECOMPILE) fputs(hl_error_message(err), stderr);
    else fprintf(stderr, "%s: error: %s\n", path, err ? hl_error_message(err) : hl_status_name(s));
}

int hl_cli_is_header(const char *path) {
    size_t n = strlen(path);
    return n > 4 && strcmp(path + n - 4, ".hrl") == 0;
}

int hl_cli_add_header(hl_compile_options **opts, const char *path) {
    if (!*opts && hl_compile_options_new(opts) != HL_OK) {
        fprintf(stderr, "%s: error: out of memory\n", path);
        return 0;
    }
    size_t len;
    const char *why = NULL;
    char *text = hl_cli_read_source(path, hl_cli_source_limit(), &len, &why);
    if (!text) {
        fprintf(stderr, "%s: error: cannot read: %s\n", path, why);
        return 0;
    }
    hl_status s = hl_compile_options_add_header(*opts, path, text, len);
    free(text);
    if (s != HL_OK) {
        fprintf(stderr, "%s: error: cannot add the header: %s\n", path, hl_status_name(s));
        return 0;
    }
    return 1;
}

static int cmd_check(hl_engine *engine, int argc, char **argv) {
    if (argc == 0) return hl_cli_usage("check", "check needs at least one FILE");
    for (int i = 0; i < argc; i++)
        if (hl_cli_is_help(argv[i])) {
            fputs(hl_cli_check_help, stdout);
            return EXIT_OK;
        }
    /* options first: --program, --grant NAME (the capabilities the sources
     * are compiled with, as `hl run --grant` compiles them) */
    bool program = false;
    hl_compile_options *opts = NULL;
    int first = 0;
    for (; first < argc && argv[first][0] == '-' && argv[first][1] == '-'; first++) {
        if (strcmp(argv[first], "--program") == 0) {
            program = true;
        } else if (strcmp(argv[first], "--grant") == 0) {
            if (first + 1 >= argc) {
                hl_compile_options_free(opts);
                return hl_cli_usage("check", "check: --grant needs a capability name");
            }
            const char *cap = argv[++first];
            if ((!opts && hl_compile_options_new(&opts) != HL_OK) ||
                hl_compile_options_grant_capability(opts, cap) != HL_OK) {
                hl_compile_options_free(opts);
                char msg[160];
                snprintf(msg, sizeof msg, "check: --grant %.60s: no such capability (processes, clocks, random, files)", cap);
                return hl_cli_usage("check", msg);
            }
        } else {
            hl_compile_options_free(opts);
            return hl_cli_unknown_option("check", argv[first], hl_cli_check_help);
        }
    }
    argv += first;
    argc -= first;
    if (argc == 0) {
        hl_compile_options_free(opts);
        return hl_cli_usage("check", "check needs at least one FILE");
    }
    for (int i = 0; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] == '-') {
            hl_compile_options_free(opts);
            char msg[160];
            snprintf(msg, sizeof msg, "check: %.60s must come before the FILEs", argv[i]);
            return hl_cli_usage("check", msg);
        }
    size_t max = hl_cli_source_limit();
    int rc = EXIT_OK;
    /* .hrl files are headers every checked file may -include */
    for (int i = 0; i < argc; i++)
        if (hl_cli_is_header(argv[i]) && !hl_cli_add_header(&opts, argv[i])) {
            hl_compile_options_free(opts);
            return EXIT_REJECTED;
        }
    if (program) {
        /* the sources, in order, without the headers */
        const char *files[HL_MAX_PROGRAM_MODULES];
        size_t n = 0;
        for (int i = 0; i < argc; i++) {
            if (hl_cli_is_header(argv[i])) continue;
            if (n == HL_MAX_PROGRAM_MODULES) {
                hl_compile_options_free(opts);
                return hl_cli_usage("check", "check: too many files for one program");
            }
            files[n++] = argv[i];
        }
        if (n == 0) {
            hl_compile_options_free(opts);
            return hl_cli_usage("check", "check --program needs at least one FILE");
        }
        hl_error *err = NULL;
        hl_status s = hl_cli_program_files(engine, files, n, opts, NULL, &err);
        if (s != HL_OK) {
            if (err || s != HL_ECOMPILE) report(s, err, files[0]);
            rc = EXIT_REJECTED;
        }
        hl_error_free(err);
        hl_compile_options_free(opts);
        return rc;
    }
    for (int i = 0; i < argc; i++) {
        if (hl_cli_is_header(argv[i])) continue;
        size_t len;
        const char *why = NULL;
        char *src = hl_cli_read_source(argv[i], max, &len, &why);
        if (!src) {
            fprintf(stderr, "%s: error: cannot read: %s\n", argv[i], why);
            rc = EXIT_REJECTED;
            continue;
        }
        hl_error *err = NULL;
        hl_status s = hl_check(engine, argv[i], src, len, opts, &err);
        if (s != HL_OK) {
            report(s, err, argv[i]);
            rc = EXIT_REJECTED;
        }
        hl_error_free(err);
        free(src);
    }
    hl_compile_options_free(opts);
    return rc;
}

static int cmd_parse(hl_engine *engine, int argc, char **argv) {
    const char *path = NULL;
    int dump = 0;
    for (int i = 0; i < argc; i++) {
        if (hl_cli_is_help(argv[i])) {
            fputs(hl_cli_parse_help, stdout);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--dump") == 0) {
            dump = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return hl_cli_unknown_option("parse", argv[i], hl_cli_parse_help);
        } else if (path) {
            return hl_cli_usage("parse", "parse takes one FILE");
        } else {
            path = argv[i];
        }
    }
    if (!dump || !path) return hl_cli_usage("parse", "parse needs --dump and a FILE");
    size_t len;
    const char *why = NULL;
    char *src = hl_cli_read_source(path, hl_cli_source_limit(), &len, &why);
    if (!src) {
        fprintf(stderr, "%s: error: cannot read: %s\n", path, why);
        return EXIT_REJECTED;
    }
    char *text = NULL;
    size_t text_len = 0;
    hl_error *err = NULL;
    hl_status s = hl_parse_dump(engine, path, src, len, NULL, &text, &text_len, &err);
    free(src);
    int rc = EXIT_OK;
    if (s == HL_OK) {
        fwrite(text, 1, text_len, stdout);
        hl_free(text);
    } else {
        report(s, err, path);
        rc = EXIT_REJECTED;
    }
    hl_error_free(err);
    return rc;
}

typedef int (*command_fn)(hl_engine *engine, int argc, char **argv);

/* The commands, in the order `hl --help` lists them. `one_shot`: the
 * process ends with the command (keep_freed_memory). */
static const struct command {
    const char *name;
    const char *help;
    command_fn fn;
    bool one_shot;
} commands[] = {
    {"run", hl_cli_run_help, hl_cli_run, true},
    {"check", hl_cli_check_help, cmd_check, true},
    {"builtins", hl_cli_builtins_help, hl_cli_builtins, true},
    {"serve", hl_cli_serve_help, hl_cli_serve, false},
    {"parse", hl_cli_parse_help, cmd_parse, true},
    {"help", hl_cli_main_help, NULL, true},
};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

static const struct command *find_command(const char *name) {
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

/* "unknown command 'rnu' (did you mean run?)" */
static int unknown_command(const char *what, const char *name) {
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++) names[i] = commands[i].name;
    const char *near = hl_cli_closest(name, names, NCOMMANDS);
    char msg[512];
    if (near) snprintf(msg, sizeof msg, "%s '%.200s' (did you mean %s?)", what, name, near);
    else snprintf(msg, sizeof msg, "%s '%.200s'", what, name);
    return hl_cli_usage(NULL, msg);
}

/* A one-shot command keeps what malloc frees for its own later use:
 * every block up to glibc's largest mmap threshold (32 MiB) comes from the
 * heap, and the heap's top is never given back. A collection frees its
 * old block and wants a larger one next; given back to the kernel and
 * faulted in again, each page costs a page fault, ~20 µs on some virtual
 * machines (docs/limits.md, "Fresh pages": sort100k(2) 0.30-0.38 s ->
 * 0.17-0.22 s, 11,568 -> 6,545 faults). The process ends with the
 * command, so nothing is held for longer; `hl serve` keeps glibc's
 * defaults (a server's peak should not stay its size). */
static void keep_freed_memory(void) {
#ifdef __GLIBC__
    (void)mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    (void)mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}

int hl_cli_main(int argc, char **argv) {
    if (argc < 2) return hl_cli_usage(NULL, "missing COMMAND");
    const char *cmd = argv[1];
    if (hl_cli_is_help(cmd)) {
        fputs(hl_cli_main_help, stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("hl %s\n", hl_version());
        return EXIT_OK;
    }
    if (strcmp(cmd, "help") == 0) {
        if (argc > 3) return hl_cli_usage("help", "help takes at most one COMMAND");
        if (argc == 2) {
            fputs(hl_cli_main_help, stdout);
            return EXIT_OK;
        }
        const struct command *c = find_command(argv[2]);
        if (!c) return unknown_command("no help for", argv[2]);
        fputs(c->help, stdout);
        return EXIT_OK;
    }
    const struct command *c = find_command(cmd);
    if (!c || !c->fn) {
        if (cmd[0] == '-') return hl_cli_unknown_option(NULL, cmd, hl_cli_main_help);
        return unknown_command("unknown command", cmd);
    }
    if (c->one_shot) keep_freed_memory();
    hl_engine *engine;
    if (hl_engine_new(&engine) != HL_OK) {
        fputs("hl: out of memory\n", stderr);
        return EXIT_REJECTED;
    }
    int rc = c->fn(engine, argc - 2, argv + 2);
    hl_engine_free(engine);
    return rc;
}
