/* parse.h — tokens to the AST (see ast.h). One call parses a whole file's
 * token array; errors go to `diags` (one per bad form, several per file). */
#ifndef HL_FRONT_PARSE_H
#define HL_FRONT_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/ast.h"
#include "front/limits.h"
#include "front/token.h"

/* Parses `toks` (ending with HL_TOK_EOF) into a module allocated in `arena`.
 Returns NULL only
 * when the module record itself could not be allocated. Forms with errors
 * are left out of the result; the file is accepted only without errors. */
hl_ast_module *hl_parse_module(hl_token *toks, size_t ntoks, const hl_front_limits *lim,
                               hl_arena *arena, hl_diags *diags);

/* Parses `exprs dot` (toks ends with the dot): the -if conditions of the
 * preprocessor. *ok false after an error (reported). */
hl_ast_list hl_parse_exprs_tokens(const hl_token *toks, size_t ntoks, const hl_front_limits *lim, hl_arena *arena,
                                  hl_diags *diags, bool *ok);

#endif
