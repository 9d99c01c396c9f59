/* pp.h — the preprocessor (epp's job, OTP 25 semantics): between the lexer
 * and the parser, it runs the directives (-define, -undef, -ifdef, -ifndef,
 * -if, -elif, -else, -endif, -include, -include_lib, -error, -warning) and
 * expands macros (?M, ?M(Args), ??Arg, the predefined ones).
 *
 * Nothing runs: a -if condition is evaluated by a small evaluator of the
 * guard expressions epp allows (pp_if.c), headers come only from the
 * compile options (hl_front_limits.headers), never from the file system,
 * and the work (tokens read, copied, emitted) is charged to the
 * compilation's meter; token counts are bounded by max_tokens, so a source
 * whose expansion explodes gets a located diagnostic. Names stay byte
 * strings: no atom is interned. */
#ifndef HL_FRONT_PP_H
#define HL_FRONT_PP_H

#include <stdbool.h>

#include "base/arena.h"
#include "base/diag.h"
#include "front/limits.h"
#include "front/token.h"

/* Preprocesses `in` (a lexed file ending with HL_TOK_EOF). When the file has
 * no directive and no `?`, returns true with *out untouched (out->items
 * NULL): `in` is the result. Otherwise fills *out (ending with HL_TOK_EOF)
 * with the preprocessed tokens. Errors go to diags; returns false only when
 * preprocessing had to stop (out of memory, a limit, the meter). */
bool hl_pp_run(const hl_token_vec *in, const hl_front_limits *lim, hl_arena *arena, hl_diags *diags,
               hl_token_vec *out);

#endif
