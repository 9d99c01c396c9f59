/* float_format.h — float_to_list/2, float_to_binary/2 and list_to_float/1,
 * binary_to_float/1 as OTP 25 does them, on plain C buffers (the VM builds
 * the terms). Every quirk that a guest can observe is kept on purpose: see
 * float_format.c. */
#ifndef HL_TERM_FLOAT_FORMAT_H
#define HL_TERM_FLOAT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term/term.h"

/* OTP formats into a 256-byte buffer: any text of 256 bytes or more (with
 * the NUL) is badarg, which is where the documented limits 253 ({decimals,N}
 * on 0.x) and 249 ({scientific,N} on x.e+NN) come from. */
enum { HL_FLOAT_TEXT_MAX = 256 };

typedef enum hl_float_fmt_kind {
    HL_FLOAT_FMT_SCIENTIFIC, /* "%.*e" (the default, 20 digits) */
    HL_FLOAT_FMT_DECIMALS,   /* fixed point, N digits after the point */
    HL_FLOAT_FMT_SHORT,      /* shortest round-trip text */
} hl_float_fmt_kind;

typedef struct hl_float_fmt {
    hl_float_fmt_kind kind;
    int32_t digits; /* as OTP's C int: the option's value truncated to 32 bits */
    bool compact;
} hl_float_fmt;

/* The format of float_to_list/1 ({scientific,20}). */
hl_float_fmt hl_float_fmt_default(void);

/* Reads an option list. BADARG on an improper list or an unknown option
 * (checks on the digit count come with formatting). *steps: list cells
 * walked, for the caller to charge. */
hl_term_status hl_float_fmt_parse(hl_term opts, hl_float_fmt *fmt, uint64_t *steps);

/* Writes the text of finite v (NUL-terminated) and returns its length, or
 * -1 where OTP raises badarg. */
int hl_float_format(double v, const hl_float_fmt *fmt, char out[HL_FLOAT_TEXT_MAX]);

/* OTP's strict float syntax: [+-]D+[.,]D+([eE][+-]?D+)?, the text ending at
 * its end or at the first NUL byte (C-string semantics, as OTP). Overflow is
 * BADARG, underflow gives the nearest double (0.0 or a subnormal). */
hl_term_status hl_float_parse(const unsigned char *s, size_t n, double *out);

#endif
