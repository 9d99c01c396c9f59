/* reader.h — the term-literal reader: Erlang term text (as `hl run`
 * arguments and the API take it) to a term on a heap. Tokens come from the
 * project lexer (erl_scan's literal forms exactly); the parser over them is
 * iterative with a depth limit. Atoms resolve through the caller's policy,
 * never by creating global atoms (invariant 1; same policy as etf.h). */
#ifndef HL_HOST_READER_H
#define HL_HOST_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/atom.h"
#include "term/etf.h"
#include "term/heap.h"
#include "term/term.h"

enum {
    HL_READER_DEFAULT_MAX_DEPTH = 10000,      /* open containers */
    HL_READER_DEFAULT_MAX_BYTES = 16u << 20,  /* text */
    HL_READER_MAX_BINARY_BITS = 1u << 23,     /* one binary literal: 1 MiB */
};

typedef struct hl_reader_opts {
    const hl_atom_pool *pool; /* atoms: static ones and this pool's (NULL: static only) */
    hl_etf_atom_fn atom_fn;   /* when set, replaces the pool policy */
    void *atom_ctx;
    uint32_t max_depth;       /* 0: default */
    size_t max_bytes;         /* 0: default */
} hl_reader_opts;

typedef struct hl_reader_error {
    uint32_t line, col; /* 1-based, columns in code points (0 when not located) */
    char message[200];
    /* What erl_parse would say (file:consult/1's error shapes): HL_READER_OTP_SYNTAX
     * with `token` its text of the token the error is before (yecctoken2string:
     * "3", "foo", "'['", "\"ab\"", "" at the end of the input), or
     * HL_READER_OTP_BAD_TERM (a variable, an operator, a map update where a
     * term goes: "bad term"); HL_READER_OTP_NONE for the reader's own errors. */
    int otp;
    char token[128];
} hl_reader_error;
enum { HL_READER_OTP_NONE, HL_READER_OTP_SYNTAX, HL_READER_OTP_BAD_TERM };

/* Reads exactly one term from text (an optional final '.' is allowed):
 * integers in every form (bases, bignums up to HL_BIG_MAX_BITS, $c chars),
 * floats, atoms (bare and quoted), strings (adjacent ones concatenate),
 * binaries of literal segments (integer, float, char and string values with
 * size and type specifiers: integer/float/binary-free, signed/unsigned,
 * big/little/native, unit:N, utf8/16/32), lists (also improper), tuples,
 * maps (=>), and unary - / + on numbers. Errors: BADARG with err located
 * (syntax, unknown atom, bad segment), SYSTEM_LIMIT (depth, sizes),
 * HEAP_LIMIT, NOMEM. */
hl_term_status hl_read_term(hl_heap *h, const char *text, size_t len, const hl_reader_opts *opts,
                            hl_term *out, hl_reader_error *err);

/* Reads a sequence of terms, each ending with its own '.' (file:consult/1's
 * form; an empty text is []): *out is their list. Errors as hl_read_term,
 * located at the bad token. */
hl_term_status hl_read_terms(hl_heap *h, const char *text, size_t len, const hl_reader_opts *opts, hl_term *out,
                             hl_reader_error *err);

/* hl_read_terms in steps, so a caller can bound one call's work (file:
 * consult/1 of a large term, vm/bif_file.c): the job lexes, then parses,
 * about `budget` tokens per step, its terms on a heap of its own (nothing
 * collects it, so a paused parse's values stay valid; limit heap_limit
 * bytes). A step returns OK with *done false (call again), OK with *done
 * true and *out the list of the text's terms on the job's heap (copy it
 * out before freeing the job), or an error as hl_read_terms. text must
 * outlive the job. hl_read_job_heap_bytes: the memory it holds. */
typedef struct hl_read_job hl_read_job;
hl_read_job *hl_read_job_new(const char *text, size_t len, uint64_t heap_limit);
hl_term_status hl_read_job_step(hl_read_job *j, size_t budget, hl_etf_atom_fn atom_fn, void *atom_ctx, bool *done,
                                hl_term *out, hl_reader_error *err);
uint64_t hl_read_job_heap_bytes(const hl_read_job *j);
void hl_read_job_free(hl_read_job *j);

/* Calls fn with every atom name the text contains (lexing only), so a host
 * can build a pool for them and then read with it. */
hl_term_status hl_read_scan_atoms(const char *text, size_t len, const hl_reader_opts *opts,
                                  hl_etf_name_fn fn, void *ctx, hl_reader_error *err);

#endif
