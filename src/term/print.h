/* print.h — terms as text, exactly as OTP 25's io_lib:format prints them:
 * ~w / ~tw (hl_print_w, print.c) and ~p / ~tp (hl_print_p, print_pretty.c,
 * io_lib_pretty's line breaking). Output is UTF-8 of the code points OTP
 * produces. Both printers are iterative (explicit, heap-allocated stacks):
 * no C recursion depends on the term. Output is bounded by the hl_buf's
 * limit; hitting it stops the printer early with HL_TERM_SYSTEM_LIMIT.
 *
 * Term types without an OTP counterpart print as documented in
 * this header (the lead may copy it into docs/terms.md):
 *   funs          #Fun<Module.Index.Uniq>  (OTP's format for a local fun;
 *                 Module and Uniq come from hl_print_opts.fun_info, default
 *                 "unknown" and 0); an external fun as OTP prints it,
 *                 fun M:F/A, when hl_print_opts.fun_export names it
 *   pid handle    <0.Payload.0>
 *   port handle   #Port<0.Payload>
 *   ref handle    #Ref<0.0.0.Payload>
 *   other handles #Handle<Subtag.Payload>, the non-value THE_NON_VALUE. */
#ifndef HL_TERM_PRINT_H
#define HL_TERM_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "term/term.h"

typedef struct hl_print_opts {
    /* io:printable_range() =:= unicode (erl +pc unicode): with the t
     * modifier, lists and binaries of any printable Unicode characters print
     * as strings. false is erl's default (latin1 range). */
    bool printable_unicode;
    /* ~lp (io_lib_pretty's {strings, false}): lists and binaries are never
     * printed as strings. */
    bool no_strings;
    /* ~P's depth for hl_print_p (io_lib_pretty's {depth, D}); 0: none. */
    int64_t depth;
    /* Names a fun's program for #Fun<Module.Index.Uniq>: sets *module (not
     * NUL-terminated, printed as is) and *uniq; false means unknown. */
    bool (*fun_info)(void *ctx, const void *program, const char **module, size_t *module_len,
                     uint32_t *uniq);
    void *fun_ctx;
    /* Names an external fun's function (hl_fun_is_export) for OTP's
     * `fun M:F/A`: its module and function atoms and its arity; false (or
     * no callback) prints it as a local fun. */
    bool (*fun_export)(const void *program, uint64_t index, hl_term *module, hl_term *function, uint32_t *arity);
} hl_print_opts;

/* ~w (unicode false) or ~tw (unicode true). opts may be NULL.
 * SYSTEM_LIMIT when out's limit is reached (out->failed is set), NOMEM,
 * BADARG for a word that is not a term (a header, a reserved object). */
hl_term_status hl_print_w(hl_buf *out, hl_term t, bool unicode, const hl_print_opts *opts);

/* ~p (unicode false) or ~tp, as io_lib_pretty:print(T, Column, LineLength,
 * -1) with the encoding of the modifier: column is 1-based (io_lib:format's
 * ~p after k characters on the line is column k + 1; below 1 means 1),
 * line_length 80 for a plain ~p, 0 for one line. Transient memory: about
 * 48 bytes per output byte, never more than the output limit allows. */
hl_term_status hl_print_p(hl_buf *out, hl_term t, int column, int line_length, bool unicode,
                          const hl_print_opts *opts);

/* io_lib_pretty's pp(T, Col, Ll, M, TInd, Ind, LD, W) for a subterm of a
 * bigger term that io_lib lays out itself (docs/io.md): the same layout
 * with every parameter given. dry: io_lib_pretty's cind (no output; sets
 * *no_good when the tagged-tuple indentation tind does not fit). */
typedef struct hl_print_at {
    int64_t col, ll, m, tind, ind, ld, w;
    bool dry;
} hl_print_at;
hl_term_status hl_print_p_at(hl_buf *out, hl_term t, bool unicode, const hl_print_opts *opts, const hl_print_at *at,
                             bool *no_good);
/* t's one-line length in characters for ~p, and whether io_lib_pretty
 * treats it as atomic (a leaf written as text: atoms, numbers, strings,
 * string binaries). scratch bounds the work like an output limit. */
hl_term_status hl_print_p_measure(hl_buf *scratch, hl_term t, bool unicode, const hl_print_opts *opts,
                                  int64_t *len, bool *atomic);

/* ---- shared between print.c and print_pretty.c ---- */

typedef struct hl_print_ctx {
    hl_buf *out;
    hl_term_status st;
    bool unicode;
    const hl_print_opts *opts;
} hl_print_ctx;

/* Appends n bytes; records SYSTEM_LIMIT / NOMEM in ctx->st and then ignores
 * further output. */
void hl_print_put(hl_print_ctx *c, const void *bytes, size_t n);
/* Writes a term that is not a list, tuple, map or bitstring (numbers,
 * atoms, funs, handles). */
void hl_print_atomic(hl_print_ctx *c, hl_term t);
/* The byte-list form of a bitstring: <<1,2,3>>, <<1,2:3>>, <<>>. */
void hl_print_bits(hl_print_ctx *c, hl_term t);
/* One character of a quoted string or atom (io_lib's string_char): quote
 * is '"' or '\''; unicode false escapes code points above 255 as \x{HEX}. */
void hl_print_char(hl_print_ctx *c, uint32_t cp, char quote, bool unicode);
/* Decodes one strictly valid UTF-8 code point (no surrogates, no overlong
 * forms, at most 0x10FFFF) from s[0..n); returns its length, 0 if invalid. */
size_t hl_print_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

#endif
