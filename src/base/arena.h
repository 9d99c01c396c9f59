/* arena.h — bump allocation for data that lives and dies together
 * (a compilation's tokens, AST and IR). Chunks never move, so pointers into
 * an arena stay valid until hl_arena_free. A byte cap bounds what one
 * compilation may hold (the compile memory cap of docs/design.md §1). */
#ifndef HL_BASE_ARENA_H
#define HL_BASE_ARENA_H

#include <stddef.h>

typedef struct hl_arena_chunk hl_arena_chunk;

typedef struct hl_arena {
    hl_arena_chunk *head;  /* newest chunk first */
    char *cur, *end;       /* free space in the newest chunk */
    size_t total;          /* bytes obtained from the allocator */
    size_t cap;            /* maximum for total; 0 means SIZE_MAX */
} hl_arena;

void hl_arena_init(hl_arena *a, size_t cap);
/* Aligned to 16 bytes; NULL when out of memory or over the cap. size 0 is
 * allowed and returns a valid unique-enough pointer. */
void *hl_arena_alloc(hl_arena *a, size_t size);
/* count*size with overflow check. */
void *hl_arena_alloc_array(hl_arena *a, size_t count, size_t size);
/* Copies len bytes and appends a NUL. */
char *hl_arena_strndup(hl_arena *a, const char *s, size_t len);
void hl_arena_free(hl_arena *a);

#endif
