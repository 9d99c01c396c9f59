/* hyperlang.h — the public C API of Hyperlang, a sandbox runtime that runs
 * partly trusted Erlang programs inside the host process.
 *
 * Shape (docs/design.md §3):
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
 * This version covers the front end (parse and check), compiling a module to
 * a verified program (hl_compile), running an exported function under limits
 * in the caller's thread (hl_run), host-owned terms (hl_value) and host
 * bindings (host functions a program may call; docs/embedding.md). Tenants
 * and actors arrive later. */
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

/* HL_VERSION_MAJOR, _MINOR, _PATCH and HL_VERSION_STRING, generated from
 * the build's version (installed beside this header). */
#include "hyperlang_version.h"

/* "MAJOR.MINOR.PATCH" of the library actually linked. */
HL_API const char *hl_version(void);

typedef enum hl_status {
    HL_OK = 0,
    HL_EMISUSE = 1,   /* the caller broke the API contract (NULL handle, bad
                         enum value, ...); nothing was done */
    HL_ENOMEM = 2,    /* the host allocator failed */
    HL_ECOMPILE = 3,  /* the source was rejected: diagnostics in the error */
    HL_ELIMIT = 4,    /* a configured limit stopped the work: which one is
                         hl_error_limit() */
    HL_EEXCEPTION = 5, /* the guest raised an exception it did not catch:
                         hl_error_exception() */
    HL_EREJECTED = 6, /* a term may not cross the host/guest boundary (a fun,
                         an internal handle, an atom the program does not
                         know) */
    HL_PENDING = 7,   /* not an error: a sliced call (hl_tenant_resume) used
                         its slice and has not finished; resume it again */
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
/* Located diagnostics of a compile error or a bad policy document (0 for
 * other errors). */
HL_API size_t hl_error_diagnostic_count(const hl_error *err);
/* Diagnostic i: 1-based line and column (columns count characters) and the
 * message without location. Returns HL_EMISUSE when i is out of range.
 * *message is owned by err. */
HL_API hl_status hl_error_diagnostic(const hl_error *err, size_t i, uint32_t *line,
                                     uint32_t *column, const char **message);
HL_API void hl_error_free(hl_error *err);

/* Which limit stopped a run (HL_ELIMIT from hl_run). */
typedef enum hl_limit_kind {
    HL_LIMIT_KIND_NONE = 0,       /* not a run limit (e.g. a compile limit) */
    HL_LIMIT_KIND_REDUCTIONS = 1, /* max_reductions */
    HL_LIMIT_KIND_HEAP = 2,       /* max_heap_bytes */
    HL_LIMIT_KIND_DEADLINE = 3,   /* timeout_ms */
    HL_LIMIT_KIND_OUTPUT = 4,     /* max_output_bytes */
    HL_LIMIT_KIND_INTERRUPTED = 5, /* the host stopped it (hl_tenant_interrupt) */
    HL_LIMIT_KIND_ATOMS = 6,      /* an atom quota: a compile's HL_LIMIT_ATOMS, the
                                     engine's HL_ENGINE_LIMIT_ATOMS, or a call's
                                     HL_LIMIT_HOST_ATOMS (the message names it) */
    HL_LIMIT_KIND_ADMISSION = 7,  /* an actor was refused a start: its scope is
                                     full (processes or memory) or the engine is
                                     being freed (hl_actor_start) */
} hl_limit_kind;

HL_API hl_limit_kind hl_error_limit(const hl_error *err);
/* A short name for a limit kind: "reductions", "heap", "deadline", "output",
 * "interrupted", "atoms", "admission", "none". */
HL_API const char *hl_limit_kind_name(hl_limit_kind kind);

/* The uncaught guest exception of an HL_EEXCEPTION error: class ("error",
 * "exit" or "throw"), reason printed as io_lib:format("~p", [Reason]) would
 * print it, and the guest stack trace, one entry per line
 * (`Module:Function/Arity (line L)`). The reason's text and the stack's
 * are each cut at 1 MiB of printed terms, the cut marked by " ... (truncated:
 * the text goes past 1 MiB)": a guest's huge reason is still reported as
 * its exception (HL_ENOMEM only ever means an allocator failed). Any
 * pointer may be NULL; the strings are owned by err. HL_EMISUSE when err is
 * not an exception. */
HL_API hl_status hl_error_exception(const hl_error *err, const char **class_name,
                                    const char **reason, const char **stack);

/* ---- engine ------------------------------------------------------------ */

typedef struct hl_engine hl_engine;

HL_API hl_status hl_engine_new(hl_engine **out);
HL_API void hl_engine_free(hl_engine *engine);
/* Bounds the engine's program cache (hl_compile_program) to `bytes` of
 * compiled modules (with the bytecode images hl_module_save writes) and
 * source copies (default 128 MiB; at most 256
 * programs whatever the bytes); the least recently used are evicted first
 * (a module the host still holds stays alive until freed). A program larger
 * than the bound is compiled but not cached; 0 caches nothing. Lowering the
 * bound evicts at once. */
HL_API hl_status hl_engine_set_cache_bytes(hl_engine *engine, uint64_t bytes);
/* The program cache's counters since the engine was made: compiles
 * (hl_compile, hl_compile_program) answered from the cache (hits) and
 * compiles that built a program, accepted or not (misses); the programs
 * held now (entries) and the bytes they hold. For a server's metrics.
 * Thread-safe. */
typedef struct hl_cache_stats {
    uint64_t hits;
    uint64_t misses;
    uint64_t entries;
    uint64_t bytes;
} hl_cache_stats;
HL_API hl_status hl_engine_cache_stats(hl_engine *engine, hl_cache_stats *out);

/* Limits of an engine as a whole. Each engine has its own: one engine
 * reaching one never affects another engine.
 *   ATOMS   4 Mi (4,194,304)   distinct atoms (besides the static ones) the
 *                              engine's loaded modules hold at once, at most
 *                              268,435,456. A compile that would pass it
 *                              fails with HL_ELIMIT, HL_LIMIT_KIND_ATOMS;
 *                              atoms come back as modules are freed (the
 *                              program cache holds the last 256). Lowering
 *                              it below what is held refuses new names only.
 *   WARM_BYTES  8 MiB          memory the modules' parked processes (hl_run
 *                              reuses one per module) may keep past a new
 *                              process's footprint, all modules together: a
 *                              parked process keeps the heap block and stack
 *                              its last run grew (at most 1 MiB of them) so
 *                              the next run starts warm. 0 keeps none;
 *                              lowering it below what is held keeps no more
 *                              until parked processes are taken or freed.
 * A value of 0 is refused with HL_EMISUSE, except for WARM_BYTES.
 * Thread-safe. */
typedef enum hl_engine_limit {
    HL_ENGINE_LIMIT_ATOMS = 0,
    HL_ENGINE_LIMIT_WARM_BYTES = 1,
} hl_engine_limit;
HL_API hl_status hl_engine_set_limit(hl_engine *engine, hl_engine_limit which, uint64_t value);
HL_API hl_status hl_engine_get_limit(hl_engine *engine, hl_engine_limit which, uint64_t *value);

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
 *   STACK_BYTES     4 MiB     C stack the compiler's recursive passes may use;
 *                             lower it when compiling on a thread whose stack
 *                             is smaller than 8 MiB
 *   WORK            64 Mi     work units of one compilation (tokens, syntax
 *                             and IR nodes built or visited, instructions
 *                             emitted, bytecode words checked): a
 *                             deterministic budget, the same verdict on every
 *                             run and machine; the largest test program
 *                             needs well under a tenth of it
 *   WALL_MS         2,000     wall-clock backstop of one compilation (ms, at
 *                             most 86,400,000); unlike WORK it depends on the
 *                             machine, so it is a safety net, not a policy
 *   ATOMS           256 Ki    the program's atom quota: distinct atoms
 *                             (besides the static ones) its modules hold in
 *                             the engine's atom table, summed over its
 *                             modules; at most 1 Mi (1,048,576). Over it, the
 *                             compile fails with HL_ELIMIT,
 *                             HL_LIMIT_KIND_ATOMS (not HL_ECOMPILE)
 * Exceeding WORK or WALL_MS rejects the source (HL_ECOMPILE) with the
 * diagnostic "compilation work budget exceeded ..." / "compilation took too
 * long ...".
 * DEPTH may be raised to at most 1,000.
 * A value of 0 is refused with HL_EMISUSE: limits are never unlimited. */
typedef enum hl_compile_limit {
    HL_LIMIT_SOURCE_BYTES = 0,
    HL_LIMIT_TOKENS = 1,
    HL_LIMIT_DEPTH = 2,
    HL_LIMIT_STRING_CHARS = 3,
    HL_LIMIT_INTEGER_DIGITS = 4,
    HL_LIMIT_MEMORY_BYTES = 5,
    HL_LIMIT_DIAGNOSTICS = 6,
    HL_LIMIT_STACK_BYTES = 7,
    HL_LIMIT_WORK = 8,
    HL_LIMIT_WALL_MS = 9,
    HL_LIMIT_ATOMS = 10,
} hl_compile_limit;

HL_API hl_status hl_compile_options_new(hl_compile_options **out);
HL_API hl_status hl_compile_options_set_limit(hl_compile_options *opts, hl_compile_limit which,
                                              uint64_t value);
HL_API hl_status hl_compile_options_get_limit(const hl_compile_options *opts,
                                              hl_compile_limit which, uint64_t *value);
HL_API void hl_compile_options_free(hl_compile_options *opts);
/* Hands a header file to compilations with these options: the only files
 * -include("NAME") / -include_lib("...") can name (the compiler never
 * opens a file). A directive matches a header by its exact name, else by
 * its last path component. Name and text are copied (at most 256 headers,
 * each within HL_LIMIT_SOURCE_BYTES when compiled); the headers are part
 * of the program cache key. */
HL_API hl_status hl_compile_options_add_header(hl_compile_options *opts, const char *name, const char *text,
                                               size_t len);

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

/* ---- programs ------------------------------------------------------------- */

/* A compiled, verified, loaded module: immutable and shareable between
 * threads. Reference counted: every hl_compile result must be released with
 * hl_module_free, whether or not it came from the engine's cache.
 * (Called hl_module rather than hl_program because the loader's internal
 * type already has that name.) */
typedef struct hl_module hl_module;

/* Compiles one module's source: parse, lower to SafeCore, verify, classify,
 * verify, generate bytecode, pass it through the bytecode gate, load it.
 * The engine keeps a content-addressed cache (SHA-256 of the source, the
 * options, the granted bindings and the bytecode format version; at most
 * 256 modules, oldest dropped first): compiling the same source with the same options again
 * returns the same module without recompiling. Thread-safe.
 * HL_ECOMPILE with located diagnostics (NAME:LINE:COL: error: ...) when the
 * source is rejected, including constructs this version cannot run yet
 * ("... is not supported in this version"). The options' granted bindings
 * (see host bindings below) are part of the cache key, with the
 * registrations they resolve to; HL_EMISUSE when a granted binding is not
 * registered on the engine. */
HL_API hl_status hl_compile(hl_engine *engine, const char *name, const char *source, size_t len,
                            const hl_compile_options *opts, hl_module **out, hl_error **err);

/* Most modules in one program. */
#define HL_MAX_PROGRAM_MODULES 256

/* Compiles a program of n modules (1 ≤ n ≤ HL_MAX_PROGRAM_MODULES) together:
 * sources[i] (lens[i] bytes; names[i] is its name in diagnostics, may be
 * NULL) is one module. Each module may call the functions the others
 * export as Module:Function(Args); nothing else of theirs. The first
 * module is the entry: hl_run calls its exported functions. Module names
 * must be distinct and must not be a stdlib module's (HL_ECOMPILE). The
 * stdlib is not part of the program: its modules are loaded once into the
 * engine and shared by every program (docs/design.md). Cached like
 * hl_compile (the key covers every source, in order). hl_compile is this
 * call with n = 1. */
HL_API hl_status hl_compile_program(hl_engine *engine, size_t n, const char *const *names,
                                    const char *const *sources, const size_t *lens,
                                    const hl_compile_options *opts, hl_module **out, hl_error **err);
/* hl_check for a program of n modules: exactly the passes of
 * hl_compile_program up to loading and linking (nothing is cached or run),
 * so it accepts exactly what hl_compile_program accepts. */
HL_API hl_status hl_check_program(hl_engine *engine, size_t n, const char *const *names,
                                  const char *const *sources, const size_t *lens,
                                  const hl_compile_options *opts, hl_error **err);
HL_API void hl_module_free(hl_module *module);

/* ---- saved programs: a compile cache that survives restarts ---------------
 *
 * hl_module_save writes a compiled program as bytes a host may keep (a file
 * of a cache directory); hl_module_load turns such bytes back into a
 * program without the compiler. The bytes are never trusted: loading
 * passes every module through the same bytecode gate, capability check,
 * loader and linker a compiled program passes, under the compile options
 * given to the load (their limits, atom quota, capabilities and granted
 * bindings), so whatever the bytes hold, the program runs within the
 * sandbox and within those options. The format (docs/bytecode.md §9):
 * a header naming this build (its version and builtin allowlist), the
 * modules' images and a SHA-256 of the whole, so bytes corrupted or cut
 * short are refused before the gate sees them, and bytes saved by another
 * build are refused (recompile then). */

/* *bytes (released with hl_free, *len bytes) holds the program. */
HL_API hl_status hl_module_save(const hl_module *module, void **bytes, size_t *len);
/* Loads bytes made by hl_module_save. opts (NULL: defaults) must grant at
 * least what the program uses: a builtin needing a capability the options
 * do not grant, or a binding table other than the options' granted
 * bindings, is refused. HL_EREJECTED with a message for bytes that are not
 * a program this build saved or that the gate refuses; HL_ELIMIT for an
 * atom quota; HL_ECOMPILE when the work, wall or memory bound of opts
 * stops it (the message says which); HL_EMISUSE for a granted binding not
 * registered. The program is not put in the engine's cache. Thread-safe. */
HL_API hl_status hl_module_load(hl_engine *engine, const void *bytes, size_t len, const hl_compile_options *opts,
                                hl_module **out, hl_error **err);

/* A program store: where the engine's program cache looks before it
 * compiles and what it keeps after (hl_engine_set_program_store). `key`
 * is a SHA-256 of the sources, their names, the compile options (limits,
 * headers, capabilities, the granted bindings by name), the bytecode
 * format and this build: equal keys mean the same compile.
 *   get: 1 with *bytes (allocated with malloc: the engine frees them with
 *        free) when the store has the key, else 0;
 *   put: the bytes of a program just compiled (the engine's; copy them);
 *   refused: the bytes get returned were refused by hl_module_load (why:
 *        the error, valid during the call): the engine compiles instead;
 *        a store should drop them.
 * The callbacks run in the thread of the compile, without the engine's
 * lock, possibly on several threads at once. Any may be NULL. */
typedef struct hl_program_store {
    int (*get)(void *data, const uint8_t key[32], void **bytes, size_t *len);
    void (*put)(void *data, const uint8_t key[32], const void *bytes, size_t len);
    void (*refused)(void *data, const uint8_t key[32], const hl_error *why);
    void *data;
} hl_program_store;
/* Installs (store NULL: removes) the engine's program store: a compile
 * that misses the in-memory cache asks get (a program loaded from it is
 * cached in memory as a compiled one), and a program the compiler built is
 * handed to put. Set it before compiling; thread-safe. */
HL_API hl_status hl_engine_set_program_store(hl_engine *engine, const hl_program_store *store);

/* ---- host-owned terms ---------------------------------------------------- */

/* An Erlang term owned by the host: arguments for hl_run and its results.
 * Immutable; free each with hl_value_free (elements returned by
 * hl_value_element are separate handles that must be freed too). Funs and
 * internal handles never become hl_values. A handle is opaque: one for a
 * small integer, [] or a common atom (true, false, ok, ...) is the term
 * itself, not an allocation (freeing it does nothing), so two handles of
 * the same such value may be equal pointers. */
typedef struct hl_value hl_value;

typedef enum hl_value_kind {
    HL_VALUE_INTEGER = 0, /* fits int64 or a bignum (hl_value_to_text) */
    HL_VALUE_FLOAT = 1,
    HL_VALUE_ATOM = 2,
    HL_VALUE_BINARY = 3,
    HL_VALUE_NIL = 4,     /* [] */
    HL_VALUE_LIST = 5,    /* a non-empty list (proper or not) */
    HL_VALUE_TUPLE = 6,
    HL_VALUE_MAP = 7,
    HL_VALUE_OTHER = 8,
} hl_value_kind;

HL_API hl_status hl_value_int(int64_t v, hl_value **out);
HL_API hl_status hl_value_float(double v, hl_value **out); /* finite only */
/* The atom `name` (strict UTF-8, at most 255 characters; else
 * HL_EREJECTED): the module's own atom when it contains the name, a static
 * atom (true, false, ok, ...), or else a host atom that lives as long as
 * the values holding it (`module` may be NULL). As a call's argument every
 * atom is re-interned by name into the program's engine table, names the
 * program lacks in a pool of the call bounded by HL_LIMIT_HOST_ATOMS and
 * freed with it (docs/embedding.md, "Atoms from the host"). A binding's
 * result may hold only static atoms and the program's. */
HL_API hl_status hl_value_atom(const hl_module *module, const char *name, size_t len, hl_value **out);
HL_API hl_status hl_value_binary(const void *bytes, size_t len, hl_value **out);
/* A proper list / a tuple of copies of the given values (n may be 0). */
HL_API hl_status hl_value_list(hl_value *const *items, size_t n, hl_value **out);
HL_API hl_status hl_value_tuple(hl_value *const *items, size_t n, hl_value **out);
/* A map of n key/value pairs (copies; a later pair wins over an earlier one
 * with an exactly equal key, as in #{K => 1, K => 2}; n may be 0).
 * HL_EREJECTED when the keys are too costly to order (keys of millions of
 * subterms each) or the map too large to build. */
HL_API hl_status hl_value_map(hl_value *const *keys, hl_value *const *values, size_t n, hl_value **out);
/* A term from its Erlang literal text (integers, floats, atoms, strings,
 * lists, tuples; atoms as in hl_value_atom). HL_EREJECTED with a
 * message in *err when the text is not such a literal. */
HL_API hl_status hl_value_parse(const hl_module *module, const char *text, size_t len, hl_value **out,
                                hl_error **err);
HL_API void hl_value_free(hl_value *v);

HL_API hl_value_kind hl_value_kind_of(const hl_value *v);
/* HL_EMISUSE when the value is not an integer fitting int64 / a float. */
HL_API hl_status hl_value_get_int(const hl_value *v, int64_t *out);
HL_API hl_status hl_value_get_float(const hl_value *v, double *out);
/* Atom name (UTF-8, not NUL-terminated) or binary bytes, owned by v. */
HL_API hl_status hl_value_get_atom(const hl_value *v, const char **name, size_t *len);
HL_API hl_status hl_value_get_binary(const hl_value *v, const void **bytes, size_t *len);
/* Elements of a tuple, or of a proper list, or the pairs of a map
 * (HL_EMISUSE for other kinds).
 * Cost: element i of a tuple or a list and pair i of a map take O(1)
 * (plus the size of the returned term): the first positional call on a
 * list or map value builds an index of its positions, one word per
 * element (two per pair), held by the value until hl_value_free, so
 * enumerating n elements or pairs costs O(n) in all. hl_value_count of a
 * list is O(n) until the index exists and builds none. Safe to call from
 * several threads on one value. When the index cannot be allocated the
 * call walks the term instead (the same answer, O(i)). */
HL_API hl_status hl_value_count(const hl_value *v, size_t *n);
HL_API hl_status hl_value_element(const hl_value *v, size_t i, hl_value **out);
/* Pair i of a map, in the order maps:to_list/1 gives (0 <= i < count);
 * both handles must be freed. HL_EMISUSE when v is not a map. */
HL_API hl_status hl_value_map_pair(const hl_value *v, size_t i, hl_value **key, hl_value **value);
/* The term as io_lib:format("~p", [T]) (pretty = 1, 80 columns) or "~w"
 * (pretty = 0) prints it. *text (NUL-terminated) is released with hl_free. */
HL_API hl_status hl_value_to_text(const hl_value *v, int pretty, char **text, size_t *len);

/* ---- running ----------------------------------------------------------------- */

/* Limits of one run. A field left 0 takes its default; limits are never
 * unlimited. Defaults:
 *   max_reductions  10,000,000   (about a second of guest work)
 *   max_heap_bytes  64 MiB       (heap + stack + off-heap binaries: the most
 *                                memory the run holds at any moment, the
 *                                collector's copy space included, so live
 *                                heap data is bounded by about half of it)
 *   timeout_ms      5,000        (wall clock, checked by the VM itself)
 *   max_output_bytes 1 MiB       (UTF-8 bytes the guest writes with io:format,
 *                                io:put_chars, io:nl: a write that would pass
 *                                it stops the run, HL_LIMIT_KIND_OUTPUT; the
 *                                whole characters that fit are kept) */
typedef struct hl_run_limits {
    uint64_t max_reductions;
    uint64_t max_heap_bytes;
    uint64_t timeout_ms;
    uint64_t max_output_bytes;
} hl_run_limits;

#define HL_RUN_DEFAULT_MAX_REDUCTIONS 10000000u
#define HL_RUN_DEFAULT_MAX_HEAP_BYTES (64u << 20)
#define HL_RUN_DEFAULT_TIMEOUT_MS 5000u
#define HL_RUN_DEFAULT_MAX_OUTPUT_BYTES (1u << 20)
/* Live guest processes one run of a program granted "processes" may hold
 * at once, its first process included; a spawn past it raises
 * error:system_limit in the guest, as OTP does past its process limit. */
#define HL_RUN_DEFAULT_MAX_PROCESSES 100000u
/* Atoms one call's arguments may bring that the program does not contain
 * (HL_LIMIT_HOST_ATOMS; hl_run always uses this default). */
#define HL_RUN_DEFAULT_MAX_HOST_ATOMS 4096u

/* Calls the exported function `function`/nargs of the module in the
 * caller's thread, with copies of args, under `limits` (NULL: defaults).
 * HL_EMISUSE when called from inside a binding callback (see bindings).
 * On HL_OK *result is the returned term, copied out of the guest heap.
 * Faults: HL_EEXCEPTION (uncaught exception; calling a function that is not
 * exported raises error:undef, and hl_error_message names the arities the
 * module does export), HL_ELIMIT (hl_error_limit says which),
 * HL_EREJECTED (the result holds a fun or an internal handle), HL_ENOMEM.
 * The guest's memory is freed before returning in every case. */
HL_API hl_status hl_run(const hl_module *module, const char *function, hl_value *const *args,
                        size_t nargs, const hl_run_limits *limits, hl_value **result, hl_error **err);

/* hl_run that also returns what the guest wrote (io:format, io:fwrite,
 * io:put_chars, io:nl; hl_run drops it, under the same cap): *output is
 * the UTF-8 text, NUL-terminated, *output_len its length without the NUL,
 * released with hl_free. It is set in every outcome (returned, exception,
 * any limit: what was written before the stop is kept, up to
 * max_output_bytes; an empty string when the guest did not run or wrote
 * nothing). When output is not NULL, *output is never NULL on return
 * except with HL_ENOMEM when even an empty string could not be allocated;
 * output_len may be NULL. */
HL_API hl_status hl_run_capture(const hl_module *module, const char *function, hl_value *const *args,
                                size_t nargs, const hl_run_limits *limits, hl_value **result, char **output,
                                size_t *output_len, hl_error **err);

/* The parts of an uncaught exception, as terms (hl_error_exception_value). */
typedef enum hl_exception_part {
    HL_EXCEPTION_CLASS = 0,  /* the atom error, exit or throw */
    HL_EXCEPTION_REASON = 1, /* the reason, e.g. {badmatch,7} */
    HL_EXCEPTION_STACK = 2,  /* the stack trace: a list of {Module,
                                Function, Arity, Location}, as the guest's
                                own `catch C:R:Stack` sees it; an entry
                                whose argument list (in place of an arity)
                                holds a fun or an internal handle has that
                                list's length instead; [] for a call of a
                                function the module does not export */
} hl_exception_part;

/* One part of the uncaught exception of an HL_EEXCEPTION error as a new
 * host value, which the caller frees with hl_value_free (it does not
 * depend on err: err may be freed first). The values were copied out of
 * the guest when the run ended, under the run's max_heap_bytes as a result
 * is. HL_EMISUSE when err is not an exception or part is out of range;
 * HL_EREJECTED when the part holds a fun or an internal handle (the text
 * form from hl_error_exception is always there); HL_ELIMIT when it was
 * too large to copy out; HL_ENOMEM. */
HL_API hl_status hl_error_exception_value(const hl_error *err, hl_exception_part part, hl_value **out);

/* The reductions a run used before it stopped, for every error object
 * hl_run, hl_run_capture or hl_run_counted returned (exception, any limit,
 * rejected result, out of memory; 0 when the guest never started, e.g.
 * error:undef). For a reductions limit it equals max_reductions.
 * HL_EMISUSE for errors of other calls (compile errors, ...). */
HL_API hl_status hl_error_reductions(const hl_error *err, uint64_t *reductions);

/* hl_run_capture (output may be NULL: hl_run) that also reports the
 * reductions the run used: *reductions (may be NULL) is set in every
 * outcome, 0 when the guest never started; for HL_ELIMIT with
 * HL_LIMIT_KIND_REDUCTIONS it is max_reductions. Errors carry the same
 * number (hl_error_reductions). */
HL_API hl_status hl_run_counted(const hl_module *module, const char *function, hl_value *const *args,
                                size_t nargs, const hl_run_limits *limits, hl_value **result, char **output,
                                size_t *output_len, uint64_t *reductions, hl_error **err);

/* hl_run_counted in the deterministic profile (docs/capabilities.md): the
 * run's clocks are a virtual clock (system time starts at
 * 2000-01-01T00:00:00Z, monotonic time at 0, and both advance 1 us per
 * reduction the run has used when it reads them) and its entropy is a
 * generator seeded with `seed`, so the same program with the same
 * arguments and seed writes the same output, returns the same result and
 * uses the same reductions every time. The capabilities still come from
 * the compile options: the profile only changes where clocks and entropy
 * come from. */
HL_API hl_status hl_run_deterministic(const hl_module *module, uint64_t seed, const char *function,
                                      hl_value *const *args, size_t nargs, const hl_run_limits *limits,
                                      hl_value **result, char **output, size_t *output_len, uint64_t *reductions,
                                      hl_error **err);

/* ---- host bindings ------------------------------------------------------- */

/* A host binding is a C function the guest calls as Module:Function(Args)
 * (docs/embedding.md has a complete example). The host registers it on the
 * engine; a program may call it only when its compile options grant it
 * (hl_compile_options_grant_binding). Calling a binding the options do not
 * grant is a compile error (`NAME:LINE:COL: error: remote call M:F/A is not
 * declared`).
 *
 * The callback runs in the thread of hl_run, synchronously, while the guest
 * waits. `args` are copies of the guest's arguments (hl_values owned by the
 * library, valid during the call only: do not free them; keep none).
 * `module` is the running program, for hl_value_atom / hl_value_parse:
 * a result may only hold static atoms and atoms of that program.
 * Arguments holding a fun or an internal handle never reach the callback:
 * the guest gets error:badarg instead.
 *
 * The callback returns:
 *   HL_OK          with *result set: the guest gets a copy of *result
 *                  (charged to the run's heap limit);
 *   HL_EEXCEPTION  with *result set to a reason (or NULL: `undefined`): the
 *                  guest gets error:{binding_error, Module, Function, Reason},
 *                  which it can catch. Use a binary for a message string;
 *   anything else: the guest gets error:{binding_error, M, F, <<Text>>} with
 *                  Text "binding failed: " and hl_status_name(status).
 * The library takes ownership of *result in every case (it frees it);
 * *result may be one of args itself (returned unchanged).
 * A malformed answer (HL_OK with no result, or a result holding an atom the
 * program does not know) is a binding error as well, with Reason
 * <<"no result">> / <<"result holds an atom the program does not know">>.
 *
 * Cost: each call charges 10 reductions, plus 1 per 8 words (64 bytes)
 * copied across in either direction.
 *
 * Reentrancy: a callback must not run guest code: hl_run called from inside
 * a callback (on any engine) returns HL_EMISUSE. It may compile, build and
 * inspect values, and register or unregister bindings. */
typedef hl_status (*hl_binding_fn)(void *data, const hl_module *module, hl_value *const *args, uint32_t nargs,
                                   hl_value **result);
/* Releases a binding's data. Called exactly once: when the binding is
 * replaced or unregistered, or when the engine is freed; if a call of the
 * binding is running at that moment (another thread), when that call
 * returns. Never called when registration fails. */
typedef void (*hl_binding_finalizer)(void *data);

/* Registers fn as module:function/arity (UTF-8 names, at most 255
 * characters each, like atoms; arity <= 255). Replaces an existing binding
 * of the same name and arity (the old one is finalized; programs compiled
 * against it raise error:undef when they call it). HL_EMISUSE for NULL
 * arguments, invalid names, or names reserved for the guest's own library:
 * the module erlang and every allowlisted function (e.g. lists:map/2).
 * finalizer may be NULL. */
HL_API hl_status hl_engine_register_binding(hl_engine *engine, const char *module, const char *function,
                                            uint32_t arity, hl_binding_fn fn, void *data,
                                            hl_binding_finalizer finalizer);
/* Removes a binding (HL_EMISUSE when there is none). Programs compiled
 * against it keep a reference to its entry, never to freed memory: their
 * calls raise error:undef from now on. */
HL_API hl_status hl_engine_unregister_binding(hl_engine *engine, const char *module, const char *function,
                                              uint32_t arity);

/* Grants programs compiled with these options module:function/arity (at most
 * 1,024 grants; granting twice is harmless). The binding must be registered
 * on the engine when hl_compile runs (else HL_EMISUSE from hl_compile); the
 * module then calls that registration. The grants are part of the program
 * cache key, and so is the registration they resolve to. hl_check accepts
 * calls to granted bindings without needing them registered. Same name
 * rules as hl_engine_register_binding. */
HL_API hl_status hl_compile_options_grant_binding(hl_compile_options *opts, const char *module,
                                                  const char *function, uint32_t arity);

/* Capabilities: runtime surfaces a program may use only when its compile
 * options grant them (every one is off by default). Without the grant the
 * calls stay compile errors, exactly as before.
 *   "processes"  guest processes (docs/actors.md): spawn/1,3, spawn_link,
 *                spawn_monitor, self/0, `!` and erlang:send/2, links,
 *                monitors, exit/2, trap_exit, make_ref/0, timers
 *                (send_after, start_timer, cancel_timer, read_timer),
 *                registered names, is_process_alive/1, erlang:yield/0 and a
 *                bounded process_info/2. A run of such a program is a tree
 *                of processes in the caller's thread; its limits bound the
 *                whole tree (reductions summed, the heap limit per process,
 *                one deadline, HL_RUN_DEFAULT_MAX_PROCESSES live processes).
 *   "clocks"  erlang:system_time/0,1, monotonic_time/0,1, time_offset/0,1,
 *             timestamp/0, now/0, localtime/0, universaltime/0, date/0, time/0,
 *             os:timestamp/0, os:system_time/0,1, calendar:local_time/0,
 *             universal_time/0
 *   "random"  entropy: rand's functions on the process's generator
 *             (seed/1,2, uniform/0,1, uniform_real/0, normal/0,2, bytes/1,
 *             jump/0, export_seed/0), rand:seed_s/1 and
 *             crypto:strong_rand_bytes/1. rand's functions on an explicit
 *             state (seed_s/2, uniform_s/1,2, ...) are pure and need nothing.
 *   "files"   file:read_file/1, write_file/2, list_dir/1, list_dir_all/1, delete/1,
 *             make_dir/1, del_dir/1, read_file_info/1, rename/2, consult/1
 *             over the run's mounts (hl_mounts, hl_policy_add_mount; without one
 *             every path is enoent). filename's functions are pure and
 *             need nothing.
 * A run reads the real clocks and the system's entropy, or, in the
 * deterministic profile (hl_run_deterministic), a virtual clock and a
 * seeded generator. Grants are part of the program cache key. HL_EMISUSE
 * for a name that is not a capability (hl_capability_name lists them). */
HL_API hl_status hl_compile_options_grant_capability(hl_compile_options *opts, const char *name);
/* The i-th capability's name (i from 0), or NULL past the last: for a
 * command line that lists them. */
HL_API const char *hl_capability_name(size_t i);

/* Releases memory the library returned to the caller (e.g. hl_parse_dump). */
HL_API void hl_free(void *ptr);

/* ---- what a guest may call ---------------------------------------------------- */

/* The functions a guest program may call besides its own and the granted
 * bindings: erlang's builtins and the stdlib modules' exports, read from the
 * compiler's own table (src/core/builtins.def), in its order (grouped by
 * module). hl_callable_count is their number; hl_callable_at gives entry i
 * (module and function names are static strings) and HL_EMISUSE for i out of
 * range. Flags: */
enum {
    HL_CALLABLE_AUTO = 1,       /* erlang's, callable without the module (OTP's auto-import) */
    HL_CALLABLE_GUARD = 2,      /* allowed in guards */
    HL_CALLABLE_CAPABILITY = 4, /* only where a capability grants it */
};
HL_API size_t hl_callable_count(void);
HL_API hl_status hl_callable_at(size_t i, const char **module, const char **function, uint32_t *arity,
                                uint32_t *flags);


/* ---- tenants: a warm guest context called many times ------------------------ */

/* A tenant is one isolated guest context of a program: its process, heap
 * and limits, created once and called many times. A warm call reuses the
 * process's memory instead of building a new one (every term of the
 * previous call is dropped: calls share no guest state yet; guest actors
 * that keep state come with processes). A tenant is used by one thread at
 * a time (it may move between threads); hl_tenant_interrupt may be called
 * from any thread or a signal handler. The tenant holds a reference to its
 * module. */
typedef struct hl_tenant hl_tenant;

/* Limits of a tenant's calls (an opaque object, so new limits can be added
 * without breaking the ABI). Every limit starts at its default (see
 * hl_run_limits); a setter may only give a finite, positive value. */
typedef struct hl_limits hl_limits;
typedef enum hl_limit {
    HL_LIMIT_REDUCTIONS = 0,   /* per call */
    HL_LIMIT_HEAP_BYTES = 1,   /* per call: heap + stack + off-heap binaries */
    HL_LIMIT_TIMEOUT_MS = 2,   /* per call, wall clock */
    HL_LIMIT_OUTPUT_BYTES = 3, /* per call: what the guest may write */
    HL_LIMIT_HOST_ATOMS = 4,   /* per call: atoms the arguments bring that the
                                  program does not contain (default
                                  HL_RUN_DEFAULT_MAX_HOST_ATOMS, at most
                                  1,048,576; docs/limits.md) */
} hl_limit;
HL_API hl_status hl_limits_new(hl_limits **out);
HL_API hl_status hl_limits_set(hl_limits *limits, hl_limit which, uint64_t value);
HL_API hl_status hl_limits_get(const hl_limits *limits, hl_limit which, uint64_t *value);
HL_API void hl_limits_free(hl_limits *limits);
/* The deterministic profile (hl_run_deterministic) for every call of a
 * tenant made with these limits (on = 0: the real clocks and entropy, the
 * default); each call starts the virtual clock and the seeded generator
 * afresh, so equal calls behave equally. The profile takes read-only
 * mounts only: HL_EMISUSE when the limits' mounts (hl_limits_set_mounts)
 * hold a read-write one, and hl_limits_set_mounts refuses such a set on
 * deterministic limits (docs/files.md). */
HL_API hl_status hl_limits_set_deterministic(hl_limits *limits, int on, uint64_t seed);

/* ---- files: mounts (docs/files.md) --------------------------------------------- */

/* The directories a program granted "files" sees: each a host directory
 * shown at a guest path, read-only or read-write, with quotas. A guest
 * reaches them with OTP's file:read_file/1, write_file/2, list_dir/1,
 * list_dir_all/1, delete/1, make_dir/1, del_dir/1, read_file_info/1, rename/2 and
 * consult/1; no path
 * leaves its mount (every path is opened beneath the mount's directory
 * descriptor, no symbolic link is followed, only regular files are read
 * or written). Quotas count over the life of the set, shared by every run
 * and tenant that uses it: max_bytes_written (bytes write_file may write,
 * overwritten or not: enospc past it), max_files (files and directories it
 * may create: enospc past it) and max_file_bytes (the largest file it may
 * write or read: efbig past it; a guest binary holds at most 16 MiB, so a
 * larger file is efbig whatever the quota); 0 takes the default
 * (HL_MOUNT_DEFAULT_*: a quota is never unlimited). */
typedef struct hl_mounts hl_mounts;
#define HL_MOUNT_DEFAULT_BYTES_WRITTEN ((uint64_t)64 << 20)
#define HL_MOUNT_DEFAULT_FILES 10000u
#define HL_MOUNT_DEFAULT_FILE_BYTES ((uint64_t)16 << 20)
#define HL_MOUNT_MAX 64
HL_API hl_status hl_mounts_new(hl_mounts **out);
/* Opens host_dir now (HL_EMISUSE with a message when it cannot be opened
 * as a directory, guest_path is not absolute or already mounted, or more
 * than HL_MOUNT_MAX) and shows it at guest_path (normalised: "/data").
 * Every mount is added before the set is first used (HL_EMISUSE after). */
HL_API hl_status hl_mounts_add(hl_mounts *mounts, const char *host_dir, const char *guest_path, int writable,
                               uint64_t max_bytes_written, uint64_t max_files, uint64_t max_file_bytes,
                               hl_error **err);
/* What the guest used of one mount's quotas so far. */
HL_API hl_status hl_mounts_usage(const hl_mounts *mounts, const char *guest_path, uint64_t *bytes_written,
                                 uint64_t *files);
/* Drops the caller's reference (limits and tenants keep their own). */
HL_API void hl_mounts_free(hl_mounts *mounts);
/* The mounts of every tenant made with these limits (a reference is kept;
 * NULL: none). The program also needs the "files" capability. HL_EMISUSE
 * for a set with a read-write mount on deterministic limits. */
HL_API hl_status hl_limits_set_mounts(hl_limits *limits, hl_mounts *mounts);

/* The exported function name/arity of the program's entry module, looked up
 * once: *fn is its handle for hl_tenant_call. HL_EEXCEPTION with error:undef
 * in *err (naming the arities that are exported) when there is none. */
HL_API hl_status hl_module_function(const hl_module *module, const char *name, uint32_t arity, uint32_t *fn,
                                    hl_error **err);

/* A tenant of `module` with `limits` (copied; NULL: defaults). */
HL_API hl_status hl_tenant_new(const hl_module *module, const hl_limits *limits, hl_tenant **out);
HL_API void hl_tenant_free(hl_tenant *tenant);

/* Calls function fn (hl_module_function) with copies of args and runs it to
 * its end under the tenant's limits; outcomes as hl_run. */
HL_API hl_status hl_tenant_call(hl_tenant *tenant, uint32_t fn, hl_value *const *args, size_t nargs,
                                hl_value **result, hl_error **err);
/* The same in slices: hl_tenant_start prepares the call, each
 * hl_tenant_resume runs it for at most `reductions` reductions (0: to its
 * end) and returns HL_PENDING while it has not finished, or the call's
 * outcome as hl_tenant_call. The limits count over the whole call; the
 * timeout's clock starts when the call first runs (its first resume).
 * A program granted "processes" runs each call as a tree of processes
 * that ends with it; its calls resume only with reductions 0 (to the end;
 * HL_EMISUSE otherwise, for now: docs/actors.md). */
HL_API hl_status hl_tenant_start(hl_tenant *tenant, uint32_t fn, hl_value *const *args, size_t nargs,
                                 hl_error **err);
HL_API hl_status hl_tenant_resume(hl_tenant *tenant, uint64_t reductions, hl_value **result, hl_error **err);
/* Stops the tenant's current call (running, or started by hl_tenant_start
 * and not finished) as soon as it reaches a reduction check (every 1,024
 * reductions at most, and within 1 ms of a wait): the call ends with
 * HL_ELIMIT, limit HL_LIMIT_KIND_INTERRUPTED. Async-signal-safe; any thread.
 * hl_tenant_start and hl_tenant_call clear it, so an interrupt that arrives
 * when no call is current is dropped: a watchdog's late interrupt never
 * stops the next call. */
HL_API void hl_tenant_interrupt(hl_tenant *tenant);
/* Reductions the last call used (so far, while it is pending). */
HL_API uint64_t hl_tenant_reductions(const hl_tenant *tenant);
/* What the last call wrote (io:format, ...; the tenant's buffer, valid until
 * its next call), with its length. */
HL_API const char *hl_tenant_output(const hl_tenant *tenant, size_t *len);

/* ---- policy, JSON, usage and audit (docs/policy.md, docs/embedding.md) ------ */

/* What a run used. Every field is measured for every outcome (returned,
 * exception, any limit): reductions as hl_run_counted reports them;
 * peak_heap_bytes the most the run's process held (heap blocks, fragments,
 * off-heap binaries and stack; sampled whenever it grows, at most
 * max_heap_bytes); wall_ns and
 * cpu_ns the call's wall-clock and thread CPU time (bindings included;
 * cpu_ns only where it is asked for: hl_run_policy with a usage
 * out-parameter, or any run or tenant call while an audit callback is set,
 * else 0, because reading a thread's CPU clock is a system call of about
 * 1 µs, several times a short call's cost; where it is not asked for,
 * wall_ns counts from the run's deadline clock, which starts after its
 * first 1,024 reductions or at its first wait or binding call: a run that
 * ends sooner reads no clock and reports 0, since two clock reads cost
 * more than its whole run); output_bytes what the guest wrote (the bytes kept, within
 * max_output_bytes); binding_calls and
 * binding_ns the host bindings it called and the wall time spent in them. */
typedef struct hl_usage {
    uint64_t reductions;
    uint64_t peak_heap_bytes;
    uint64_t wall_ns;
    uint64_t cpu_ns;
    uint64_t output_bytes;
    uint64_t binding_calls;
    uint64_t binding_ns;
} hl_usage;

/* What a tenant's last call used (so far, while it is pending); the time
 * counts the slices only, not the host's pauses between them. */
HL_API hl_status hl_tenant_usage(const hl_tenant *tenant, hl_usage *usage);
/* The usage of the run an error object came from (any error of hl_run,
 * hl_run_capture, hl_run_counted, hl_run_policy or a tenant call that ran).
 * HL_EMISUSE for errors of other calls. */
HL_API hl_status hl_error_usage(const hl_error *err, hl_usage *usage);

/* A policy: what a program may do (limits, granted bindings, capabilities,
 * mounts, output cap), from one JSON document (docs/policy.md, schema in
 * docs/policy.schema.json). Immutable once loaded except for
 * hl_policy_grant; may be shared by threads once built. */
typedef struct hl_policy hl_policy;

/* The default policy: default limits, no bindings, no capabilities. */
HL_API hl_status hl_policy_new(hl_policy **out);
/* Reads a policy document (UTF-8 JSON, at most 1 MiB). A bad document is
 * HL_EMISUSE with one located diagnostic (hl_error_diagnostic: line and
 * column; the message names the JSON path of the bad field, e.g.
 * `$.run.max_reductions`); unknown keys are refused with the closest known
 * key as a hint. `name` (may be NULL) names the document in messages. */
HL_API hl_status hl_policy_from_json(const char *name, const char *text, size_t len, hl_policy **out,
                                     hl_error **err);
HL_API void hl_policy_free(hl_policy *policy);
/* Grants one capability by name ("processes", "clocks", "random", "files").
 * HL_EMISUSE with a message for an unknown name or one this version does not
 * provide. */
HL_API hl_status hl_policy_grant(hl_policy *policy, const char *capability, hl_error **err);
/* Adds a mount to the policy, as the document's "mounts" do (and grants
 * "files"): checked now (an absolute host directory and guest path), opened
 * by each hl_run_policy (so its quotas count per run) and by
 * hl_policy_limits (per set of limits). Quotas 0: the defaults. */
HL_API hl_status hl_policy_add_mount(hl_policy *policy, const char *host_dir, const char *guest_path, int writable,
                                     uint64_t max_bytes_written, uint64_t max_files, uint64_t max_file_bytes,
                                     hl_error **err);
/* Sets one run limit of the policy (a host building its policy in C, as
 * the document's "limits.run" and "output" do): the value per-call limits
 * may then only lower. HL_EMISUSE out of range. */
HL_API hl_status hl_policy_set_run_limit(hl_policy *policy, hl_limit which, uint64_t value);
/* Runs under the policy (hl_run_policy) and tenants made from it
 * (hl_policy_limits) take the deterministic profile (on = 1: a virtual
 * clock and entropy seeded with `seed`, as hl_run_deterministic; 0: the
 * real ones, the default). The profile takes read-only mounts only: a
 * read-write mount already in the policy is HL_EMISUSE here, and one added
 * later is refused by hl_policy_add_mount (docs/files.md says why). */
HL_API hl_status hl_policy_set_deterministic(hl_policy *policy, int on, uint64_t seed, hl_error **err);
/* 1 when the policy grants the capability, else 0. */
HL_API int hl_policy_has_capability(const hl_policy *policy, const char *capability);
/* New compile options carrying the policy: its compile limits and its
 * granted bindings. The options' limits may then only be lowered
 * (hl_compile_options_set_limit above the policy's value is HL_EMISUSE) and
 * no binding outside the policy may be granted (HL_EMISUSE). HL_EMISUSE
 * with a message when the policy asks for something this version cannot
 * give. */
HL_API hl_status hl_policy_compile_options(const hl_policy *policy, hl_compile_options **out, hl_error **err);
/* The limits a call runs under: each field of `request` (may be NULL) that
 * is 0 takes the policy's value; a non-zero one must not pass it
 * (HL_EMISUSE, the message naming the limit and the policy's value). */
HL_API hl_status hl_policy_run_limits(const hl_policy *policy, const hl_run_limits *request, hl_run_limits *out,
                                      hl_error **err);

/* A tenant's limits (hl_tenant_new) from the policy: every run limit and
 * the host-atom quota; hl_limits_set may then only lower them (HL_EMISUSE
 * above the policy's value). The policy's mounts are opened into the limits
 * (HL_EMISUSE when a host directory cannot be opened). */
HL_API hl_status hl_policy_limits(const hl_policy *policy, hl_limits **out);

/* hl_run_counted under a policy (NULL: the defaults): limits as
 * hl_policy_run_limits gives them, the policy's host-atom quota, and the
 * usage in *usage (may be NULL) for every outcome. */
HL_API hl_status hl_run_policy(const hl_module *module, const hl_policy *policy, const char *function,
                               hl_value *const *args, size_t nargs, const hl_run_limits *limits, hl_value **result,
                               char **output, size_t *output_len, hl_usage *usage, hl_error **err);

/* The longest a call of binding module:function/arity may take, in ms (0:
 * no bound but the run's deadline). A call that returns after it faults
 * the run: HL_ELIMIT, HL_LIMIT_KIND_DEADLINE, the message naming the
 * binding. Any binding that returns after the run's deadline faults it the
 * same way. HL_EMISUSE when no such binding is registered. */
HL_API hl_status hl_engine_set_binding_timeout(hl_engine *engine, const char *module, const char *function,
                                               uint32_t arity, uint64_t ms);

/* Audit: one record per compile, run and binding call. */
typedef enum hl_audit_kind {
    HL_AUDIT_COMPILE = 0, /* name: the first module's source name */
    HL_AUDIT_RUN = 1,     /* name: the function called */
    HL_AUDIT_BINDING = 2, /* name: "module:function/arity" */
} hl_audit_kind;
typedef struct hl_audit_record {
    hl_audit_kind kind;
    hl_status status;        /* the call's outcome; for a binding, its callback's */
    hl_limit_kind limit;     /* HL_ELIMIT: which */
    const char *name;        /* valid during the callback only */
    const void *tenant;      /* the hl_tenant of a tenant call, else NULL */
    const hl_usage *usage;   /* runs: the run's; bindings: binding_calls 1 and
                                wall_ns/binding_ns of the call; compiles:
                                wall_ns and cpu_ns */
} hl_audit_record;
typedef void (*hl_audit_fn)(void *data, const hl_audit_record *record);
/* Installs (fn NULL: removes) the engine's audit callback. It runs in the
 * thread of the call it records, after the call, and must not call back
 * into the library for that engine's runs. A run or compile already under
 * way keeps the callback it started with. Thread-safe. */
HL_API hl_status hl_engine_set_audit(hl_engine *engine, hl_audit_fn fn, void *data);

/* JSON at the boundary (docs/embedding.md, "JSON"): object <-> map with
 * binary keys, array <-> proper list, string <-> binary (UTF-8), integer
 * <-> integer (int64 on input; any integer on output), number with a
 * fraction or exponent <-> float, true/false/null <-> the atoms. On output
 * atoms other than true/false/null become strings, and map keys may be
 * binaries, atoms or integers (as their text); tuples, non-UTF-8 or bit
 * binaries, improper lists and pids/funs/references are refused
 * (HL_EREJECTED, the message giving the path). Bounded: at most
 * HL_JSON_MAX_DEPTH levels and HL_JSON_MAX_BYTES of text either way. */
#define HL_JSON_MAX_DEPTH 512u
#define HL_JSON_MAX_BYTES ((size_t)16 << 20)
HL_API hl_status hl_value_from_json(const char *text, size_t len, hl_value **out, hl_error **err);
/* *text (NUL-terminated, *len bytes) is released with hl_free. */
HL_API hl_status hl_value_to_json(const hl_value *v, char **text, size_t *len, hl_error **err);

/* ---- actors: tenants on the engine's scheduler (docs/actors.md) ------------
 *
 * An actor is a guest process started from a compiled program (granted the
 * "processes" capability) that lives on the engine's scheduler: worker
 * threads owned by the engine run it, and every process it spawns, in
 * slices of 4,000 reductions, between the calls the host makes to it. The
 * actor and its processes are one *world*: they never run on two threads
 * at once and share nothing with another actor. The actor's life ends when
 * its first process ends (returns, raises, is killed, or a limit of its
 * tree stops it); the processes it leaves are stopped then.
 *
 * Every hl_actor_* call is safe from any thread; a host thread waiting in
 * hl_actor_call, hl_actor_receive or hl_actor_wait never blocks a worker.
 * Host bindings a program calls run on the thread running its step: a
 * worker, or the caller of hl_actor_call, which runs the step of a parked
 * actor itself (no thread switch for a call to an idle server; never when
 * the actor's scope bounds permits or CPU). */

/* The number of worker threads of the engine's scheduler (default: the
 * online cores), at most 1,024. HL_EMISUSE once the scheduler started (the
 * first hl_actor_start starts it) or for 0. */
HL_API hl_status hl_engine_set_workers(hl_engine *engine, uint32_t workers);

/* Priority classes: a worker always runs a queued latency actor before a
 * normal one, and a normal one before a background one. */
typedef enum hl_priority {
    HL_PRIORITY_LATENCY = 0,
    HL_PRIORITY_NORMAL = 1,
    HL_PRIORITY_BACKGROUND = 2,
} hl_priority;

/* A scope groups actors under one policy; every process of its actors
 * (those their guests spawn included) counts against it. A spawn past its
 * processes or memory fails in the guest with error:system_limit, as OTP's
 * past its process limit; hl_actor_start past them is refused with
 * HL_ELIMIT, HL_LIMIT_KIND_ADMISSION. The engine has a default scope (the
 * defaults below) for actors started without one. A scope is
 * reference-counted: hl_scope_free drops the host's reference, each actor
 * holds one. Its settings are fixed once an actor started in it
 * (HL_EMISUSE after).
 *   MAX_PROCESSES   1,048,576  live processes of all its actors (<= 2^32-1)
 *   MEMORY_BYTES    4 GiB      bytes held by all their processes (heaps,
 *                              stacks, mailboxes, off-heap binaries),
 *                              counted at each slice's end: a process that
 *                              takes it past the budget dies as one past
 *                              its heap limit (reason killed; an actor's
 *                              first process: HL_LIMIT_KIND_HEAP)
 *   PERMITS         0 (none)   steps of its actors running at once
 *   PRIORITY        NORMAL     hl_priority
 *   CPU_QUOTA_US    0 (none)   CPU time its actors may use per window: an
 *                              actor of a scope over it waits for the next
 *                              window (e.g. 50,000 per 100,000: half a core)
 *   CPU_WINDOW_US   100,000    the quota's window */
typedef struct hl_scope hl_scope;
typedef enum hl_scope_limit {
    HL_SCOPE_MAX_PROCESSES = 0,
    HL_SCOPE_MEMORY_BYTES = 1,
    HL_SCOPE_PERMITS = 2,
    HL_SCOPE_PRIORITY = 3,
    HL_SCOPE_CPU_QUOTA_US = 4,
    HL_SCOPE_CPU_WINDOW_US = 5,
} hl_scope_limit;
HL_API hl_status hl_scope_new(hl_engine *engine, hl_scope **out);
HL_API hl_status hl_scope_set(hl_scope *scope, hl_scope_limit which, uint64_t value);
HL_API hl_status hl_scope_get(const hl_scope *scope, hl_scope_limit which, uint64_t *value);
/* Live processes and the bytes they hold now (either pointer may be NULL). */
HL_API hl_status hl_scope_usage(const hl_scope *scope, uint64_t *processes, uint64_t *bytes);
HL_API void hl_scope_free(hl_scope *scope);

typedef struct hl_actor hl_actor;

/* hl_actor_start flags. HOST_ARG: the host pseudo-process's pid is passed
 * as the first argument (function arity nargs + 1): the guest sends the
 * host messages with HostPid ! Msg (hl_actor_receive). It is also the
 * pid in the From of every hl_actor_call. */
enum { HL_ACTOR_HOST_ARG = 1u };

/* Starts module's exported function/arity with copies of args as a new
 * actor in scope (NULL: the engine's default scope) under limits (NULL:
 * defaults). The limits bound the actor's whole tree for its whole life:
 * reductions summed over every process, max_heap_bytes per process, one
 * deadline (timeout_ms from its start), output. The module must be
 * granted "processes" (HL_EMISUSE otherwise). HL_ELIMIT with
 * HL_LIMIT_KIND_ADMISSION when the scope is full or the engine is being
 * freed; HL_EEXCEPTION (error:undef) for a function it does not export. */
HL_API hl_status hl_actor_start(const hl_module *module, const char *function, hl_value *const *args, size_t nargs,
                                hl_scope *scope, const hl_limits *limits, unsigned flags, hl_actor **out,
                                hl_error **err);
/* Sends a copy of msg to the actor's first process (Msg in its mailbox).
 * Messages from one host thread arrive in the order sent. HL_EREJECTED
 * when msg holds an atom past the actor's host-atom quota
 * (HL_LIMIT_HOST_ATOMS counts over its life); a message to an actor that
 * ended is dropped (HL_OK, as a send to a dead pid). */
HL_API hl_status hl_actor_send(hl_actor *actor, const hl_value *msg, hl_error **err);
/* gen_server's cast: the guest receives {'$gen_cast', Msg}. */
HL_API hl_status hl_actor_cast(hl_actor *actor, const hl_value *msg, hl_error **err);
/* gen_server's call protocol: the guest receives
 * {'$gen_call', {HostPid, Tag}, Request} and answers with
 * HostPid ! {Tag, Reply}; *reply is a copy of Reply. timeout_ms 0: wait
 * as long as the actor lives. No reply in time: HL_ELIMIT,
 * HL_LIMIT_KIND_DEADLINE (a later reply is dropped). The actor ending
 * before it replies: HL_EEXCEPTION, exit:noproc. A Reply holding a pid,
 * reference or fun: HL_EREJECTED. */
HL_API hl_status hl_actor_call(hl_actor *actor, const hl_value *request, uint64_t timeout_ms, hl_value **reply,
                               hl_error **err);
/* The next message the guest sent to the host pseudo-process, in order;
 * HL_PENDING when none came within timeout_ms (0: do not wait) or the
 * actor ended with none left. A guest's send of a term holding a pid,
 * reference or fun to the host raises badarg in the guest; messages past
 * the actor's max_heap_bytes waiting here are dropped. From inside a
 * binding callback only timeout_ms 0 is allowed (HL_EMISUSE: a wait
 * would hold a worker), as for hl_actor_call and hl_actor_wait. */
HL_API hl_status hl_actor_receive(hl_actor *actor, uint64_t timeout_ms, hl_value **msg);
/* Waits for the actor's end (timeout_ms 0: as long as it takes) and gives
 * its outcome as hl_run would for its first process: HL_OK with the
 * result, HL_EEXCEPTION (killed: exit:killed), HL_ELIMIT (which limit;
 * HL_LIMIT_KIND_INTERRUPTED after hl_actor_interrupt or when the engine
 * was freed), ... HL_PENDING when it has not ended within timeout_ms.
 * Any number of calls, from any thread, get the same outcome. */
HL_API hl_status hl_actor_wait(hl_actor *actor, uint64_t timeout_ms, hl_value **result, hl_error **err);
/* An exit signal from the host to the first process: stop sends shutdown
 * (a process trapping exits gets {'EXIT', HostPid, shutdown}), kill sends
 * kill (untrappable: the actor ends with exit:killed at its next
 * reduction check). Neither waits: hl_actor_wait does. */
HL_API hl_status hl_actor_stop(hl_actor *actor);
HL_API hl_status hl_actor_kill(hl_actor *actor);
/* Ends the actor as soon as it reaches a reduction check or, waiting, at
 * once: HL_ELIMIT, HL_LIMIT_KIND_INTERRUPTED. Async-signal-safe. */
HL_API void hl_actor_interrupt(hl_actor *actor);
/* Another handle on the same actor (each is freed with hl_actor_free). */
HL_API hl_actor *hl_actor_retain(hl_actor *actor);
/* Drops a handle. Dropping the last one kills the actor and every process
 * it spawned (as hl_actor_kill): no process outlives its last handle. */
HL_API void hl_actor_free(hl_actor *actor);
/* What the actor's processes wrote (io:format, ...), once it ended
 * (hl_actor_wait returned its outcome); "" before. Owned by the actor. */
HL_API const char *hl_actor_output(const hl_actor *actor, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
