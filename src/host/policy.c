/* policy.c — hl_policy: what a program may do (compile and run limits,
 * granted bindings, capabilities, mounts, output cap), read from one JSON
 * document with Jansson (docs/policy.md, docs/policy.schema.json), and
 * applied to compile options (hl_policy_compile_options) and to each run's
 * limits (hl_policy_run_limits), where a per-call setting may only lower
 * what the policy allows.
 *
 * A bad document gets one located diagnostic: Jansson's line and column for
 * a syntax error; for a field that parses but does not fit the schema, its
 * JSON path and the line and column of its key (found by name in the text,
 * since Jansson keeps no positions). Unknown keys are refused, with the
 * nearest known key as a hint: a misspelt limit must never be ignored. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/mem.h"
#include "host/host_int.h"

enum { POLICY_MAX_BYTES = 1u << 20, POLICY_MAX_MOUNTS = 64 };

/* Capabilities by name. `available`: this version can grant it (the others
 * are refused when granted). `apply` hands a granted one to compile options
 * (hl_policy_compile_options); NULL while nothing in the compiler reads it. */
typedef struct cap_def {
    const char *name;
    bool available;
    hl_status (*apply)(hl_compile_options *opts, const char *name);
} cap_def;
static const cap_def caps[] = {
    {"processes", true, hl_compile_options_grant_capability},
    {"clocks", true, hl_compile_options_grant_capability},
    {"random", true, hl_compile_options_grant_capability},
    {"files", true, hl_compile_options_grant_capability},
};
enum { NCAPS = sizeof caps / sizeof caps[0], CAP_FILES_BIT = 1u << 3 /* caps[3] */ };

typedef struct policy_mount {
    char *guest, *host;
    bool writable;
    uint64_t max_bytes_written, max_files, max_file_bytes; /* 0: the default */
} policy_mount;

struct hl_policy {
    uint64_t compile[HL_LIMIT_ATOMS + 1]; /* 0: the default */
    hl_limits *run;                       /* every run limit, defaults filled */
    hl_host_grant *grants;
    uint32_t ngrants;
    unsigned caps; /* bit i: caps[i] granted */
    policy_mount *mounts;
    uint32_t nmounts;
    bool det; /* hl_policy_set_deterministic: read-only mounts only */
    uint64_t det_seed;
};

/* ---- keys of the document ----------------------------------------------------- */

typedef struct compile_key {
    const char *key;
    hl_compile_limit which;
} compile_key;
static const compile_key compile_keys[] = {
    {"source_bytes", HL_LIMIT_SOURCE_BYTES},     {"tokens", HL_LIMIT_TOKENS},
    {"depth", HL_LIMIT_DEPTH},                   {"string_chars", HL_LIMIT_STRING_CHARS},
    {"integer_digits", HL_LIMIT_INTEGER_DIGITS}, {"memory_bytes", HL_LIMIT_MEMORY_BYTES},
    {"diagnostics", HL_LIMIT_DIAGNOSTICS},       {"stack_bytes", HL_LIMIT_STACK_BYTES},
    {"work", HL_LIMIT_WORK},                     {"wall_ms", HL_LIMIT_WALL_MS},
    {"atoms", HL_LIMIT_ATOMS},
};
typedef struct run_key {
    const char *key;
    hl_limit which;
    const char *field; /* the hl_run_limits field, for messages */
} run_key;
static const run_key run_keys[] = {
    {"max_reductions", HL_LIMIT_REDUCTIONS, "max_reductions"},
    {"max_heap_bytes", HL_LIMIT_HEAP_BYTES, "max_heap_bytes"},
    {"timeout_ms", HL_LIMIT_TIMEOUT_MS, "timeout_ms"},
    {"max_host_atoms", HL_LIMIT_HOST_ATOMS, "max_host_atoms"},
};
#define NKEYS(a) (sizeof(a) / sizeof((a)[0]))

