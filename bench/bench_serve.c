/* bench_serve.c — requests per second and latency (p50/p99) of warm
 * erlang_run calls through `hl serve`, over stdio (MCP, one client: the
 * protocol is one session per pipe) and over HTTP (keep-alive connections,
 * 1 and C concurrent clients). A client in C, so the numbers are the
 * server's, not a scripting language's.
 *   bench_serve HL N [CLIENTS [BEAM_DIR]]  (BEAM_DIR: where erlc put
 *                                    bench/serve_beam.beam, OTP's inets beside)
 *   bench_serve HL load N CLIENTS   the mixed load test (good, hostile, runaway)
 * The programs: id(42) and fib(20), the same source every request (the
 * engine's cache answers it after the first). */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char SRC[] = "-module(b).\\n-export([id/1, fib/1]).\\nid(X) -> X.\\n"
                          "fib(N) when N < 2 -> N;\\nfib(N) -> fib(N - 1) + fib(N - 2).\\n";

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *what, double *lat, int n, double total_us) {
    qsort(lat, (size_t)n, sizeof *lat, cmp);
    printf("| %-28s | %8.0f | %8.1f | %8.1f |\n", what, n / (total_us / 1e6), lat[n / 2], lat[(int)(n * 0.99)]);
}

/* Reads one line (a response) from fd into buf. */
static int read_line(int fd, char *buf, size_t cap, size_t *have) {
    for (;;) {
        char *nl = memchr(buf, '\n', *have);
        if (nl) {
            size_t len = (size_t)(nl - buf) + 1;
            int ok = strstr(buf, "\\\"status\\\":\\\"ok\\\"") != NULL || strstr(buf, "\"result\":{}") != NULL ||
                     strstr(buf, "protocolVersion") != NULL;
            memmove(buf, buf + len, *have - len);
            *have -= len;
            return ok;
        }
        ssize_t k = read(fd, buf + *have, cap - *have - 1);
        if (k <= 0) return -1;
        *have += (size_t)k;
        buf[*have] = 0;
    }
}

static void bench_stdio(const char *hl, int n) {
    int in[2], out[2];
    if (pipe(in) || pipe(out)) exit(1);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0), dup2(out[1], 1);
        close(in[1]), close(out[0]);
        execl(hl, hl, "serve", "--stdio", (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(out[1]);
    static char buf[1 << 16];
    size_t have = 0;
    char msg[2048];
    int len = snprintf(msg, sizeof msg, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
                                        "\"protocolVersion\":\"2025-11-25\"}}\n");
    if (write(in[1], msg, (size_t)len) != len || read_line(out[0], buf, sizeof buf, &have) != 1) exit(1);
    static const struct { const char *fn, *arg, *name; } cases[] = {{"id", "42", "stdio  erlang_run id(42)"},
                                                                      {"fib", "20", "stdio  erlang_run fib(20)"}};
    double *lat = malloc(sizeof *lat * (size_t)n);
    for (int c = 0; c < 2; c++) {
        len = snprintf(msg, sizeof msg, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":"
                                        "\"erlang_run\",\"arguments\":{\"source\":\"%s\",\"function\":\"%s\",\"args\":[%s]}}}\n",
                       SRC, cases[c].fn, cases[c].arg);
        for (int w = 0; w < 100; w++) /* warm: the first compiles */
            if (write(in[1], msg, (size_t)len) != len || read_line(out[0], buf, sizeof buf, &have) != 1) exit(1);
        double t0 = now_us();
        for (int i = 0; i < n; i++) {
            double a = now_us();
            if (write(in[1], msg, (size_t)len) != len || read_line(out[0], buf, sizeof buf, &have) != 1) {
                fprintf(stderr, "stdio: bad response: %.300s\n", buf);
                exit(1);
            }
            lat[i] = now_us() - a;
        }
        report(cases[c].name, lat, n, now_us() - t0);
    }
    free(lat);
    close(in[1]);
    waitpid(pid, NULL, 0);
    close(out[0]);
}

typedef struct client {
    int port, n;
    const char *req;
    size_t req_len;
    double *lat;
    /* load mode: requests rotate over nreqs bodies, each response must
     * contain want[i] */
    const char *const *reqs;
    const size_t *lens;
    const char *const *want;
    int nreqs, bad;
} client;

/* One keep-alive connection sending n requests, timing each. */
static void *http_client(void *arg) {
    client *c = arg;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)c->port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa)) exit(1);
    int one = 1; /* the request goes out in one write; no Nagle delay on either side */
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    char buf[1 << 14];
    for (int i = 0; i < c->n; i++) {
        double a = now_us();
        const char *req = c->nreqs ? c->reqs[i % c->nreqs] : c->req;
        size_t req_len = c->nreqs ? c->lens[i % c->nreqs] : c->req_len;
        if (write(fd, req, req_len) != (ssize_t)req_len) exit(1);
        size_t have = 0;
        long body = -1;
        for (;;) { /* headers, then Content-Length bytes */
            ssize_t k = read(fd, buf + have, sizeof buf - have - 1);
            if (k <= 0) exit(1);
            have += (size_t)k;
            buf[have] = 0;
            char *end = strstr(buf, "\r\n\r\n");
            if (!end) continue;
            if (body < 0) {
                char *cl = strstr(buf, "Content-Length: ");
                if (!cl || strncmp(buf, "HTTP/1.1 200", 12) != 0) {
                    fprintf(stderr, "http: %.300s\n", buf);
                    exit(1);
                }
                body = strtol(cl + 16, NULL, 10);
            }
            if ((long)(have - (size_t)(end + 4 - buf)) >= body) break;
        }
        if (c->nreqs && !strstr(buf, c->want[i % c->nreqs])) c->bad++;
        c->lat[i] = now_us() - a;
    }
    close(fd);
    return NULL;
}

