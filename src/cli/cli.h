/* cli.h — what the files of the `hl` command share. */
#ifndef HL_CLI_CLI_H
#define HL_CLI_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "hyperlang.h"

/* Reads a whole file (or stdin for "-") up to max bytes (plus one, so the
 * front end can say the source is too large). malloc'd; NULL with *why. */
char *hl_cli_read_source(const char *path, size_t max, size_t *len, const char **why);
/* The front end's default source-size limit. */
size_t hl_cli_source_limit(void);

/* files.c: true when arg names a source file (ends in .erl). */
bool hl_cli_is_source_name(const char *arg);
/* Reads paths[0..n) and compiles them as one program with opts (may be
 * NULL) when out != NULL, or checks them as one when out == NULL. A file
 * that cannot be read is reported on stderr and gives HL_ECOMPILE with
 * *err NULL. */
hl_status hl_cli_program_files(hl_engine *engine, const char *const *paths, size_t n,
                               const hl_compile_options *opts, hl_module **out, hl_error **err);
/* Reads the header file at `path` into *opts (created on first use) for
 * -include; false with a message on stderr. */
int hl_cli_add_header(hl_compile_options **opts, const char *path);
/* A FILE argument naming a header (ends in .hrl). */
int hl_cli_is_header(const char *path);

/* `hl run`'s policy, JSON and header options (run_extra.c), gathered while
 * the options are parsed and applied once they all are. */
typedef struct hl_cli_run_extra {
    const char *policy_path;   /* --policy FILE */
    const char *grants[8];     /* --grant NAME */
    int ngrants;
    const char *headers[256];  /* --header H.hrl */
    int nheaders;
    bool json;                 /* --json */
    const char *json_args;     /* --json-args '[...]' */
    hl_policy *policy;         /* loaded by hl_cli_run_prepare; NULL: none */
    bool policy_caps_runs;     /* a --policy file: it caps the run's limits */
    bool det;                  /* --deterministic[=SEED] */
    uint64_t seed;
    const char *mounts[16];    /* --mount HOST:GUEST[:ro|rw] */
    int nmounts;
} hl_cli_run_extra;
/* Takes argv[*i] when it is one of these options (its value too): 1 taken,
 * 0 not one of them, -1 bad usage (message printed). */
int hl_cli_run_extra_option(hl_cli_run_extra *x, int argc, char **argv, int *i);
/* Loads the policy, applies the grants, makes *opts (from the policy when
 * there is one) and adds the headers. false with a message on stderr. */
bool hl_cli_run_prepare(hl_cli_run_extra *x, hl_compile_options **opts);
/* The run's arguments from --json-args (a JSON array): false with a message. */
bool hl_cli_json_args(const char *text, hl_value **args, int *nargs);
void hl_cli_run_extra_free(hl_cli_run_extra *x);
/* --json: the outcome as one JSON object on stdout; returns the exit code. */
int hl_cli_json_compile_error(hl_status s, const hl_error *err, const char *path, int code);
int hl_cli_json_run(hl_status s, const hl_value *result, const char *output, size_t olen, const hl_error *err,
                    const hl_usage *usage, int code);

/* `hl run` (cmd_run.c). */
extern const char hl_cli_run_help[];
int hl_cli_run(hl_engine *engine, int argc, char **argv);

/* `hl serve` (cmd_serve.c, src/serve). */
extern const char hl_cli_serve_help[];
int hl_cli_serve(hl_engine *engine, int argc, char **argv);

/* `hl builtins` (cmd_builtins.c). */
int hl_cli_builtins(hl_engine *engine, int argc, char **argv);

/* help.c: the other commands' help texts. */
extern const char hl_cli_main_help[], hl_cli_check_help[], hl_cli_parse_help[], hl_cli_builtins_help[];

/* hl.c: the `hl` command itself: main() (main.c) is only this call, so the
 * test suites' job runner (tests/runner/hl_jobs.c) can run the same code in
 * a forked child. Returns the exit status. */
int hl_cli_main(int argc, char **argv);

/* hl.c: -h or --help. */
bool hl_cli_is_help(const char *arg);
/* Prints "hl: MSG" and where the usage is (`hl help COMMAND`; cmd NULL:
 * `hl --help`) on stderr; returns the usage exit status, 2. */
int hl_cli_usage(const char *cmd, const char *msg);
/* hl_cli_usage for an unknown option arg of cmd (NULL: of `hl` itself):
 * names it and proposes the closest option cmd's help text names. */
int hl_cli_unknown_option(const char *cmd, const char *arg, const char *help);

/* suggest.c: "did you mean ...?". The candidate closest to word (a prefix
 * of it, or within about a third of its letters), or NULL. */
const char *hl_cli_closest(const char *word, const char *const *cands, size_t n);
/* The option (--name) of `help` closest to word (its part before any '='),
 * copied into out[cap]; its length, 0 when none is close. */
size_t hl_cli_closest_option(const char *word, const char *help, char *out, size_t cap);

#endif
