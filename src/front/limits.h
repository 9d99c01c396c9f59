/* limits.h — the bounds the front end enforces on hostile source
 * (docs/design.md §4 (invariant 4), §3.6). Every limit has a finite default; hosts may lower or
 * raise them through the compile options of the public API. A source that
 * exceeds one gets a located diagnostic, never a crash or a hang. */
#ifndef HL_FRONT_LIMITS_H
#define HL_FRONT_LIMITS_H

#include <stddef.h>
#include <stdint.h>

/* A header file the host hands to the compiler with the program: the only
 * files -include / -include_lib can name (the front end never opens a file).
 * Borrowed: name and text must outlive the compilation. */
typedef struct hl_front_header {
    const char *name;            /* as -include names it, e.g. "defs.hrl" */
    const char *text;
    size_t len;
} hl_front_header;

typedef struct hl_front_limits {
    size_t max_source_bytes;     /* whole file */
    size_t max_tokens;           /* whole file */
    uint32_t max_depth;          /* nesting of expressions, patterns, types:
                                    also bounds the AST's depth, so passes
                                    over the AST may recurse up to it */
    uint32_t max_string_chars;   /* one string literal, after concatenation
                                    of adjacent literals */
    uint32_t max_integer_digits; /* one integer literal, digits in its base */
    size_t max_memory_bytes;     /* arena cap for tokens + AST */
    size_t max_diagnostics;      /* kept per file; more are only counted */
    size_t max_stack_bytes;      /* C stack a recursive pass may use; keep
                                    well below the calling thread's stack */
    uint64_t max_work;           /* work units of the whole compilation
                                    (base/meter.h): deterministic */
    uint64_t max_wall_ms;        /* wall-clock backstop of the compilation */
    uint64_t max_atoms;          /* distinct non-static atoms the program's
                                    modules may hold in the engine's table
                                    (enforced when they are loaded) */
    /* Not limits, but inputs of the preprocessor (front/pp.h): */
    const char *file_name;       /* ?FILE (NULL: "nofile"); borrowed */
    const hl_front_header *headers; /* what -include may name; borrowed */
    size_t nheaders;
} hl_front_limits;

#define HL_FRONT_DEFAULT_MAX_SOURCE_BYTES   ((size_t)16 << 20)   /* 16 MiB */
#define HL_FRONT_DEFAULT_MAX_TOKENS         ((size_t)4 << 20)    /* 4 Mi  */
#define HL_FRONT_DEFAULT_MAX_DEPTH          500u
#define HL_FRONT_DEFAULT_MAX_ATOMS          (UINT64_C(1) << 18)  /* 256 Ki */
#define HL_FRONT_MAX_ATOMS_LIMIT            (UINT64_C(1) << 20)  /* a pool's most */
#define HL_FRONT_DEFAULT_MAX_STRING_CHARS   (1u << 20)           /* 1 Mi  */
#define HL_FRONT_DEFAULT_MAX_INTEGER_DIGITS 10000u
#define HL_FRONT_DEFAULT_MAX_MEMORY_BYTES   ((size_t)512 << 20)  /* 512 MiB */
#define HL_FRONT_DEFAULT_MAX_DIAGNOSTICS    100u
#define HL_FRONT_DEFAULT_MAX_STACK_BYTES    ((size_t)4 << 20)    /* 4 MiB */
#define HL_FRONT_DEFAULT_MAX_WORK           ((uint64_t)64 << 20) /* 64 Mi units */
#define HL_FRONT_DEFAULT_MAX_WALL_MS        2000u

void hl_front_limits_default(hl_front_limits *lim);

#endif
