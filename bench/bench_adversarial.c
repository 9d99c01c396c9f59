/* bench_adversarial.c — the adversarial benchmark: guest kernels built to
 * get the most CPU out of one reduction, or the longest single builtin
 * call (bench/kernels/adversarial.erl, plus generated ones: a
 * 60,000-statement function, a 65 KB literal binary pattern, updates of a
 * map whose 256 keys share one 32-bit hash). For each kernel it reports the
 * thread CPU time per reduction charged (best of ROUNDS runs, each until
 * it has used --reds reductions beyond its set-up, less a run of the
 * set-up alone: argument 0; set-ups are kept small next to the attack)
 * and, in a test-hooks build
 * (-DHL_TEST_HOOKS=ON; with HL_TEST_BIF_PROBE=1 the probe reads the thread
 * CPU clock), the longest single builtin call; then the worst over the
 * corpus. It exits 1 when the worst CPU per reduction or the
 * longest call is over the bound it is given (docs/limits.md states the
 * bound; bench/adversarial.sh passes a generous headroom). The probe reads
 * the thread CPU clock around every builtin call when HL_TEST_BIF_PROBE=1,
 * which costs ~1 µs a call here, so adversarial.sh measures CPU per
 * reduction in a pass without it and the longest call in a pass with it.
 * Usage: bench_adversarial ROOT [--rounds N] [--reds N] [--bound-red US] [--bound-call MS]
 *                          [--bound-call-factor F] [--only NAME]
 *                          [--deadline-ms MS]  (a run's wall-clock backstop, default 20,000)
 * (ROOT: the repository, for bench/kernels/adversarial.erl and
 * tests/data/maps/collisions.txt). bench/adversarial.sh builds and runs it. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hyperlang.h"
#include "base/buf.h"
#include "host/host_int.h"
#include "core/builtins.h"
#include "vm/bif_registry.h"
#include "vm/vm.h"
#include "vm/vm_bigop.h"
#include "vm/vm_map.h"
#include "vm/vm_internal.h"
#include "vm/vm_support.h"

/* kernel, argument (rounds inside the guest; the reduction limit usually
 * stops it first), what it attacks, and the longest single builtin call
 * docs/limits.md states for it (thread CPU, ms; 0: the general bound,
 * CALL_MS). --bound-call-factor F fails a kernel whose longest call is
 * over F times its bound. */
typedef struct kernel {
    const char *fn;
    long arg;
    const char *what;
    double call_ms;
} kernel;
#define CALL_MS 1.0