static const char *const top_keys[] = {"version", "limits", "output", "bindings", "capabilities", "mounts"};
static const char *const limits_keys[] = {"compile", "run"};
static const char *const output_keys[] = {"max_bytes"};
static const char *const mount_keys[] = {"guest", "host", "mode", "quota"};
static const char *const quota_keys[] = {"bytes_written", "files", "largest_file"};

/* ---- errors ---------------------------------------------------------------------- */

/* A path into the document, e.g. $.limits.run.max_reductions, with the
 * names of its object keys in order (to find the field in the text). */
typedef struct doc_path {
    const char *keys[8];
    int nkeys;
    char text[256];
} doc_path;

typedef struct loader {
    const char *name, *text;
    size_t len;
    hl_error **err;
    hl_policy *p;
} loader;

static doc_path path_key(const doc_path *parent, const char *key) {
    doc_path d = *parent;
    if (d.nkeys < 8) d.keys[d.nkeys++] = key;
    size_t n = strlen(d.text);
    snprintf(d.text + n, sizeof d.text - n, ".%s", key);
    return d;
}

static doc_path path_index(const doc_path *parent, size_t i) {
    doc_path d = *parent;
    size_t n = strlen(d.text);
    snprintf(d.text + n, sizeof d.text - n, "[%zu]", i);
    return d;
}

/* 1-based line and column (in characters) of byte offset `at`. */
static void position(const char *text, size_t at, uint32_t *line, uint32_t *col) {
    uint32_t l = 1, c = 1;
    for (size_t i = 0; i < at; i++) {
        if (text[i] == '\n') l++, c = 1;
        else if (((unsigned char)text[i] & 0xC0) != 0x80) c++;
    }
    *line = l, *col = c;
}

/* Where the path's last key is: each key's quoted name searched for after
 * the previous one's (a key is found where it first appears after its
 * parent; keys written with escapes are not found: the parent is used). */
static void locate(const loader *ld, const doc_path *path, uint32_t *line, uint32_t *col) {
    size_t at = 0;
    bool found = false;
    for (int k = 0; k < path->nkeys; k++) {
        size_t kl = strlen(path->keys[k]);
        for (size_t i = at; i + kl + 2 <= ld->len; i++) {
            if (ld->text[i] == '"' && ld->text[i + kl + 1] == '"' && memcmp(ld->text + i + 1, path->keys[k], kl) == 0) {
                at = i, found = true;
                break;
            }
        }
    }
    if (!found) at = 0;
    position(ld->text, at, line, col);
}

/* One diagnostic at line:col, HL_EMISUSE. */
static hl_status located_error(const char *name, hl_error **err, uint32_t line, uint32_t col, const char *msg) {
    hl_diags d;
    hl_diags_init(&d, 1);
    hl_diags_add(&d, line, col, "%s", msg);
    hl_error *e = hl_host_error_from_diags(&d, name ? name : "policy");
    hl_diags_free(&d);
    if (e != &hl_host_oom_error) e->status = HL_EMISUSE;
    return hl_host_set_error(err, e);
}

static hl_status field_error(const loader *ld, const doc_path *path, const char *what) {
    char msg[512];
    snprintf(msg, sizeof msg, "%s: %s", path->text, what);
    uint32_t line, col;
    locate(ld, path, &line, &col);
    return located_error(ld->name, ld->err, line, col, msg);
}

/* Edit distance of two short keys (at most 64 characters each). */
static size_t distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64) return 1000;
    size_t row[65];
    for (size_t j = 0; j <= lb; j++) row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best) best = row[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* Refuses a key of obj not in known[] (HL_EMISUSE), naming the nearest. */
static hl_status check_keys(const loader *ld, json_t *obj, const doc_path *path, const char *const *known, size_t n) {
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        size_t best = 1000, bi = 0;
        for (size_t i = 0; i < n && !ok; i++) {
            ok = strcmp(key, known[i]) == 0;
            size_t d = distance(key, known[i]);
            if (d < best) best = d, bi = i;
        }
        if (ok) continue;
        doc_path kp = path_key(path, key);
        char hint[512];
        if (best <= 3) snprintf(hint, sizeof hint, "unknown key (did you mean \"%s\"?)", known[bi]);
        else {
            size_t len = 0;
            len += (size_t)snprintf(hint, sizeof hint, "unknown key (known here:");
            for (size_t i = 0; i < n && len < sizeof hint; i++)
                len += (size_t)snprintf(hint + len, sizeof hint - len, " %s", known[i]);
            if (len < sizeof hint) snprintf(hint + len, sizeof hint - len, ")");
        }
        return field_error(ld, &kp, hint);
    }
    return HL_OK;
}

