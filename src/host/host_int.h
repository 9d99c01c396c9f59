/* host_int.h — what the files of src/host share: the error object, the
 * engine (with its program cache), the module and host-value layouts. */
#ifndef HL_HOST_HOST_INT_H
#define HL_HOST_HOST_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "front/limits.h"
#include "gen/load.h"
#include "hyperlang.h"
#include "term/heap.h"
#include "term/term.h"

struct hl_error {
    hl_status status;
    char *message;          /* rendered text */
    hl_diags diags;         /* compile errors (taken from the front end) */
    hl_limit_kind limit;    /* HL_ELIMIT from a run */
    char *exc_class, *exc_reason, *exc_stack; /* HL_EEXCEPTION */
};

struct hl_compile_options {
    hl_front_limits front;
};

/* The program cache: content hash -> module (one reference held). */
enum { HL_CACHE_MAX = 256 };
typedef struct hl_cache_entry {
    uint8_t key[32];
    hl_module *module;
    uint64_t stamp; /* insertion order, to drop the oldest */
    /* Fast path of a hit: a cheap hash, then an exact comparison of the
     * source and options (sources up to HL_CACHE_COPY_MAX are kept). */
    uint64_t fast;
    size_t len;
    char *src;
    hl_front_limits lim;
} hl_cache_entry;

enum { HL_CACHE_COPY_MAX = 1u << 20 };

struct hl_engine {
    pthread_mutex_t lock;
    hl_cache_entry cache[HL_CACHE_MAX];
    uint32_t ncache;
    uint64_t stamp;
};

struct hl_module {
    atomic_uint refs;
    hl_program *prog;
    uint8_t key[32];
};

/* Shared storage of host values: a heap that owns the copied terms. */
typedef struct hl_vstore {
    atomic_uint refs;
    hl_heap heap;
} hl_vstore;

struct hl_value {
    hl_vstore *store; /* NULL for immediates */
    hl_term t;
};

/* api.c */
hl_error *hl_host_error_new(hl_status status, const char *message);
hl_error *hl_host_error_from_diags(hl_diags *diags, const char *name);
hl_status hl_host_set_error(hl_error **err, hl_error *e);
extern struct hl_error hl_host_oom_error;

/* term_api.c */
/* Checks that a guest term may leave (no funs, no handles) and copies it
 * into a new host value (atoms retained). HL_EREJECTED / HL_ENOMEM. */
hl_status hl_host_value_from_term(hl_term t, hl_value **out);
/* Text of a term: ~p (pretty, 80 columns) or ~w; false on NOMEM. */
bool hl_host_term_text(hl_buf *out, hl_term t, bool pretty);

/* sha256.c */
typedef struct hl_sha256 {
    uint32_t h[8];
    uint64_t len;
    uint8_t buf[64];
    uint32_t nbuf;
} hl_sha256;
void hl_sha256_init(hl_sha256 *s);
void hl_sha256_update(hl_sha256 *s, const void *data, size_t len);
void hl_sha256_final(hl_sha256 *s, uint8_t out[32]);

#endif
