/* fuzz_re.c — libFuzzer target for the re module (lib/re.erl over
 * vm/bif_re.c and PCRE2): the input is split into options (first byte, a
 * bit each), a pattern and a subject (at the first two NUL bytes), and a
 * fixed guest module runs re:run, re:replace, re:split and re:compile on
 * them under small limits. Every call must end in a classified outcome
 * (a result, an exception, a limit); crashes, leaks, hangs and sanitizer
 * reports are findings. Seeds: fuzz/corpus/fuzz_re/. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hyperlang.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char guest[] =
    "-module(fre).\n-export([go/3]).\n"
    "opts(F) -> [O || {B, O} <- [{1, unicode}, {2, caseless}, {4, multiline}, {8, dotall},\n"
    "  {16, extended}, {32, ungreedy}, {64, {newline, any}}, {128, ucp}], F band B =/= 0].\n"
    "go(F, P, S) -> O = opts(F),\n"
    "  R1 = (catch re:run(S, P, [global, report_errors, {capture, all, binary} | O])),\n"
    "  R2 = (catch re:replace(S, P, <<\"<&\\\\1>\">>, [global, {return, binary} | O])),\n"
    "  R3 = (catch re:split(S, P, [trim | O])),\n"
    "  R4 = (catch re:compile(P, O)),\n"
    "  R5 = (catch re:run(binary_to_list(S), P, [{capture, all, list}, {offset, byte_size(S) div 2} | O])),\n"
    "  {R1, R2, R3, R4, R5}.\n";

static hl_engine *engine;
static hl_module *mod;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!engine && hl_engine_new(&engine) != HL_OK) return 0;
    if (!mod) {
        hl_error *err = NULL;
        if (hl_compile(engine, "fre.erl", guest, sizeof guest - 1, NULL, &mod, &err) != HL_OK) abort();
        hl_error_free(err);
    }
    if (size < 1) return 0;
    unsigned flags = data[0];
    const uint8_t *rest = data + 1, *end = data + size;
    const uint8_t *nul = memchr(rest, 0, (size_t)(end - rest));
    const uint8_t *pat = rest, *subj = nul ? nul + 1 : end;
    size_t plen = (size_t)((nul ? nul : end) - rest);
    hl_value *args[3] = {NULL, NULL, NULL};
    hl_value_int((int64_t)flags, &args[0]);
    hl_value_binary(pat, plen, &args[1]);
    hl_value_binary(subj, (size_t)(end - subj), &args[2]);
    if (args[0] && args[1] && args[2]) {
        hl_run_limits lim = {2000000, 16u << 20, 2000, 0};
        hl_value *r = NULL;
        hl_error *e = NULL;
        hl_run(mod, "go", args, 3, &lim, &r, &e);
        hl_value_free(r);
        hl_error_free(e);
    }
    for (int i = 0; i < 3; i++) hl_value_free(args[i]);
    return 0;
}