static hl_status want_object(const loader *ld, json_t *v, const doc_path *path) {
    return json_is_object(v) ? HL_OK : field_error(ld, path, "must be an object");
}

static hl_status positive(const loader *ld, json_t *v, const doc_path *path, uint64_t *out) {
    if (!json_is_integer(v) || json_integer_value(v) <= 0)
        return field_error(ld, path, "must be a positive integer (limits are never unlimited)");
    *out = (uint64_t)json_integer_value(v);
    return HL_OK;
}

/* ---- sections ------------------------------------------------------------------------ */

static hl_status load_compile(loader *ld, json_t *obj, const doc_path *path) {
    const char *known[NKEYS(compile_keys)];
    for (size_t i = 0; i < NKEYS(compile_keys); i++) known[i] = compile_keys[i].key;
    hl_status st = want_object(ld, obj, path);
    if (st == HL_OK) st = check_keys(ld, obj, path, known, NKEYS(compile_keys));
    hl_compile_options *probe = NULL;
    if (st == HL_OK && hl_compile_options_new(&probe) != HL_OK) st = hl_host_set_error(ld->err, &hl_host_oom_error);
    for (size_t i = 0; st == HL_OK && i < NKEYS(compile_keys); i++) {
        json_t *v = json_object_get(obj, compile_keys[i].key);
        if (!v) continue;
        doc_path kp = path_key(path, compile_keys[i].key);
        uint64_t n = 0;
        st = positive(ld, v, &kp, &n);
        /* the range each limit accepts is hl_compile_options_set_limit's */
        if (st == HL_OK && hl_compile_options_set_limit(probe, compile_keys[i].which, n) != HL_OK)
            st = field_error(ld, &kp, "out of range for this limit (docs/limits.md)");
        if (st == HL_OK) ld->p->compile[compile_keys[i].which] = n;
    }
    hl_compile_options_free(probe);
    return st;
}

static hl_status load_run(loader *ld, json_t *obj, const doc_path *path) {
    const char *known[NKEYS(run_keys)];
    for (size_t i = 0; i < NKEYS(run_keys); i++) known[i] = run_keys[i].key;
    hl_status st = want_object(ld, obj, path);
    if (st == HL_OK) st = check_keys(ld, obj, path, known, NKEYS(run_keys));
    for (size_t i = 0; st == HL_OK && i < NKEYS(run_keys); i++) {
        json_t *v = json_object_get(obj, run_keys[i].key);
        if (!v) continue;
        doc_path kp = path_key(path, run_keys[i].key);
        uint64_t n = 0;
        st = positive(ld, v, &kp, &n);
        if (st == HL_OK && hl_limits_set(ld->p->run, run_keys[i].which, n) != HL_OK)
            st = field_error(ld, &kp, "out of range for this limit (docs/limits.md)");
    }
    return st;
}

static hl_status load_limits(loader *ld, json_t *obj, const doc_path *path) {
    hl_status st = want_object(ld, obj, path);
    if (st == HL_OK) st = check_keys(ld, obj, path, limits_keys, NKEYS(limits_keys));
    json_t *c = json_object_get(obj, "compile"), *r = json_object_get(obj, "run");
    doc_path cp = path_key(path, "compile"), rp = path_key(path, "run");
    if (st == HL_OK && c) st = load_compile(ld, c, &cp);
    if (st == HL_OK && r) st = load_run(ld, r, &rp);
    return st;
}

