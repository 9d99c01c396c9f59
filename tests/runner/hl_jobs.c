/* hl_jobs.c — the test suites' job runner: runs many `hl` command lines from
 * one process. Each job is a forked child that calls the `hl` command's own
 * code (hl_cli_main, src/cli/hl.c) with its stdout and stderr in files, so a
 * suite of a thousand programs pays for one exec, dynamic link and sanitizer
 * start-up instead of a thousand (tests/runner/jobs.sh queues the jobs and
 * falls back to one `hl` process each when this runner is not built).
 *
 * A job is still a process of its own, as `hl` would be: it starts from the
 * state this runner has before its first fork (it calls nothing of the
 * library itself), and a crash, a sanitizer report or a leak (LeakSanitizer
 * checks at the child's exit) is that job's alone, in its exit status and
 * its stderr file.
 *
 * Usage: hl_jobs [-j P] JOBFILE OUTDIR
 *   JOBFILE: one job per line, "ID<TAB>ARG<TAB>ARG...": an id of letters,
 *            digits, '_' and '-', then the arguments `hl` gets (no tab or
 *            newline inside one). Leading arguments of the form
 *            "env:NAME=VALUE" are not passed on: the job's process sets
 *            NAME to VALUE in its environment before running `hl`.
 *   Each job writes OUTDIR/ID.out, OUTDIR/ID.err and then OUTDIR/ID.rc,
 *   its exit status as a shell reports it (128+N after signal N). Up to P
 *   jobs (default 1) run at once. Exits 0 when every job ran, whatever
 *   their statuses; 2 on bad usage or when a job could not be started. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"

typedef struct job {
    char *id;
    char **argv; /* "hl", the arguments, NULL */
    int argc;
    pid_t pid;
} job;

static int fail(const char *what, const char *arg) {
    fprintf(stderr, "hl_jobs: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    return 2;
}

static int valid_id(const char *id) {
    if (!*id) return 0;
    for (const char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '-'))
            return 0;
    return 1;
}

/* Splits the job file's text (modified in place) into jobs. */
static job *parse_jobs(char *text, size_t *njobs) {
    size_t cap = 64, n = 0;
    job *jobs = malloc(cap * sizeof *jobs);
    if (!jobs) return NULL;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = '\0';
        if (*line) {
            if (n == cap) {
                cap *= 2;
                job *p = realloc(jobs, cap * sizeof *jobs);
                if (!p) return NULL;
                jobs = p;
            }
            int fields = 1;
            for (char *p = line; *p; p++) fields += *p == '\t';
            job *j = &jobs[n++];
            j->argv = malloc(((size_t)fields + 1) * sizeof *j->argv);
            if (!j->argv) return NULL;
            j->id = strtok(line, "\t");
            j->argv[0] = "hl";
            j->argc = 1;
            for (char *a; (a = strtok(NULL, "\t"));) j->argv[j->argc++] = a;
            j->argv[j->argc] = NULL;
            j->pid = 0;
        }
        line = nl ? nl + 1 : NULL;
    }
    *njobs = n;
    return jobs;
}

static char *read_all(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *p = realloc(buf, cap *= 2);
            if (!p) free(buf);
            buf = p;
        }
    }
    fclose(f);
    if (buf) buf[n] = '\0';
    return buf;
}

/* In the child: stdin from /dev/null, stdout and stderr to the job's files,
 * then the command. Never returns. */
static void run_child(const char *outdir, const job *j) {
    char path[4096];
    int in = open("/dev/null", O_RDONLY);
    snprintf(path, sizeof path, "%s/%s.out", outdir, j->id);
    int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    snprintf(path, sizeof path, "%s/%s.err", outdir, j->id);
    int err = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(125);
    close(in);
    close(out);
    close(err);
    int skip = 0;
    while (j->argc - skip > 1 && strncmp(j->argv[1 + skip], "env:", 4) == 0) {
        char *name = j->argv[1 + skip] + 4, *eq = strchr(name, '=');
        if (!eq) _exit(125);
        *eq = '\0'; /* the child's own copy of the job line */
        if (setenv(name, eq + 1, 1) != 0) _exit(125);
        skip++;
    }
    j->argv[skip] = "hl";
    /* exit, not _exit: stdio is flushed and the sanitizers' exit checks
     * (leaks) run, as when `hl` returns from main */
    exit(hl_cli_main(j->argc - skip, j->argv + skip));
}

static int write_rc(const char *outdir, const job *j, int status) {
    int rc = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 255;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.rc", outdir, j->id);
    FILE *f = fopen(path, "w");
    if (!f) return 0;
    fprintf(f, "%d\n", rc);
    return fclose(f) == 0;
}

int main(int argc, char **argv) {
    long parallel = 1;
    int a = 1;
    if (a + 1 < argc && strcmp(argv[a], "-j") == 0) {
        parallel = strtol(argv[a + 1], NULL, 10);
        a += 2;
    }
    if (argc - a != 2 || parallel < 1 || parallel > 64) return fail("usage: hl_jobs [-j P] JOBFILE OUTDIR", NULL);
    const char *outdir = argv[a + 1];
    char *text = read_all(argv[a]);
    if (!text) return fail("cannot read", argv[a]);
    size_t n = 0;
    job *jobs = parse_jobs(text, &n);
    if (!jobs) return fail("out of memory", NULL);
    for (size_t i = 0; i < n; i++)
        if (!valid_id(jobs[i].id)) return fail("bad job id", jobs[i].id);
    int status = 0;
    size_t next = 0, running = 0;
    while (next < n || running > 0) {
        if (next < n && running < (size_t)parallel) {
            job *j = &jobs[next++];
            fflush(NULL); /* nothing buffered is inherited twice */
            j->pid = fork();
            if (j->pid < 0) {
                status = fail("fork", strerror(errno));
                next = n;
                continue;
            }
            if (j->pid == 0) run_child(outdir, j);
            running++;
            continue;
        }
        int st;
        pid_t pid = waitpid(-1, &st, 0);
        if (pid < 0) {
            if (errno == EINTR) continue;
            status = fail("waitpid", strerror(errno));
            break;
        }
        for (size_t i = 0; i < n; i++)
            if (jobs[i].pid == pid) {
                jobs[i].pid = 0;
                running--;
                if (!write_rc(outdir, &jobs[i], st)) status = fail("cannot write the status of", jobs[i].id);
                break;
            }
    }
    for (size_t i = 0; i < n; i++) free(jobs[i].argv);
    free(jobs);
    free(text);
    return status;
}
