/* sys_lua.c — the two Lua 5.4 rows: Lua embedded in C the way a C host
 * sandboxes tenant scripts. One lua_State per tenant from lua_newstate with
 * a capped allocator; only the base (without dofile/loadfile/load), string,
 * table and math libraries; the kernels loaded as text. One row runs with an
 * instruction-count hook as the CPU budget (lua_sethook, LUA_MASKCOUNT every
 * 1000 instructions), the other without a hook. Each call is a host-to-guest
 * call: reset the budget, push the function and argument, lua_pcall, read
 * and check the integer result. */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>

#include "hb.h"

enum {
    TENANT_MEMORY_CAP = 64 << 20,   /* bytes one tenant may hold */
    HOOK_EVERY = 1000,              /* instructions between hook calls */
    NKERNELS = 9,                   /* the kernels hlbench.lua defines */
};
/* Budget per host call, in hook ticks: 10^9 instructions, far above the
 * largest kernel (fib(30) is about 1.5 * 10^7 Lua instructions; table.sort
 * runs in C, so the hook does not see its comparisons). */
#ifndef HB_LUA_BUDGET_TICKS
#define HB_LUA_BUDGET_TICKS 1000000 /* overridable to check the hook works */
#endif
static const long long BUDGET_TICKS = HB_LUA_BUDGET_TICKS;

typedef struct tenant {
    lua_State *L;
    size_t used;            /* bytes currently allocated */
    size_t cap;
    long long ticks_left;   /* hook budget of the current call */
    int hooked;
    int ref[NKERNELS];      /* registry refs: id, fib, sort, loop, gc, maps100k, binsplit1mb, sort100k, split1mb */
} tenant;

static const char *const kernel_names[NKERNELS] = {"id", "fib", "sort", "loop", "gc", "maps100k", "binsplit1mb", "sort100k", "split1mb"};

/* The tenant's allocator: refuses to grow past the cap (Lua then raises a
 * memory error in the guest, which the host sees as a failed pcall). */
static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    tenant *t = ud;
    size_t old = ptr ? osize : 0; /* with ptr == NULL, osize is a type tag */
    if (nsize == 0) {
        free(ptr);
        t->used -= old;
        return NULL;
    }
    if (nsize > old && nsize - old > t->cap - t->used) return NULL;
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    t->used = t->used - old + nsize;
    return p;
}

static void budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    tenant *t = *(tenant **)lua_getextraspace(L);
    if (--t->ticks_left <= 0) luaL_error(L, "instruction budget exhausted");
}

static void open_safe_libs(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    lua_pop(L, 4);
    /* No loading of code or files from inside the tenant. */
    static const char *const removed[] = {"dofile", "loadfile", "load"};
    for (size_t i = 0; i < sizeof removed / sizeof removed[0]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, removed[i]);
    }
}

static int lua_init_common(hb_system *self, const hb_config *cfg, char *why, int hooked) {
    tenant *t = calloc(1, sizeof *t);
    if (!t) {
        hb_set_why(why, "out of memory");
        return -1;
    }
    self->state = t;
    t->cap = TENANT_MEMORY_CAP;
    t->hooked = hooked;
    t->L = lua_newstate(capped_alloc, t);
    if (!t->L) {
        hb_set_why(why, "lua_newstate failed");
        return -1;
    }
    *(tenant **)lua_getextraspace(t->L) = t;
    open_safe_libs(t->L);
    if (hooked) lua_sethook(t->L, budget_hook, LUA_MASKCOUNT, HOOK_EVERY);
    size_t len;
    char *src = hb_read_file(cfg->kernel_lua, &len);
    if (!src) {
        hb_set_why(why, "cannot read %s", cfg->kernel_lua);
        return -1;
    }
    t->ticks_left = BUDGET_TICKS;
    int rc = luaL_loadbufferx(t->L, src, len, "=hlbench.lua", "t");
    free(src);
    if (rc == LUA_OK) rc = lua_pcall(t->L, 0, 0, 0);
    if (rc != LUA_OK) {
        hb_set_why(why, "loading hlbench.lua: %s", lua_tostring(t->L, -1));
        return -1;
    }
    for (int i = 0; i < NKERNELS; i++) {
        if (lua_getglobal(t->L, kernel_names[i]) != LUA_TFUNCTION) {
            hb_set_why(why, "hlbench.lua defines no function %s", kernel_names[i]);
            return -1;
        }
        t->ref[i] = luaL_ref(t->L, LUA_REGISTRYINDEX);
    }
    return 0;
}

