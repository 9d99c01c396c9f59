/* embedding.c — a complete host program: registers a host binding, grants
 * it to a program, runs guest code that calls it, and handles a binding
 * error the guest catches. Built and run by tests/unit/test_bindings.c, and
 * against the installed library by tests/install/check.sh:
 *
 *   cc embedding.c $(pkg-config --cflags --libs hyperlang) */
#include <stdio.h>
#include <string.h>

#include "hyperlang.h"

/* kv:get(Key) -> the integer stored under Key, or a binding error. */
static hl_status kv_get(void *data, const hl_module *module, hl_value *const *args, uint32_t nargs,
                        hl_value **result) {
    const int64_t *table = data; /* three values, keys 0..2 */
    (void)module;
    int64_t key;
    if (nargs != 1 || hl_value_get_int(args[0], &key) != HL_OK || key < 0 || key > 2) {
        static const char msg[] = "no such key";
        hl_value_binary(msg, sizeof msg - 1, result); /* the error's Reason */
        return HL_EEXCEPTION;
    }
    return hl_value_int(table[key], result);
}

static void kv_free(void *data) { printf("finalizer called for table at %p\n", data); }

int main(void) {
    static const char src[] =
        "-module(shop).\n"
        "-export([total/1]).\n"
        "total(Keys) -> lists:foldl(fun(K, Acc) -> Acc + price(K) end, 0, Keys).\n"
        "price(K) ->\n"
        "    try kv:get(K)\n"
        "    catch error:{binding_error, kv, get, Why} -> io_error(Why)\n"
        "    end.\n"
        "io_error(_) -> 0.\n";
    static int64_t prices[3] = {5, 7, 11};
    hl_engine *engine = NULL;
    hl_compile_options *opts = NULL;
    hl_module *module = NULL;
    hl_value *keys[4] = {NULL}, *list = NULL, *result = NULL;
    hl_error *err = NULL;
    int rc = 1;
    if (hl_engine_new(&engine) != HL_OK) return 1;
    if (hl_engine_register_binding(engine, "kv", "get", 1, kv_get, prices, kv_free) != HL_OK) goto out;
    if (hl_compile_options_new(&opts) != HL_OK) goto out;
    if (hl_compile_options_grant_binding(opts, "kv", "get", 1) != HL_OK) goto out;
    if (hl_compile(engine, "shop.erl", src, strlen(src), opts, &module, &err) != HL_OK) {
        fprintf(stderr, "%s\n", hl_error_message(err));
        goto out;
    }
    const int64_t k[4] = {0, 1, 2, 9}; /* key 9 is missing: its price counts 0 */
    for (int i = 0; i < 4; i++)
        if (hl_value_int(k[i], &keys[i]) != HL_OK) goto out;
    if (hl_value_list(keys, 4, &list) != HL_OK) goto out;
    if (hl_run(module, "total", &list, 1, NULL, &result, &err) != HL_OK) {
        fprintf(stderr, "%s\n", hl_error_message(err));
        goto out;
    }
    int64_t total = 0;
    if (hl_value_get_int(result, &total) == HL_OK && total == 23) rc = 0;
    printf("total = %lld\n", (long long)total);
out:
    hl_error_free(err);
    hl_value_free(result);
    hl_value_free(list);
    for (int i = 0; i < 4; i++) hl_value_free(keys[i]);
    hl_module_free(module);
    hl_compile_options_free(opts);
    hl_engine_free(engine); /* runs kv_free, once */
    return rc;
}
