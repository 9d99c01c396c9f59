/* vm_fs.h — the `files` capability's mounts (docs/files.md): a set of host
 * directories, each opened once as a directory descriptor and shown to the
 * guest at a guest path, read-only or read-write, with quotas; guest path
 * normalisation (vm/fs_path.c, pure: the fuzz target's entry point); and
 * the containment primitive every file builtin uses (vm/vm_fs.c): the
 * directory holding a path's last component, opened beneath the mount's
 * descriptor with openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
 * RESOLVE_NO_MAGICLINKS), or component by component with O_NOFOLLOW where
 * the kernel lacks openat2. The builtins (vm/bif_file.c) then act on that
 * descriptor and one plain name with the *at system calls.
 *
 * The public type is hl_mounts (include/hyperlang.h); the host makes and
 * shares it (refcounted), a run's processes read it (hl_vm_set_files). */
#ifndef HL_VM_FS_H
#define HL_VM_FS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    HL_VM_FS_MAX_MOUNTS = 64,
    HL_VM_PATH_MAX = 4096, /* a normalised guest path, bytes */
    HL_VM_NAME_MAX = 255,  /* one component, bytes */
    /* Directories a set's listings hold open at once (file:list_dir/1
     * reads a batch per builtin call and keeps its directory open between
     * calls, vm/bif_file.c): past it a listing is {error, emfile}, so no
     * guest can take the host process's descriptors (docs/files.md). */
    HL_VM_FS_MAX_OPEN_DIRS = 64,
};

/* Default quotas of a mount (a quota is never unlimited). */
#define HL_VM_FS_DEFAULT_BYTES_WRITTEN ((uint64_t)64 << 20)
#define HL_VM_FS_DEFAULT_FILES 10000u
#define HL_VM_FS_DEFAULT_FILE_BYTES ((uint64_t)16 << 20) /* a binary's maximum (HL_BIN_MAX_BYTES) */

/* Error codes the file builtins return to lib/file.erl, which maps each to
 * OTP's atom: code i is the i-th atom of file.erl's errors tuple (keep the
 * two in the same order; tests/unit/test_files.c checks every code). */
#define HL_VM_FS_ERRORS(X)                                                                                   \
    X(ENOENT, "enoent") X(EACCES, "eacces") X(EISDIR, "eisdir") X(ENOTDIR, "enotdir") X(EEXIST, "eexist") \
    X(ENOSPC, "enospc") X(EFBIG, "efbig") X(EINVAL, "einval") X(ENOTEMPTY, "enotempty")                    \
    X(EXDEV, "exdev") X(ELOOP, "eloop") X(ENAMETOOLONG, "enametoolong") X(EBUSY, "ebusy") X(EIO, "eio")   \
    X(EBADARG, "badarg") X(EPERM, "eperm") X(EMFILE, "emfile")
typedef enum hl_vm_fs_err {
    HL_FE_OK = 0,
#define HL_VM_FS_ERR_ENUM(c, name) HL_FE_##c,
    HL_VM_FS_ERRORS(HL_VM_FS_ERR_ENUM)
#undef HL_VM_FS_ERR_ENUM
    HL_FE__COUNT
} hl_vm_fs_err;
/* OTP's atom name of a code (for tests and messages), or NULL. */
const char *hl_vm_fs_err_name(int code);
/* The code of a system call's errno (EIO for one without an OTP name here). */
int hl_vm_fs_errno(int e);

typedef struct hl_vm_mount {
    char *guest;      /* normalised guest path ("/data"; "/" for the whole namespace) */
    size_t guest_len;
    int dirfd;        /* the host directory, O_RDONLY | O_DIRECTORY */
    bool writable;
    uint64_t max_bytes_written, max_files, max_file_bytes;
    /* Use so far, over the life of the set: every run and tenant holding it
     * shares the counts (atomics: calls of tenants in other threads). */
    _Atomic uint64_t bytes_written, files_created;
} hl_vm_mount;

#include "term/etf.h"
#include "term/heap.h"

/* file:consult/1's term reader (the VM has no parser: the host gives its
 * own, host/reader.c, when it makes the set): the terms of text, each
 * ending with '.', as a list on h, atoms through atom_fn; on a syntax
 * error BADARG with *line and msg[] set, and *otp the shape erl_parse
 * would give it (host/reader.h's HL_READER_OTP_*: 1, msg the text of the
 * token the error is before; 2, "bad term"; 0, msg our own text). */
typedef hl_term_status (*hl_vm_read_terms_fn)(hl_heap *h, const char *text, size_t len, hl_etf_atom_fn atom_fn,
                                              void *atom_ctx, hl_term *out, uint32_t *line, char *msg,
                                              size_t msgcap, int *otp);

/* The same in steps (host/reader.h's hl_read_job), for a term too large
 * to parse in one call: new (NULL: out of memory), a step of about
 * `budget` tokens (OK with *done false: again; *done true: *out, the list
 * of the text's terms on the job's own heap, to be copied; an error as
 * read_terms'), the bytes it holds, free. */
