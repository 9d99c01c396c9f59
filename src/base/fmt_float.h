/* fmt_float.h — OTP's shortest round-trip float text, as printed by ~w, ~p
 * and float_to_list(F, [short]) in OTP 25. */
#ifndef HL_BASE_FMT_FLOAT_H
#define HL_BASE_FMT_FLOAT_H

#include <stddef.h>

enum { HL_FLOAT_SHORT_MAX = 32 }; /* enough for every finite double + NUL */

/* Writes the text of finite `v` into out (NUL-terminated) and returns its
 * length: the fewest significant digits that read back as exactly v, printed
 * in plain notation ("123.5", "0.001") or scientific notation ("1.0e10",
 * "1.23e-4"), whichever is shorter, plain on a tie. Non-finite values (which
 * Erlang never holds) print as "badfloat". */
size_t hl_fmt_float_short(double v, char out[HL_FLOAT_SHORT_MAX]);

#endif
