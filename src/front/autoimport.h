/* autoimport.h — OTP 25's auto-imported BIFs and guard BIFs as lookups
 * (front/autoimport.c). */
#ifndef HL_FRONT_AUTOIMPORT_H
#define HL_FRONT_AUTOIMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* OTP facts about erlang:F/A written without a module. */
bool hl_autoimport_is_bif(const char *f, size_t flen, uint32_t arity);
bool hl_autoimport_is_old(const char *f, size_t flen, uint32_t arity);
/* OTP's guard BIFs (erl_internal:guard_bif/type_test) and operators
 * (arith, comparison, boolean): what erl_lint admits in guards. */
bool hl_otp_guard_bif(const char *f, size_t flen, uint32_t arity);

#endif