static int lua_init_hook(hb_system *self, const hb_config *cfg, char *why) {
    return lua_init_common(self, cfg, why, 1);
}

static int lua_init_nohook(hb_system *self, const hb_config *cfg, char *why) {
    return lua_init_common(self, cfg, why, 0);
}

static int kernel_index(const hb_kernel *k) {
    for (int i = 0; i < NKERNELS; i++)
        if (strcmp(k->name, kernel_names[i]) == 0) return i;
    return -1;
}

static const char *lua_unsupported(hb_system *self, const hb_kernel *k) {
    (void)self;
    if (kernel_index(k) >= 0) return NULL;
    if (strcmp(k->name, "fact") == 0 || strcmp(k->name, "print_pow2") == 0) return "Lua has no bignums";
    if (strcmp(k->name, "pp10k") == 0) return "Lua has no term pretty-printer (io_lib:format ~p)";
    return "no Lua compiler front end to compare";
}

static int lua_run(hb_system *self, const hb_kernel *k, uint64_t iters, hb_time *t,
                   int64_t *got, char *err) {
    tenant *tn = self->state;
    lua_State *L = tn->L;
    int ref = tn->ref[kernel_index(k)];
    lua_Integer arg = (lua_Integer)k->arg;
    int64_t expected = k->expected;
    uint64_t t0 = hb_now_ns(), c0 = hb_thread_cpu_ns();
    for (uint64_t i = 0; i < iters; i++) {
        tn->ticks_left = BUDGET_TICKS;
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        lua_pushinteger(L, arg);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            hb_set_why(err, "Lua error: %s", lua_tostring(L, -1));
            lua_pop(L, 1);
            return -1;
        }
        int isint = 0;
        lua_Integer v = lua_tointegerx(L, -1, &isint);
        lua_pop(L, 1);
        if (!isint || v != expected) {
            *got = (int64_t)v;
            hb_set_why(err, "wrong value %lld", (long long)v);
            return -1;
        }
    }
    t->cpu_ns = hb_thread_cpu_ns() - c0;
    t->wall_ns = hb_now_ns() - t0;
    return 0;
}

static void lua_fini(hb_system *self) {
    tenant *t = self->state;
    if (!t) return;
    if (t->L) lua_close(t->L);
    free(t);
    self->state = NULL;
}

static const char *lua_describe(hb_system *self) {
    (void)self;
    return LUA_RELEASE " (system liblua5.4), embedded: lua_newstate with a 64 MiB capped "
                       "allocator, base/string/table/math only, no dofile/loadfile/load";
}

hb_system hb_sys_lua_hook = {
    .name = "Lua 5.4 sandbox, count hook",
    .key = "lua-hook",
    .kind = "host→guest",
    .measures = "host-to-guest lua_pcall per call, budget hook every 1000 instructions",
    .init = lua_init_hook,
    .unsupported = lua_unsupported,
    .run = lua_run,
    .fini = lua_fini,
    .describe = lua_describe,
};

hb_system hb_sys_lua_nohook = {
    .name = "Lua 5.4 sandbox, no hook",
    .key = "lua-nohook",
    .kind = "host→guest",
    .measures = "host-to-guest lua_pcall per call, no CPU budget",
    .init = lua_init_nohook,
    .unsupported = lua_unsupported,
    .run = lua_run,
    .fini = lua_fini,
    .describe = NULL,
};
