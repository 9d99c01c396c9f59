/* test_program.h — for tests that drive the VM directly: compiles a guest
 * source through the engine (hl_compile), so its stdlib calls are linked to
 * the engine's shared stdlib modules as in any program, and hands back the
 * loaded entry module. tp_free releases the module and the engine. */
#ifndef HL_TEST_PROGRAM_H
#define HL_TEST_PROGRAM_H

#include <stdio.h>
#include <string.h>

#include "host/host_int.h"

static hl_engine *tp_engine;
static hl_module *tp_module;

static hl_program *tp_compile(const char *src) {
    if (!tp_engine) assert_int_equal(hl_engine_new(&tp_engine), HL_OK);
    hl_error *err = NULL;
    if (hl_compile(tp_engine, "t.erl", src, strlen(src), NULL, &tp_module, &err) != HL_OK) {
        fprintf(stderr, "%s\n", err ? hl_error_message(err) : "compile failed");
        hl_error_free(err);
        fail();
    }
    return tp_module->prog;
}

static void tp_free(void) {
    hl_module_free(tp_module);
    hl_engine_free(tp_engine);
    tp_module = NULL;
    tp_engine = NULL;
}

#endif
