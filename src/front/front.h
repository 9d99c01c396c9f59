/* front.h — the front end as one call: source text to a located AST, with
 * every admitted-grammar rule and every rejection (docs/design.md §1 step 1). */
#ifndef HL_FRONT_FRONT_H
#define HL_FRONT_FRONT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "front/limits.h"

struct hl_ast_module; /* front/ast.h */

typedef struct hl_front_result {
    hl_arena arena;                 /* owns tokens' text and the AST */
    struct hl_ast_module *module;   /* the forms that parsed; never NULL
                                       unless out of memory */
    hl_diags diags;                 /* errors; the source is accepted only
                                       when hl_diags_errors() == 0 */
} hl_front_result;

/* Lexes and parses `src`. Returns NULL only when memory for the result
 * itself could not be had; every other failure is a diagnostic. */
hl_front_result *hl_front_parse(const char *src, size_t len, const hl_front_limits *lim);

/* Appends the canonical text form of the parsed module: one line per form,
 * each exactly what OTP 25 prints for io:format("~w.~n", [Form]) where Form
 * is erl_parse's abstract format of that form (locations {Line,Col}), with
 * ?MODULE replaced by the module name's atom. See docs/ast-dump.md. */
bool hl_front_dump(const hl_front_result *r, hl_buf *out);

void hl_front_free(hl_front_result *r);

#endif