static const kernel kernels[] = {
    {"dag_get", 1000000, "map key of shared structure (2^16 leaves), 40-key map", 0},
    {"dag_huge", 1000000, "map key with 2^28 leaves (refused past the hash cap)", 0},
    {"binkey", 1000000, "16 MiB binary map key (hashed in pieces)", 0},
    {"collide_put", 1000000, "updates of a 256-key collision node (keys share one hash)", 0},
    {"throw_deep", 1000000, "throw through 2,000 frames of 60 slots", 0},
    {"throw_100k", 1000000, "throw through 100,000 frames", 0},
    {"longfn", 1000000, "a 60,000-statement function", 0},
    {"litpat", 1000000, "a 65 KB literal binary pattern", 0},
    {"binmatch_12mb", 1000000, "binary:match, 12 MB pattern (resumable rolling hash)", 0},
    {"binmatch_periodic", 1000000, "binary:match, 200 KB periodic pattern", 3},
    {"phash2_big", 1000000, "phash2/1 of a 1M-cell list", 0},
    {"t2b_big", 1000000, "term_to_binary/1 of a 300k-cell list", 0},
    {"t2b_z9", 1000000, "term_to_binary/2, 2 MB binary, compressed 9", 0},
    {"sort_big", 1000000, "lists:sort/1, 200k integers", 0},
    {"l2b_big", 1000000, "list_to_binary/1, 1M bytes", 0},
    {"b2l_big", 1000000, "binary_to_list/1, 1 MB", 0},
    {"rev_big", 1000000, "lists:reverse/1, 1M cells", 0},
    {"eq_big", 1000000, "== on two 1M-cell lists", 0},
    {"sub_big", 1000000, "--, 3,000 x 3,000 reversed", 0},
    {"map_cmp", 1000000, "< on two 30,000-key maps", 0},
    {"maps_from_list", 1000000, "maps:from_list/1, 100k pairs", 0},
    {"split_big", 1000000, "binary:split global, 1 MB", 0},
    {"l2i_big", 1000000, "list_to_integer/1, 19,000 digits", 0},
    {"i2l_big", 300, "integer_to_list/1, 65,000 bits", 0},
    {"bigmul", 1000000, "32,700-bit multiplication", 0},
    {"bigmul_huge", 1000000, "740,000-bit squaring (the work cap)", 0},
    {"bigmul_chain", 1000000, "products growing by 65,536 bits to 4M bits", 0},
    {"bigdiv_huge", 1000000, "1.4M-bit div 700K-bit (algorithm D)", 0},
    {"bigdiv_wide", 1000000, "8M-bit rem 65,000-bit (windows)", 0},
    {"i2l_huge", 1000000, "integer_to_list/1, 1,000,000 bits", 0},
    {"l2i_huge", 1000000, "list_to_integer/1, 250,000 digits", 0},
    {"i2b_huge", 1000000, "integer_to_binary/1, 1,000,000 bits", 0},
    {"bigmul_max", 1000000, "2M-bit product (past the old work cap)", 0},
    {"i2l_max", 1000000, "integer_to_list/1, 4M bits (past the old work cap)", 0},
    {"bsl_max", 1000000, "1 bsl 33554367 (OTP's largest, written in steps)", 0},
    {"bigcmp_max", 1000000, "< on two 33.5M-bit integers (64Ki limbs per call)", 0},
    {"format_big", 1000000, "io_lib:format ~p of a 20k list", 0},
    {"b2t_big", 1000000, "binary_to_term/1, 20k-cell list", 0},
    {"bin_build", 1000000, "<<B/binary, B/binary>>, 2 x 8 MB", 0},
    {"setel_big", 1000000, "setelement/3 on a 2M tuple", 0},
    {"map_put_big", 2000000, "M#{N => N} into a map growing to 2M keys", 0},
    {"map_get_big", 1000000, "maps:get/2 on a 100k-key map", 0},
    {"maps_to_list_big", 1000000, "maps:to_list/1 of a 100k-key map", 0},
    {"re_backtrack", 1000000, "re:run (a+)+$ on 100 KB (the match limit at each position)", 0},
    {"re_scan_poss", 1000000, "re:run [ab]*(?:x|y) on 1 MB (a scan to the end from each position)", 0},
    {"re_scan_lit", 1000000, "re:run of a literal over 4 MB", 0},
    {"re_global", 1000000, "re:run \\w+ global, 600 KB", 0},
    {"re_window", 1000000, "re:run a{1000,}b on 2 MB (matches longer than the windows)", 0},
    {"re_scan_16m", 1000000, "re:run a*b on 16 MiB of a (one position's scan)", 0},
    {"re_scan_neg", 1000000, "re:run [^x]* on 16 MiB (one position's scan)", 0},
    {"binkey_put", 1000000, "M#{B => 1}, B a 16 MiB binary (hashed in pieces)", 0},
    {"binkey_grow", 1000000, "a 32-key flat map holding a 16 MiB key grows past 32 keys", 0},
    {"dag_put", 1000000, "M#{D => 1}, D with 2^16 leaves", 0},
    {"dag_eq", 1000000, "=:= on two equal DAGs of 2^20 leaves built apart", 0},
    {"phash2_dag", 1000000, "phash2/1 of a DAG of 2^20 leaves", 0},
    {"phash2_bin", 1000000, "phash2/1 of a 16 MiB binary", 0},
    {"bigkey", 1000000, "maps:get/3 with a 33.5M-bit integer key", 0},
    {"dag_eqkey", 1000000, "maps:get/2 with a key equal to a stored 2^16-leaf DAG, built apart", 0},
    {"dag_eqkey_flat", 1000000, "the same in a flat map (#{D := V})", 0},
    {"dag_eqkey_17", 1000000, "the same with 2^17-leaf DAGs (half the key hash cap)", 0},
    {"band_max", 1000000, "band of two 33.5M-bit integers, one negative", 0},
    {"add_max", 1000000, "+ of two 33.5M-bit integers (the instruction)", 0},
    {"neg_max", 1000000, "bnot of a 33.5M-bit integer", 0},
    {"bsr_neg_max", 1000000, "bsr 64 of a negative 33.5M-bit integer", 0},
    {"bigcmp_sort", 1000000, "lists:sort/1 of 8 integers of 8M bits", 0},
    {"fromlist_dag", 1000000, "maps:from_list/1 with two equal 2^16-leaf keys", 0},
    /* quantum3 */
    {"len_big", 1000000, "length/1 of a 1.2M-cell list", 0},
    {"fromkeys_bin", 1000000, "maps:from_keys/2 with a 16 MiB binary key", 0},
    {"fromkeys_grow", 1000000, "maps:from_keys/2: a 16 MiB key, then 40 more (flat map to HAMT)", 0},
    {"with_dag", 1000000, "maps:with/2, a key equal to a stored 2^16-leaf DAG built apart", 0},
    {"without_bin", 1000000, "maps:without/2, a 16 MiB key equal to a stored one", 0},
    {"merge_dag", 1000000, "maps:merge/2, both maps hold equal 2^16-leaf DAG keys", 0},
    {"merge_bins", 1000000, "maps:merge/2 of 40 keys of 64 KiB", 0},
    {"fromlist_bins", 1000000, "maps:from_list/1 of 40 keys of 64 KiB", 0},
    {"sort_dag", 1000000, "lists:sort/1 of 6 equal 2^17-leaf DAGs built apart", 0},
    {"sort_bigmax", 1000000, "lists:sort/1 of 4 integers of 33.5M bits", 0},
    {"sort_tuples", 1000000, "lists:sort/1 of 8,192 2-tuples", 0},
    {"sort_8k", 1000000, "lists:sort/1 of 8,192 integers (one call)", 0},
    {"fib", 27, "fib(27): the ordinary interpreter, for scale", 0},
    {"loop", 3000000, "loop(3,000,000): a tail-call loop, for scale", 0},
    /* fileq: the file builtins over a mount of the bench's temporary
     * directory (make_files below) */
    {"list_dir_20k", 1000000, "file:list_dir/1 of 20,000 entries (a batch per call)", 0},
    {"list_dir_20k_det", 1000000, "the same, deterministic profile (sorted in steps)", 0},
    {"consult_64k", 1000000, "file:consult/1, 64 KiB file of 1,000 terms", 0},
    {"consult_64k_one", 1000000, "file:consult/1, one 64 KiB term (a reader job: 4,096 tokens per call)", 0},
    {"read_file_16m", 1000000, "file:read_file/1, 16 MiB (256 KiB per call, fresh pages)", 2},
    {"write_file_4m", 1000000, "file:write_file/2, 4 MiB (256 KiB per call)", 0},
    {"deep_path", 1000000, "read_file_info, make_dir, del_dir, rename on a path of 2,000 directories", 2},
};
#define NK (sizeof kernels / sizeof kernels[0])

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *s = malloc(cap);
    while (s && (got = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) s = realloc(s, cap *= 2);
    }
    fclose(f);
    if (!s) return NULL;
    s[n] = '\0';
    *len = n;
    return s;
}

