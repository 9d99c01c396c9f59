/* dump.h — SafeCore as text (tests, debugging, codegen authors). */
#ifndef HL_CORE_DUMP_H
#define HL_CORE_DUMP_H

#include <stdbool.h>

#include "base/buf.h"
#include "core/ir.h"

/* Appends one block per function: a header line `#I 'name'/A [exported]
 * [free[...]] [self V]:` then one line per clause. Returns false when the
 * buffer failed (out of memory or over its limit). */
bool hl_core_dump(const hl_core_module *m, hl_buf *out);

#endif
