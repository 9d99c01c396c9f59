/* hl.c — the `hl` command: a thin client of include/hyperlang.h.
 *
 * Exit codes (docs/design.md §5): 0 success; 1 guest exception; 2 rejected at
 * compile time or bad usage; 3 a limit stopped the run. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hyperlang.h"

enum { EXIT_OK = 0, EXIT_REJECTED = 2 };

static const char main_help[] =
    "usage: hl COMMAND [ARGS]\n"
    "\n"
    "Hyperlang runs partly trusted Erlang programs in a sandbox.\n"
    "\n"
    "commands:\n"
    "  check FILE...        parse and verify Erlang source files without running them\n"
    "  parse --dump FILE    print a file's syntax tree in erl_parse's abstract format\n"
    "  help [COMMAND]       show help for a command\n"
    "\n"
    "options:\n"
    "  -h, --help           show this help\n"
    "  --version            print the version\n"
    "\n"
    "exit status: 0 success, 1 guest exception, 2 rejected at compile time or bad\n"
    "usage, 3 a limit stopped the run.\n";

static const char check_help[] =
    "usage: hl check FILE... [HEADER.hrl...]\n"
    "       hl check --program FILE... [HEADER.hrl...]\n"
    "\n"
    "Compiles each FILE as a Hyperlang guest module (Erlang source, OTP 25\n"
    "grammar and preprocessor, with the sandbox's restrictions: only admitted\n"
    "attributes, only granted calls) through every pass `hl run` uses, up to\n"
    "loading; nothing is run. With --program the files are one program, as\n"
    "`hl run FILE MORE.erl... FUNCTION` compiles them: each may call what the\n"
    "others export. The HEADER.hrl files are the only files a module's\n"
    "-include/-include_lib can name.\n"
    "\n"
    "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE.\n"
    "Use - as FILE to read standard input.\n"
    "\n"
    "exit status: 0 every file accepted; 2 any file rejected or unreadable.\n";

static const char parse_help[] =
    "usage: hl parse --dump FILE\n"
    "\n"
    "Parses FILE and prints its forms, one per line, exactly as OTP 25's\n"
    "io:format(\"~w.~n\", [Form]) prints erl_parse's abstract format (with\n"
    "{Line,Col} locations). Used to test the parser against real Erlang.\n"
    "\n"
    "exit status: 0 parsed; 2 rejected (diagnostics on stderr) or bad usage.\n";

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

static int usage_error(const char *msg, const char *help) {
    fprintf(stderr, "hl: %s\n\n%s", msg, help);
    return EXIT_REJECTED;
}

static int is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
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
    if (argc == 0) return usage_error("check needs at least one FILE", check_help);
    for (int i = 0; i < argc; i++)
        if (is_help(argv[i])) {
            fputs(check_help, stdout);
            return EXIT_OK;
        }
    size_t max = hl_cli_source_limit();
    int rc = EXIT_OK;
    /* .hrl files are headers every checked file may -include */
    hl_compile_options *opts = NULL;
    for (int i = 0; i < argc; i++)
        if (hl_cli_is_header(argv[i]) && !hl_cli_add_header(&opts, argv[i])) {
            hl_compile_options_free(opts);
            return EXIT_REJECTED;
        }
    if (strcmp(argv[0], "--program") == 0) {
        /* the sources, in order, without the headers */
        const char *files[HL_MAX_PROGRAM_MODULES];
        size_t n = 0;
        for (int i = 1; i < argc; i++) {
            if (hl_cli_is_header(argv[i])) continue;
            if (n == HL_MAX_PROGRAM_MODULES) {
                hl_compile_options_free(opts);
                return usage_error("check: too many files for one program", check_help);
            }
            files[n++] = argv[i];
        }
        if (n == 0) {
            hl_compile_options_free(opts);
            return usage_error("check --program needs at least one FILE", check_help);
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
        if (is_help(argv[i])) {
            fputs(parse_help, stdout);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--dump") == 0) {
            dump = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error("parse: unknown option", parse_help);
        } else if (path) {
            return usage_error("parse takes one FILE", parse_help);
        } else {
            path = argv[i];
        }
    }
    if (!dump || !path) return usage_error("parse needs --dump and a FILE", parse_help);
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

int main(int argc, char **argv) {
    if (argc < 2) return usage_error("missing COMMAND", main_help);
    const char *cmd = argv[1];
    if (is_help(cmd)) {
        fputs(main_help, stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("hl %s\n", hl_version());
        return EXIT_OK;
    }
    if (strcmp(cmd, "help") == 0) {
        const char *topic = argc > 2 ? argv[2] : "";
        if (strcmp(topic, "run") == 0) {
            fputs(hl_cli_run_help, stdout);
            return EXIT_OK;
        }
        fputs(strcmp(topic, "check") == 0   ? check_help
              : strcmp(topic, "parse") == 0 ? parse_help
                                            : main_help,
              stdout);
        return EXIT_OK;
    }
    hl_engine *engine;
    if (hl_engine_new(&engine) != HL_OK) {
        fputs("hl: out of memory\n", stderr);
        return EXIT_REJECTED;
    }
    int rc;
    if (strcmp(cmd, "check") == 0) rc = cmd_check(engine, argc - 2, argv + 2);
    else if (strcmp(cmd, "run") == 0) rc = hl_cli_run(engine, argc - 2, argv + 2);
    else if (strcmp(cmd, "parse") == 0) rc = cmd_parse(engine, argc - 2, argv + 2);
    else rc = usage_error("unknown command", main_help);
    hl_engine_free(engine);
    return rc;
}
