/* fs_path.c — guest paths, purely lexical (vm_fs.h): normalisation into
 * one absolute form, and which mount a normalised path lies in. No system
 * call here: fuzz/fuzz_fs_path.c drives both with arbitrary bytes. */
#include <string.h>

#include "vm/vm_fs.h"

int hl_vm_path_norm(const char *in, size_t len, char *out, size_t *outlen) {
    if (len == 0) return HL_FE_EINVAL;
    if (memchr(in, '\0', len)) return HL_FE_EINVAL;
    size_t o = 0; /* out[0, o) is the normalised prefix, "" meaning "/" */
    size_t i = 0;
    while (i < len) {
        while (i < len && in[i] == '/') i++;
        size_t s = i;
        while (i < len && in[i] != '/') i++;
        size_t n = i - s;
        if (n == 0 || (n == 1 && in[s] == '.')) continue;
        if (n == 2 && in[s] == '.' && in[s + 1] == '.') {
            /* back to the previous '/', never above the root */
            while (o > 0 && out[o - 1] != '/') o--;
            if (o > 0) o--;
            continue;
        }
        if (n > HL_VM_NAME_MAX) return HL_FE_ENAMETOOLONG;
        if (o + 1 + n > HL_VM_PATH_MAX) return HL_FE_ENAMETOOLONG;
        out[o++] = '/';
        memcpy(out + o, in + s, n);
        o += n;
    }
    if (o == 0) out[o++] = '/';
    out[o] = '\0';
    *outlen = o;
    return HL_FE_OK;
}

int hl_vm_fs_find(const hl_vm_fs *fs, const char *path, size_t len, const char **rel, bool *virt) {
    int best = -1;
    size_t best_len = 0;
    *virt = false;
    *rel = NULL;
    if (!fs) return -1;
    for (uint32_t i = 0; i < fs->n; i++) {
        const hl_vm_mount *m = &fs->m[i];
        size_t g = m->guest_len;
        bool root = g == 1; /* "/" holds every path */
        if (root || (len >= g && memcmp(path, m->guest, g) == 0 && (len == g || path[g] == '/'))) {
            if (best < 0 || g > best_len) best = (int)i, best_len = g;
        } else if (g > len && memcmp(path, m->guest, len) == 0 && (len == 1 || m->guest[len] == '/')) {
            *virt = true; /* the path is a proper ancestor of this mount */
        }
    }
    if (best < 0) return -1;
    *virt = false;
    if (best_len == 1) *rel = path + 1;
    else *rel = len == best_len ? path + len : path + best_len + 1;
    return best;
}
