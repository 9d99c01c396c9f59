/* mounts.c — hl_mounts, the `files` capability's directories
 * (include/hyperlang.h, docs/files.md): the public face of vm/vm_fs.h's
 * mount sets. A set is filled by the host, then shared (refcounted) by the
 * runs and tenants that use it; its quotas count over its whole life. */
#include <string.h>

#include <stdio.h>

#include "host/host_int.h"
#include "host/reader.h"

/* file:consult/1's parser (vm_fs.h): the term-literal reader of hl run's
 * arguments, one term per '.', atoms only those the guest could name. */
static hl_term_status read_terms(hl_heap *h, const char *text, size_t len, hl_etf_atom_fn atom_fn, void *atom_ctx,
                                 hl_term *out, uint32_t *line, char *msg, size_t msgcap, int *otp) {
    hl_reader_opts o = {.atom_fn = atom_fn, .atom_ctx = atom_ctx};
    hl_reader_error e;
    hl_term_status st = hl_read_terms(h, text, len, &o, out, &e);
    if (st == HL_TERM_BADARG || st == HL_TERM_SYSTEM_LIMIT) {
        *line = e.line;
        /* the reader speaks of pools; a guest author of atoms it can name */
        char *pool = strstr(e.message, " (not static and not in the pool)");
        if (pool) *pool = '\0';
        snprintf(msg, msgcap, "%s%s", e.message, pool ? " (not an atom the program contains)" : "");
        *otp = st == HL_TERM_BADARG ? e.otp : HL_READER_OTP_NONE;
        if (*otp == HL_READER_OTP_SYNTAX) snprintf(msg, msgcap, "%s", e.token);
        return HL_TERM_BADARG;
    }
    return st;
}

/* The reader's error as read_terms gives it. */
static hl_term_status shape_error(hl_term_status st, hl_reader_error *e, uint32_t *line, char *msg, size_t msgcap,
                                  int *otp) {
    if (st != HL_TERM_BADARG && st != HL_TERM_SYSTEM_LIMIT) return st;
    *line = e->line;
    char *pool = strstr(e->message, " (not static and not in the pool)");
    if (pool) *pool = '\0';
    snprintf(msg, msgcap, "%s%s", e->message, pool ? " (not an atom the program contains)" : "");
    *otp = st == HL_TERM_BADARG ? e->otp : HL_READER_OTP_NONE;
    if (*otp == HL_READER_OTP_SYNTAX) snprintf(msg, msgcap, "%s", e->token);
    return HL_TERM_BADARG;
}

static void *job_new(const char *text, size_t len, uint64_t heap_limit) {
    return hl_read_job_new(text, len, heap_limit);
}

static hl_term_status job_step(void *job, size_t budget, hl_etf_atom_fn atom_fn, void *atom_ctx, bool *done,
                               hl_term *out, uint32_t *line, char *msg, size_t msgcap, int *otp) {
    hl_reader_error e;
    hl_term_status st = hl_read_job_step(job, budget, atom_fn, atom_ctx, done, out, &e);
    return st == HL_TERM_OK ? st : shape_error(st, &e, line, msg, msgcap, otp);
}

static uint64_t job_bytes(const void *job) { return hl_read_job_heap_bytes(job); }
static void job_free(void *job) { hl_read_job_free(job); }

static const hl_vm_read_job_ops read_job_ops = {job_new, job_step, job_bytes, job_free};

hl_vm_fs *hl_host_mounts_new(void) {
    hl_vm_fs *fs = hl_vm_fs_new();
    if (fs) fs->read_terms = read_terms, fs->read_job = &read_job_ops;
    return fs;
}

hl_status hl_mounts_new(hl_mounts **out) {
    if (!out) return HL_EMISUSE;
    *out = hl_host_mounts_new();
    return *out ? HL_OK : HL_ENOMEM;
}

void hl_mounts_free(hl_mounts *mounts) { hl_vm_fs_unref(mounts); }

hl_status hl_mounts_add(hl_mounts *mounts, const char *host_dir, const char *guest_path, int writable,
                        uint64_t max_bytes_written, uint64_t max_files, uint64_t max_file_bytes, hl_error **err) {
    if (err) *err = NULL;
    if (!mounts || !host_dir || !guest_path) return HL_EMISUSE;
    /* a set in use is read by runs without a lock: it is filled first */
    if (atomic_load(&mounts->refs) != 1)
        return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, "the mounts are in use: add every mount first"));
    char why[320];
    int code = hl_vm_fs_add(mounts, host_dir, guest_path, writable != 0, max_bytes_written, max_files,
                            max_file_bytes, why, sizeof why);
    if (code == HL_FE_OK) return HL_OK;
    return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, why));
}

hl_status hl_mounts_usage(const hl_mounts *mounts, const char *guest_path, uint64_t *bytes_written,
                          uint64_t *files) {
    if (!mounts || !guest_path) return HL_EMISUSE;
    char norm[HL_VM_PATH_MAX + 1];
    size_t nl;
    if (hl_vm_path_norm(guest_path, strlen(guest_path), norm, &nl) != HL_FE_OK) return HL_EMISUSE;
    for (uint32_t i = 0; i < mounts->n; i++) {
        const hl_vm_mount *m = &mounts->m[i];
        if (m->guest_len != nl || memcmp(m->guest, norm, nl) != 0) continue;
        if (bytes_written) *bytes_written = atomic_load(&((hl_vm_mount *)m)->bytes_written);
        if (files) *files = atomic_load(&((hl_vm_mount *)m)->files_created);
        return HL_OK;
    }
    return HL_EMISUSE;
}
