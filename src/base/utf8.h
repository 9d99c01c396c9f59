/* utf8.h — strict UTF-8 validation, shared by every layer that admits a
 * name or a text from outside (atom names in the gate, host atoms, binding
 * names): one definition of "valid", so the layers cannot disagree. */
#ifndef HL_BASE_UTF8_H
#define HL_BASE_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when s[0..n) is strict UTF-8 (no overlong forms, no surrogates,
 * nothing above U+10FFFF); *cps gets the number of code points. */
bool hl_utf8_valid(const uint8_t *s, size_t n, size_t *cps);

#endif
