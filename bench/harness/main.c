/* main.c — the benchmark driver: calibrates a batch size per (system,
 * kernel), runs every system once per round and kernel with the system
 * order rotating between rounds, and reports per-call medians, ranges and
 * the ratio to BEAM JIT computed within each round. Started by bench/run.sh;
 * see bench/README.md.
 *
 *   hb_driver --root DIR --ebin DIR [--quick|--full] [--rounds N]
 *             [--target-ms MS] [--out FILE] [--hl PATH] [--hl-from TEXT]
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "hb.h"

static const hb_kernel kernels[] = {
    {"id(42)", "id", 42, 42},
    {"fib(20)", "fib", 20, 6765},
    {"fib(25)", "fib", 25, 75025},
    {"fib(30)", "fib", 30, 832040},
    {"sort(1000)", "sort", 1000, 2151183773},
    /* lists:sort/1 on 100,000 integers, 2 sorts per call (issue 5). */
    {"sort100k(2)", "sort100k", 2, 2147488931},
    {"loop(500)", "loop", 500, 0},
    /* Terms: collection throughput and bignums (values from OTP 25). */
    {"gc(1000)", "gc", 1000, 55110000},
    {"fact(2000)", "fact", 2000, 100292593},
    {"print_pow2(10000)", "print_pow2", 10000, 3011},
    /* The stdlib (issue 5): maps with 100,000 integer keys (put, get, fold). */
    {"maps100k(100000)", "maps100k", 100000, 19999800000},
    /* Stdlib: binary search and slicing (issue 5). */
    {"binsplit1mb(1000000)", "binsplit1mb", 1000000, 100001},
    /* Stdlib: string:split/3 on a 1 MB binary (value from OTP 25). */
    {"split1mb(100000)", "split1mb", 100000, 100001},
    /* Stdlib: io_lib:format("~p") on a 10,000-node term (value from OTP 25). */
    {"pp10k(1000)", "pp10k", 1000, 31873},
    /* Front end on the text of hlbench.erl; value 1 = accepted. */
    {"parse(hlbench.erl)", "parse", 0, 1},
    {"check(hlbench.erl)", "check", 0, 1},
    {"compile(hlbench.erl)", "compile", 0, 1},
};
enum { NK = sizeof kernels / sizeof kernels[0] };

/* The rows, in table order. BEAM JIT is first: it is every ratio's base. */
static hb_system *const systems[] = {
    &hb_sys_beam,     &hb_sys_hl_api,      &hb_sys_hl_tenant, &hb_sys_hl_cli, &hb_sys_hl_front,
    &hb_sys_lua_hook, &hb_sys_lua_nohook,  &hb_sys_c,
};
enum { NS = sizeof systems / sizeof systems[0], MAX_ROUNDS = 101 };

typedef struct cell {
    const char *na;                 /* non-NULL: not measured, and why */
    int inapplicable;               /* the system does not implement the
                                       kernel at all: no row in the table */
    uint64_t iters;                 /* calls per timed batch */
    double per_call[MAX_ROUNDS];    /* wall ns per call, per round */
    double ratio[MAX_ROUNDS];       /* per_call / BEAM's per_call, same round */
    double cpu_per_call[MAX_ROUNDS];/* CPU ns per call, per round (0: unknown) */
    double cpu_ratio[MAX_ROUNDS];   /* the same ratio on CPU time */
    int cpu_unknown;                /* some round had no CPU time */
} cell;

static cell cells[NS][NK];
static char sys_desc[NS][256];
static char sys_why[NS][HB_WHY];
static int sys_ok[NS];

static void fail(const char *sys, const char *kernel, const char *err) {
    fprintf(stderr, "bench: ERROR: %s, %s: %s\n", sys, kernel, err);
    for (int s = 0; s < NS; s++)
        if (systems[s]->fini) systems[s]->fini(systems[s]);
    exit(1);
}

static hb_time run_batch(int s, int k, uint64_t iters) {
    hb_time t = {0, 0};
    int64_t got = 0;
    char err[HB_WHY] = "";
    if (systems[s]->run(systems[s], &kernels[k], iters, &t, &got, err) != 0)
        fail(systems[s]->name, kernels[k].label, err);
    return t;
}

/* Finds the batch size that takes about target_ns, running the kernel
 * several times on the way (this is also the warm-up). */