static hl_status load_output(loader *ld, json_t *obj, const doc_path *path) {
    hl_status st = want_object(ld, obj, path);
    if (st == HL_OK) st = check_keys(ld, obj, path, output_keys, NKEYS(output_keys));
    json_t *v = json_object_get(obj, "max_bytes");
    if (st == HL_OK && v) {
        doc_path kp = path_key(path, "max_bytes");
        uint64_t n = 0;
        st = positive(ld, v, &kp, &n);
        if (st == HL_OK) hl_limits_set(ld->p->run, HL_LIMIT_OUTPUT_BYTES, n);
    }
    return st;
}

static char *dup_n(const char *s, size_t n) {
    char *d = hl_mem_alloc(n + 1);
    if (d) memcpy(d, s, n), d[n] = '\0';
    return d;
}

/* "module:function/arity": module up to the first ':', arity after the last '/'. */
static hl_status load_binding(loader *ld, json_t *v, const doc_path *path) {
    const char *s = json_is_string(v) ? json_string_value(v) : NULL;
    const char *colon = s ? strchr(s, ':') : NULL, *slash = s ? strrchr(s, '/') : NULL;
    if (!colon || !slash || slash < colon + 2 || colon == s || !slash[1] || strlen(slash + 1) > 3 ||
        strspn(slash + 1, "0123456789") != strlen(slash + 1))
        return field_error(ld, path, "a binding is a string \"module:function/arity\"");
    hl_host_grant g = {dup_n(s, (size_t)(colon - s)), dup_n(colon + 1, (size_t)(slash - colon - 1)),
                       (uint32_t)strtoul(slash + 1, NULL, 10)};
    hl_compile_options *probe = NULL;
    hl_status st = g.module && g.function ? hl_compile_options_new(&probe) : HL_ENOMEM;
    /* the name rules are hl_compile_options_grant_binding's */
    if (st == HL_OK) st = hl_compile_options_grant_binding(probe, g.module, g.function, g.arity);
    hl_compile_options_free(probe);
    if (st == HL_OK) {
        hl_host_grant *ng = hl_mem_realloc_array(ld->p->grants, ld->p->ngrants + 1, sizeof *ng);
        if (ng) {
            ld->p->grants = ng;
            ng[ld->p->ngrants++] = g;
            return HL_OK;
        }
        st = HL_ENOMEM;
    }
    hl_mem_free(g.module);
    hl_mem_free(g.function);
    if (st == HL_ENOMEM) return hl_host_set_error(ld->err, &hl_host_oom_error);
    char why[400];
    snprintf(why, sizeof why,
             "%.128s cannot be a binding (the module erlang and the guest's own library functions are "
             "reserved; names are at most 255 characters, arity at most 255)",
             s);
    return field_error(ld, path, why);
}

static hl_status load_array(loader *ld, json_t *arr, const doc_path *path,
                            hl_status (*each)(loader *, json_t *, const doc_path *), size_t max) {
    if (!json_is_array(arr)) return field_error(ld, path, "must be an array");
    if (json_array_size(arr) > max) return field_error(ld, path, "too many entries");
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        doc_path ip = path_index(path, i);
        hl_status st = each(ld, v, &ip);
        if (st != HL_OK) return st;
    }
    return HL_OK;
}

static hl_status grant_cap(hl_policy *p, const char *name, char *why, size_t whylen) {
    for (size_t i = 0; i < NCAPS; i++) {
        if (strcmp(name, caps[i].name) != 0) continue;
        if (!caps[i].available) {
            snprintf(why, whylen, "the capability \"%s\" is not available in this version", name);
            return HL_EMISUSE;
        }
        p->caps |= 1u << i;
        return HL_OK;
    }
    snprintf(why, whylen, "unknown capability \"%.64s\" (known: processes, clocks, random, files)", name);
    return HL_EMISUSE;
}

static hl_status load_cap(loader *ld, json_t *v, const doc_path *path) {
    if (!json_is_string(v)) return field_error(ld, path, "a capability is a string");
    char why[160];
    if (grant_cap(ld->p, json_string_value(v), why, sizeof why) != HL_OK) return field_error(ld, path, why);
    return HL_OK;
}

