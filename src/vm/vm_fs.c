/* vm_fs.c — mount sets and the one containment primitive (vm_fs.h): the
 * directory holding a guest path's last component, opened beneath the
 * mount's directory descriptor.
 *
 * Why this contains the guest (docs/files.md has the whole argument):
 * the relative path handed to the kernel has only plain components (the
 * guest path was normalised lexically: no "", "." or ".." is left), it is
 * resolved from the mount's descriptor, never from "/" or the process's
 * working directory, and no symbolic link is followed on the way:
 * openat2's RESOLVE_BENEATH refuses any step out of the descriptor's tree,
 * RESOLVE_NO_SYMLINKS and RESOLVE_NO_MAGICLINKS every link. Where the
 * kernel has no openat2 (ENOSYS: before Linux 5.6, or a filter that
 * refuses it), each component is opened with openat(O_NOFOLLOW |
 * O_DIRECTORY) from the previous one's descriptor: a link is refused
 * (ELOOP) and a plain name is always a child, so the walk cannot leave the
 * tree either. Both are immune to a path changing between check and use:
 * the builtins act on the descriptor, and the final component is a single
 * name given to an *at call with O_NOFOLLOW / AT_SYMLINK_NOFOLLOW. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/mem.h"
#include "vm/vm_fs.h"

static const char *const err_names[HL_FE__COUNT] = {
    [HL_FE_OK] = "ok",
#define HL_VM_FS_ERR_NAME(c, name) [HL_FE_##c] = name,
    HL_VM_FS_ERRORS(HL_VM_FS_ERR_NAME)
#undef HL_VM_FS_ERR_NAME
};

const char *hl_vm_fs_err_name(int code) { return code >= 0 && code < HL_FE__COUNT ? err_names[code] : NULL; }

int hl_vm_fs_errno(int e) {
    static const struct {
        int e, code;
    } map[] = {
        {ENOENT, HL_FE_ENOENT},   {EACCES, HL_FE_EACCES},       {EISDIR, HL_FE_EISDIR},
        {ENOTDIR, HL_FE_ENOTDIR}, {EEXIST, HL_FE_EEXIST},       {ENOSPC, HL_FE_ENOSPC},
        {EDQUOT, HL_FE_ENOSPC},   {EFBIG, HL_FE_EFBIG},         {EINVAL, HL_FE_EINVAL},
        {ENOTEMPTY, HL_FE_ENOTEMPTY}, {EXDEV, HL_FE_EXDEV},     {ELOOP, HL_FE_ELOOP},
        {ENAMETOOLONG, HL_FE_ENAMETOOLONG}, {EBUSY, HL_FE_EBUSY}, {EPERM, HL_FE_EPERM},
        {EMFILE, HL_FE_EMFILE},   {ENFILE, HL_FE_EMFILE},       {EROFS, HL_FE_EACCES},
        {ENXIO, HL_FE_EACCES},    {EAGAIN, HL_FE_EACCES},       {EWOULDBLOCK, HL_FE_EACCES},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].e == e) return map[i].code;
    return HL_FE_EIO;
}

hl_vm_fs *hl_vm_fs_new(void) {
    hl_vm_fs *fs = hl_mem_calloc(1, sizeof *fs);
    if (!fs) return NULL;
    atomic_init(&fs->refs, 1);
    atomic_init(&fs->no_openat2, false);
    atomic_init(&fs->open_dirs, 0);
    return fs;
}

void hl_vm_fs_ref(hl_vm_fs *fs) {
    if (fs) atomic_fetch_add_explicit(&fs->refs, 1, memory_order_relaxed);
}

void hl_vm_fs_unref(hl_vm_fs *fs) {
    if (!fs || atomic_fetch_sub_explicit(&fs->refs, 1, memory_order_acq_rel) != 1) return;
    for (uint32_t i = 0; i < fs->n; i++) {
        close(fs->m[i].dirfd);
        hl_mem_free(fs->m[i].guest);
    }
    hl_mem_free(fs);
}

void hl_vm_fs_force_fallback(hl_vm_fs *fs, bool on) { atomic_store(&fs->no_openat2, on); }

void hl_vm_fs_set_list_batch(hl_vm_fs *fs, uint32_t n) { fs->list_batch = n; }

uint32_t hl_vm_fs_open_dirs(const hl_vm_fs *fs) { return atomic_load(&((hl_vm_fs *)fs)->open_dirs); }

const char *hl_vm_fs_writable_mount(const hl_vm_fs *fs) {
    for (uint32_t i = 0; fs && i < fs->n; i++)
        if (fs->m[i].writable) return fs->m[i].guest;
    return NULL;
}

int hl_vm_fs_add(hl_vm_fs *fs, const char *host_dir, const char *guest_path, bool writable,
                 uint64_t max_bytes_written, uint64_t max_files, uint64_t max_file_bytes, char *why, size_t whylen) {
    char norm[HL_VM_PATH_MAX + 1];
    size_t nl;
    if (!guest_path || guest_path[0] != '/' || hl_vm_path_norm(guest_path, strlen(guest_path), norm, &nl) != HL_FE_OK) {
        snprintf(why, whylen, "the guest path must be absolute (a string starting with /)");
        return HL_FE_EINVAL;
    }
    if (fs->n == HL_VM_FS_MAX_MOUNTS) {
        snprintf(why, whylen, "at most %d mounts", HL_VM_FS_MAX_MOUNTS);
        return HL_FE_EINVAL;
    }
    for (uint32_t i = 0; i < fs->n; i++)
        if (fs->m[i].guest_len == nl && memcmp(fs->m[i].guest, norm, nl) == 0) {
            snprintf(why, whylen, "%s is mounted twice", norm);
            return HL_FE_EINVAL;
        }
    int fd = open(host_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        snprintf(why, whylen, "cannot open the host directory %.200s: %s", host_dir, strerror(e));
        return hl_vm_fs_errno(e);
    }
    char *g = hl_mem_alloc(nl + 1);
    if (!g) {
        close(fd);
        snprintf(why, whylen, "out of memory");
        return HL_FE_EIO;
    }
    memcpy(g, norm, nl + 1);
    hl_vm_mount *m = &fs->m[fs->n++];
    m->guest = g;
    m->guest_len = nl;
    m->dirfd = fd;
    m->writable = writable;
    m->max_bytes_written = max_bytes_written ? max_bytes_written : HL_VM_FS_DEFAULT_BYTES_WRITTEN;
    m->max_files = max_files ? max_files : HL_VM_FS_DEFAULT_FILES;
    m->max_file_bytes = max_file_bytes ? max_file_bytes : HL_VM_FS_DEFAULT_FILE_BYTES;
    atomic_init(&m->bytes_written, 0);
    atomic_init(&m->files_created, 0);
    return HL_FE_OK;
}

int hl_vm_fs_open_dir(int dirfd, const char *name) {
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) return fd;
    int e = errno;
    struct stat st;
    /* O_DIRECTORY's ENOTDIR for a link: say it is a link, as openat2 does */
    if (e == ENOTDIR && fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) e = ELOOP;
    return -hl_vm_fs_errno(e);
}

