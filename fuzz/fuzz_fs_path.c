/* fuzz_fs_path.c — libFuzzer target over guest path handling for the
 * `files` capability (vm/fs_path.c, docs/files.md): hl_vm_path_norm on any
 * bytes, then which of a fixed set of mounts holds the result
 * (hl_vm_fs_find). Findings: a normal form that is not absolute, keeps an
 * empty, "." or ".." component, a trailing "/" or a NUL, is longer than
 * HL_VM_PATH_MAX, or changes when normalised again; and a mount-relative
 * rest that is not exactly the path below the mount's guest path, or that
 * could climb (a "..", an empty component, a leading "/"). No system call:
 * the mounts have no descriptors. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vm/vm_fs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool plain_components(const char *s, size_t len, bool absolute) {
    size_t i = 0;
    if (absolute) {
        if (len == 0 || s[0] != '/') return false;
        if (len == 1) return true;
        i = 1;
    }
    if (len == i) return !absolute; /* "" (a mount's own directory) */
    while (i <= len) {
        size_t st = i;
        while (i < len && s[i] != '/') i++;
        size_t n = i - st;
        if (n == 0 || n > HL_VM_NAME_MAX || (n == 1 && s[st] == '.') || (n == 2 && s[st] == '.' && s[st + 1] == '.'))
            return false;
        if (memchr(s + st, '\0', n)) return false;
        i++;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 3 * HL_VM_PATH_MAX) return 0;
    char norm[HL_VM_PATH_MAX + 1], again[HL_VM_PATH_MAX + 1];
    size_t nl = 0, al = 0;
    int st = hl_vm_path_norm((const char *)data, size, norm, &nl);
    if (st != HL_FE_OK) {
        if (st != HL_FE_EINVAL && st != HL_FE_ENAMETOOLONG) abort();
        return 0;
    }
    if (nl > HL_VM_PATH_MAX || norm[nl] != '\0' || strlen(norm) != nl) abort();
    if (!plain_components(norm, nl, true)) abort();
    if (hl_vm_path_norm(norm, nl, again, &al) != HL_FE_OK || al != nl || memcmp(norm, again, nl) != 0) abort();

    static const char *const guests[] = {"/data", "/data/out", "/d", "/srv/a/b", "/"};
    hl_vm_fs fs;
    memset(&fs, 0, sizeof fs);
    for (size_t i = 0; i < sizeof guests / sizeof guests[0]; i++) {
        fs.m[i].guest = (char *)guests[i];
        fs.m[i].guest_len = strlen(guests[i]);
        fs.m[i].dirfd = -1;
        fs.n++;
    }
    for (uint32_t with_root = 0; with_root < 2; with_root++) {
        hl_vm_fs view = fs;
        if (!with_root) view.n--; /* without the "/" mount */
        const char *rel = NULL;
        bool virt = false;
        int m = hl_vm_fs_find(&view, norm, nl, &rel, &virt);
        if (m < 0) {
            if (with_root) abort(); /* "/" holds everything */
            continue;
        }
        if (virt) abort();
        const hl_vm_mount *mt = &view.m[m];
        size_t rl = strlen(rel);
        if (!plain_components(rel, rl, false)) abort();
        /* guest + "/" + rel is the path exactly */
        if (mt->guest_len == 1) {
            if (rl + 1 != nl || memcmp(norm + 1, rel, rl) != 0) abort();
        } else if (rl == 0) {
            if (nl != mt->guest_len || memcmp(norm, mt->guest, nl) != 0) abort();
        } else if (mt->guest_len + 1 + rl != nl || memcmp(norm, mt->guest, mt->guest_len) != 0 ||
                   norm[mt->guest_len] != '/' || memcmp(norm + mt->guest_len + 1, rel, rl) != 0) {
            abort();
        }
        /* the longest mount: none longer holds the path */
        for (uint32_t k = 0; k < view.n; k++) {
            const hl_vm_mount *o = &view.m[k];
            if (o->guest_len <= mt->guest_len || o->guest_len > nl) continue;
            if (memcmp(norm, o->guest, o->guest_len) == 0 && (nl == o->guest_len || norm[o->guest_len] == '/'))
                abort();
        }
    }
    return 0;
}
