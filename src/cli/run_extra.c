/* run_extra.c — `hl run`'s policy and JSON options: --policy FILE,
 * --grant NAME, --mount HOST:GUEST[:ro|rw], --json, --json-args '[...]',
 * --deterministic[=SEED], and --header (gathered so that
 * a policy's compile options exist before headers are added to them,
 * whatever the order of the options). */
#define _DEFAULT_SOURCE /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Each option: its name, whether it takes a value. */
typedef enum { OPT_POLICY, OPT_GRANT, OPT_JSON, OPT_JSON_ARGS, OPT_HEADER, OPT_DETERMINISTIC, OPT_MOUNT } opt_id;
static const struct {
    const char *name;
    opt_id id;
    bool value;
} opts[] = {
    {"policy", OPT_POLICY, true}, {"grant", OPT_GRANT, true},         {"json", OPT_JSON, false},
    {"json-args", OPT_JSON_ARGS, true}, {"header", OPT_HEADER, true},
    {"deterministic", OPT_DETERMINISTIC, false}, /* an optional =SEED */
    {"mount", OPT_MOUNT, true},
};

/* SEED of --deterministic=SEED: a decimal integer below 2^64 (0 allowed). */
static bool parse_seed(const char *text, uint64_t *out) {
    uint64_t v = 0;
    if (!*text) return false;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9') return false;
        unsigned d = (unsigned)(*c - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

int hl_cli_run_extra_option(hl_cli_run_extra *x, int argc, char **argv, int *i) {
    const char *a = argv[*i];
    if (strncmp(a, "--", 2) != 0) return 0;
    a += 2;
    for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
        size_t n = strlen(opts[k].name);
        if (strncmp(a, opts[k].name, n) != 0 || (a[n] != '\0' && a[n] != '=')) continue;
        const char *val = NULL;
        if (opts[k].value) {
            val = a[n] == '=' ? a + n + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
            if (!val) {
                fprintf(stderr, "hl: run: --%s needs a value\n", opts[k].name);
                return -1;
            }
        } else if (a[n] == '=' && opts[k].id == OPT_DETERMINISTIC) {
            if (!parse_seed(a + n + 1, &x->seed)) {
                fprintf(stderr, "hl: run: --deterministic=SEED needs a decimal integer below 2^64\n");
                return -1;
            }
        } else if (a[n] == '=') {
            fprintf(stderr, "hl: run: --%s takes no value\n", opts[k].name);
            return -1;
        }
        switch (opts[k].id) {
        case OPT_POLICY: x->policy_path = val; break;
        case OPT_GRANT:
            if (x->ngrants == (int)(sizeof x->grants / sizeof x->grants[0])) {
                fprintf(stderr, "hl: run: too many --grant options\n");
                return -1;
            }
            x->grants[x->ngrants++] = val;
            break;
        case OPT_MOUNT:
            if (x->nmounts == (int)(sizeof x->mounts / sizeof x->mounts[0])) {
                fprintf(stderr, "hl: run: too many --mount options\n");
                return -1;
            }
            x->mounts[x->nmounts++] = val;
            break;
        case OPT_JSON: x->json = true; break;
        case OPT_DETERMINISTIC: x->det = true; break;
        case OPT_JSON_ARGS: x->json_args = val; break;
        case OPT_HEADER:
            if (x->nheaders == (int)(sizeof x->headers / sizeof x->headers[0])) {
                fprintf(stderr, "hl: run: too many --header options\n");
                return -1;
            }
            x->headers[x->nheaders++] = val;
            break;
        }
        return 1;
    }
    return 0;
}

static bool load_policy(hl_cli_run_extra *x) {
    if (!x->policy_path) {
        if (x->ngrants == 0 && !x->det && x->nmounts == 0) return true;
        if (hl_policy_new(&x->policy) != HL_OK) {
            fputs("hl: out of memory\n", stderr);
            return false;
        }
        return true;
    }
    size_t len;
    const char *why = NULL;
    char *text = hl_cli_read_source(x->policy_path, (size_t)1 << 20, &len, &why);
    if (!text) {
        fprintf(stderr, "%s: error: cannot read the policy: %s\n", x->policy_path, why);
        return false;
    }
    hl_error *err = NULL;
    hl_status s = hl_policy_from_json(x->policy_path, text, len, &x->policy, &err);
    free(text);
    if (s != HL_OK) {
        fprintf(stderr, "%s", err ? hl_error_message(err) : hl_status_name(s));
        if (!err) fputc('\n', stderr);
        hl_error_free(err);
        return false;
    }
    x->policy_caps_runs = true;
    return true;
}

/* --mount HOST:GUEST[:ro|rw]: HOST may be relative (made absolute here);
 * GUEST is the path the guest sees; read-only unless :rw. */
static bool add_mount(hl_cli_run_extra *x, const char *spec) {
    const char *colon = strchr(spec, ':');
    if (!colon || colon == spec || colon[1] != '/') {
        fprintf(stderr, "hl: run: --mount %s: expected HOST:GUEST[:ro|rw] with GUEST absolute (e.g. data:/data)\n",
                spec);
        return false;
    }
    const char *mode = strchr(colon + 1, ':');
    int writable = 0;
    if (mode && strcmp(mode, ":rw") == 0) writable = 1;
    else if (mode && strcmp(mode, ":ro") != 0) {
        fprintf(stderr, "hl: run: --mount %s: the mode is ro or rw\n", spec);
        return false;
    }
    char host[PATH_MAX], guest[PATH_MAX], abs[PATH_MAX];
    size_t hl = (size_t)(colon - spec), gl = mode ? (size_t)(mode - colon - 1) : strlen(colon + 1);
    if (hl >= sizeof host || gl >= sizeof guest) {
        fprintf(stderr, "hl: run: --mount %s: path too long\n", spec);
        return false;
    }
    memcpy(host, spec, hl);
    host[hl] = '\0';
    memcpy(guest, colon + 1, gl);
    guest[gl] = '\0';
    if (!realpath(host, abs)) {
        fprintf(stderr, "hl: run: --mount %s: cannot open the directory %s\n", spec, host);
        return false;
    }
    hl_error *err = NULL;
    if (hl_policy_add_mount(x->policy, abs, guest, writable, 0, 0, 0, &err) != HL_OK) {
        fprintf(stderr, "hl: run: --mount %s: %s\n", spec, err ? hl_error_message(err) : "refused");
        hl_error_free(err);
        return false;
    }
    return true;
}

bool hl_cli_run_prepare(hl_cli_run_extra *x, hl_compile_options **optsp) {
    if (!load_policy(x)) return false;
    /* the profile before the mounts: it takes read-only ones only, so a
     * read-write --mount (or a policy's) is refused with the reason */
    if (x->det) {
        hl_error *err = NULL;
        if (hl_policy_set_deterministic(x->policy, 1, x->seed, &err) != HL_OK) {
            fprintf(stderr, "hl: run: --deterministic: %s\n", err ? hl_error_message(err) : "refused");
            hl_error_free(err);
            return false;
        }
    }
    for (int m = 0; m < x->nmounts; m++)
        if (!add_mount(x, x->mounts[m])) return false;
    /* the deterministic profile's clock and entropy may be read */
    if (x->det && x->ngrants + 2 <= (int)(sizeof x->grants / sizeof x->grants[0])) {
        x->grants[x->ngrants++] = "clocks";
        x->grants[x->ngrants++] = "random";
    }
    for (int g = 0; g < x->ngrants; g++) {
        hl_error *err = NULL;
        if (hl_policy_grant(x->policy, x->grants[g], &err) != HL_OK) {
            fprintf(stderr, "hl: run: --grant %s: %s\n", x->grants[g], err ? hl_error_message(err) : "refused");
            hl_error_free(err);
            return false;
        }
    }
    if (x->policy) {
        hl_error *err = NULL;
        if (hl_policy_compile_options(x->policy, optsp, &err) != HL_OK) {
            fprintf(stderr, "%s: error: %s\n", x->policy_path ? x->policy_path : "policy",
                    err ? hl_error_message(err) : "cannot be applied");
            hl_error_free(err);
            return false;
        }
    }
    for (int h = 0; h < x->nheaders; h++)
        if (!hl_cli_add_header(optsp, x->headers[h])) return false;
    return true;
}

bool hl_cli_json_args(const char *text, hl_value **args, int *nargs) {
    hl_value *list = NULL;
    hl_error *err = NULL;
    *nargs = 0;
    if (hl_value_from_json(text, strlen(text), &list, &err) != HL_OK) {
        fprintf(stderr, "hl: --json-args: %s\n", err ? hl_error_message(err) : "out of memory");
        hl_error_free(err);
        return false;
    }
    hl_value_kind k = hl_value_kind_of(list);
    size_t n = 0;
    if ((k != HL_VALUE_LIST && k != HL_VALUE_NIL) || (k == HL_VALUE_LIST && hl_value_count(list, &n) != HL_OK)) {
        fputs("hl: --json-args: must be a JSON array of the arguments\n", stderr);
        hl_value_free(list);
        return false;
    }
    if (n > 255) {
        fputs("hl: --json-args: at most 255 arguments\n", stderr);
        hl_value_free(list);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (hl_value_element(list, i, &args[i]) != HL_OK) {
            fputs("hl: --json-args: out of memory\n", stderr);
            for (size_t k2 = 0; k2 < i; k2++) hl_value_free(args[k2]);
            hl_value_free(list);
            return false;
        }
    }
    hl_value_free(list);
    *nargs = (int)n;
    return true;
}

void hl_cli_run_extra_free(hl_cli_run_extra *x) {
    hl_policy_free(x->policy);
    x->policy = NULL;
}
