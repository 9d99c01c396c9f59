/* bif_file.c — the C cores of lib/file.erl, the `files` capability
 * (docs/files.md):
 *   erlang:hl_file_read/2, hl_file_write/3, hl_file_list/1,
 *   hl_file_delete/1, hl_file_make_dir/1, hl_file_del_dir/1,
 *   hl_file_rename/2, hl_file_info/1, hl_file_consult/1
 * Each takes guest paths as binaries (file.erl converts OTP's name forms)
 * and returns ok, {ok, Value} or a small integer error code (vm_fs.h's
 * HL_VM_FS_ERRORS, which file.erl turns into {error, Atom}).
 *
 * Every path is normalised lexically (vm/fs_path.c), mapped to its mount,
 * and reached through hl_vm_fs_open_parent (vm/vm_fs.c: beneath the
 * mount's descriptor, no link followed); the last component is a plain
 * name used with *at calls and O_NOFOLLOW / AT_SYMLINK_NOFOLLOW. Only
 * regular files are opened for data: a device, FIFO or socket is refused
 * before it is opened (fstatat) and after (fstat on the descriptor, with
 * O_NONBLOCK so a FIFO swapped in between cannot block the open).
 *
 * Bounds: reads and writes move CHUNK_BYTES per call (file.erl loops),
 * charged one reduction per 64 bytes; a read is refused above the mount's
 * largest-file quota or a binary's maximum (efbig) and above the heap
 * limit (the run stops) before anything is read; a write is refused above
 * the largest-file quota (efbig), and a chunk that would pass the
 * bytes-written quota is enospc; a new file or directory past the files
 * quota is enospc. list_dir and consult run across builtin calls, a
 * bounded share each (below). A builtin
 * whose allocation fails is called again after a collection: every side
 * effect (a write, a quota charge) comes after the last allocation. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/mem.h"
#include "core/capability.h"
#include "term/atom.h"
#include "term/bits.h"
#include "term/heap.h"
#include "term/copy.h"
#include "vm/bif_registry.h"
#include "vm/vm_fs.h"
#include "vm/vm_internal.h"
#include "vm/vm_trap.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    BYTES_PER_RED = 64,
    NAME_IN_MAX = 1 << 16, /* a guest path's bytes before normalisation */
    CHUNK_BYTES = 1 << 18, /* one read or write call (file.erl loops) */
    LIST_MAX = 1 << 20,    /* entries one list_dir returns */
};

static hl_term_status not_granted(hl_vm_proc *p) {
    p->bif_class = HL_AM(error), p->bif_reason = HL_AM(capability);
    return HL_VM_BIF_RAISE;
}

#define NEED_FILES()                                                                                        \
    do {                                                                                                    \
        if (!(p->caps & HL_CAP_FILES)) return not_granted(p);                                              \
    } while (0)

static hl_term_status fail(int code, hl_term *out) {
    *out = hl_make_small(code);
    return HL_TERM_OK;
}

/* A byte-aligned binary's bytes, or false. */
static bool bin_bytes(hl_term t, const uint8_t **b, size_t *n) {
    if (!hl_is_binary_obj(t)) return false;
    const unsigned char *d;
    uint64_t off, bits;
    hl_bitstring_view(t, &d, &off, &bits);
    if ((off | bits) & 7) return false;
    *b = d + off / 8;
    *n = (size_t)(bits / 8);
    return true;
}

/* A guest path resolved to its mount. */
typedef struct fpath {
    int mount;       /* index in p->fs, or -1 */
    bool virt;       /* -1 and a directory of the namespace holding mounts */
    const char *rel; /* within the mount ("" for its directory) */
    char norm[HL_VM_PATH_MAX + 1];
    size_t len;
} fpath;

/* HL_FE_OK or a code. */
static int resolve(hl_vm_proc *p, hl_term name, fpath *fp) {
    const uint8_t *b;
    size_t n;
    if (!bin_bytes(name, &b, &n)) return HL_FE_EBADARG;
    if (n > NAME_IN_MAX) return HL_FE_ENAMETOOLONG;
    p->bif_cost += n / BYTES_PER_RED;
    int st = hl_vm_path_norm((const char *)b, n, fp->norm, &fp->len);
    if (st != HL_FE_OK) return st;
    /* the kernel walks every component (openat2, or the fallback's openat
     * per component): ~0.5-1.5 µs each, two reductions each. A path of
     * 2,000 directories (the 4,096-byte limit) is ~1-3 ms in one call:
     * bounded by the limit, charged here (docs/files.md) */
    for (size_t i = 0; i < fp->len; i++) p->bif_cost += 2 * (fp->norm[i] == '/');
    fp->mount = hl_vm_fs_find(p->fs, fp->norm, fp->len, &fp->rel, &fp->virt);
    return HL_FE_OK;
}

static hl_vm_mount *mount_of(hl_vm_proc *p, const fpath *fp) { return &p->fs->m[fp->mount]; }

