/* fuzz_pp.c — libFuzzer target for the preprocessor (src/front/pp*.c) and
 * the front end behind it, with headers: the input is a module, then
 * optionally "\n%%%HEADER\n" and the text of a header named "h.hrl" (which
 * the module may -include or -include_lib, and which may include itself).
 * Small limits and a small work budget keep each input fast: macro bombs
 * must end in a diagnostic, never a crash, leak, hang or sanitizer report. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/meter.h"
#include "front/front.h"
#include "front/limits.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char sep[] = "\n%%%HEADER\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *src = (const char *)data;
    size_t len = size;
    hl_front_header h = {"h.hrl", "", 0};
    for (size_t i = 0; i + sizeof sep - 1 <= size; i++)
        if (memcmp(src + i, sep, sizeof sep - 1) == 0) {
            len = i;
            h.text = src + i + sizeof sep - 1;
            h.len = size - i - (sizeof sep - 1);
            break;
        }
    hl_front_limits lim;
    hl_front_limits_default(&lim);
    lim.max_source_bytes = 1 << 20;
    lim.max_tokens = 50000;
    lim.max_depth = 200;
    lim.max_string_chars = 100000;
    lim.max_integer_digits = 2000;
    lim.max_memory_bytes = 64u << 20;
    lim.max_work = 2u << 20;
    lim.max_wall_ms = 5000;
    lim.file_name = "fuzz.erl";
    lim.headers = &h;
    lim.nheaders = 1;
    hl_meter m;
    hl_meter_begin(&m, lim.max_work, lim.max_wall_ms);
    hl_front_result *r = hl_front_parse(src, len, &lim);
    hl_meter_end(&m);
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
