/* fuzz_core.c — libFuzzer target over the compiler up to SafeCore: parse,
 * lower, verify, classify, verify, and the IR text form. Any input must
 * give either a classified module or diagnostics; crashes, leaks, hangs and
 * sanitizer reports are findings. Seeds: fuzz/corpus/fuzz_core/ (the
 * tests/reject programs). */
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "core/core.h"
#include "core/dump.h"
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
    if (hl_diags_errors(&r->diags) == 0 && r->module) {
        hl_core_options o;
        hl_core_options_default(&o);
        o.lim.max_work = 1u << 20;
        hl_diags d;
        hl_diags_init(&d, 20);
        hl_core_module *m = hl_core_compile(r->module, &o, &d);
        if (m) {
            hl_buf out;
            hl_buf_init(&out, 64u << 20);
            hl_core_dump(m, &out);
            hl_buf_free(&out);
        }
        hl_core_free(m);
        hl_diags_free(&d);
    }
    hl_front_free(r);
    return 0;
}