static uint64_t calibrate(int s, int k, uint64_t target_ns) {
    run_batch(s, k, 1);
    uint64_t iters = 1, ns;
    for (;;) {
        ns = run_batch(s, k, iters).wall_ns;
        if (ns >= target_ns / 2 || iters >= ((uint64_t)1 << 40)) break;
        uint64_t next = ns ? (uint64_t)((double)iters * (double)target_ns / (double)ns) : iters * 16;
        if (next > iters * 16) next = iters * 16;
        if (next < iters * 2) next = iters * 2;
        iters = next;
    }
    uint64_t final = (uint64_t)((double)iters * (double)target_ns / (double)(ns ? ns : 1) + 0.5);
    if (final < 1) final = 1;
    if (final != iters) run_batch(s, k, final); /* warm-up at the final size */
    return final;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n, double *lo, double *hi) {
    double tmp[MAX_ROUNDS];
    memcpy(tmp, v, (size_t)n * sizeof *v);
    qsort(tmp, (size_t)n, sizeof *tmp, cmp_double);
    if (lo) *lo = tmp[0];
    if (hi) *hi = tmp[n - 1];
    return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/* Three significant digits, no exponent. */
static void fmt_sig(char *out, size_t cap, double v) {
    if (v >= 100) snprintf(out, cap, "%.0f", v);
    else if (v >= 10) snprintf(out, cap, "%.1f", v);
    else if (v >= 1) snprintf(out, cap, "%.2f", v);
    else if (v >= 0.1) snprintf(out, cap, "%.3f", v);
    else snprintf(out, cap, "%.4f", v);
}

static const char *unit_for(double ns, double *scale) {
    if (ns < 1e3) { *scale = 1; return "ns"; }
    if (ns < 1e6) { *scale = 1e3; return "µs"; }
    if (ns < 1e9) { *scale = 1e6; return "ms"; }
    *scale = 1e9;
    return "s";
}

static void fmt_time(char *out, size_t cap, double ns) {
    double scale;
    const char *unit = unit_for(ns, &scale);
    char num[32];
    fmt_sig(num, sizeof num, ns / scale);
    snprintf(out, cap, "%s %s", num, unit);
}

/* A range in the unit of its upper end: "1.02–1.10 µs". */
static void fmt_range(char *out, size_t cap, double lo, double hi) {
    double scale;
    const char *unit = unit_for(hi, &scale);
    char a[32], b[32];
    fmt_sig(a, sizeof a, lo / scale);
    fmt_sig(b, sizeof b, hi / scale);
    snprintf(out, cap, "%s–%s %s", a, b, unit);
}

static void usage(void) {
    fprintf(stderr, "usage: hb_driver --root DIR --ebin DIR [--quick|--full] [--rounds N] "
                    "[--target-ms MS] [--out FILE] [--hl PATH] [--hl-from TEXT]\n");
    exit(2);
}

int main(int argc, char **argv) {
    signal(SIGPIPE, SIG_IGN); /* a dead erl shows up as a write error */
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *root = NULL, *ebin = NULL, *out = NULL, *hl = NULL, *mode = "quick";
    const char *hl_from = NULL; /* which source the library was built from */
    int rounds = 0;
    double target_ms = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quick")) mode = "quick";
        else if (!strcmp(a, "--full")) mode = "full";
        else if (!strcmp(a, "--root") && v) root = v, i++;
        else if (!strcmp(a, "--ebin") && v) ebin = v, i++;
        else if (!strcmp(a, "--out") && v) out = v, i++;
        else if (!strcmp(a, "--hl") && v) hl = v, i++;
        else if (!strcmp(a, "--hl-from") && v) hl_from = v, i++;
        else if (!strcmp(a, "--rounds") && v) rounds = atoi(v), i++;
        else if (!strcmp(a, "--target-ms") && v) target_ms = atof(v), i++;
        else usage();
    }
    if (!root || !ebin) usage();
    int quick = !strcmp(mode, "quick");
    if (rounds <= 0) rounds = quick ? 3 : 21;
    if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
    if (target_ms <= 0) target_ms = quick ? 10 : 100;
    uint64_t target_ns = (uint64_t)(target_ms * 1e6);

    uint64_t t_start = hb_now_ns();
    char kernel_erl[4096], kernel_lua[4096];
    snprintf(kernel_erl, sizeof kernel_erl, "%s/bench/kernels/hlbench.erl", root);
    snprintf(kernel_lua, sizeof kernel_lua, "%s/bench/kernels/hlbench.lua", root);
    hb_config cfg = {root, ebin, kernel_erl, kernel_lua, hl};

    char cpu[256];
    hb_cpu_model(cpu, sizeof cpu);
    long nproc = sysconf(_SC_NPROCESSORS_ONLN);
    struct utsname un;
    char os[256] = "unknown";
    if (uname(&un) == 0) snprintf(os, sizeof os, "%s %s %s", un.sysname, un.release, un.machine);
    char date[32] = "unknown";
    time_t now = time(NULL);
    struct tm utc;
    if (gmtime_r(&now, &utc)) strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &utc);
    printf("# Hyperlang benchmark, %s mode: %d rounds, timed batches of ~%g ms\n", mode, rounds,
           target_ms);
    printf("date: %s\n", date);
    printf("machine: %ld CPUs online (nproc), CPU model: %s, %s\n", nproc, cpu, os);
    printf("harness: " __VERSION__ " -O2\n");
    if (hl_from) printf("Hyperlang library built from: %s\n", hl_from);

    for (int s = 0; s < NS; s++) {
        sys_ok[s] = systems[s]->init(systems[s], &cfg, sys_why[s]) == 0;
        if (s == 0 && !sys_ok[0]) {
            fprintf(stderr, "bench: ERROR: the baseline BEAM JIT is unavailable: %s\n",
                    sys_why[0]);
            for (int t = 0; t < NS; t++) systems[t]->fini(systems[t]);
            return 1;
        }
        const char *d = sys_ok[s] && systems[s]->describe ? systems[s]->describe(systems[s])
                                                          : NULL;
        if (d) {
            snprintf(sys_desc[s], sizeof sys_desc[s], "%s", d);
            printf("%s\n", d);
        }
    }

    /* Calibration (and warm-up), in table order, before any timed round. */
    uint64_t t_cal = hb_now_ns();
    for (int s = 0; s < NS; s++) {
        for (int k = 0; k < NK; k++) {
            cell *c = &cells[s][k];
            c->na = systems[s]->unsupported(systems[s], &kernels[k]);
            c->inapplicable = c->na != NULL;
            if (!c->na && !sys_ok[s]) c->na = sys_why[s];
            if (!c->na && systems[s]->pending)
                c->na = systems[s]->pending(systems[s], &kernels[k]);
            if (!c->na) c->iters = calibrate(s, k, target_ns);
        }
    }
    printf("calibration and warm-up: %.1f s\n", (double)(hb_now_ns() - t_cal) / 1e9);

    double load[MAX_ROUNDS];
    int live[NS], nlive = 0;
    for (int s = 0; s < NS; s++)
        if (sys_ok[s]) live[nlive++] = s;
    for (int r = 0; r < rounds; r++) {
        load[r] = hb_loadavg1();
        printf("round %d/%d: load average (1 min) %.2f; order:", r + 1, rounds, load[r]);
        for (int i = 0; i < nlive; i++)
            printf("%s %s", i ? "," : "", systems[live[(r + i) % nlive]]->key);
        printf("\n");
        /* Kernel by kernel, all systems back to back, so the times a
         * ratio divides were taken within a few hundred ms of each other. */
        for (int k = 0; k < NK; k++) {
            for (int i = 0; i < nlive; i++) {
                int s = live[(r + i) % nlive];
                cell *c = &cells[s][k];
                if (c->na) continue;
                hb_time t = run_batch(s, k, c->iters);
                c->per_call[r] = (double)t.wall_ns / (double)c->iters;
                c->cpu_per_call[r] = (double)t.cpu_ns / (double)c->iters;
                if (t.cpu_ns == 0) c->cpu_unknown = 1;
            }
        }
        for (int s = 0; s < NS; s++)
            for (int k = 0; k < NK; k++)
                if (!cells[s][k].na && !cells[0][k].na) {
                    cell *c = &cells[s][k], *b = &cells[0][k];
                    c->ratio[r] = c->per_call[r] / b->per_call[r];
                    c->cpu_ratio[r] = b->cpu_per_call[r] > 0
                                          ? c->cpu_per_call[r] / b->cpu_per_call[r] : 0;
                }
    }
    for (int s = 0; s < NS; s++) systems[s]->fini(systems[s]);
    double wall_s = (double)(hb_now_ns() - t_start) / 1e9;

    /* The table, as Markdown so it can go into bench/README.md as is. */
    printf("\nPer-call wall time: median over %d rounds, and min–max. \"× BEAM\": the ratio to "
           "BEAM JIT computed in each round, median over rounds (lower is faster). \"CPU\": "
           "the same on the CPU time the system consumed.\n\n",
           rounds);
    printf("| Kernel | System | Call | Median | Min–max | × BEAM | CPU | × BEAM (CPU) "
           "| Calls/batch |\n");
    printf("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (int k = 0; k < NK; k++) {
        for (int s = 0; s < NS; s++) {
            cell *c = &cells[s][k];
            if (c->inapplicable) continue;
            if (c->na) {
                printf("| %s | %s | %s | n/a (%s) | | | | | |\n", kernels[k].label,
                       systems[s]->name, systems[s]->kind, c->na);
                continue;
            }
            double lo, hi;
            double med = median(c->per_call, rounds, &lo, &hi);
            char tm[48], rg[96], ra[32] = "n/a", ct[48] = "n/a", cr[32] = "n/a";
            fmt_time(tm, sizeof tm, med);
            fmt_range(rg, sizeof rg, lo, hi);
            if (!cells[0][k].na) fmt_sig(ra, sizeof ra, median(c->ratio, rounds, NULL, NULL));
            if (!c->cpu_unknown) {
                fmt_time(ct, sizeof ct, median(c->cpu_per_call, rounds, NULL, NULL));
                if (!cells[0][k].na && !cells[0][k].cpu_unknown)
                    fmt_sig(cr, sizeof cr, median(c->cpu_ratio, rounds, NULL, NULL));
            }
            printf("| %s | %s | %s | %s | %s | %s | %s | %s | %llu |\n", kernels[k].label,
                   systems[s]->name, systems[s]->kind, tm, rg, ra, ct, cr,
                   (unsigned long long)c->iters);
        }
    }
    double llo, lhi;
    median(load, rounds, &llo, &lhi);
    printf("\nLoad average (1 min) during the rounds: %.2f to %.2f.\n\nWhat each row measures:\n",
           llo, lhi);
    for (int s = 0; s < NS; s++)
        printf("- %s (%s): %s\n", systems[s]->name, systems[s]->kind, systems[s]->measures);

    if (out) {
        FILE *f = fopen(out, "w");
        if (!f) {
            fprintf(stderr, "bench: ERROR: cannot write %s\n", out);
            return 1;
        }
        fprintf(f, "# date: %s\n# mode: %s\n# rounds: %d\n# target_batch_ms: %g\n", date, mode,
                rounds, target_ms);
        fprintf(f, "# nproc: %ld\n# cpu: %s\n# os: %s\n", nproc, cpu, os);
        if (hl_from) fprintf(f, "# hyperlang_library_from: %s\n", hl_from);
        for (int s = 0; s < NS; s++)
            if (sys_desc[s][0]) fprintf(f, "# %s: %s\n", systems[s]->key, sys_desc[s]);
        fprintf(f, "round\tkernel\tsystem\titers\tper_call_ns\tratio_vs_beam\tcpu_per_call_ns"
                   "\tcpu_ratio_vs_beam\tload1\tstatus\n");
        for (int r = 0; r < rounds; r++)
            for (int k = 0; k < NK; k++)
                for (int s = 0; s < NS; s++) {
                    cell *c = &cells[s][k];
                    if (c->na) {
                        fprintf(f, "%d\t%s\t%s\t0\tNA\tNA\tNA\tNA\t%.2f\tn/a: %s\n", r + 1,
                                kernels[k].label, systems[s]->key, load[r], c->na);
                        continue;
                    }
                    fprintf(f, "%d\t%s\t%s\t%llu\t%.3f\t", r + 1, kernels[k].label,
                            systems[s]->key, (unsigned long long)c->iters, c->per_call[r]);
                    if (cells[0][k].na) fprintf(f, "NA");
                    else fprintf(f, "%.5f", c->ratio[r]);
                    if (c->cpu_per_call[r] > 0) fprintf(f, "\t%.3f", c->cpu_per_call[r]);
                    else fprintf(f, "\tNA");
                    if (c->cpu_ratio[r] > 0) fprintf(f, "\t%.5f", c->cpu_ratio[r]);
                    else fprintf(f, "\tNA");
                    fprintf(f, "\t%.2f\tok\n", load[r]);
                }
        if (fclose(f) != 0) {
            fprintf(stderr, "bench: ERROR: writing %s failed\n", out);
            return 1;
        }
        printf("\nresults: %s\n", out);
    }
    printf("driver wall time: %.1f s (BEAM start-up and calibration included)\n", wall_s);
    return 0;
}
