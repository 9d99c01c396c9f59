/* sys_beam.c — the "BEAM JIT" row: one long-lived `erl` (started once, so
 * its start-up is not measured) running hlb_server.erl, driven over a pipe.
 * The batch is timed inside BEAM (in-VM call loop); the pipe round trip is
 * outside the timed region. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hb.h"

typedef struct beam {
    pid_t pid;
    int to_erl;    /* write end of erl's stdin */
    int from_erl;  /* read end of erl's stdout */
    char buf[4096];
    size_t have;
    char hello[256];
} beam;

static beam the_beam = {.pid = -1, .to_erl = -1, .from_erl = -1};

/* Reads one '\n'-terminated line within timeout_ms; 0 on success. */
static int read_line(beam *b, char *out, size_t cap, int timeout_ms) {
    for (;;) {
        char *nl = memchr(b->buf, '\n', b->have);
        if (nl) {
            size_t n = (size_t)(nl - b->buf);
            size_t copy = n < cap - 1 ? n : cap - 1;
            memcpy(out, b->buf, copy);
            out[copy] = '\0';
            memmove(b->buf, nl + 1, b->have - n - 1);
            b->have -= n + 1;
            return 0;
        }
        if (b->have == sizeof b->buf) return -1; /* a line longer than we accept */
        struct pollfd p = {.fd = b->from_erl, .events = POLLIN};
        int r = poll(&p, 1, timeout_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        ssize_t got = read(b->from_erl, b->buf + b->have, sizeof b->buf - b->have);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        b->have += (size_t)got;
    }
}

static int write_all(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

static int beam_init(hb_system *self, const hb_config *cfg, char *why) {
    beam *b = &the_beam;
    self->state = b;
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        hb_set_why(why, "pipe: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        hb_set_why(why, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        /* +S 2:2: two schedulers. +sbwt none (and for the dirty schedulers):
         * no busy-waiting after a batch, so an idle BEAM does not take CPU
         * from the system measured next on this shared machine. */
        execlp("erl", "erl", "-noshell", "-noinput", "+S", "2:2", "+sbwt", "none", "+sbwtdcpu",
               "none", "+sbwtdio", "none", "-pa", cfg->ebin, "-run", "hlb_server", "main",
               cfg->kernel_erl, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    b->pid = pid;
    b->to_erl = in[1];
    b->from_erl = out[0];
    char line[256];
    if (read_line(b, line, sizeof line, 60000) != 0 || strncmp(line, "hello ", 6) != 0) {
        hb_set_why(why, "erl did not start (is erlang-nox installed? ebin %s)", cfg->ebin);
        return -1;
    }
    /* "hello OTP ERTS FLAVOR SCHEDULERS" */
    char otp[32], erts[32], flavor[32];
    int scheds = 0;
    if (sscanf(line + 6, "%31s %31s %31s %d", otp, erts, flavor, &scheds) == 4) {
        snprintf(b->hello, sizeof b->hello, "BEAM: OTP %s, erts %s, emulator %s, %d schedulers",
                 otp, erts, flavor, scheds);
        if (strcmp(flavor, "jit") != 0) {
            hb_set_why(why, "this BEAM has no JIT (emulator flavor %s)", flavor);
            return -1;
        }
    }
    return 0;
}

static const char *beam_unsupported(hb_system *self, const hb_kernel *k) {
    (void)self;
    (void)k;
    return NULL;
}

static int beam_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t,
                    int64_t *got, char *err) {
    beam *b = self->state;
    char cmd[256];
    int n = snprintf(cmd, sizeof cmd, "run %s %lld %llu %lld\n", k->name, (long long)k->arg,
                     (unsigned long long)iters, (long long)k->expected);
    /* The BEAM's CPU time (all its threads) around the command: the batch
     * plus reading the command and writing the answer (microseconds). */
    uint64_t c0 = hb_process_cpu_ns((int)b->pid);
    if (write_all(b->to_erl, cmd, (size_t)n) != 0) {
        hb_set_why(err, "the BEAM process went away");
        return -1;
    }
    char line[4096];
    /* A batch is ~0.1 s; a minute means something is wrong. */
    if (read_line(b, line, sizeof line, 60000) != 0) {
        hb_set_why(err, "no answer from the BEAM process");
        return -1;
    }
    uint64_t c1 = hb_process_cpu_ns((int)b->pid);
    unsigned long long wall;
    long long v;
    if (sscanf(line, "ok %llu", &wall) == 1) {
        t->wall_ns = wall;
        t->cpu_ns = c0 && c1 > c0 ? c1 - c0 : 0;
        return 0;
    }
    if (sscanf(line, "bad %lld", &v) == 1) {
        *got = v;
        hb_set_why(err, "wrong value %lld", v);
        return -1;
    }
    hb_set_why(err, "BEAM: %.200s", line);
    return -1;
}

static void beam_fini(hb_system *self) {
    beam *b = self->state;
    if (!b || b->pid < 0) return;
    (void)write_all(b->to_erl, "quit\n", 5);
    close(b->to_erl);
    close(b->from_erl);
    int status;
    for (int i = 0; i < 50; i++) { /* up to 5 s to halt */
        if (waitpid(b->pid, &status, WNOHANG) == b->pid) {
            b->pid = -1;
            return;
        }
        struct timespec tenth = {0, 100000000};
        nanosleep(&tenth, NULL);
    }
    kill(b->pid, SIGKILL);
    waitpid(b->pid, &status, 0);
    b->pid = -1;
}

static const char *beam_describe(hb_system *self) {
    beam *b = self->state;
    return b && b->hello[0] ? b->hello : NULL;
}

hb_system hb_sys_beam = {
    .name = "BEAM JIT",
    .key = "beam",
    .kind = "in-VM loop",
    .measures = "in-VM loop of static remote calls hlbench:K(A), timed inside BEAM "
                "(erl +S 2:2, module compiled by erlc)",
    .init = beam_init,
    .unsupported = beam_unsupported,
    .run = beam_run,
    .fini = beam_fini,
    .describe = beam_describe,
};