/* The kernel module: adversarial.erl, an export of the generated kernels,
 * and their text. */
static void module_text(const char *root, hl_buf *out) {
    char path[4096];
    size_t n;
    snprintf(path, sizeof path, "%s/bench/kernels/adversarial.erl", root);
    char *base = slurp(path, &n);
    snprintf(path, sizeof path, "%s/tests/data/maps/collisions.txt", root);
    size_t kn;
    char *keys = slurp(path, &kn);
    if (!base || !keys) {
        fprintf(stderr, "bench_adversarial: cannot read %s or the kernels\n", path);
        exit(2);
    }
    hl_buf *bp = out, b;
    hl_buf_init(&b, 0);
    hl_buf_append(&b, base, n);
    hl_buf_puts(&b, "-export([longfn/1, litpat/1, collide_put/1]).\n");
    /* 60,000 statements, one arithmetic instruction each, no call */
    hl_buf_puts(&b, "long_body(X) ->\n");
    for (int i = 1; i <= 60000; i++) hl_buf_printf(&b, "    _ = X + %d,\n", i);
    hl_buf_puts(&b, "    X.\nlongfn(N) -> rep(N, fun() -> long_body(1) end).\n");
    /* a literal pattern of 65,000 bytes: 65,000 byte segments */
    hl_buf_puts(&b, "lit_match(<<\"");
    for (int i = 0; i < 65000; i++) hl_buf_putc(&b, (char)('a' + i % 26));
    hl_buf_puts(&b, "\", R/binary>>) -> byte_size(R);\nlit_match(_) -> -1.\n");
    hl_buf_puts(&b, "litpat(N) -> B = <<(list_to_binary([$a + I rem 26 || I <- lists:seq(0, 64999)]))/binary, "
                    "\"xyz\">>, rep(N, fun() -> 3 = lit_match(B) end).\n");
    /* the first 256 keys sharing one hash: the collision node's cap */
    hl_buf_puts(&b, "collide_keys() -> [");
    int k = 0;
    for (char *s = keys; *s && k < 256; k++) {
        char *e = strchr(s, '\n');
        if (!e) e = s + strlen(s);
        if (k) hl_buf_putc(&b, ',');
        hl_buf_append(&b, s, (size_t)(e - s));
        s = *e ? e + 1 : e;
    }
    hl_buf_puts(&b, "].\n");
    hl_buf_puts(&b, "collide_put(N) -> Ks = collide_keys(), M = maps:from_list([{K, 0} || K <- Ks]),\n"
                    "    K1 = hd(Ks), rep(N, fun() -> M#{K1 := 1} end).\n");
    free(base);
    free(keys);
    if (b.failed) exit(2);
    *bp = b;
}

