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
 * quota is enospc. list_dir and consult run in one call (docs/builtins.md,
 * known gaps; consult only on files of at most CONSULT_MAX). A builtin
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
#include "vm/bif_registry.h"
#include "vm/vm_fs.h"
#include "vm/vm_internal.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    BYTES_PER_RED = 64,
    NAME_IN_MAX = 1 << 16, /* a guest path's bytes before normalisation */
    CHUNK_BYTES = 1 << 18, /* one read or write call (file.erl loops) */
    CONSULT_MAX = 1 << 16, /* consult/1's text: parsed in one call (docs/builtins.md, known gaps) */
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

/* {ok, Terms}, a code, or {Line, Message} (a binary) for text that is not
 * a sequence of terms each ending with '.': file.erl makes OTP's
 * {error, {Line, Module, Message}}. Atoms are those the guest could name
 * (list_to_existing_atom's: its program's and its call's), since a guest
 * never creates atoms; an unknown one is such an error. */
BIF(b_file_consult) {
    NEED_FILES();
    int fd;
    uint64_t size;
    int code = open_regular(p, a[0], &fd, &size);
    if (code) return fail(code, out);
    if (!p->fs->read_terms) {
        close(fd);
        return fail(HL_FE_EINVAL, out);
    }
    if (size > CONSULT_MAX) { /* one parse: kept short (docs/builtins.md) */
        close(fd);
        return fail(HL_FE_EFBIG, out);
    }
    if (size > p->max_heap) {
        close(fd);
        return HL_TERM_HEAP_LIMIT;
    }
    uint8_t *text = hl_mem_alloc(size ? size : 1);
    if (!text) {
        close(fd);
        return HL_TERM_NOMEM;
    }
    int64_t n = read_at(fd, text, size, 0);
    close(fd);
    if (n < 0) {
        hl_mem_free(text);
        return fail((int)-n, out);
    }
    /* reading terms is heavier than copying bytes */
    p->bif_cost += (uint64_t)n / 16 + 1;
    hl_term terms;
    uint32_t line = 0;
    char msg[200] = "";
    hl_term_status ts = p->fs->read_terms(H, (const char *)text, (size_t)n, existing_atom, p, &terms, &line, msg,
                                          sizeof msg);
    hl_mem_free(text);
    if (ts == HL_TERM_BADARG) {
        size_t ml = strlen(msg);
        hl_term *t;
        hl_bin_builder bb;
        ts = hl_heap_alloc(H, 3, &t);
        if (ts == HL_TERM_OK) ts = hl_bin_build_begin(H, (uint64_t)ml * 8, &bb);
        if (ts != HL_TERM_OK) return ts;
        memcpy(bb.data, msg, ml);
        t[0] = hl_make_header(HL_SUB_TUPLE, 2), t[1] = hl_make_small(line), t[2] = hl_bin_build_finish(&bb);
        *out = hl_make_boxed(t);
        return HL_TERM_OK;
    }
    if (ts != HL_TERM_OK) return ts;
    return ok_tuple(p, terms, out);
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

BIF(b_file_list) {
    NEED_FILES();
    fpath fp;
    int code = resolve(p, a[0], &fp);
    if (code) return fail(code, out);
    names ns = {0};
    if (fp.mount < 0) {
        if (!fp.virt) return fail(HL_FE_ENOENT, out);
        if (list_virtual(p, &fp, &ns) != 0) {
            names_free(&ns);
            return HL_TERM_NOMEM;
        }
    } else {
        hl_vm_mount *m = mount_of(p, &fp);
        const char *last;
        int dfd = hl_vm_fs_open_parent(p->fs, m, fp.rel, &last);
        if (dfd < 0) return fail(-dfd, out);
        if (last) {
            int d2 = hl_vm_fs_open_dir(dfd, last);
            close(dfd);
            if (d2 < 0) return fail(-d2, out);
            dfd = d2;
        }
        DIR *d = fdopendir(dfd);
        if (!d) {
            code = hl_vm_fs_errno(errno);
            close(dfd);
            return fail(code, out);
        }
        struct dirent *de;
        hl_term_status ts = HL_TERM_OK;
        while ((de = readdir(d)) != NULL) {
            if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
            size_t len = strlen(de->d_name);
            /* what the list will take on the heap: past the limit, stop now */
            if (ns.n >= LIST_MAX) ts = HL_TERM_SYSTEM_LIMIT;
            else if ((ns.len + len) + (ns.n + 1) * 8 * sizeof(hl_term) > p->max_heap) ts = HL_TERM_HEAP_LIMIT;
            else if (!names_add(&ns, de->d_name, len)) ts = HL_TERM_NOMEM;
            if (ts != HL_TERM_OK) break;
        }
        closedir(d);
        if (ts != HL_TERM_OK) {
            p->bif_cost += ns.n + ns.len / BYTES_PER_RED + 1;
            names_free(&ns);
            return ts;
        }
    }
    names_sort(&ns);
    /* n entries, their bytes, and the sort's n log n comparisons */
    uint64_t lg = 1;
    while ((1ull << lg) < ns.n) lg++;
    p->bif_cost += ns.n + ns.len / BYTES_PER_RED + ns.n * lg / 8 + 1;
    hl_term *cells = NULL;
    hl_term_status ts = ns.n ? hl_heap_alloc(H, 2 * ns.n, &cells) : HL_TERM_OK;
    hl_term list = HL_NIL;
    for (size_t i = ns.n; ts == HL_TERM_OK && i-- > 0;) {
        const char *s = ns.buf + ns.off[i];
        size_t len = strlen(s);
        hl_bin_builder bb;
        ts = hl_bin_build_begin(H, (uint64_t)len * 8, &bb);
        if (ts != HL_TERM_OK) break;
        memcpy(bb.data, s, len);
        cells[2 * i] = hl_bin_build_finish(&bb);
        cells[2 * i + 1] = list;
        list = hl_make_cons(&cells[2 * i]);
    }
    names_free(&ns);
    if (ts != HL_TERM_OK) return ts;
    return ok_tuple(p, list, out);
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
