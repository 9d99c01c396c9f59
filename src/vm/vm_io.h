/* vm_io.h — the run's captured output (io:format / io:put_chars) and the
 * io_lib printing builtins (vm/bif_io.c, docs/io.md). */
#ifndef HL_VM_IO_H
#define HL_VM_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "vm/load.h"

struct hl_vm_proc;

/* Sends the process's output to out (NULL: counted, then dropped) under a
 * cap of cap bytes in total; a write that would pass it stops the run with
 * HL_VM_FAULT_OUTPUT, keeping the whole characters that fit. */
void hl_vm_set_output(struct hl_vm_proc *p, hl_buf *out, uint64_t cap);
/* Appends bytes; false (nothing written) when they would pass the cap or
 * memory ran out. */
bool hl_vm_output_write(struct hl_vm_proc *p, const void *bytes, size_t n);


#endif