static double cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* The name of the builtin (or instruction) a probed call was in. */
static void fn_name(hl_vm_bif_fn fn, char *buf, size_t n) {
    if (!fn) { snprintf(buf, n, "compare instr"); return; }
    if (fn == hl_vm_map_instr_marker) { snprintf(buf, n, "map instr"); return; }
    if (fn == hl_vm_big_mul_marker) { snprintf(buf, n, "* instr"); return; }
    if (fn == hl_vm_big_add_marker) { snprintf(buf, n, "+ instr"); return; }
    if (fn == hl_vm_big_sub_marker) { snprintf(buf, n, "- instr"); return; }
    for (uint32_t id = 0; id < HL_BI__COUNT; id++)
        if (hl_builtins[id].kind == HL_BK_BIF && hl_vm_bif_by_id(id) == fn) {
            snprintf(buf, n, "%s:%s/%u", hl_builtins[id].module, hl_builtins[id].function, hl_builtins[id].arity);
            return;
        }
    snprintf(buf, n, "?");
}

typedef struct result {
    char who[64];
    double ns_per_red, cpu_ms, probe_ms;
    uint64_t reds;
    const char *status;
} result;

static uint64_t deadline_ms = 20000; /* a backstop per run: CPU per reduction is then over the part that ran */

/* fileq: the mounts the file kernels see (/adv, read-write, over a
 * temporary directory make_files fills), and the directory itself */