/* Keeps a checked mount (copies of its paths); mounts grant "files". */
static bool add_mount(hl_policy *p, policy_mount *mt, const char *guest, const char *host) {
    mt->guest = dup_n(guest, strlen(guest));
    mt->host = dup_n(host, strlen(host));
    policy_mount *nm = mt->guest && mt->host ? hl_mem_realloc_array(p->mounts, p->nmounts + 1, sizeof *nm) : NULL;
    if (!nm) {
        hl_mem_free(mt->guest);
        hl_mem_free(mt->host);
        return false;
    }
    p->mounts = nm;
    nm[p->nmounts++] = *mt;
    p->caps |= CAP_FILES_BIT;
    return true;
}

static hl_status load_mount(loader *ld, json_t *m, const doc_path *path) {
    hl_status st = want_object(ld, m, path);
    if (st == HL_OK) st = check_keys(ld, m, path, mount_keys, NKEYS(mount_keys));
    if (st != HL_OK) return st;
    policy_mount mt = {0};
    json_t *g = json_object_get(m, "guest"), *h = json_object_get(m, "host"), *mode = json_object_get(m, "mode");
    doc_path gp = path_key(path, "guest"), hp = path_key(path, "host"), mp = path_key(path, "mode");
    if (!json_is_string(g) || json_string_value(g)[0] != '/')
        return field_error(ld, &gp, "must be an absolute guest path (a string starting with /)");
    if (strstr(json_string_value(g), "/../") || strstr(json_string_value(g), "/./"))
        return field_error(ld, &gp, "must not contain . or .. components");
    if (!json_is_string(h) || json_string_value(h)[0] != '/')
        return field_error(ld, &hp, "must be an absolute host directory (a string starting with /)");
    if (mode && (!json_is_string(mode) || (strcmp(json_string_value(mode), "ro") != 0 &&
                                           strcmp(json_string_value(mode), "rw") != 0)))
        return field_error(ld, &mp, "must be \"ro\" or \"rw\"");
    mt.writable = mode && strcmp(json_string_value(mode), "rw") == 0;
    json_t *q = json_object_get(m, "quota");
    if (q) {
        doc_path qp = path_key(path, "quota");
        st = want_object(ld, q, &qp);
        if (st == HL_OK) st = check_keys(ld, q, &qp, quota_keys, NKEYS(quota_keys));
        uint64_t *field[] = {&mt.max_bytes_written, &mt.max_files, &mt.max_file_bytes};
        for (size_t i = 0; st == HL_OK && i < NKEYS(quota_keys); i++) {
            json_t *v = json_object_get(q, quota_keys[i]);
            doc_path kp = path_key(&qp, quota_keys[i]);
            if (v) st = positive(ld, v, &kp, field[i]);
        }
        if (st != HL_OK) return st;
    }
    if (ld->p->nmounts == POLICY_MAX_MOUNTS) return field_error(ld, path, "too many mounts");
    if (!add_mount(ld->p, &mt, json_string_value(g), json_string_value(h)))
        return hl_host_set_error(ld->err, &hl_host_oom_error);
    return HL_OK;
}

/* ---- the object ------------------------------------------------------------------------ */

hl_status hl_policy_new(hl_policy **out) {
    if (!out) return HL_EMISUSE;
    hl_policy *p = hl_mem_calloc(1, sizeof *p);
    if (!p || hl_limits_new(&p->run) != HL_OK) {
        hl_mem_free(p);
        *out = NULL;
        return HL_ENOMEM;
    }
    *out = p;
    return HL_OK;
}

void hl_policy_free(hl_policy *p) {
    if (!p) return;
    for (uint32_t i = 0; i < p->ngrants; i++) hl_mem_free(p->grants[i].module), hl_mem_free(p->grants[i].function);
    hl_mem_free(p->grants);
    for (uint32_t i = 0; i < p->nmounts; i++) hl_mem_free(p->mounts[i].guest), hl_mem_free(p->mounts[i].host);
    hl_mem_free(p->mounts);
    hl_limits_free(p->run);
    hl_mem_free(p);
}

