/* limits.c — default front-end limits (see limits.h). */
#include "front/limits.h"

void hl_front_limits_default(hl_front_limits *lim) {
    lim->max_source_bytes = HL_FRONT_DEFAULT_MAX_SOURCE_BYTES;
    lim->max_tokens = HL_FRONT_DEFAULT_MAX_TOKENS;
    lim->max_depth = HL_FRONT_DEFAULT_MAX_DEPTH;
    lim->max_string_chars = HL_FRONT_DEFAULT_MAX_STRING_CHARS;
    lim->max_integer_digits = HL_FRONT_DEFAULT_MAX_INTEGER_DIGITS;
    lim->max_memory_bytes = HL_FRONT_DEFAULT_MAX_MEMORY_BYTES;
    lim->max_diagnostics = HL_FRONT_DEFAULT_MAX_DIAGNOSTICS;
    lim->max_stack_bytes = HL_FRONT_DEFAULT_MAX_STACK_BYTES;
    lim->max_work = HL_FRONT_DEFAULT_MAX_WORK;
    lim->max_wall_ms = HL_FRONT_DEFAULT_MAX_WALL_MS;
    lim->max_atoms = HL_FRONT_DEFAULT_MAX_ATOMS;
    lim->file_name = NULL;
    lim->headers = NULL;
    lim->nheaders = 0;
}
