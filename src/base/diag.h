/* diag.h — located compile diagnostics (`FILE:LINE:COL: error: message`).
 *
 * Every stage of the compiler reports into one hl_diags list. The list is
 * capped (max) so hostile input cannot make it grow without bound; past the
 * cap further errors are only counted. Lines and columns are 1-based, and
 * columns count characters (code points), as erl_scan does. */
#ifndef HL_BASE_DIAG_H
#define HL_BASE_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

typedef struct hl_diag {
    uint32_t line, col;
    char *message;         /* owned, NUL-terminated, no trailing newline */
} hl_diag;

typedef struct hl_diags {
    hl_diag *items;
    size_t count, cap;
    size_t max;            /* most diagnostics kept; default HL_DIAGS_DEFAULT_MAX */
    size_t dropped;        /* errors reported past max (still errors) */
    bool oom;              /* a diagnostic could not be stored: memory ran out */
} hl_diags;

enum { HL_DIAGS_DEFAULT_MAX = 100 };

void hl_diags_init(hl_diags *d, size_t max);
/* Records an error. Returns false only when it could not be stored (over the
 * cap or out of memory); the error still counts in hl_diags_errors. */
bool hl_diags_add(hl_diags *d, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
size_t hl_diags_errors(const hl_diags *d);  /* count + dropped (+1 if oom) */
/* Appends every diagnostic as `file:line:col: error: message\n`, in order. */
bool hl_diags_render(const hl_diags *d, const char *file, hl_buf *out);
void hl_diags_free(hl_diags *d);

#endif