typedef struct hl_vm_read_job_ops {
    void *(*job_new)(const char *text, size_t len, uint64_t heap_limit);
    hl_term_status (*job_step)(void *job, size_t budget, hl_etf_atom_fn atom_fn, void *atom_ctx, bool *done,
                               hl_term *out, uint32_t *line, char *msg, size_t msgcap, int *otp);
    uint64_t (*job_bytes)(const void *job);
    void (*job_free)(void *job);
} hl_vm_read_job_ops;

typedef struct hl_mounts hl_vm_fs;
struct hl_mounts {
    _Atomic uint32_t refs;
    uint32_t n;
    hl_vm_mount m[HL_VM_FS_MAX_MOUNTS];
    /* set once a call found no openat2 (ENOSYS), or by tests
     * (hl_vm_fs_force_fallback): the component-by-component path */
    _Atomic bool no_openat2;
    hl_vm_read_terms_fn read_terms; /* NULL: consult/1 is einval */
    const hl_vm_read_job_ops *read_job; /* NULL: a large term is parsed in one call */
    /* listings in progress holding a directory open (at most
     * HL_VM_FS_MAX_OPEN_DIRS), over every run and tenant using the set */
    _Atomic uint32_t open_dirs;
    uint32_t list_batch; /* entries a listing reads per call; 0: the default (tests lower it) */
};

/* ---- guest paths (vm/fs_path.c, pure) ------------------------------------- */

/* Normalises a guest path: absolute ("/"-rooted; a relative path is taken
 * from "/", the guest's only working directory), "." and empty components
 * dropped, ".." removing the one before it (never above "/"), no trailing
 * "/". out has room for HL_VM_PATH_MAX + 1 bytes; *outlen its length (the
 * result is also NUL-terminated). HL_FE_EINVAL for an empty path or a NUL
 * byte, HL_FE_ENAMETOOLONG for a component over HL_VM_NAME_MAX bytes or a
 * result over HL_VM_PATH_MAX. Lexical ".." is exact here because no path
 * is ever resolved through a symbolic link (docs/files.md). */
int hl_vm_path_norm(const char *in, size_t len, char *out, size_t *outlen);

/* Where a normalised path lies: the mount holding it (the longest guest
 * path that is the path or one of its ancestors; *rel the rest, without its
 * leading "/", "" for the mount's own directory), or -1 with *virt true when
 * the path is a proper ancestor of some mount (a directory of the guest's
 * namespace that only holds mount points), false when it is nowhere. */
int hl_vm_fs_find(const hl_vm_fs *fs, const char *path, size_t len, const char **rel, bool *virt);

/* ---- mount sets (vm/vm_fs.c) ---------------------------------------------- */

hl_vm_fs *hl_vm_fs_new(void);
void hl_vm_fs_ref(hl_vm_fs *fs);
void hl_vm_fs_unref(hl_vm_fs *fs);
/* Opens host_dir (the host's own path, any form it likes) and adds it at
 * guest_path; quotas 0 take the defaults. HL_FE_OK, or a code with why[]
 * filled: EINVAL (guest path not absolute, already mounted, too many
 * mounts), or the host directory's open error. */
int hl_vm_fs_add(hl_vm_fs *fs, const char *host_dir, const char *guest_path, bool writable,
                 uint64_t max_bytes_written, uint64_t max_files, uint64_t max_file_bytes, char *why, size_t whylen);
/* Tests: take the component-by-component path as a kernel without
 * openat2 would. */
void hl_vm_fs_force_fallback(hl_vm_fs *fs, bool on);
/* Tests: the entries file:list_dir/1 reads per builtin call (0: the
 * default), so a small directory takes many calls. */
void hl_vm_fs_set_list_batch(hl_vm_fs *fs, uint32_t n);
/* The directories the set's listings hold open now (tests: none is leaked). */
uint32_t hl_vm_fs_open_dirs(const hl_vm_fs *fs);
/* The guest path of the set's first read-write mount, or NULL when every
 * mount is read-only (or fs is NULL): the deterministic profile takes
 * read-only mounts only (docs/files.md). */
const char *hl_vm_fs_writable_mount(const hl_vm_fs *fs);

/* The directory holding rel's last component, opened beneath the mount
 * (O_RDONLY | O_DIRECTORY | O_CLOEXEC, no symbolic link followed on the
 * way), and that component in *last (a plain name: never "", "." or "..",
 * no "/"); rel "" (the mount's own directory) gives a duplicate of the
 * mount's descriptor and *last NULL. Returns the descriptor (the caller
 * closes it) or -code. `rel` comes from hl_vm_fs_find. */
int hl_vm_fs_open_parent(hl_vm_fs *fs, const hl_vm_mount *m, const char *rel, const char **last);
/* The directory `name` (a plain name) of dirfd, not through a link
 * (-HL_FE_ELOOP for a link, as openat2 says); the descriptor or -code. */
int hl_vm_fs_open_dir(int dirfd, const char *name);

#endif
