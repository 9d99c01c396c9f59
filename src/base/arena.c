/* arena.c — chunked bump allocator (see arena.h). */
#include "base/arena.h"

#include <stdint.h>
#include <string.h>

#include "base/mem.h"

struct hl_arena_chunk {
    hl_arena_chunk *next;
    size_t size;
    _Alignas(16) char data[];
};

enum { ARENA_ALIGN = 16, ARENA_MIN_CHUNK = 64 * 1024 };

void hl_arena_init(hl_arena *a, size_t cap) {
    a->head = NULL;
    a->cur = a->end = NULL;
    a->total = 0;
    a->cap = cap ? cap : SIZE_MAX;
}

static void *arena_grow(hl_arena *a, size_t size) {
    size_t chunk_size = size > ARENA_MIN_CHUNK ? size : ARENA_MIN_CHUNK;
    /* Double with the arena so the chunk count stays logarithmic. */
    if (a->total > chunk_size && a->total < SIZE_MAX / 2) chunk_size = a->total;
    size_t bytes, new_total;
    if (!hl_size_add(sizeof(hl_arena_chunk), chunk_size, &bytes)) return NULL;
    if (!hl_size_add(a->total, bytes, &new_total) || new_total > a->cap) {
        /* Retry with the exact size before giving up on the cap. */
        chunk_size = size;
        if (!hl_size_add(sizeof(hl_arena_chunk), chunk_size, &bytes)) return NULL;
        if (!hl_size_add(a->total, bytes, &new_total) || new_total > a->cap) return NULL;
    }
    hl_arena_chunk *c = hl_mem_alloc(bytes);
    if (!c) return NULL;
    /* Big chunks are filled front to back: page faults dominated parsing
     * large sources until they got huge pages. */
    hl_mem_advise_huge(c, bytes);
    c->next = a->head;
    c->size = chunk_size;
    a->head = c;
    a->total = new_total;
    a->cur = c->data + size;
    a->end = c->data + chunk_size;
    return c->data;
}

void *hl_arena_alloc(hl_arena *a, size_t size) {
    size_t rounded;
    if (!hl_size_add(size, ARENA_ALIGN - 1, &rounded)) return NULL;
    rounded &= ~(size_t)(ARENA_ALIGN - 1);
    if (rounded == 0) rounded = ARENA_ALIGN;
    if (a->cur && (size_t)(a->end - a->cur) >= rounded) {
        void *p = a->cur;
        a->cur += rounded;
        return p;
    }
    return arena_grow(a, rounded);
}

void *hl_arena_alloc_array(hl_arena *a, size_t count, size_t size) {
    size_t total;
    if (!hl_size_mul(count, size, &total)) return NULL;
    return hl_arena_alloc(a, total);
}

char *hl_arena_strndup(hl_arena *a, const char *s, size_t len) {
    size_t n;
    if (!hl_size_add(len, 1, &n)) return NULL;
    char *p = hl_arena_alloc(a, n);
    if (!p) return NULL;
    if (len) memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

void hl_arena_free(hl_arena *a) {
    hl_arena_chunk *c = a->head;
    while (c) {
        hl_arena_chunk *next = c->next;
        hl_mem_free(c);
        c = next;
    }
    a->head = NULL;
    a->cur = a->end = NULL;
    a->total = 0;
}