static hl_mounts *adv_mounts;
static char adv_dir[64];

static void must(int ok, const char *what) {
    if (!ok) {
        perror(what);
        exit(2);
    }
}

static void put_file(const char *rel, const char *data, size_t n) {
    char p[256];
    snprintf(p, sizeof p, "%s/%s", adv_dir, rel);
    FILE *f = fopen(p, "wb");
    must(f != NULL, p);
    must(fwrite(data, 1, n, f) == n, p);
    fclose(f);
}

/* big/: 20,000 empty files; r16m: 16 MiB; c64k: 1,000 terms in 64 KiB;
 * c64k1: one 64 KiB term; deep/a/a/...: 2,000 nested directories (the
 * guest path limit is 4,096 bytes); out/: where writes go. */
static void make_files(void) {
    /* tmpfs when there is one: 20,000 creates on a busy disk took seconds */
    snprintf(adv_dir, sizeof adv_dir, "/dev/shm/hl_adv_XXXXXX");
    if (!mkdtemp(adv_dir)) {
        snprintf(adv_dir, sizeof adv_dir, "/tmp/hl_adv_XXXXXX");
        must(mkdtemp(adv_dir) != NULL, "mkdtemp");
    }
    char p[256];
    snprintf(p, sizeof p, "%s/big", adv_dir);
    must(mkdir(p, 0755) == 0, p);
    int dfd = open(p, O_RDONLY | O_DIRECTORY);
    must(dfd >= 0, p);
    for (int i = 0; i < 20000; i++) {
        char name[32];
        snprintf(name, sizeof name, "entry_%06d.txt", i);
        int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        must(fd >= 0, name);
        close(fd);
    }
    close(dfd);
    char *buf = malloc(16u << 20);
    must(buf != NULL, "malloc");
    for (size_t i = 0; i < (16u << 20); i++) buf[i] = (char)('a' + i % 26);
    put_file("r16m", buf, 16u << 20);
    size_t n = 0;
    for (int i = 0; n < 65000; i++) n += (size_t)snprintf(buf + n, 200, "{ok, %d, \"t%d\", [1, 2.5, <<\"b\">>]}.\n", i, i);
    put_file("c64k", buf, n);
    n = (size_t)snprintf(buf, 8, "[");
    while (n < 65000) n += (size_t)snprintf(buf + n, 16, "%d,", (int)(n % 10));
    n += (size_t)snprintf(buf + n, 8, "0].\n");
    put_file("c64k1", buf, n);
    free(buf);
    snprintf(p, sizeof p, "%s/out", adv_dir);
    must(mkdir(p, 0755) == 0, p);
    snprintf(p, sizeof p, "%s/deep", adv_dir);
    must(mkdir(p, 0755) == 0, p);
    dfd = open(p, O_RDONLY | O_DIRECTORY);
    for (int i = 0; i < 2000; i++) {
        must(mkdirat(dfd, "a", 0755) == 0, "mkdirat");
        int d2 = openat(dfd, "a", O_RDONLY | O_DIRECTORY);
        must(d2 >= 0, "openat");
        close(dfd);
        dfd = d2;
    }
    close(dfd);
    must(hl_mounts_new(&adv_mounts) == HL_OK, "hl_mounts_new");
    must(hl_mounts_add(adv_mounts, adv_dir, "/adv", 1, UINT64_C(1) << 40, 1u << 30, 16u << 20, NULL) == HL_OK,
         "hl_mounts_add");
}

static void remove_files(void) {
    hl_mounts_free(adv_mounts);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", adv_dir);
    if (system(cmd) != 0) fprintf(stderr, "bench_adversarial: could not remove %s\n", adv_dir);
}