static hl_status load(loader *ld, json_t *doc) {
    doc_path root = {.nkeys = 0, .text = "$"};
    hl_status st = want_object(ld, doc, &root);
    if (st == HL_OK) st = check_keys(ld, doc, &root, top_keys, NKEYS(top_keys));
    if (st != HL_OK) return st;
    json_t *v = json_object_get(doc, "version");
    doc_path vp = path_key(&root, "version");
    if (v && (!json_is_integer(v) || json_integer_value(v) != 1))
        return field_error(ld, &vp, "this version reads policy documents of version 1");
    static const struct {
        const char *key;
        hl_status (*fn)(loader *, json_t *, const doc_path *);
    } sections[] = {{"limits", load_limits}, {"output", load_output}};
    for (size_t i = 0; st == HL_OK && i < NKEYS(sections); i++) {
        json_t *s = json_object_get(doc, sections[i].key);
        doc_path sp = path_key(&root, sections[i].key);
        if (s) st = sections[i].fn(ld, s, &sp);
    }
    static const struct {
        const char *key;
        hl_status (*each)(loader *, json_t *, const doc_path *);
        size_t max;
    } arrays[] = {{"bindings", load_binding, HL_HOST_MAX_BINDINGS},
                  {"capabilities", load_cap, NCAPS},
                  {"mounts", load_mount, POLICY_MAX_MOUNTS}};
    for (size_t i = 0; st == HL_OK && i < NKEYS(arrays); i++) {
        json_t *s = json_object_get(doc, arrays[i].key);
        doc_path sp = path_key(&root, arrays[i].key);
        if (s) st = load_array(ld, s, &sp, arrays[i].each, arrays[i].max);
    }
    return st;
}

hl_status hl_policy_from_json(const char *name, const char *text, size_t len, hl_policy **out, hl_error **err) {
    if (err) *err = NULL;
    if (!out || (!text && len)) return HL_EMISUSE;
    *out = NULL;
    if (len > POLICY_MAX_BYTES)
        return located_error(name, err, 1, 1, "the policy document is larger than 1 MiB");
    json_error_t je;
    /* JSON_REJECT_DUPLICATES: a limit given twice is a mistake, not "the last wins" */
    json_t *doc = json_loadb(text ? text : "", len, JSON_REJECT_DUPLICATES, &je);
    if (!doc) {
        uint32_t line = je.line > 0 ? (uint32_t)je.line : 1, col = je.column > 0 ? (uint32_t)je.column : 1;
        return located_error(name, err, line, col, je.text);
    }
    hl_policy *p;
    hl_status st = hl_policy_new(&p);
    if (st != HL_OK) {
        json_decref(doc);
        return hl_host_set_error(err, &hl_host_oom_error);
    }
    loader ld = {name, text, len, err, p};
    st = load(&ld, doc);
    json_decref(doc);
    if (st != HL_OK) {
        hl_policy_free(p);
        return st;
    }
    *out = p;
    return HL_OK;
}

hl_status hl_policy_grant(hl_policy *policy, const char *capability, hl_error **err) {
    if (err) *err = NULL;
    if (!policy || !capability) return HL_EMISUSE;
    char why[160];
    if (grant_cap(policy, capability, why, sizeof why) != HL_OK)
        return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, why));
    return HL_OK;
}

int hl_policy_has_capability(const hl_policy *policy, const char *capability) {
    if (!policy || !capability) return 0;
    for (size_t i = 0; i < NCAPS; i++)
        if (strcmp(capability, caps[i].name) == 0) return (policy->caps >> i) & 1u;
    return 0;
}

