/* stdlib.h — the embedded source of the stdlib written in Erlang (lib/).
 * program.c compiles it with our own compiler when a program calls one of
 * its functions; codegen appends its functions to the program. */
#ifndef HL_GEN_STDLIB_H
#define HL_GEN_STDLIB_H

#include <stddef.h>

extern const char hl_stdlib_lists_src[];
extern const size_t hl_stdlib_lists_len;

#endif
