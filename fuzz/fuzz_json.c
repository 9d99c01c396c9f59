/* fuzz_json.c — libFuzzer target over the host's JSON boundary:
 * hl_value_from_json on hostile text (what --json-args and embedders pass),
 * then, for what parses, hl_value_to_json and a second parse of that text,
 * which must give the same term (the round trip is exact for everything
 * from_json makes); and hl_policy_from_json on the same bytes, which must
 * load or fail with one located diagnostic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hyperlang.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hl_value *v = NULL;
    hl_error *err = NULL;
    hl_status s = hl_value_from_json((const char *)data, size, &v, &err);
    if (s != HL_OK && (!err || !hl_error_message(err)[0])) abort(); /* a refusal says why */
    if (s == HL_OK) {
        char *text = NULL, *t1 = NULL, *t2 = NULL;
        size_t len = 0;
        if (hl_value_to_json(v, &text, &len, NULL) != HL_OK) abort(); /* from_json's values all print */
        hl_value *back = NULL;
        if (hl_value_from_json(text, len, &back, NULL) != HL_OK) abort();
        if (hl_value_to_text(v, 0, &t1, NULL) != HL_OK || hl_value_to_text(back, 0, &t2, NULL) != HL_OK) abort();
        if (strcmp(t1, t2) != 0) abort(); /* the round trip changed the value */
        hl_free(text), hl_free(t1), hl_free(t2);
        hl_value_free(back);
    }
    hl_value_free(v);
    hl_error_free(err);
    hl_policy *p = NULL;
    err = NULL;
    s = hl_policy_from_json("fuzz", (const char *)data, size, &p, &err);
    if (s != HL_OK && s != HL_ENOMEM && (!err || hl_error_diagnostic_count(err) != 1)) abort();
    if (s == HL_OK) {
        hl_compile_options *o = NULL;
        hl_policy_compile_options(p, &o, NULL);
        hl_compile_options_free(o);
    }
    hl_policy_free(p);
    hl_error_free(err);
    return 0;
}
