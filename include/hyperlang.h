/* hyperlang.h — the public C API of Hyperlang, a sandbox runtime that runs
 * partly trusted Erlang programs inside the host process.
 *
 * Shape (DESIGN §5):
 *   - an engine (hl_engine) owns shared state; create one per host;
 *   - compile options (hl_compile_options) carry the limits a compilation
 *     runs under; every limit has a finite default;
 *   - every call returns an hl_status; details come in an hl_error object that
 *     the caller frees with hl_error_free. API misuse (HL_EMISUSE) and
 *     rejected guest input (HL_ECOMPILE, ...) are distinct statuses.
 *   - nothing here calls abort(), exit() or longjmp() across the API; running
 *     out of memory is the status HL_ENOMEM.
 *
 * Threading: an engine may be shared between threads once created; options
 * and error objects belong to one thread at a time.
 *
 * This version covers the front end (parse and check). Running programs,
 * terms and tenants arrive with the compiler/VM. */
#ifndef HYPERLANG_H
#define HYPERLANG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define HL_API __attribute__((visibility("default")))
#else
#define HL_API
#endif

#define HL_VERSION_MAJOR 0
#define HL_VERSION_MINOR 1
#define HL_VERSION_PATCH 0

/* "MAJOR.MINOR.PATCH" of the library actually linked. */
HL_API const char *hl_version(void);

typedef enum hl_status {
    HL_OK = 0,
    HL_EMISUSE = 1,   /* the caller broke the API contract (NULL handle, bad
                         enum value, ...); nothing was done */
    HL_ENOMEM = 2,    /* the host allocator failed */
    HL_ECOMPILE = 3,  /* the source was rejected: diagnostics in the error */
    HL_ELIMIT = 4,    /* a configured limit stopped the work */
} hl_status;

/* A short constant English name for a status, e.g. "compile error". */
HL_API const char *hl_status_name(hl_status status);

/* ---- errors ------------------------------------------------------------ */

typedef struct hl_error hl_error;

HL_API hl_status hl_error_status(const hl_error *err);
/* The whole error as text; for compile errors one diagnostic per line in the
 * form `NAME:LINE:COL: error: MESSAGE`, where NAME is the source name given
 * to the call. Owned by err. */
HL_API const char *hl_error_message(const hl_error *err);
/* Located diagnostics of a compile error (0 for other errors). */
HL_API size_t hl_error_diagnostic_count(const hl_error *err);
/* Diagnostic i: 1-based line and column (columns count characters) and the
 * message without location. Returns HL_EMISUSE when i is out of range.
 * *message is owned by err. */
HL_API hl_status hl_error_diagnostic(const hl_error *err, size_t i, uint32_t *line,
                                     uint32_t *column, const char **message);
HL_API void hl_error_free(hl_error *err);

/* ---- engine ------------------------------------------------------------ */

typedef struct hl_engine hl_engine;

HL_API hl_status hl_engine_new(hl_engine **out);
HL_API void hl_engine_free(hl_engine *engine);

/* ---- compile options ----------------------------------------------------- */

typedef struct hl_compile_options hl_compile_options;

/* Limits of the front end. Defaults (documented in docs/limits.md):
 *   SOURCE_BYTES    16 MiB    the whole source
 *   TOKENS          4 Mi      tokens in the whole source
 *   DEPTH           500       nesting of expressions, patterns and types
 *   STRING_CHARS    1 Mi      characters in one string literal
 *   INTEGER_DIGITS  10,000    digits in one integer literal
 *   MEMORY_BYTES    512 MiB   memory one compilation may hold
 *   DIAGNOSTICS     100       diagnostics kept per source (more are counted)
 * A value of 0 is refused with HL_EMISUSE: limits are never unlimited. */
typedef enum hl_compile_limit {
    HL_LIMIT_SOURCE_BYTES = 0,
    HL_LIMIT_TOKENS = 1,
    HL_LIMIT_DEPTH = 2,
    HL_LIMIT_STRING_CHARS = 3,
    HL_LIMIT_INTEGER_DIGITS = 4,
    HL_LIMIT_MEMORY_BYTES = 5,
    HL_LIMIT_DIAGNOSTICS = 6,
} hl_compile_limit;

HL_API hl_status hl_compile_options_new(hl_compile_options **out);
HL_API hl_status hl_compile_options_set_limit(hl_compile_options *opts, hl_compile_limit which,
                                              uint64_t value);
HL_API hl_status hl_compile_options_get_limit(const hl_compile_options *opts,
                                              hl_compile_limit which, uint64_t *value);
HL_API void hl_compile_options_free(hl_compile_options *opts);

/* ---- front end ------------------------------------------------------------ */

/* Parses and checks one module's source without running anything. `name` is
 * used in diagnostics only. `opts` may be NULL for the defaults. Returns
 * HL_OK when the source is accepted; HL_ECOMPILE with located diagnostics in
 * *err when it is rejected (err may be NULL to discard them). */
HL_API hl_status hl_check(hl_engine *engine, const char *name, const char *source, size_t len,
                          const hl_compile_options *opts, hl_error **err);

/* Parses one module and returns its canonical AST text: one line per form,
 * exactly as OTP 25 prints erl_parse's abstract format with "~w.~n" (see
 * docs/ast-dump.md). For tooling and differential testing against OTP.
 * On HL_OK, *out (NUL-terminated, *out_len bytes) must be released with
 * hl_free. On rejection, as hl_check. */
HL_API hl_status hl_parse_dump(hl_engine *engine, const char *name, const char *source,
                               size_t len, const hl_compile_options *opts, char **out,
                               size_t *out_len, hl_error **err);

/* Releases memory the library returned to the caller (e.g. hl_parse_dump). */
HL_API void hl_free(void *ptr);

#ifdef __cplusplus
}
#endif

#endif
