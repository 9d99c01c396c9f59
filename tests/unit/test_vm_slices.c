/* test_vm_slices.c — preemption: a process stopped when its slice runs out
 * resumes exactly where it was. Every conformance program (recursion,
 * closures, try/catch, GC-heavy list building, receive ... after) runs once
 * uninterrupted and then in slices of 1, 7, 100 and 10,000 reductions,
 * resuming after each yield; the outcome (result or exception with its
 * stack trace) and the total reduction count must be exactly the same.
 * Uses the internal module layout (host/host_int.h) and the VM's process
 * interface (vm/vm.h), not the public API's hl_run. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>

#include "host/host_int.h"
#include "term/atom.h"
#include "term/compare.h"
#include "vm/vm.h"
#include "vm/vm_internal.h"
#include "vm/vm_receive.h"

typedef struct outcome {
    hl_vm_status st;
    hl_term value, cls, reason, stack; /* on the process heap */
    uint64_t reds;
    uint64_t yields;
} outcome;

/* Runs main/0 with the given slice (0 = uninterrupted) to its end. The
 * process is returned so the terms stay alive until compared. */
static hl_vm_proc *run_sliced(const hl_program *prog, uint32_t caps, uint64_t slice, outcome *o) {
    /* No deadline: reductions are then granted in chunks that depend only
     * on the slice, so the counts are comparable exactly. */
    hl_vm_limits lim = {HL_RUN_DEFAULT_MAX_REDUCTIONS, HL_RUN_DEFAULT_MAX_HEAP_BYTES, 0, 0};
    int64_t fn = hl_program_find(prog, "main", 4, 0);
    assert_true(fn >= 0);
    hl_vm_proc *p = hl_vm_proc_new(prog, &lim);
    assert_non_null(p);
    /* the program's capabilities, in the deterministic profile: its
     * virtual clock reads exact reductions, so it is slice-independent too */
    hl_vm_set_env(p, caps, true, 1);
    assert_true(hl_vm_start(p, (uint32_t)fn, NULL, 0));
    memset(o, 0, sizeof *o);
    for (;;) {
        o->st = hl_vm_run(p, slice);
        if (o->st == HL_VM_WAIT) o->st = hl_vm_wait_alone(p); /* sleeps the receive's timeout */
        if (o->st != HL_VM_YIELD) break;
        o->yields++;
    }
    o->reds = hl_vm_reductions(p);
    if (o->st == HL_VM_DONE) o->value = hl_vm_result(p);
    if (o->st == HL_VM_EXCEPTION) hl_vm_exception(p, &o->cls, &o->reason, &o->stack);
    return p;
}

