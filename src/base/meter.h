/* meter.h — the work meter of one compilation (docs/design.md §4: compilation is
 * metered): a deterministic budget of work units and a wall-clock
 * backstop. Every pass charges units as it goes (tokens, AST and IR nodes
 * allocated or visited, instructions emitted, image words gated); once the
 * meter trips, every later charge fails too, the passes stop at their next
 * check, and the compilation is rejected with the meter's diagnostic.
 *
 * The meter of the compilation running on a thread is found through a
 * thread-local pointer, so passes need no extra parameter; with none set
 * (passes used on their own, e.g. by unit tests) charging always succeeds. */
#ifndef HL_BASE_METER_H
#define HL_BASE_METER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum hl_meter_state { HL_METER_OK = 0, HL_METER_WORK, HL_METER_WALL, HL_METER_MEMORY } hl_meter_state;

typedef struct hl_meter {
    uint64_t used;       /* work units charged so far */
    uint64_t max_work;   /* budget (units) */
    uint64_t max_ms;     /* wall-clock backstop (ms) */
    uint64_t deadline_ns;
    uint64_t next_check; /* `used` at which the slow path runs next */
    /* Memory the compilation's later passes hold (the IR, code generation's
     * buffers, the loaded modules), in bytes of data, on top of what the
     * front end holds (which it caps itself and which is charged here once
     * it is done): the compile memory cap (HL_LIMIT_MEMORY_BYTES) across
     * the whole pipeline. Deterministic, like the work units. */
    uint64_t mem_used, max_mem;
    hl_meter_state state;
    struct hl_meter *prev; /* the meter this one replaced on the thread */
} hl_meter;

extern _Thread_local hl_meter *hl_meter_current;

/* Starts metering this thread's compilation (meters nest: end restores). */
void hl_meter_begin(hl_meter *m, uint64_t max_work, uint64_t max_ms);
void hl_meter_end(hl_meter *m);
/* Sets the memory cap of a metered compilation (begin sets none). */
void hl_meter_set_memory(hl_meter *m, uint64_t max_bytes);

/* Charges `bytes` of memory to the current meter; false once it has
 * tripped (over the memory cap, or earlier on work or time). */
bool hl_meter_charge_mem(uint64_t bytes);
/* The memory charged so far, and a return to an earlier figure when what
 * was charged since has been freed (a module's IR after its code is made);
 * a tripped meter stays tripped. */
uint64_t hl_meter_mem_used(void);
void hl_meter_mem_reset(uint64_t used);

bool hl_meter_charge_slow(hl_meter *m);
/* Charges n units to the current meter; false once it has tripped. */
static inline bool hl_meter_charge(uint64_t n) {
    hl_meter *m = hl_meter_current;
    if (!m) return true;
    m->used += n;
    return m->used < m->next_check || hl_meter_charge_slow(m);
}
/* True once the current meter has tripped (no charge). */
static inline bool hl_meter_tripped(void) { return hl_meter_current && hl_meter_current->state != HL_METER_OK; }

/* The diagnostic of a tripped meter, e.g. "compilation work budget exceeded
 * (the limit HL_LIMIT_WORK is 1000 units)", into buf. */
void hl_meter_message(const hl_meter *m, char *buf, size_t size);

#endif
