/* stdlib_images.h — the stdlib compiled at build time: one bytecode image
 * per lib/NAME.erl, produced by our own compiler (tools/hl_stdlib_build.c)
 * into the build tree and linked into the library. Nothing of the stdlib
 * is parsed at run time; an engine loads an image the first time a call
 * needs its module, through the gate like any program: its tables then,
 * each function's code when it is first called (bc/gate.h
 * hl_gate_check_tables and hl_gate_check_function; modules.c). */
#ifndef HL_HOST_STDLIB_IMAGES_H
#define HL_HOST_STDLIB_IMAGES_H

#include <stddef.h>
#include <stdint.h>

typedef struct hl_stdlib_image {
    const char *name; /* the module, = the file name without .erl */
    const uint8_t *bytes;
    size_t len;
    /* the most x registers the code of this module and of every module it
     * imports, transitively, names (their loaded x_used): what a module
     * importing this one covers before it is linked (vm/load.h) */
    uint32_t x_span;
} hl_stdlib_image;

extern const hl_stdlib_image hl_stdlib_images[];
extern const size_t hl_stdlib_image_count;

#endif
