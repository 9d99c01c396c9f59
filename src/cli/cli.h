/* cli.h — what the files of the `hl` command share. */
#ifndef HL_CLI_CLI_H
#define HL_CLI_CLI_H

#include <stddef.h>

#include "hyperlang.h"

/* Reads a whole file (or stdin for "-") up to max bytes (plus one, so the
 * front end can say the source is too large). malloc'd; NULL with *why. */
char *hl_cli_read_source(const char *path, size_t max, size_t *len, const char **why);
/* The front end's default source-size limit. */
size_t hl_cli_source_limit(void);

/* Reads the header file at `path` into *opts (created on first use) for
 * -include; false with a message on stderr. */
int hl_cli_add_header(hl_compile_options **opts, const char *path);
/* A FILE argument naming a header (ends in .hrl). */
int hl_cli_is_header(const char *path);

/* `hl run` (cmd_run.c). */
extern const char hl_cli_run_help[];
int hl_cli_run(hl_engine *engine, int argc, char **argv);

#endif