/* One run of k(arg) to its end or max_reds. */
static result run_once(hl_module *m, const kernel *k, long arg, uint64_t max_reds) {
    static const char *names[] = {"done", "yield", "exception", "wait", "reds", "heap", "deadline", "nomem", "state"};
    hl_vm_limits lim = {max_reds, 512u << 20, hl_vm_now_ns() + deadline_ms * 1000000u, 0};
    hl_vm_proc *p = hl_vm_proc_new(m->prog, &lim);
    int64_t fn = hl_program_find(m->prog, k->fn, strlen(k->fn), 1);
    hl_term a0 = hl_make_small(arg);
    if (p) { /* fileq: the file kernels' mounts; _det kernels in the deterministic profile */
        size_t fl = strlen(k->fn);
        hl_vm_set_env(p, m->caps, fl > 4 && strcmp(k->fn + fl - 4, "_det") == 0, 1);
        hl_vm_set_files(p, adv_mounts);
    }
    if (!p || fn < 0 || !hl_vm_start(p, (uint32_t)fn, &a0, 1)) {
        fprintf(stderr, "%s: cannot start\n", k->fn);
        exit(2);
    }
    double t0 = cpu_ns();
    hl_vm_status st = hl_vm_run(p, 0);
    result r = {"", 0, 0, 0, 0, NULL};
    r.cpu_ms = (cpu_ns() - t0) / 1e6;
    r.reds = hl_vm_reductions(p);
    r.ns_per_red = r.cpu_ms * 1e6 / (double)(r.reds ? r.reds : 1);
    r.status = (unsigned)st < sizeof names / sizeof names[0] ? names[st] : "?";
    r.probe_ms = (double)p->probe.max_ns / 1e6; /* filled in test-hooks builds only */
    if (p->probe.max_ns) fn_name(p->probe.max_ns_fn, r.who, sizeof r.who);
    hl_vm_proc_free(p);
    return r;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_adversarial ROOT [--rounds N] [--reds N] [--bound-red US] [--bound-call MS] [--only NAME]\n");
        return 2;
    }
    const char *root = argv[1], *only = NULL;
    int rounds = 3;
    uint64_t max_reds = 2000000;
    double bound_us = 0, bound_ms = 0, factor = 0; /* 0: not checked */
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--reds") == 0 && i + 1 < argc) max_reds = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
        else if (strcmp(argv[i], "--deadline-ms") == 0 && i + 1 < argc) deadline_ms = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--bound-red") == 0 && i + 1 < argc) bound_us = atof(argv[++i]);
        else if (strcmp(argv[i], "--bound-call") == 0 && i + 1 < argc) bound_ms = atof(argv[++i]);
        else if (strcmp(argv[i], "--bound-call-factor") == 0 && i + 1 < argc) factor = atof(argv[++i]);
        else {
            fprintf(stderr, "bench_adversarial: bad option %s\n", argv[i]);
            return 2;
        }
    }
    hl_buf src;
    module_text(root, &src);
    hl_engine *eng = NULL;
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_compile_options *opt = NULL;
    if (hl_engine_new(&eng) != HL_OK || hl_compile_options_new(&opt) != HL_OK ||
        hl_compile_options_set_limit(opt, HL_LIMIT_WALL_MS, 60000) != HL_OK ||
        hl_compile_options_grant_capability(opt, "files") != HL_OK || /* fileq */
        hl_compile(eng, "adversarial.erl", src.data, src.len, opt, &m, &err) != HL_OK) {
        fprintf(stderr, "compile: %s\n", err ? hl_error_message(err) : "?");
        return 2;
    }
    hl_buf_free(&src);
    make_files(); /* fileq */
    int probe = hl_vm_probe_enabled();
    printf("| kernel | attacks | reductions | CPU (ms) | CPU per reduction | longest builtin call | stopped by |\n");
    printf("| --- | --- | ---: | ---: | ---: | ---: | --- |\n");
    double worst_red = 0, worst_call = 0;
    const char *worst_red_k = "-", *worst_call_k = "-";
    int over = 0; /* kernels whose longest call passed factor x their bound */
    for (size_t i = 0; i < NK; i++) {
        if (only && strcmp(only, kernels[i].fn) != 0) continue;
        result best = {"", 1e300, 0, 1e300, 0, NULL};
        for (int r = 0; r < rounds; r++) {
            /* the kernel's set-up alone (argument 0: no rounds), subtracted */
            result s0 = run_once(m, &kernels[i], 0, UINT64_C(1) << 40);
            result x = run_once(m, &kernels[i], kernels[i].arg, s0.reds + max_reds);
            if (x.reds > s0.reds && x.cpu_ms > s0.cpu_ms) {
                x.cpu_ms -= s0.cpu_ms, x.reds -= s0.reds;
                x.ns_per_red = x.cpu_ms * 1e6 / (double)x.reds;
            }
            if (x.ns_per_red < best.ns_per_red) {
                double pm = best.probe_ms;
                char who[64];
                memcpy(who, best.who, sizeof who);
                best = x;
                best.probe_ms = pm;
                memcpy(best.who, who, sizeof who);
            }
            if (x.probe_ms < best.probe_ms) best.probe_ms = x.probe_ms, memcpy(best.who, x.who, sizeof x.who); /* best of the rounds, too */
        }
        char call[32] = "n/a (no hooks)";
        if (probe) snprintf(call, sizeof call, "%.3f ms", best.probe_ms);
        char callw[128];
        snprintf(callw, sizeof callw, "%s%s%s%s", call, probe ? " (" : "", probe ? best.who : "", probe ? ")" : "");
        printf("| %s | %s | %llu | %.1f | %.3f µs | %s | %s |\n", kernels[i].fn, kernels[i].what,
               (unsigned long long)best.reds, best.cpu_ms, best.ns_per_red / 1e3, callw, best.status);
        fflush(stdout);
        if (best.ns_per_red > worst_red) worst_red = best.ns_per_red, worst_red_k = kernels[i].fn;
        if (probe && best.probe_ms > worst_call) worst_call = best.probe_ms, worst_call_k = kernels[i].fn;
        double kb = kernels[i].call_ms > 0 ? kernels[i].call_ms : CALL_MS;
        if (probe && factor > 0 && best.probe_ms > factor * kb) {
            printf("check: FAIL %s: longest call %.3f ms, over %.0f x its bound %.1f ms\n", kernels[i].fn, best.probe_ms,
                   factor, kb);
            over++;
        }
    }
    printf("\nworst CPU per reduction: %.3f µs (%s)\n", worst_red / 1e3, worst_red_k);
    if (probe) printf("longest single builtin call: %.3f ms (%s)\n", worst_call, worst_call_k);
    hl_module_free(m);
    hl_compile_options_free(opt);
    hl_engine_free(eng);
    remove_files(); /* fileq */
    int bad = 0;
    if (bound_us > 0) {
        bad |= worst_red / 1e3 > bound_us;
        printf("check: %s (bound %.2f µs per reduction)\n", worst_red / 1e3 > bound_us ? "FAIL" : "ok", bound_us);
    }
    if (factor > 0 && probe) {
        bad |= over > 0;
        printf("check: %s (every kernel's longest call within %.0f x its bound: %.1f ms, or as listed)\n",
               over ? "FAIL" : "ok", factor, CALL_MS);
    }
    if (bound_ms > 0 && probe) {
        bad |= worst_call > bound_ms;
        printf("check: %s (bound %.1f ms per builtin call)\n", worst_call > bound_ms ? "FAIL" : "ok", bound_ms);
    }
    return bad;
    return 0;
}