/* Component by component: each a plain name, opened from its parent's
 * descriptor without following a link. */
static int walk(int root, const char *dir, size_t len) {
    int cur = fcntl(root, F_DUPFD_CLOEXEC, 0);
    if (cur < 0) return -hl_vm_fs_errno(errno);
    size_t i = 0;
    char name[HL_VM_NAME_MAX + 1];
    while (i < len) {
        size_t s = i;
        while (i < len && dir[i] != '/') i++;
        size_t n = i - s;
        i++; /* the '/' */
        memcpy(name, dir + s, n); /* n <= HL_VM_NAME_MAX: the path was normalised */
        name[n] = '\0';
        int next = hl_vm_fs_open_dir(cur, name);
        close(cur);
        if (next < 0) return next;
        cur = next;
    }
    return cur;
}

int hl_vm_fs_open_parent(hl_vm_fs *fs, const hl_vm_mount *m, const char *rel, const char **last) {
    size_t len = strlen(rel);
    if (len == 0) {
        *last = NULL;
        int fd = fcntl(m->dirfd, F_DUPFD_CLOEXEC, 0);
        return fd >= 0 ? fd : -hl_vm_fs_errno(errno);
    }
    const char *slash = memrchr(rel, '/', len);
    *last = slash ? slash + 1 : rel;
    size_t dlen = slash ? (size_t)(slash - rel) : 0;
    if (dlen == 0) {
        int fd = fcntl(m->dirfd, F_DUPFD_CLOEXEC, 0);
        return fd >= 0 ? fd : -hl_vm_fs_errno(errno);
    }
    if (!atomic_load_explicit(&fs->no_openat2, memory_order_relaxed)) {
        char dir[HL_VM_PATH_MAX + 1];
        memcpy(dir, rel, dlen);
        dir[dlen] = '\0';
        struct open_how how = {.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC,
                               .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS};
        long fd = syscall(SYS_openat2, m->dirfd, dir, &how, sizeof how);
        if (fd >= 0) return (int)fd;
        if (errno != ENOSYS) return -hl_vm_fs_errno(errno);
        atomic_store_explicit(&fs->no_openat2, true, memory_order_relaxed);
    }
    return walk(m->dirfd, rel, dlen);
}
