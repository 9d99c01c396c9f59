/* lex.h — the Erlang (OTP 25) lexer: source bytes to tokens.
 *
 * Matches erl_scan's token boundaries, values and {Line, Column} positions
 * (columns count code points; the source is UTF-8). Never interns atoms. */
#ifndef HL_FRONT_LEX_H
#define HL_FRONT_LEX_H

#include <stdbool.h>
#include <stddef.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/limits.h"
#include "front/token.h"

/* Lexes the whole source into `out` (appending), ending with one HL_TOK_EOF
 * token. Token text is allocated in `arena`.
 *
 * A lexical error (bad character, unterminated string, illegal escape, a
 * literal over its limit, invalid UTF-8, ...) is reported to `diags` with its
 * line and column, and lexing resumes after the offending text so that
 * several errors per file can be reported.
 *
 * Returns false when lexing had to stop early: the source or token-count
 * limit was exceeded, or memory ran out (each also reported in `diags`);
 * `out` then still ends with an HL_TOK_EOF token when memory allowed. */
bool hl_lex(const char *src, size_t len, const hl_front_limits *lim, hl_arena *arena,
            hl_diags *diags, hl_token_vec *out);

/* The same in steps, so a caller can bound the work of one call (the
 * consult of a large term, vm/bif_file.c through host/reader.c): the job
 * keeps where it got to; src, lim's values, arena, diags and out must
 * outlive it. hl_lex_job_step lexes at most max_tokens more tokens and
 * returns true once lexing is over (the EOF token appended; *ok what
 * hl_lex would have returned). NULL from _new: out of memory. */
typedef struct hl_lex_job hl_lex_job;
hl_lex_job *hl_lex_job_new(const char *src, size_t len, const hl_front_limits *lim, hl_arena *arena,
                           hl_diags *diags, hl_token_vec *out);
bool hl_lex_job_step(hl_lex_job *j, size_t max_tokens, bool *ok);
void hl_lex_job_free(hl_lex_job *j);

#endif