hl_status hl_policy_compile_options(const hl_policy *policy, hl_compile_options **out, hl_error **err) {
    if (err) *err = NULL;
    if (!policy || !out) return HL_EMISUSE;
    *out = NULL;
    hl_compile_options *o;
    if (hl_compile_options_new(&o) != HL_OK) return hl_host_set_error(err, &hl_host_oom_error);
    hl_status st = HL_OK;
    for (unsigned w = 0; st == HL_OK && w <= HL_LIMIT_ATOMS; w++)
        if (policy->compile[w]) st = hl_compile_options_set_limit(o, (hl_compile_limit)w, policy->compile[w]);
    for (uint32_t i = 0; st == HL_OK && i < policy->ngrants; i++)
        st = hl_compile_options_grant_binding(o, policy->grants[i].module, policy->grants[i].function,
                                              policy->grants[i].arity);
    for (size_t i = 0; st == HL_OK && i < NCAPS; i++)
        if ((policy->caps >> i & 1u) && caps[i].apply) st = caps[i].apply(o, caps[i].name);
    for (unsigned w = 0; st == HL_OK && w <= HL_LIMIT_ATOMS; w++)
        st = hl_compile_options_get_limit(o, (hl_compile_limit)w, &o->ceiling[w]);
    if (st != HL_OK) {
        hl_compile_options_free(o);
        return hl_host_set_error(err, st == HL_ENOMEM ? &hl_host_oom_error
                                                       : hl_host_error_new(st, "the policy could not be applied"));
    }
    o->capped = true;
    *out = o;
    return HL_OK;
}

hl_status hl_policy_run_limits(const hl_policy *policy, const hl_run_limits *request, hl_run_limits *out,
                               hl_error **err) {
    if (err) *err = NULL;
    if (!out) return HL_EMISUSE;
    hl_run_limits allow = {HL_RUN_DEFAULT_MAX_REDUCTIONS, HL_RUN_DEFAULT_MAX_HEAP_BYTES, HL_RUN_DEFAULT_TIMEOUT_MS,
                           HL_RUN_DEFAULT_MAX_OUTPUT_BYTES};
    if (policy) {
        hl_limits_get(policy->run, HL_LIMIT_REDUCTIONS, &allow.max_reductions);
        hl_limits_get(policy->run, HL_LIMIT_HEAP_BYTES, &allow.max_heap_bytes);
        hl_limits_get(policy->run, HL_LIMIT_TIMEOUT_MS, &allow.timeout_ms);
        hl_limits_get(policy->run, HL_LIMIT_OUTPUT_BYTES, &allow.max_output_bytes);
    }
    *out = allow;
    if (!request) return HL_OK;
    const struct {
        const char *name;
        uint64_t want, *field;
    } f[] = {{"max_reductions", request->max_reductions, &out->max_reductions},
             {"max_heap_bytes", request->max_heap_bytes, &out->max_heap_bytes},
             {"timeout_ms", request->timeout_ms, &out->timeout_ms},
             {"max_output_bytes", request->max_output_bytes, &out->max_output_bytes}};
    for (size_t i = 0; i < NKEYS(f); i++) {
        if (!f[i].want) continue;
        if (policy && f[i].want > *f[i].field) {
            char msg[256];
            snprintf(msg, sizeof msg, "%s %llu is above the policy's %llu (a call may only lower what its policy allows)",
                     f[i].name, (unsigned long long)f[i].want, (unsigned long long)*f[i].field);
            return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, msg));
        }
        *f[i].field = f[i].want;
    }
    return HL_OK;
}

/* policy.c's part of hl_run_policy (run.c): the host-atom quota. */
uint64_t hl_host_policy_host_atoms(const hl_policy *policy) {
    uint64_t v = HL_RUN_DEFAULT_MAX_HOST_ATOMS;
    if (policy) hl_limits_get(policy->run, HL_LIMIT_HOST_ATOMS, &v);
    return v;
}