static bool same_term(hl_term a, hl_term b) {
    uint64_t budget = UINT64_MAX;
    int r = 1;
    if (hl_term_compare(a, b, true, &budget, &r) != HL_TERM_OK) return false;
    return r == 0;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    *len = fread(s, 1, (size_t)n, f);
    s[*len] = '\0';
    fclose(f);
    return s;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void test_slices_match_one_run(void **state) {
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/tests/conformance", HL_SOURCE_DIR);
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *names[4096];
    size_t nnames = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        size_t l = strlen(de->d_name);
        if (l > 4 && strcmp(de->d_name + l - 4, ".erl") == 0 && nnames < 4096) names[nnames++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(names, nnames, sizeof *names, cmp_names);
    assert_true(nnames >= 100);

    hl_engine *eng = NULL;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    static const uint64_t slices[] = {1, 7, 100, 10000};
    size_t ran = 0, done = 0, exc = 0, one_skipped = 0;
    uint64_t total_yields = 0;
    for (size_t i = 0; i < nnames; i++) {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len = 0;
        char *src = read_file(path, &len);
        assert_non_null(src);
        hl_module *m = NULL;
        hl_error *err = NULL;
        /* a program's `%% hl-run-flags: --grant NAME` (tests/conformance/run.sh) */
        hl_compile_options *opts = NULL;
        assert_int_equal(hl_compile_options_new(&opts), HL_OK);
        static const char *const caps[] = {"clocks", "random"};
        for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
            char flag[64];
            snprintf(flag, sizeof flag, "%%%% hl-run-flags: --grant %s", caps[c]);
            if (strstr(src, flag)) assert_int_equal(hl_compile_options_grant_capability(opts, caps[c]), HL_OK);
        }
        hl_status cs = hl_compile(eng, names[i], src, len, opts, &m, &err);
        hl_compile_options_free(opts);
        free(src);
        if (cs != HL_OK) { /* a few conformance programs only check compile errors */
            hl_error_free(err);
            continue;
        }
        outcome ref;
        hl_vm_proc *rp = run_sliced(m->prog, m->caps, 0, &ref);
        ran++;
        done += ref.st == HL_VM_DONE;
        exc += ref.st == HL_VM_EXCEPTION;
        for (size_t k = 0; k < sizeof slices / sizeof slices[0]; k++) {
            /* slices of one reduction: only programs small enough to keep
             * the suite fast (one hl_vm_run per reduction) */
            if (slices[k] == 1 && ref.reds > 3000000) {
                one_skipped++;
                continue;
            }
            outcome o;
            hl_vm_proc *p = run_sliced(m->prog, m->caps, slices[k], &o);
            bool ok = o.st == ref.st && o.reds == ref.reds;
            if (ok && o.st == HL_VM_DONE) ok = same_term(o.value, ref.value);
            if (ok && o.st == HL_VM_EXCEPTION)
                ok = same_term(o.cls, ref.cls) && same_term(o.reason, ref.reason) && same_term(o.stack, ref.stack);
            /* a program of many small steps must have yielded (one whose
             * count is mostly one builtin's cost may not have) */
            if (ok && ref.reds > 2 * slices[k] + 100000) ok = o.yields > 0;
            if (!ok)
                fprintf(stderr, "%s: slice %llu: status %d/%d, reductions %llu/%llu, yields %llu\n", names[i],
                        (unsigned long long)slices[k], (int)o.st, (int)ref.st, (unsigned long long)o.reds,
                        (unsigned long long)ref.reds, (unsigned long long)o.yields);
            assert_true(ok);
            total_yields += o.yields;
            hl_vm_proc_free(p);
        }
        hl_vm_proc_free(rp);
        hl_module_free(m);
    }
    for (size_t i = 0; i < nnames; i++) free(names[i]);
    hl_engine_free(eng);
    fprintf(stderr, "slices: %zu programs (%zu returned, %zu raised), %llu yields, %zu slice-1 runs skipped\n", ran,
            done, exc, (unsigned long long)total_yields, one_skipped);
    assert_true(ran >= 100);
    assert_true(total_yields > 100000);
}

/* The mailbox's save pointer, through the internal delivery hook (nothing
 * can send in the language yet): a waiting receive looks only at messages
 * that arrived since it last looked, a match removes that one message, and
 * the others stay queued in order. */
static void test_mailbox_save_pointer(void **state) {
    (void)state;
    static const char src[] = "-module(mb).\n-export([f/0, g/0, h/0]).\n"
                              "f() -> receive 2 -> two; {x, Y} when Y > 5 -> Y end.\n"
                              "g() -> receive M -> M after 0 -> empty end.\n"
                              "h() -> receive 1 -> one after 60000 -> late end.\n";
    hl_engine *eng = NULL;
    assert_int_equal(hl_engine_new(&eng), HL_OK);
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "mb.erl", src, sizeof src - 1, NULL, &m, NULL), HL_OK);
    hl_vm_limits lim = {1000000, 1 << 20, 0, 0};
    hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
    assert_non_null(p);
    assert_true(hl_vm_start(p, (uint32_t)hl_program_find(m->prog, "f", 1, 0), NULL, 0));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    assert_int_equal(hl_vm_wait_ms(p), -1);
    assert_true(hl_vm_deliver(p, hl_make_small(1)));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    assert_int_equal(p->mbox.save, 1); /* 1 was examined and kept */
    assert_true(hl_vm_deliver(p, hl_make_small(3)));
    uint64_t before = hl_vm_reductions(p);
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    assert_int_equal(hl_vm_reductions(p) - before, 2); /* only 3 was looked at: loop_rec_end + wait */
    assert_true(hl_vm_deliver(p, hl_make_small(2)));
    assert_true(hl_vm_deliver(p, hl_make_small(4)));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    assert_true(hl_is_atom(hl_vm_result(p)));
    size_t len;
    const char *name = hl_atom_name(hl_vm_result(p), &len);
    assert_true(len == 3 && memcmp(name, "two", 3) == 0);
    assert_int_equal(p->mbox.n, 3); /* 1, 3, 4 stay, in order */
    assert_true(p->mbox.msgs[0] == hl_make_small(1) && p->mbox.msgs[1] == hl_make_small(3) &&
                p->mbox.msgs[2] == hl_make_small(4));
    assert_int_equal(p->mbox.save, 0);
    hl_vm_proc_free(p);

    /* A queued message is taken by the next receive at once; after 0 with
     * an empty queue times out. */
    p = hl_vm_proc_new(m->prog, &lim);
    assert_true(hl_vm_start(p, (uint32_t)hl_program_find(m->prog, "g", 1, 0), NULL, 0));
    assert_true(hl_vm_deliver(p, hl_make_small(9)));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    assert_true(hl_vm_result(p) == hl_make_small(9));
    assert_int_equal(p->mbox.n, 0);
    hl_vm_proc_free(p);
    p = hl_vm_proc_new(m->prog, &lim);
    assert_true(hl_vm_start(p, (uint32_t)hl_program_find(m->prog, "g", 1, 0), NULL, 0));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    name = hl_atom_name(hl_vm_result(p), &len);
    assert_true(len == 5 && memcmp(name, "empty", 5) == 0);
    hl_vm_proc_free(p);

    /* A message that does not match wakes the receive without restarting
     * its timer; the timer ends with the receive. */
    p = hl_vm_proc_new(m->prog, &lim);
    assert_true(hl_vm_start(p, (uint32_t)hl_program_find(m->prog, "h", 1, 0), NULL, 0));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    uint64_t until = p->wait_until_ns;
    assert_true(until > hl_vm_now_ns());
    assert_true(hl_vm_deliver(p, hl_make_small(7)));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_WAIT);
    assert_true(p->wait_until_ns == until);
    assert_true(hl_vm_deliver(p, hl_make_small(1)));
    assert_int_equal(hl_vm_run(p, 0), HL_VM_DONE);
    name = hl_atom_name(hl_vm_result(p), &len);
    assert_true(len == 3 && memcmp(name, "one", 3) == 0);
    assert_int_equal(p->mbox.timer_ns, 0);
    hl_vm_proc_free(p);
    hl_module_free(m);
    hl_engine_free(eng);
}

