/* fuzz_parse.c — libFuzzer target over the whole front end: lex, parse, and
 * the AST dump, with small limits so each input stays fast. Any input must
 * give either an AST or diagnostics; crashes, leaks, hangs and sanitizer
 * reports are findings. */
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "front/front.h"
#include "front/limits.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_source_bytes = 1 << 20;
    lim.max_tokens = 100000;
    lim.max_depth = 200;
    lim.max_string_chars = 100000;
    lim.max_integer_digits = 2000;
    lim.max_memory_bytes = 64u << 20;
    hl_front_result *r = hl_front_parse((const char *)data, size, &lim);
    if (!r) return 0;
    if (hl_diags_errors(&r->diags) == 0) {
        hl_buf out;
        hl_buf_init(&out, 64u << 20);
        hl_front_dump(r, &out);
        hl_buf_free(&out);
    }
    hl_front_free(r);
    return 0;
}