hl_status hl_policy_limits(const hl_policy *policy, hl_limits **out) {
    if (!policy || !out) return HL_EMISUSE;
    *out = NULL;
    hl_limits *l;
    if (hl_limits_new(&l) != HL_OK) return HL_ENOMEM;
    for (unsigned w = 0; w <= HL_LIMIT_HOST_ATOMS; w++) {
        uint64_t v;
        hl_limits_get(policy->run, (hl_limit)w, &v);
        hl_limits_set(l, (hl_limit)w, v);
    }
    hl_host_limits_cap(l);
    hl_vm_fs *fs = NULL;
    if (hl_host_policy_open_mounts(policy, &fs, NULL) != HL_OK) {
        hl_limits_free(l);
        return HL_EMISUSE;
    }
    hl_limits_set_mounts(l, fs);
    hl_vm_fs_unref(fs);
    hl_limits_set_deterministic(l, policy->det, policy->det_seed); /* its mounts are read-only */
    *out = l;
    return HL_OK;
}

/* ---- mounts and run limits from C ---------------------------------------------- */

hl_status hl_policy_add_mount(hl_policy *policy, const char *host_dir, const char *guest_path, int writable,
                              uint64_t max_bytes_written, uint64_t max_files, uint64_t max_file_bytes,
                              hl_error **err) {
    if (err) *err = NULL;
    if (!policy || !host_dir || !guest_path) return HL_EMISUSE;
    const char *why = NULL;
    if (guest_path[0] != '/') why = "the guest path must be absolute (start with /)";
    else if (host_dir[0] != '/') why = "the host directory must be an absolute path";
    else if (policy->nmounts == POLICY_MAX_MOUNTS) why = "too many mounts";
    else if (policy->det && writable)
        why = "the deterministic profile takes read-only mounts only (docs/files.md)";
    if (why) return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, why));
    policy_mount mt = {NULL, NULL, writable != 0, max_bytes_written, max_files, max_file_bytes};
    if (!add_mount(policy, &mt, guest_path, host_dir)) return hl_host_set_error(err, &hl_host_oom_error);
    return HL_OK;
}

hl_status hl_policy_set_deterministic(hl_policy *policy, int on, uint64_t seed, hl_error **err) {
    if (err) *err = NULL;
    if (!policy) return HL_EMISUSE;
    for (uint32_t i = 0; on && i < policy->nmounts; i++) {
        if (!policy->mounts[i].writable) continue;
        char msg[200];
        snprintf(msg, sizeof msg,
                 "the deterministic profile takes read-only mounts only, and %.64s is read-write (docs/files.md)",
                 policy->mounts[i].guest);
        return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, msg));
    }
    policy->det = on != 0;
    policy->det_seed = on ? seed : 0;
    return HL_OK;
}

bool hl_host_policy_det(const hl_policy *policy, uint64_t *seed) {
    *seed = policy && policy->det ? policy->det_seed : 0;
    return policy && policy->det;
}

hl_status hl_policy_set_run_limit(hl_policy *policy, hl_limit which, uint64_t value) {
    if (!policy) return HL_EMISUSE;
    return hl_limits_set(policy->run, which, value);
}

/* The policy's mounts opened as one set (*out NULL when it has none): each
 * run under the policy opens its own, so quotas count per run. */
hl_status hl_host_policy_open_mounts(const hl_policy *policy, hl_vm_fs **out, hl_error **err) {
    *out = NULL;
    if (!policy || !policy->nmounts) return HL_OK;
    hl_vm_fs *fs = hl_host_mounts_new();
    if (!fs) return hl_host_set_error(err, &hl_host_oom_error);
    for (uint32_t i = 0; i < policy->nmounts; i++) {
        const policy_mount *m = &policy->mounts[i];
        char why[320];
        if (hl_vm_fs_add(fs, m->host, m->guest, m->writable, m->max_bytes_written, m->max_files, m->max_file_bytes,
                         why, sizeof why) != HL_FE_OK) {
            hl_vm_fs_unref(fs);
            char msg[400];
            snprintf(msg, sizeof msg, "mount %.64s: %s", m->guest, why);
            return hl_host_set_error(err, hl_host_error_new(HL_EMISUSE, msg));
        }
    }
    *out = fs;
    return HL_OK;
}
