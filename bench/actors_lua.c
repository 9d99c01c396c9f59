/* actors_lua.c — Lua 5.4's side of bench/actors.sh's fib(15) throughput
 * row: K tenants (K = 1, 2, 4, 16, 64), each a lua_State sandboxed as
 * bench/harness/sys_lua.c does (lua_newstate with a capped allocator;
 * base without dofile/loadfile/load, string, table, math; fib loaded from
 * bench/kernels/hlbench.lua), served by 2 host threads (Hyperlang's actors
 * run on 2 workers): thread i runs the requests of tenants i, i + 2, ...
 * Each request is a host -> guest call of fib(15) (lua_pcall), its value
 * checked. Prints `ROW<TAB>luaKEY_K<TAB>requests per second<TAB>-` for the
 * hooked tenants (a count hook every 1,000 instructions as the CPU budget,
 * lua_sethook) and the unhooked ones, the median over rounds.
 * Built by actors.sh: gcc -O2 actors_lua.c $(pkg-config --cflags --libs lua5.4) -lpthread
 * Usage: actors_lua HLBENCH.LUA [--quick] */
#define _POSIX_C_SOURCE 200809L
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"

enum { CAP = 64 << 20, HOOK_EVERY = 1000, THREADS = 2, FIB_ARG = 15, FIB_VALUE = 610 };

typedef struct tenant {
    lua_State *L;
    size_t used;
    long long ticks;
    int fib;
} tenant;

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    tenant *t = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        t->used -= old;
        return NULL;
    }
    if (nsize > old && nsize - old > CAP - t->used) return NULL;
    void *p = realloc(ptr, nsize);
    if (p) t->used = t->used - old + nsize;
    return p;
}

static void hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    tenant *t = *(tenant **)lua_getextraspace(L);
    if (--t->ticks <= 0) luaL_error(L, "instruction budget exhausted");
}

static char *src;
static size_t src_len;

static void tenant_init(tenant *t, int hooked) {
    memset(t, 0, sizeof *t);
    t->L = lua_newstate(capped_alloc, t);
    if (!t->L) exit(1);
    *(tenant **)lua_getextraspace(t->L) = t;
    luaL_requiref(t->L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(t->L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(t->L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(t->L, LUA_MATHLIBNAME, luaopen_math, 1);
    lua_pop(t->L, 4);
    static const char *const removed[] = {"dofile", "loadfile", "load"};
    for (int i = 0; i < 3; i++) {
        lua_pushnil(t->L);
        lua_setglobal(t->L, removed[i]);
    }
    if (hooked) lua_sethook(t->L, hook, LUA_MASKCOUNT, HOOK_EVERY);
    t->ticks = 1000000;
    if (luaL_loadbufferx(t->L, src, src_len, "=hlbench.lua", "t") != LUA_OK || lua_pcall(t->L, 0, 0, 0) != LUA_OK ||
        lua_getglobal(t->L, "fib") != LUA_TFUNCTION) {
        fprintf(stderr, "actors_lua: loading the kernels failed\n");
        exit(1);
    }
    t->fib = luaL_ref(t->L, LUA_REGISTRYINDEX);
}

typedef struct job {
    tenant *ts;
    int k, per, self;
} job;

static void *serve(void *arg) {
    job *j = arg;
    for (int r = 0; r < j->per; r++)
        for (int i = j->self; i < j->k; i += THREADS) {
            tenant *t = &j->ts[i];
            t->ticks = 1000000;
            lua_rawgeti(t->L, LUA_REGISTRYINDEX, t->fib);
            lua_pushinteger(t->L, FIB_ARG);
            if (lua_pcall(t->L, 1, 1, 0) != LUA_OK || lua_tointeger(t->L, -1) != FIB_VALUE) {
                fprintf(stderr, "actors_lua: fib(15) failed\n");
                exit(1);
            }
            lua_pop(t->L, 1);
        }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    int quick = argc > 2 && strcmp(argv[2], "--quick") == 0;
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 1;
    fseek(f, 0, SEEK_END);
    src_len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    src = malloc(src_len);
    if (!src || fread(src, 1, src_len, f) != src_len) return 1;
    fclose(f);
    static const int ks[] = {1, 2, 4, 16, 64};
    int rounds = quick ? 3 : 7, total = quick ? 64 : 512;
    for (int hooked = 1; hooked >= 0; hooked--)
        for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
            int k = ks[ki], per = total / k < 4 ? 4 : total / k;
            tenant *ts = calloc((size_t)k, sizeof *ts);
            for (int i = 0; i < k; i++) tenant_init(&ts[i], hooked);
            double v[7];
            for (int r = 0; r < rounds; r++) {
                pthread_t th[THREADS];
                job jobs[THREADS];
                double t0 = now_s();
                for (int i = 0; i < THREADS; i++) {
                    jobs[i] = (job){ts, k, per, i};
                    pthread_create(&th[i], NULL, serve, &jobs[i]);
                }
                for (int i = 0; i < THREADS; i++) pthread_join(th[i], NULL);
                v[r] = (double)(per * k) / (now_s() - t0);
            }
            qsort(v, (size_t)rounds, sizeof v[0], cmp_d);
            printf("ROW\t%s_%d\t%.1f\t-\n", hooked ? "lua_hook" : "lua", k, v[rounds / 2]);
            for (int i = 0; i < k; i++) lua_close(ts[i].L);
            free(ts);
        }
    free(src);
    return 0;
}