/* Starts `hl serve --http 127.0.0.1:0`, or with beam_dir OTP's inets
 * endpoint (serve_beam.beam in that directory), and returns the port it
 * prints (*pid: the server). The pipe's read end stays open: the server
 * may write again. Exits when it prints no port. */
static int start_http(const char *hl, const char *beam_dir, pid_t *pid) {
    int out[2];
    if (pipe(out)) exit(1);
    *pid = fork();
    if (*pid == 0) {
        dup2(out[1], 1);
        close(out[0]);
        if (beam_dir)
            execlp("erl", "erl", "-noshell", "-pa", beam_dir, "-s", "serve_beam", "main", (char *)NULL);
        else execl(hl, hl, "serve", "--http", "127.0.0.1:0", "--max-concurrent", "64", (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    char line[256] = {0};
    ssize_t k = read(out[0], line, sizeof line - 1);
    char *colon = k > 0 ? strrchr(line, ':') : NULL;
    int port = colon ? atoi(colon + 1) : 0;
    if (!port) exit(1);
    return port;
}

/* beam_dir: run OTP's inets endpoint (serve_beam.beam in that directory)
 * instead of hl serve. */
static void bench_http(const char *hl, int n, int clients, const char *beam_dir) {
    pid_t pid;
    int port = start_http(hl, beam_dir, &pid);
    static const struct { const char *fn, *arg, *name; } cases[] = {{"id", "42", "erlang_run id(42)"},
                                                                      {"fib", "20", "erlang_run fib(20)"}};
    for (int c = 0; c < 2; c++) {
        char body[1024], req[2048];
        int blen = snprintf(body, sizeof body, "{\"source\":\"%s\",\"function\":\"%s\",\"args\":[%s]}", SRC,
                            cases[c].fn, cases[c].arg);
        int rlen = snprintf(req, sizeof req, "POST /v1/run HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                             "Content-Length: %d\r\n\r\n%s", blen, body);
        for (int conc = 1; conc <= clients; conc = conc == 1 && clients > 1 ? clients : clients + 1) {
            client cl[64];
            pthread_t th[64];
            double *lat = malloc(sizeof *lat * (size_t)n);
            int per = n / conc;
            client warm = {.port = port, .n = 100, .req = req, .req_len = (size_t)rlen, .lat = lat};
            http_client(&warm);
            double t0 = now_us();
            for (int i = 0; i < conc; i++) {
                cl[i] = (client){.port = port, .n = per, .req = req, .req_len = (size_t)rlen, .lat = lat + i * per};
                pthread_create(&th[i], NULL, http_client, &cl[i]);
            }
            for (int i = 0; i < conc; i++) pthread_join(th[i], NULL);
            char name[64];
            snprintf(name, sizeof name, "%s%-2d %s", beam_dir ? "beam " : "http", conc, cases[c].name);
            report(name, lat, per * conc, now_us() - t0);
            free(lat);
        }
    }
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
}

/* VmRSS of a process, in KiB. */
static long rss_kib(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long v = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) v = strtol(line + 6, NULL, 10);
    if (f) fclose(f);
    return v;
}

/* The load test: n requests from `clients` concurrent keep-alive clients,
 * a mix of a good run, a hostile program (refused at compile time) and a
 * runaway (stopped by its reductions); every response must be 200 with the
 * right status; the server's RSS after a warm-up and at the end. */
static int bench_load(const char *hl, int n, int clients) {
    pid_t pid;
    int port = start_http(hl, NULL, &pid);
    static const char *const bodies[] = {
        "{\"source\":\"%s\",\"function\":\"fib\",\"args\":[15]}",
        "{\"source\":\"-module(h).\\n-export([f/0]).\\nf() -> os:cmd(\\\"rm -rf /\\\").\\n\",\"function\":\"f\"}",
        "{\"source\":\"-module(r).\\n-export([f/0]).\\nf() -> f().\\n\",\"function\":\"f\",\"limits\":{\"max_reductions\":100000}}",
    };
    static const char *const want[] = {"\"result\":610", "\"status\":\"compile_error\"", "\"limit\":\"reductions\""};
    static char reqs[3][2048];
    const char *rp[3];
    size_t lens[3];
    for (int i = 0; i < 3; i++) {
        char body[1024];
        /* bodies[i] with its one %s replaced by the source */
        const char *at = strstr(bodies[i], "%s");
        int blen = at ? snprintf(body, sizeof body, "%.*s%s%s", (int)(at - bodies[i]), bodies[i], SRC, at + 2)
                      : snprintf(body, sizeof body, "%s", bodies[i]);
        lens[i] = (size_t)snprintf(reqs[i], sizeof reqs[i], "POST /v1/run HTTP/1.1\r\nHost: x\r\n"
                                   "Content-Length: %d\r\n\r\n%s", blen, body);
        rp[i] = reqs[i];
    }
    double *lat = malloc(sizeof *lat * (size_t)n);
    client warm = {.port = port, .n = 300, .lat = lat, .reqs = rp, .lens = lens, .want = want, .nreqs = 3};
    http_client(&warm);
    long rss0 = rss_kib(pid);
    client cl[64];
    pthread_t th[64];
    int per = n / clients, bad = warm.bad;
    double t0 = now_us();
    for (int i = 0; i < clients; i++) {
        cl[i] = (client){.port = port, .n = per, .lat = lat + i * per, .reqs = rp, .lens = lens, .want = want,
                         .nreqs = 3};
        pthread_create(&th[i], NULL, http_client, &cl[i]);
    }
    for (int i = 0; i < clients; i++) pthread_join(th[i], NULL), bad += cl[i].bad;
    double total = now_us() - t0;
    long rss1 = rss_kib(pid);
    char name[64];
    snprintf(name, sizeof name, "load: %d clients, mixed", clients);
    report(name, lat, per * clients, total);
    printf("load: %d requests, %d with a wrong answer; server RSS %ld KiB after warm-up, %ld KiB at the end\n",
           per * clients, bad, rss0, rss1);
    free(lat);
    kill(pid, SIGTERM);
    int st = 0;
    waitpid(pid, &st, 0);
    return bad == 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[2], "load") == 0) { /* bench_serve HL load N CLIENTS */
        signal(SIGPIPE, SIG_IGN);
        printf("| transport, request             |    req/s | p50 (µs) | p99 (µs) |\n| --- | ---: | ---: | ---: |\n");
        return bench_load(argv[1], atoi(argv[3]), atoi(argv[4]) > 64 ? 64 : atoi(argv[4]));
    }
    if (argc < 3) {
        fprintf(stderr, "usage: bench_serve HL N [CLIENTS]\n");
        return 2;
    }
    int n = atoi(argv[2]), clients = argc > 3 ? atoi(argv[3]) : 4;
    if (n < 100 || clients < 1 || clients > 64) return 2;
    signal(SIGPIPE, SIG_IGN);
    printf("| transport, request             |    req/s | p50 (µs) | p99 (µs) |\n| --- | ---: | ---: | ---: |\n");
    bench_stdio(argv[1], n);
    bench_http(argv[1], n, clients, NULL);
    if (argc > 4) bench_http(argv[1], n, clients, argv[4]); /* BEAM_DIR: OTP's inets beside it */
    return 0;
}