/* The queue itself: taking the oldest message steps past it (a server
 * draining a long queue does O(1) work per message, not a move of the rest:
 * 200,000 queued gen_statem casts took 4.3 s before, 0.18 s after); the room
 * left at the front is reused when the queue fills, a removal elsewhere
 * keeps the order, the make_ref marker follows its message. */
static void test_mailbox_queue(void **state) {
    (void)state;
    hl_vm_mailbox mb;
    memset(&mb, 0, sizeof mb);
    for (int i = 1; i <= 100; i++) assert_true(hl_vm_mailbox_push(&mb, hl_make_small(i)));
    mb.mark = 70;
    for (int i = 0; i < 60; i++) hl_vm_mailbox_remove(&mb); /* save is 0: the oldest */
    assert_int_equal(mb.n, 40);
    assert_int_equal(mb.head, 60);
    assert_int_equal(mb.mark, 10);
    assert_true(mb.msgs[0] == hl_make_small(61) && mb.msgs[39] == hl_make_small(100));
    mb.save = 5; /* a selective receive took 66 */
    hl_vm_mailbox_remove(&mb);
    assert_int_equal(mb.save, 0);
    assert_int_equal(mb.n, 39);
    assert_true(mb.msgs[4] == hl_make_small(65) && mb.msgs[5] == hl_make_small(67));
    for (int i = 101; i <= 140; i++) assert_true(hl_vm_mailbox_push(&mb, hl_make_small(i)));
    assert_int_equal(mb.n, 79);
    for (size_t i = 0; i < mb.n; i++) {
        int64_t want = i < 5 ? 61 + (int64_t)i : 62 + (int64_t)i;
        assert_true(mb.msgs[i] == hl_make_small(want));
    }
    while (mb.n) hl_vm_mailbox_remove(&mb);
    assert_int_equal(mb.head, 0);
    hl_vm_mailbox_free(&mb);
    /* full with room at the front: the queue moves down, no growth */
    for (int i = 1; i <= 16; i++) assert_true(hl_vm_mailbox_push(&mb, hl_make_small(i)));
    size_t room = mb.head + mb.cap;
    for (int i = 0; i < 10; i++) hl_vm_mailbox_remove(&mb);
    for (int i = 17; i <= 26; i++) assert_true(hl_vm_mailbox_push(&mb, hl_make_small(i)));
    assert_int_equal(mb.head + mb.cap, room);
    assert_int_equal(mb.n, 16);
    for (size_t i = 0; i < mb.n; i++) assert_true(mb.msgs[i] == hl_make_small(11 + (int64_t)i));
    while (mb.n) hl_vm_mailbox_remove(&mb);
    assert_int_equal(mb.head, 0);
    assert_true(hl_vm_mailbox_push(&mb, hl_make_small(1)));
    assert_true(mb.msgs[0] == hl_make_small(1));
    hl_vm_mailbox_free(&mb);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slices_match_one_run),
        cmocka_unit_test(test_mailbox_save_pointer),
        cmocka_unit_test(test_mailbox_queue),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    return r;
}