static hl_term_status ok_tuple(hl_vm_proc *p, hl_term v, hl_term *out) {
    hl_term *t;
    hl_term_status st = hl_heap_alloc(H, 3, &t);
    if (st != HL_TERM_OK) return st;
    t[0] = hl_make_header(HL_SUB_TUPLE, 2), t[1] = HL_AM(ok), t[2] = v;
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

/* ---- read --------------------------------------------------------------------- */

/* The regular file `name` names, opened for reading (*fd) with its size,
 * within the mount's largest-file quota; HL_FE_OK or a code. */
static int open_regular(hl_vm_proc *p, hl_term name, int *fdp, uint64_t *sizep) {
    fpath fp;
    int code = resolve(p, name, &fp);
    if (code) return code;
    if (fp.mount < 0) return fp.virt ? HL_FE_EISDIR : HL_FE_ENOENT;
    hl_vm_mount *m = mount_of(p, &fp);
    const char *last;
    int pfd = hl_vm_fs_open_parent(p->fs, m, fp.rel, &last);
    if (pfd < 0) return -pfd;
    if (!last) {
        close(pfd);
        return HL_FE_EISDIR;
    }
    struct stat st, st2;
    if (fstatat(pfd, last, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        code = hl_vm_fs_errno(errno);
        close(pfd);
        return code;
    }
    code = S_ISDIR(st.st_mode) ? HL_FE_EISDIR : S_ISLNK(st.st_mode) ? HL_FE_ELOOP
         : !S_ISREG(st.st_mode) ? HL_FE_EACCES : (uint64_t)st.st_size > m->max_file_bytes ? HL_FE_EFBIG : 0;
    if (code) {
        close(pfd);
        return code;
    }
    int fd = openat(pfd, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    code = fd < 0 ? hl_vm_fs_errno(errno) : 0;
    close(pfd);
    if (code) return code;
    /* the descriptor's own file: still a regular one, within the quota */
    if (fstat(fd, &st2) != 0 || !S_ISREG(st2.st_mode) || st2.st_ino != st.st_ino || st2.st_dev != st.st_dev) {
        close(fd);
        return HL_FE_EACCES;
    }
    if ((uint64_t)st2.st_size > m->max_file_bytes) {
        close(fd);
        return HL_FE_EFBIG;
    }
    *fdp = fd;
    *sizep = (uint64_t)st2.st_size;
    return HL_FE_OK;
}

/* Up to size bytes of fd from `off` into d: the count read (less at the
 * end of the file), or -code. */
static int64_t read_at(int fd, uint8_t *d, uint64_t size, uint64_t off) {
    uint64_t got = 0;
    while (got < size) {
        ssize_t r = pread(fd, d + got, (size_t)(size - got), (off_t)(off + got));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -hl_vm_fs_errno(errno);
        if (r == 0) break;
        got += (uint64_t)r;
    }
    return (int64_t)got;
}

/* erlang:hl_file_read(Name, Offset): {ok, Chunk, Size}, at most
 * CHUNK_BYTES from Offset and the file's size now; file.erl loops until it
 * has Size bytes, so a read is as many bounded calls (each about 0.1 ms),
 * preemptible between them. Refused up front: above the largest-file
 * quota or a binary's maximum (efbig), above the heap limit (the run stops
 * there, before anything is read). */
BIF(b_file_read) {
    NEED_FILES();
    if (!hl_is_small(a[1]) || hl_small_val(a[1]) < 0) return fail(HL_FE_EBADARG, out);
    uint64_t off = (uint64_t)hl_small_val(a[1]);
    int fd;
    uint64_t size;
    int code = open_regular(p, a[0], &fd, &size);
    if (!code && size > p->max_heap) {
        close(fd);
        return HL_TERM_HEAP_LIMIT;
    }
    if (!code && size > HL_BIN_MAX_BYTES) {
        close(fd);
        code = HL_FE_EFBIG;
    }
    if (code) return fail(code, out);
    uint64_t want = off >= size ? 0 : size - off > CHUNK_BYTES ? CHUNK_BYTES : size - off;
    hl_term *t;
    hl_bin_builder bb;
    hl_term_status ts = hl_heap_alloc(H, 4, &t);
    if (ts == HL_TERM_OK) ts = hl_bin_build_begin(H, want * 8, &bb);
    if (ts != HL_TERM_OK) {
        close(fd);
        return ts;
    }
    int64_t n = read_at(fd, bb.data, want, off);
    close(fd);
    if (n < 0) return fail((int)-n, out);
    p->bif_cost += want / BYTES_PER_RED + 1;
    hl_term bin = hl_bin_build_finish(&bb);
    if ((uint64_t)n < want) { /* it shrank since fstat: what is there */
        ts = hl_bits_slice(H, bin, 0, (uint64_t)n * 8, &bin);
        if (ts != HL_TERM_OK) return ts;
    }
    t[0] = hl_make_header(HL_SUB_TUPLE, 3), t[1] = HL_AM(ok), t[2] = bin, t[3] = hl_make_small((int64_t)size);
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

/* ---- consult ------------------------------------------------------------------ */

static hl_term_status existing_atom(void *p, const char *name, size_t len, hl_term *out) {
    return hl_vm_existing_atom(p, name, len, out);
}

/* A consult in progress (p->trap.buf): the file is read CHUNK_BYTES per
 * call into `text`, then parsed a few forms per call: each call hands the
 * host's reader the text up to the end of the next form ('.' then white
 * space, '%' or the end, outside strings, quoted atoms, $c and comments:
 * form_end) until CONSULT_CALL_BYTES are done, and conses the terms on
 * trap.t[0] (reversed: file.erl reverses). A form of more than
 * CONSULT_FORM_MAX bytes is efbig; one of more than CONSULT_CALL_BYTES
 * goes to the host's reader job (vm_fs.h), CONSULT_JOB_TOKENS per call.
 * One token or literal value is still taken whole (docs/files.md). */
enum {
    CONSULT_FORM_MAX = 1 << 16,   /* one term's text */
    CONSULT_CALL_BYTES = 1 << 12, /* forms parsed per call: ~0.3 ms */
    CONSULT_JOB_TOKENS = 1 << 12, /* tokens a reader job lexes or parses per call (~0.1-0.2 ms) */
};

typedef struct consult {
    uint8_t *text;
    size_t size, got; /* the file's size, the bytes read so far */
    size_t at;        /* parsed up to here */
    uint32_t line;    /* the line `at` is on */
    /* a form longer than CONSULT_CALL_BYTES: read in steps by the host's
     * reader job (vm_fs.h), which ends at job_end */
    void *job;
    size_t job_end;
    const hl_vm_read_job_ops *ops;
} consult;

static void consult_free(void *v) {
    consult *c = v;
    if (c->job) c->ops->job_free(c->job);
    hl_mem_free(c->text);
    hl_mem_free(c);
}

/* The end of the form starting at `at` (just past its '.'), or n. */
static size_t form_end(const uint8_t *t, size_t n, size_t at) {
    for (size_t i = at; i < n; i++) {
        uint8_t ch = t[i];
        if (ch == '"' || ch == '\'') { /* a string or quoted atom: to its unescaped close */
            for (i++; i < n && t[i] != ch; i++)
                if (t[i] == '\\') i++;
        } else if (ch == '$') { /* a character: $c, $\c (the rest of an escape is harmless) */
            i += i + 1 < n && t[i + 1] == '\\' ? 2 : 1;
        } else if (ch == '%') {
            while (i < n && t[i] != '\n') i++;
        } else if (ch == '.') {
            if (i + 1 < n && t[i + 1] == '.') { /* '..' and '...' are tokens, not ends */
                while (i + 1 < n && t[i + 1] == '.') i++;
                continue;
            }
            if (i + 1 == n || t[i + 1] <= ' ' || t[i + 1] == '%' ||
                (t[i + 1] == 0xC2 && i + 2 < n && t[i + 2] >= 0x80 && t[i + 2] <= 0xA0))
                return i + 1;
        }
    }
    return n;
}

/* {Line, Kind, Message}: file.erl makes OTP's {error, {Line, erl_parse,
 * Term}} of it (Kind: the read_terms callback's *otp, vm_fs.h). */
static hl_term_status consult_error(hl_vm_proc *p, uint32_t line, int kind, const char *msg, hl_term *out) {
    size_t ml = strlen(msg);
    hl_term *t;
    hl_bin_builder bb;
    hl_term_status ts = hl_heap_alloc(H, 4, &t);
    if (ts == HL_TERM_OK) ts = hl_bin_build_begin(H, (uint64_t)ml * 8, &bb);
    if (ts != HL_TERM_OK) return ts;
    memcpy(bb.data, msg, ml);
    t[0] = hl_make_header(HL_SUB_TUPLE, 3), t[1] = hl_make_small(line), t[2] = hl_make_small(kind);
    t[3] = hl_bin_build_finish(&bb);
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

/* erlang:hl_file_consult(Name): {ok, Terms reversed}, a code, or {Line,
 * Kind, Message} (a binary) for text that is not a sequence of terms each ending
 * with '.'. Atoms are those the guest could name (list_to_existing_atom's:
 * its program's and its call's), since a guest never creates atoms; an
 * unknown one is such an error. Runs across builtin calls (above). */
BIF(b_file_consult) {
    NEED_FILES();
    consult *c;
    if (hl_vm_trap_resuming(p, b_file_consult)) {
        c = p->trap.buf;
    } else {
        int fd;
        uint64_t size;
        int code = open_regular(p, a[0], &fd, &size);
        if (code) return fail(code, out);
        close(fd); /* opened again per chunk: nothing held between calls */
        if (!p->fs->read_terms) return fail(HL_FE_EINVAL, out);
        if (size > HL_BIN_MAX_BYTES) return fail(HL_FE_EFBIG, out);
        if (size > p->max_heap) return HL_TERM_HEAP_LIMIT;
        c = hl_mem_calloc(1, sizeof *c);
        if (c) c->text = hl_mem_alloc(size ? size : 1);
        if (!c || !c->text) {
            hl_mem_free(c);
            return HL_TERM_NOMEM;
        }
        c->size = size, c->line = 1;
        p->trap.buf = c, p->trap.buf_free = consult_free;
        p->trap.t[0] = HL_NIL;
        p->trap.fn = b_file_consult; /* a retry after a collection resumes */
        hl_term_status ts = hl_vm_trap_buf_charge(p, size);
        if (ts != HL_TERM_OK) return ts;
    }
    uint64_t units = 0;
    if (c->got < c->size) { /* a chunk of the file */
        int fd;
        uint64_t size;
        int code = open_regular(p, a[0], &fd, &size);
        if (!code && size != c->size) code = HL_FE_EIO; /* changed under the read */
        int64_t n = 0;
        if (!code) {
            size_t want = c->size - c->got > CHUNK_BYTES ? CHUNK_BYTES : c->size - c->got;
            n = read_at(fd, c->text + c->got, want, c->got);
            close(fd);
            if (n < 0) code = (int)-n;
            else if ((size_t)n < want) code = HL_FE_EIO;
        }
        if (code) return hl_vm_trap_end(p, fail(code, out));
        c->got += (size_t)n;
        return hl_vm_trap_yield(p, b_file_consult, (uint64_t)n / 4); /* a reduction per 64 bytes */
    }
    for (size_t done = 0; c->at < c->size && done < CONSULT_CALL_BYTES;) {
        size_t e = c->job ? c->job_end : form_end(c->text, c->size, c->at);
        if (e - c->at > CONSULT_FORM_MAX) return hl_vm_trap_end(p, fail(HL_FE_EFBIG, out));
        hl_term terms;
        uint32_t line = 0;
        char msg[200] = "";
        int kind = 0;
        hl_term_status ts;
        if (e - c->at > CONSULT_CALL_BYTES && p->fs->read_job) {
            /* a large form: a reader job, a step per call (its terms on its
             * own heap until it is done, then copied) */
            if (!c->job) {
                c->ops = p->fs->read_job;
                c->job = c->ops->job_new((const char *)c->text + c->at, e - c->at, p->max_heap);
                if (!c->job) return hl_vm_trap_end(p, HL_TERM_NOMEM);
                c->job_end = e;
            }
            bool fin = false;
            hl_term res = HL_NIL;
            ts = c->ops->job_step(c->job, CONSULT_JOB_TOKENS, existing_atom, p, &fin, &res, &line, msg, sizeof msg,
                                  &kind);
            units += CONSULT_JOB_TOKENS * 4; /* a reduction per 4 tokens (~16 bytes) */
            if (ts == HL_TERM_OK) ts = hl_vm_trap_buf_charge(p, c->size + c->ops->job_bytes(c->job));
            if (ts == HL_TERM_OK && !fin) return hl_vm_trap_yield(p, b_file_consult, units);
            if (ts == HL_TERM_OK) ts = hl_term_copy(H, res, &terms);
            if (ts == HL_TERM_HEAP_LIMIT) {
                p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
                return ts; /* collected and called again: the job's result is kept */
            }
            if (ts == HL_TERM_OK) {
                c->ops->job_free(c->job);
                c->job = NULL;
                (void)hl_vm_trap_buf_charge(p, c->size);
            }
        } else {
            ts = p->fs->read_terms(H, (const char *)c->text + c->at, e - c->at, existing_atom, p, &terms, &line, msg,
                                   sizeof msg, &kind);
            units += 2 * (e - c->at); /* reading terms is heavier than copying bytes: a reduction per 8 */
        }
        if (ts == HL_TERM_BADARG) {
            p->bif_cost += (units >> HL_VM_TRAP_COST_SHIFT) + 1;
            ts = consult_error(p, c->line + (line ? line - 1 : 0), kind, msg, out);
            return ts == HL_TERM_OK ? hl_vm_trap_end(p, ts) : ts;
        }
        hl_term acc = p->trap.t[0];
        size_t k = 0;
        for (hl_term l = terms; hl_is_cons(l); l = hl_cdr(l)) k++;
        hl_term *cells = NULL;
        if (ts == HL_TERM_OK && k) ts = hl_heap_alloc(H, 2 * k, &cells);
        if (ts != HL_TERM_OK) {
            p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
            return ts; /* HEAP_LIMIT: collected and called again, this form read again */
        }
        for (hl_term l = terms; hl_is_cons(l); l = hl_cdr(l), cells += 2) {
            cells[0] = hl_car(l), cells[1] = acc;
            acc = hl_make_cons(cells);
        }
        p->trap.t[0] = acc;
        for (size_t i = c->at; i < e; i++) c->line += c->text[i] == '\n';
        done += e - c->at;
        c->at = e;
    }
    if (c->at < c->size) return hl_vm_trap_yield(p, b_file_consult, units);
    hl_term_status ts = ok_tuple(p, p->trap.t[0], out);
    if (ts != HL_TERM_OK) return ts;
    p->bif_cost += (units >> HL_VM_TRAP_COST_SHIFT) + 1;
    return hl_vm_trap_end(p, HL_TERM_OK);
}

/* ---- write -------------------------------------------------------------------- */

/* Takes `n` from a quota counter, or false when it would pass `max`. */
static bool take(_Atomic uint64_t *used, uint64_t n, uint64_t max) {
    uint64_t old = atomic_load_explicit(used, memory_order_relaxed);
    do {
        if (n > max || old > max - n) return false;
    } while (!atomic_compare_exchange_weak_explicit(used, &old, old + n, memory_order_relaxed, memory_order_relaxed));
    return true;
}

static void give_back(_Atomic uint64_t *used, uint64_t n) { atomic_fetch_sub_explicit(used, n, memory_order_relaxed); }

/* The mount of a path a write-like call changes, or a code: none (enoent),
 * a namespace directory (`virt_code`), read-only (eacces). */
static int writable_mount(hl_vm_proc *p, const fpath *fp, int virt_code) {
    if (fp->mount < 0) return fp->virt ? virt_code : HL_FE_ENOENT;
    return mount_of(p, fp)->writable ? HL_FE_OK : HL_FE_EACCES;
}

static hl_term_status write_bytes(hl_vm_proc *p, const fpath *fp, const uint8_t *data, size_t n, int64_t total,
                                  hl_term *out);

/* erlang:hl_file_write(Name, Chunk, Total | -1): the first call (Total,
 * the whole size, refused above the largest-file quota before anything is
 * written) creates or truncates the file and writes its first chunk; file.erl
 * appends the rest a chunk (CHUNK_BYTES) per call (Total -1). Each chunk takes its
 * bytes from the quota, so a write that passes it stops there (enospc), as
 * on a full disk. */
BIF(b_file_write) {
    NEED_FILES();
    fpath fp;
    int code = resolve(p, a[0], &fp);
    if (code) return fail(code, out);
    if (!hl_is_small(a[2]) || hl_small_val(a[2]) < -1) return fail(HL_FE_EBADARG, out);
    int64_t total = hl_small_val(a[2]); /* -1: append */
    const uint8_t *data;
    size_t n;
    uint8_t *copy = NULL;
    if (!hl_is_binary_obj(a[1])) return fail(HL_FE_EBADARG, out); /* file.erl passes a binary */
    if (!bin_bytes(a[1], &data, &n)) {
        /* a slice that starts inside a byte: its bytes, copied (within the
         * heap limit: the guest holds them already) */
        const unsigned char *d;
        uint64_t off, bits;
        hl_bitstring_view(a[1], &d, &off, &bits);
        if (bits % 8) return fail(HL_FE_EBADARG, out);
        n = (size_t)(bits / 8);
        copy = hl_mem_alloc(n ? n : 1);
        if (!copy) return HL_TERM_NOMEM;
        hl_bits_copy(copy, 0, d, off, bits);
        data = copy;
    }
    hl_term_status ws = n > CHUNK_BYTES ? fail(HL_FE_EBADARG, out) : write_bytes(p, &fp, data, n, total, out);
    hl_mem_free(copy);
    return ws;
}

static hl_term_status write_bytes(hl_vm_proc *p, const fpath *fp, const uint8_t *data, size_t n, int64_t total,
                                  hl_term *out) {
    int code;
    if ((code = writable_mount(p, fp, HL_FE_EISDIR))) return fail(code, out);
    hl_vm_mount *m = mount_of(p, fp);
    bool append = total < 0;
    if (!append && ((uint64_t)total > m->max_file_bytes || n > (uint64_t)total)) return fail(HL_FE_EFBIG, out);
    const char *last;
    int pfd = hl_vm_fs_open_parent(p->fs, m, fp->rel, &last);
    if (pfd < 0) return fail(-pfd, out);
    if (!last) {
        close(pfd);
        return fail(HL_FE_EISDIR, out);
    }
    if (!take(&m->bytes_written, n, m->max_bytes_written)) {
        close(pfd);
        return fail(HL_FE_ENOSPC, out);
    }
    struct stat st;
    int fd = -1;
    bool created = false;
    if (fstatat(pfd, last, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        code = S_ISDIR(st.st_mode) ? HL_FE_EISDIR : S_ISLNK(st.st_mode) ? HL_FE_ELOOP
             : !S_ISREG(st.st_mode) ? HL_FE_EACCES : 0;
        if (!code) {
            fd = openat(pfd, last, O_WRONLY | (append ? O_APPEND : 0) | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
            if (fd < 0) code = hl_vm_fs_errno(errno);
        }
    } else if (errno == ENOENT && append) {
        code = HL_FE_ENOENT; /* gone since the first chunk */
    } else if (errno == ENOENT) {
        if (!take(&m->files_created, 1, m->max_files)) {
            code = HL_FE_ENOSPC;
        } else {
            created = true;
            fd = openat(pfd, last, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
            if (fd < 0) code = hl_vm_fs_errno(errno);
        }
    } else {
        code = hl_vm_fs_errno(errno);
    }
    close(pfd);
    struct stat st2;
    if (!code && (fstat(fd, &st2) != 0 || !S_ISREG(st2.st_mode))) code = HL_FE_EACCES;
    if (!code && append && (uint64_t)st2.st_size + n > m->max_file_bytes) code = HL_FE_EFBIG;
    if (!code && !created && !append && ftruncate(fd, 0) != 0) code = hl_vm_fs_errno(errno);
    if (code) {
        if (fd >= 0) close(fd);
        give_back(&m->bytes_written, n);
        if (created) give_back(&m->files_created, 1);
        return fail(code, out);
    }
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, data + done, n - done > (1u << 20) ? (1u << 20) : n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            code = w < 0 ? hl_vm_fs_errno(errno) : HL_FE_EIO;
            break;
        }
        done += (size_t)w;
    }
    if (close(fd) != 0 && !code) code = hl_vm_fs_errno(errno);
    p->bif_cost += n / BYTES_PER_RED + 1;
    if (code) return fail(code, out);
    *out = HL_AM(ok);
    return HL_TERM_OK;
}

/* ---- list_dir ------------------------------------------------------------------ */

typedef struct names {
    char *buf;
    size_t len, cap;
    size_t *off; /* start of each name in buf (NUL-terminated) */
    size_t n, ncap;
} names;

static bool names_add(names *ns, const char *s, size_t len) {
    if (ns->n == ns->ncap) {
        size_t c = ns->ncap ? ns->ncap * 2 : 16;
        size_t *o = hl_mem_realloc_array(ns->off, c, sizeof *o);
        if (!o) return false;
        ns->off = o, ns->ncap = c;
    }
    if (ns->len + len + 1 > ns->cap) {
        size_t c = ns->cap ? ns->cap * 2 : 256;
        while (c < ns->len + len + 1) c *= 2;
        char *b = hl_mem_realloc(ns->buf, c);
        if (!b) return false;
        ns->buf = b, ns->cap = c;
    }
    ns->off[ns->n++] = ns->len;
    memcpy(ns->buf + ns->len, s, len);
    ns->buf[ns->len + len] = '\0';
    ns->len += len + 1;
    return true;
}

static void names_free(names *ns) {
    hl_mem_free(ns->buf);
    hl_mem_free(ns->off);
}

/* Byte order, so a listing does not depend on the host's directory order
 * (qsort_r: glibc's, the context last). */
static int cmp_r(const void *x, const void *y, void *base) {
    return strcmp((const char *)base + *(const size_t *)x, (const char *)base + *(const size_t *)y);
}
static void names_sort(names *ns) { qsort_r(ns->off, ns->n, sizeof *ns->off, cmp_r, ns->buf); }

/* The directories of the namespace that only hold mount points: their
 * next components. */
static int list_virtual(hl_vm_proc *p, const fpath *fp, names *ns) {
    for (uint32_t i = 0; i < p->fs->n; i++) {
        const hl_vm_mount *m = &p->fs->m[i];
        size_t at = fp->len == 1 ? 1 : fp->len + 1;
        if (m->guest_len <= at - 1 || memcmp(m->guest, fp->norm, fp->len) != 0) continue;
        if (fp->len > 1 && m->guest[fp->len] != '/') continue;
        const char *s = m->guest + at, *e = memchr(s, '/', m->guest_len - at);
        size_t len = e ? (size_t)(e - s) : m->guest_len - at;
        bool dup = false;
        for (size_t k = 0; k < ns->n && !dup; k++)
            dup = strlen(ns->buf + ns->off[k]) == len && memcmp(ns->buf + ns->off[k], s, len) == 0;
        if (!dup && !names_add(ns, s, len)) return -1;
    }
    return 0;
}

/* A listing in progress (p->trap.buf): file:list_dir/1 reads its
 * directory LIST_BATCH entries per builtin call, keeping the directory open
 * between calls, then (deterministic profile only) sorts the names a
 * bounded number of merge steps per call, then builds the list from its
 * end LIST_BUILD_CELLS names per call. The trap's destructor (list_free)
 * closes the directory and gives its slot back to the set, so a process
 * that dies, is killed, stops at a limit or is freed with its tenant
 * mid-listing holds nothing (tests/unit/test_files.c, listing_*). */
enum { L_READ, L_SORT, L_BUILD, L_DONE };
enum {
    LIST_BATCH = 256,         /* entries read per call (~0.6 µs each, mostly the kernel's) */
    LIST_DENTS_BYTES = 8192,  /* one getdents64 refill: ~200 entries of short names */
    LIST_SORT_MOVES = 1 << 14, /* merge steps per call (a strcmp each: ~0.3 ms) */
    LIST_BUILD_CELLS = 2048,  /* names made binaries and consed per call */
    LIST_BUILD_BYTES = 1 << 16, /* and their bytes: fresh memory is what costs */
};

typedef struct listing {
    int fd;      /* the directory, open while reading (a slot of fs->open_dirs and a reference to fs), or -1 */
    hl_vm_fs *fs;
    /* getdents64's buffer: small, so one refill is a bounded share of a
     * call (glibc's readdir asks for 32 KiB, ~800 entries, ~0.5 ms here) */
    size_t dpos, dlen;
    char dbuf[LIST_DENTS_BYTES] __attribute__((aligned(8)));
    names ns;
    size_t *tmp; /* the merge sort's second array */
    int phase;
    size_t width, lo, i, j, k; /* the bottom-up merge: runs of `width`, the merge at lo, its cursors */
    size_t built;              /* names [built, n) are the list in trap.t[0] */
    bool over;                 /* the listing cannot fit the heap limit: every retry says so */
} listing;

static void list_close_dir(listing *ls) {
    if (ls->fd < 0) return;
    close(ls->fd);
    ls->fd = -1;
    atomic_fetch_sub_explicit(&ls->fs->open_dirs, 1, memory_order_relaxed);
    hl_vm_fs_unref(ls->fs);
    ls->fs = NULL;
}

static void list_free(void *v) {
    listing *ls = v;
    list_close_dir(ls);
    names_free(&ls->ns);
    hl_mem_free(ls->tmp);
    hl_mem_free(ls);
}

/* Host memory the listing holds between calls, counted against the heap limit. */
static size_t list_bytes(const listing *ls) {
    return sizeof *ls + ls->ns.cap + ls->ns.ncap * sizeof(size_t) + (ls->tmp ? ls->ns.n * sizeof(size_t) : 0);
}

/* Opens the directory fp names for a listing (p->trap.buf); HL_FE_OK or a code. */
static int list_open(hl_vm_proc *p, const fpath *fp) {
    hl_vm_mount *m = mount_of(p, fp);
    const char *last;
    int dfd = hl_vm_fs_open_parent(p->fs, m, fp->rel, &last);
    if (dfd < 0) return -dfd;
    /* a descriptor of its own: the mount's directory comes as a duplicate
     * of the mount's descriptor, whose offset every listing of it would
     * share (a second listing found the first's end: nothing) */
    int d2 = last ? hl_vm_fs_open_dir(dfd, last) : openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!last && d2 < 0) d2 = -hl_vm_fs_errno(errno);
    close(dfd);
    if (d2 < 0) return -d2;
    dfd = d2;
    /* a slot of the set's open directories, or emfile (as OTP out of descriptors) */
    uint32_t old = atomic_load_explicit(&p->fs->open_dirs, memory_order_relaxed);
    do {
        if (old >= HL_VM_FS_MAX_OPEN_DIRS) {
            close(dfd);
            return HL_FE_EMFILE;
        }
    } while (!atomic_compare_exchange_weak_explicit(&p->fs->open_dirs, &old, old + 1, memory_order_relaxed,
                                                    memory_order_relaxed));
    listing *ls = hl_mem_calloc(1, sizeof *ls);
    if (!ls) {
        atomic_fetch_sub_explicit(&p->fs->open_dirs, 1, memory_order_relaxed);
        close(dfd);
        return -1;
    }
    hl_vm_fs_ref(p->fs);
    ls->fd = dfd, ls->fs = p->fs, ls->phase = L_READ;
    p->trap.buf = ls, p->trap.buf_free = list_free;
    return HL_FE_OK;
}

/* The next entry of the directory (its name), NULL at its end (*err 0) or
 * on an error (*err its code). */
static const char *list_next(listing *ls, int *err) {
    *err = 0;
    for (;;) {
        if (ls->dpos < ls->dlen) {
            const struct dirent64 *de = (const struct dirent64 *)(ls->dbuf + ls->dpos);
            ls->dpos += de->d_reclen;
            return de->d_name;
        }
        ssize_t r = getdents64(ls->fd, ls->dbuf, sizeof ls->dbuf);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            *err = r < 0 ? hl_vm_fs_errno(errno) : 0;
            return NULL;
        }
        ls->dpos = 0, ls->dlen = (size_t)r;
    }
}

/* One call's share of reading: L_READ until the directory ends. Returns
 * OK (go on), a status, or sets *code. Units charged in *units. */
static hl_term_status list_read(hl_vm_proc *p, listing *ls, uint32_t batch, uint64_t *units, int *code) {
    names *ns = &ls->ns;
    if (ls->over) return HL_TERM_HEAP_LIMIT;
    for (uint32_t got = 0; got < batch;) {
        int err;
        const char *name = list_next(ls, &err);
        if (!name) {
            if (err) {
                *code = err;
                return HL_TERM_OK;
            }
            list_close_dir(ls); /* the descriptor is not held past the read */
            ls->phase = p->det && ns->n > 1 ? L_SORT : L_BUILD;
            ls->width = 1, ls->built = ns->n;
            return HL_TERM_OK;
        }
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
        got++;
        size_t len = strlen(name);
        *units += 16 + len / 4; /* a reduction per entry and per 64 bytes */
        /* what the list will take on the heap: past the limit, stop now */
        if (ns->n >= LIST_MAX) return HL_TERM_SYSTEM_LIMIT;
        if ((ns->len + len) + (ns->n + 1) * 8 * sizeof(hl_term) > p->max_heap) {
            ls->over = true; /* the entry is read: a retry must not go on without it */
            return HL_TERM_HEAP_LIMIT;
        }
        if (!names_add(ns, name, len)) return HL_TERM_NOMEM;
    }
    return hl_vm_trap_buf_charge(p, list_bytes(ls));
}

/* One call's share of the deterministic profile's sort: a bottom-up merge
 * sort by bytes (ns.off and tmp swap roles each pass), LIST_SORT_MOVES
 * element moves per call. Its moves (n per pass) and so its charge do not
 * depend on the directory's order, only on the count. */
static hl_term_status list_sort(hl_vm_proc *p, listing *ls, uint64_t *units) {
    names *ns = &ls->ns;
    size_t n = ns->n;
    if (!ls->tmp) {
        ls->tmp = hl_mem_realloc_array(NULL, n, sizeof(size_t));
        if (!ls->tmp) return HL_TERM_NOMEM;
        hl_term_status st = hl_vm_trap_buf_charge(p, list_bytes(ls));
        if (st != HL_TERM_OK) return st;
        ls->lo = ls->i = ls->k = 0, ls->j = 1 < n ? 1 : n;
    }
    size_t moves = 0;
    while (moves < LIST_SORT_MOVES) {
        size_t w = ls->width, lo = ls->lo;
        size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
        size_t *src = ns->off, *dst = ls->tmp;
        while (ls->k < hi && moves < LIST_SORT_MOVES) {
            size_t *pick;
            if (ls->i < mid && (ls->j >= hi || strcmp(ns->buf + src[ls->i], ns->buf + src[ls->j]) <= 0))
                pick = &ls->i;
            else
                pick = &ls->j;
            dst[ls->k++] = src[(*pick)++];
            moves++;
        }
        if (ls->k < hi) break;
        /* this merge is done: the next one, or the next pass */
        ls->lo = hi;
        if (ls->lo >= n) {
            size_t *t = ns->off;
            ns->off = ls->tmp, ls->tmp = t;
            ls->width *= 2, ls->lo = 0;
            if (ls->width >= n) {
                hl_mem_free(ls->tmp);
                ls->tmp = NULL;
                ls->phase = L_BUILD;
                break;
            }
        }
        w = ls->width, lo = ls->lo;
        ls->i = ls->k = lo;
        ls->j = lo + w < n ? lo + w : n;
    }
    *units += 2 * (uint64_t)moves; /* n moves per pass: the count decides, not the order */
    return HL_TERM_OK;
}

/* A name (a C string) as a binary on the heap. */
static hl_term_status name_binary(hl_heap *h, const char *s, hl_term *out) {
    size_t len = strlen(s);
    hl_bin_builder bb;
    hl_term_status ts = hl_bin_build_begin(h, (uint64_t)len * 8, &bb);
    if (ts != HL_TERM_OK) return ts;
    memcpy(bb.data, s, len);
    *out = hl_bin_build_finish(&bb);
    return HL_TERM_OK;
}

/* One call's share of building the list, from its end: the names
 * [built - c, built) as binaries consed on trap.t[0]. On an allocation
 * failure nothing is kept (the call is made again after a collection). */
static hl_term_status list_build(hl_vm_proc *p, listing *ls, uint64_t *units) {
    names *ns = &ls->ns;
    size_t c = 0, bytes = 0;
    while (c < ls->built && c < LIST_BUILD_CELLS && bytes < LIST_BUILD_BYTES) {
        bytes += strlen(ns->buf + ns->off[ls->built - 1 - c]);
        c++;
    }
    hl_term *cells = NULL;
    hl_term_status ts = c ? hl_heap_alloc(H, 2 * c, &cells) : HL_TERM_OK;
    hl_term list = p->trap.t[0];
    for (size_t q = 0; ts == HL_TERM_OK && q < c; q++) {
        ts = name_binary(H, ns->buf + ns->off[ls->built - 1 - q], &cells[2 * q]);
        if (ts != HL_TERM_OK) break;
        cells[2 * q + 1] = list;
        list = hl_make_cons(&cells[2 * q]);
    }
    if (ts != HL_TERM_OK) return ts;
    p->trap.t[0] = list;
    ls->built -= c;
    *units += 16 * c + bytes / 4;
    if (ls->built == 0) ls->phase = L_DONE;
    return HL_TERM_OK;
}

/* erlang:hl_file_list(Name): {ok, [Binary]} in the directory's order (as
 * OTP; byte order in the deterministic profile, so a replay does not
 * depend on the host's order), or a code. Runs across builtin calls
 * (above); each call does a bounded share and yields. */
BIF(b_file_list) {
    NEED_FILES();
    listing *ls = NULL;
    if (hl_vm_trap_resuming(p, b_file_list)) {
        ls = p->trap.buf;
    } else {
        fpath fp;
        int code = resolve(p, a[0], &fp);
        if (code) return fail(code, out);
        if (fp.mount < 0) {
            /* a directory of the namespace: at most one name per mount */
            if (!fp.virt) return fail(HL_FE_ENOENT, out);
            names ns = {0};
            if (list_virtual(p, &fp, &ns) != 0) {
                names_free(&ns);
                return HL_TERM_NOMEM;
            }
            names_sort(&ns);
            hl_term *cells = NULL;
            hl_term_status ts = ns.n ? hl_heap_alloc(H, 2 * ns.n, &cells) : HL_TERM_OK;
            hl_term list = HL_NIL;
            for (size_t i = ns.n; ts == HL_TERM_OK && i-- > 0;) {
                ts = name_binary(H, ns.buf + ns.off[i], &cells[2 * i]);
                if (ts != HL_TERM_OK) break;
                cells[2 * i + 1] = list;
                list = hl_make_cons(&cells[2 * i]);
            }
            p->bif_cost += ns.n + ns.len / BYTES_PER_RED + 1;
            names_free(&ns);
            if (ts != HL_TERM_OK) return ts;
            return ok_tuple(p, list, out);
        }
        code = list_open(p, &fp);
        if (code < 0) return HL_TERM_NOMEM;
        if (code) return fail(code, out);
        ls = p->trap.buf;
        p->trap.t[0] = HL_NIL;
        p->trap.fn = b_file_list; /* a retry after a collection resumes */
    }
    uint32_t batch = p->fs && p->fs->list_batch ? p->fs->list_batch : LIST_BATCH;
    uint64_t units = 0;
    int code = 0;
    hl_term_status ts = HL_TERM_OK;
    switch (ls->phase) {
    case L_READ: ts = list_read(p, ls, batch, &units, &code); break;
    case L_SORT: ts = list_sort(p, ls, &units); break;
    case L_BUILD: ts = list_build(p, ls, &units); break;
    default: break;
    }
    if (ts == HL_TERM_HEAP_LIMIT) {
        p->bif_cost += units >> HL_VM_TRAP_COST_SHIFT;
        return ts; /* collected and called again: the state is kept */
    }
    if (ts != HL_TERM_OK || code) {
        p->bif_cost += (units >> HL_VM_TRAP_COST_SHIFT) + 1;
        return hl_vm_trap_end(p, code ? fail(code, out) : ts);
    }
    if (ls->phase != L_DONE) return hl_vm_trap_yield(p, b_file_list, units);
    ts = ok_tuple(p, p->trap.t[0], out);
    if (ts != HL_TERM_OK) return ts; /* phase L_DONE: the retry only makes the tuple */
    p->bif_cost += (units >> HL_VM_TRAP_COST_SHIFT) + 1;
    return hl_vm_trap_end(p, HL_TERM_OK);
}

/* ---- delete, make_dir, del_dir, rename -------------------------------------------- */

/* The parent descriptor and last name of a path a call changes; the
 * mount's own directory is `root_code`. */
static int changing(hl_vm_proc *p, hl_term name, fpath *fp, int virt_code, int root_code, int *pfd,
                    const char **last) {
    int code = resolve(p, name, fp);
    if (code) return code;
    if ((code = writable_mount(p, fp, virt_code))) return code;
    *pfd = hl_vm_fs_open_parent(p->fs, mount_of(p, fp), fp->rel, last);
    if (*pfd < 0) return -*pfd;
    if (!*last) {
        close(*pfd);
        return root_code;
    }
    return HL_FE_OK;
}

BIF(b_file_delete) {
    NEED_FILES();
    fpath fp;
    int pfd;
    const char *last;
    int code = changing(p, a[0], &fp, HL_FE_EPERM, HL_FE_EBUSY, &pfd, &last);
    if (code) return fail(code, out);
    /* OTP on Linux: eperm for a directory (unlink's EISDIR) */
    if (unlinkat(pfd, last, 0) != 0) code = errno == EISDIR ? HL_FE_EPERM : hl_vm_fs_errno(errno);
    close(pfd);
    if (code) return fail(code, out);
    *out = HL_AM(ok);
    return HL_TERM_OK;
}

BIF(b_file_make_dir) {
    NEED_FILES();
    fpath fp;
    int pfd;
    const char *last;
    int code = changing(p, a[0], &fp, HL_FE_EEXIST, HL_FE_EEXIST, &pfd, &last);
    if (code) return fail(code, out);
    hl_vm_mount *m = mount_of(p, &fp);
    if (!take(&m->files_created, 1, m->max_files)) code = HL_FE_ENOSPC;
    else if (mkdirat(pfd, last, 0777) != 0) {
        code = hl_vm_fs_errno(errno);
        give_back(&m->files_created, 1);
    }
    close(pfd);
    if (code) return fail(code, out);
    *out = HL_AM(ok);
    return HL_TERM_OK;
}

BIF(b_file_del_dir) {
    NEED_FILES();
    fpath fp;
    int pfd;
    const char *last;
    int code = changing(p, a[0], &fp, HL_FE_EBUSY, HL_FE_EBUSY, &pfd, &last);
    if (code) return fail(code, out);
    /* OTP on Linux: eexist for a directory that is not empty */
    if (unlinkat(pfd, last, AT_REMOVEDIR) != 0) code = errno == ENOTEMPTY ? HL_FE_EEXIST : hl_vm_fs_errno(errno);
    close(pfd);
    if (code) return fail(code, out);
    *out = HL_AM(ok);
    return HL_TERM_OK;
}

BIF(b_file_rename) {
    NEED_FILES();
    fpath from, to;
    int pa, pb;
    const char *la, *lb;
    int code = changing(p, a[0], &from, HL_FE_EBUSY, HL_FE_EBUSY, &pa, &la);
    if (code) return fail(code, out);
    code = resolve(p, a[1], &to);
    if (!code && to.mount != from.mount) code = to.mount < 0 && !to.virt ? HL_FE_ENOENT : HL_FE_EXDEV;
    if (!code) code = changing(p, a[1], &to, HL_FE_EXDEV, HL_FE_EBUSY, &pb, &lb);
    if (code) {
        close(pa);
        return fail(code, out);
    }
    if (renameat(pa, la, pb, lb) != 0) code = hl_vm_fs_errno(errno);
    close(pa);
    close(pb);
    if (code) return fail(code, out);
    *out = HL_AM(ok);
    return HL_TERM_OK;
}

/* ---- read_file_info -------------------------------------------------------------- */

enum { T_REGULAR, T_DIRECTORY, T_SYMLINK, T_OTHER };
enum { A_NONE, A_READ, A_WRITE, A_READ_WRITE };

/* {Size, Type, Access, Atime, Mtime, Ctime, Mode, Links}: file.erl makes
 * the #file_info record. Times are seconds since 1970 only for a program
 * that also has `clocks` outside the deterministic profile (a file's time
 * is a clock reading); 0 otherwise. */
BIF(b_file_info) {
    NEED_FILES();
    fpath fp;
    int code = resolve(p, a[0], &fp);
    if (code) return fail(code, out);
    struct stat st;
    int access = A_READ;
    if (fp.mount < 0) {
        if (!fp.virt) return fail(HL_FE_ENOENT, out);
        memset(&st, 0, sizeof st);
        st.st_mode = S_IFDIR | 0555;
        st.st_nlink = 2;
    } else {
        hl_vm_mount *m = mount_of(p, &fp);
        const char *last;
        int pfd = hl_vm_fs_open_parent(p->fs, m, fp.rel, &last);
        if (pfd < 0) return fail(-pfd, out);
        int r = last ? fstatat(pfd, last, &st, AT_SYMLINK_NOFOLLOW) : fstat(pfd, &st);
        code = r != 0 ? hl_vm_fs_errno(errno) : 0;
        close(pfd);
        if (code) return fail(code, out);
        access = m->writable ? A_READ_WRITE : A_READ;
    }
    int type = S_ISREG(st.st_mode) ? T_REGULAR : S_ISDIR(st.st_mode) ? T_DIRECTORY : S_ISLNK(st.st_mode) ? T_SYMLINK
                                                                                                           : T_OTHER;
    bool times = (p->caps & HL_CAP_CLOCKS) && !p->det;
    hl_term *t;
    hl_term_status ts = hl_heap_alloc(H, 9, &t);
    if (ts != HL_TERM_OK) return ts;
    int64_t size = st.st_size < 0 ? 0 : (int64_t)st.st_size;
    t[0] = hl_make_header(HL_SUB_TUPLE, 8);
    t[1] = hl_make_small(size > HL_SMALL_MAX ? HL_SMALL_MAX : size);
    t[2] = hl_make_small(type);
    t[3] = hl_make_small(access);
    t[4] = hl_make_small(times ? (int64_t)st.st_atime : 0);
    t[5] = hl_make_small(times ? (int64_t)st.st_mtime : 0);
    t[6] = hl_make_small(times ? (int64_t)st.st_ctime : 0);
    t[7] = hl_make_small((int64_t)st.st_mode);
    t[8] = hl_make_small((int64_t)st.st_nlink);
    *out = hl_make_boxed(t);
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_file[] = {
    {HL_BI_HL_FILE_READ2, b_file_read},         {HL_BI_HL_FILE_WRITE3, b_file_write},
    {HL_BI_HL_FILE_LIST1, b_file_list},         {HL_BI_HL_FILE_DELETE1, b_file_delete},
    {HL_BI_HL_FILE_MAKE_DIR1, b_file_make_dir}, {HL_BI_HL_FILE_DEL_DIR1, b_file_del_dir},
    {HL_BI_HL_FILE_RENAME2, b_file_rename},     {HL_BI_HL_FILE_INFO1, b_file_info},
    {HL_BI_HL_FILE_CONSULT1, b_file_consult},
};
const size_t hl_vm_bifs_file_count = sizeof hl_vm_bifs_file / sizeof hl_vm_bifs_file[0];
