/* test_files.c — the `files` capability (docs/files.md): guests over real
 * mounts in a temporary directory. OTP's shapes and errors; refused at
 * compile time without the grant; and one test per attack on containment,
 * each run both through openat2 and through the component-by-component
 * fallback: ".." escapes, absolute host paths, symbolic links pointing out
 * (and in), a directory swapped for a link while the guest reads (the race
 * between check and use), FIFOs and devices, huge files (the largest-file
 * quota, the heap limit, reductions charged), and the quotas; and the
 * deterministic profile's replay over read-only mounts. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <dirent.h>

#include "host/host_int.h"
#include "vm/vm_fs.h"

static hl_engine *eng;
static char root[64]; /* the temporary directory */

static void put(const char *rel, const char *text) {
    char p[256];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void path(char *out, size_t cap, const char *rel) { snprintf(out, cap, "%s/%s", root, rel); }

static void mkdirs(const char *rel) {
    char p[256];
    path(p, sizeof p, rel);
    assert_int_equal(mkdir(p, 0755), 0);
}

static void link_to(const char *target, const char *rel) {
    char p[256];
    path(p, sizeof p, rel);
    assert_int_equal(symlink(target, p), 0);
}

/* root/data       mounted at /data (read-write)
 * root/secret     never mounted: what no guest may read
 * root/ro         mounted at /ro (read-only) */
static int setup(void **state) {
    (void)state;
    if (hl_engine_new(&eng) != HL_OK) return -1;
    snprintf(root, sizeof root, "/tmp/hl_files_XXXXXX");
    if (!mkdtemp(root)) return -1;
    mkdirs("data");
    mkdirs("data/sub");
    mkdirs("secret");
    mkdirs("ro");
    put("data/a.txt", "hello");
    put("data/sub/b.txt", "bee");
    put("secret/s.txt", "SECRET");
    put("ro/r.txt", "read me");
    char p[256];
    snprintf(p, sizeof p, "%s/secret", root);
    link_to(p, "data/out_abs");          /* a link out, absolute */
    link_to("../secret", "data/out_rel"); /* a link out, relative */
    link_to("../secret/s.txt", "data/file_out");
    link_to("a.txt", "data/in_link"); /* a link inside: refused too */
    path(p, sizeof p, "data/fifo");
    assert_int_equal(mkfifo(p, 0644), 0);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    hl_engine_free(eng);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

static hl_mounts *mounts(uint64_t bytes, uint64_t files, uint64_t largest) {
    hl_mounts *m = NULL;
    char p[256];
    assert_int_equal(hl_mounts_new(&m), HL_OK);
    path(p, sizeof p, "data");
    assert_int_equal(hl_mounts_add(m, p, "/data", 1, bytes, files, largest, NULL), HL_OK);
    path(p, sizeof p, "ro");
    assert_int_equal(hl_mounts_add(m, p, "/ro", 0, 0, 0, 0, NULL), HL_OK);
    return m;
}

static hl_module *compile(const char *src, bool files) {
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    if (files) assert_int_equal(hl_compile_options_grant_capability(o, "files"), HL_OK);
    hl_module *m = NULL;
    hl_error *err = NULL;
    hl_status st = hl_compile(eng, "t.erl", src, strlen(src), o, &m, &err);
    if (st != HL_OK) fail_msg("compile: %s", hl_error_message(err));
    hl_compile_options_free(o);
    return m;
}

/* f() of `body` (an expression) as ~w text, run as a tenant with the
 * mounts and heap limit; *st the status. */
static char *run_on(hl_mounts *ms, const char *body, uint64_t heap, hl_status *st, uint64_t *reds) {
    char src[4096];
    snprintf(src, sizeof src, "-module(t).\n-export([f/0]).\nf() -> %s.\n", body);
    hl_module *m = compile(src, true);
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    if (heap) assert_int_equal(hl_limits_set(l, HL_LIMIT_HEAP_BYTES, heap), HL_OK);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, l, &t), HL_OK);
    hl_limits_free(l);
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "f", 0, &fn, NULL), HL_OK);
    hl_value *r = NULL;
    hl_error *err = NULL;
    *st = hl_tenant_call(t, fn, NULL, 0, &r, &err);
    if (reds) *reds = hl_tenant_reductions(t);
    char *text = NULL;
    if (*st == HL_OK) {
        /* ~p (binaries as text), its line breaks undone */
        char *pretty = NULL;
        assert_int_equal(hl_value_to_text(r, 1, &pretty, NULL), HL_OK);
        text = malloc(strlen(pretty) + 1);
        size_t o = 0;
        for (const char *c = pretty; *c; c++) {
            if (*c == '\n') {
                while (c[1] == ' ') c++;
                continue;
            }
            text[o++] = *c;
        }
        text[o] = '\0';
        hl_free(pretty);
    } else {
        text = strdup(hl_error_message(err));
    }
    hl_value_free(r);
    hl_error_free(err);
    hl_tenant_free(t);
    hl_module_free(m);
    return text;
}

static void expect(hl_mounts *ms, const char *body, const char *want) {
    hl_status st;
    char *got = run_on(ms, body, 0, &st, NULL);
    if (st != HL_OK || strcmp(got, want) != 0) fail_msg("%s\n  got  %s\n  want %s", body, got, want);
    free(got);
}

/* ---- the capability and OTP's shapes ------------------------------------------ */

static void refused_without_grant(void **state) {
    (void)state;
    static const char src[] = "-module(t).\n-export([f/0]).\nf() -> file:list_dir(\"/data\").\n";
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_compile(eng, "t.erl", src, sizeof src - 1, NULL, &m, &err), HL_ECOMPILE);
    assert_non_null(strstr(hl_error_message(err), "file:list_dir/1 is not declared: needs the files capability"));
    hl_error_free(err);
    /* filename is pure: no grant needed */
    static const char pure[] = "-module(t).\n-export([f/0]).\nf() -> filename:join(\"/data\", \"x.txt\").\n";
    m = compile(pure, false);
    hl_value *r = NULL;
    assert_int_equal(hl_run(m, "f", NULL, 0, NULL, &r, NULL), HL_OK);
    hl_value_free(r);
    hl_module_free(m);
}

static void otp_shapes(void **state) {
    (void)state;
    hl_mounts *ms = mounts(0, 0, 0);
    expect(ms, "file:read_file(\"/data/a.txt\")", "{ok,<<\"hello\">>}");
    expect(ms, "file:read_file(<<\"/data/sub/../a.txt\">>)", "{ok,<<\"hello\">>}");
    expect(ms, "file:read_file(['/data', \"/\", [\"sub\", <<\"/b.txt\">>]])", "{ok,<<\"bee\">>}");
    expect(ms, "file:list_dir(\"/data/sub\")", "{ok,[\"b.txt\"]}");
    /* strings for a binary argument too: erl 25 gives {ok,["b.txt"]} */
    expect(ms, "file:list_dir(<<\"/data/sub\">>)", "{ok,[\"b.txt\"]}");
    expect(ms, "file:list_dir(\"/\")", "{ok,[\"data\",\"ro\"]}");
    expect(ms, "file:read_file(\"/data/nope\")", "{error,enoent}");
    expect(ms, "file:read_file(\"/data/sub\")", "{error,eisdir}");
    expect(ms, "file:read_file(\"/data/a.txt/x\")", "{error,enotdir}");
    expect(ms, "file:read_file(42)", "{error,badarg}");
    expect(ms, "file:write_file(\"/data/w.txt\", bad)", "{error,badarg}");
    expect(ms, "{file:write_file(\"/data/w.txt\", [<<\"ab\">>, \"c\", [$d]]), file:read_file(\"/data/w.txt\")}",
           "{ok,{ok,<<\"abcd\">>}}");
    expect(ms, "file:make_dir(\"/data/sub\")", "{error,eexist}");
    expect(ms, "{file:make_dir(\"/data/d2\"), file:write_file(\"/data/d2/x\", <<>>), file:del_dir(\"/data/d2\")}",
           "{ok,ok,{error,eexist}}");
    expect(ms, "{file:delete(\"/data/d2/x\"), file:del_dir(\"/data/d2\"), file:list_dir(\"/data/d2\")}",
           "{ok,ok,{error,enoent}}");
    expect(ms, "file:delete(\"/data/sub\")", "{error,eperm}");
    expect(ms, "file:del_dir(\"/data/a.txt\")", "{error,enotdir}");
    expect(ms, "{file:rename(\"/data/w.txt\", \"/data/sub/w2.txt\"), file:read_file(\"/data/sub/w2.txt\"),"
               " file:delete(\"/data/sub/w2.txt\")}",
           "{ok,{ok,<<\"abcd\">>},ok}");
    expect(ms, "file:rename(\"/data/a.txt\", \"/ro/a.txt\")", "{error,exdev}");
    expect(ms, "file:rename(\"/data/a.txt\", \"/data/sub\")", "{error,eisdir}");
    /* a read-only mount: eacces for every change */
    expect(ms, "file:read_file(\"/ro/r.txt\")", "{ok,<<\"read me\">>}");
    expect(ms,
           "[file:write_file(\"/ro/r.txt\", <<\"x\">>), file:delete(\"/ro/r.txt\"), file:make_dir(\"/ro/d\"),"
           " file:rename(\"/ro/r.txt\", \"/ro/s.txt\")]",
           "[{error,eacces},{error,eacces},{error,eacces},{error,eacces}]");
    /* the mount points themselves */
    expect(ms, "[file:del_dir(\"/data\"), file:delete(\"/data\"), file:write_file(\"/\", <<>>), file:make_dir(\"/\")]",
           "[{error,ebusy},{error,ebusy},{error,eisdir},{error,eexist}]");
    /* #file_info{}: size, type, access, times (the epoch without clocks),
     * mode, links, then the host's numbers hidden */
    expect(ms, "file:read_file_info(\"/data/a.txt\")",
           "{ok,{file_info,5,regular,read_write,{{1970,1,1},{0,0,0}},{{1970,1,1},{0,0,0}},{{1970,1,1},{0,0,0}},"
           "33188,1,0,0,0,0,0}}");
    expect(ms, "element(3, element(2, file:read_file_info(\"/ro\")))", "directory");
    expect(ms, "element(4, element(2, file:read_file_info(\"/ro\")))", "read");
    expect(ms, "element(3, element(2, file:read_file_info(\"/data/in_link\")))", "symlink");
    expect(ms, "file:read_file_info(\"/etc/passwd\")", "{error,enoent}");
    /* consult/1: the terms, each ending with '.'; atoms the program names */
    expect(ms, "{file:write_file(\"/data/c.txt\", <<\"{name, \\\"ada\\\"}.\\n[1, {x, <<\\\"b\\\">>}]. % c\\n\">>),"
               " file:consult(\"/data/c.txt\"), name, x}",
           "{ok,{ok,[{name,\"ada\"},[1,{x,<<\"b\">>}]]},name,x}");
    expect(ms, "{file:write_file(\"/data/c.txt\", <<\"{ok}.\\n{zzz_unknown}.\">>), file:consult(\"/data/c.txt\")}",
           "{ok,{error,{2,erl_parse,\"unknown atom 'zzz_unknown' (not an atom the program contains)\"}}}");
    expect(ms, "{file:write_file(\"/data/c.txt\", <<\"{ok\">>), element(1, element(2, file:consult(\"/data/c.txt\")))}",
           "{ok,1}");
    /* a file past the old 64 KiB cap (12,000 terms, 96 KiB) is read; one
     * term's text past 64 KiB is efbig */
    expect(ms, "begin ok = file:write_file(\"/data/c.txt\", lists:duplicate(12000, \"{ok,1}.\\n\")),"
               " {ok, L} = file:consult(\"/data/c.txt\"), length(L) end",
           "12000");
    expect(ms, "{file:write_file(\"/data/c.txt\", [\"[\", lists:duplicate(40000, \"1,\"), \"1].\\n\"]),"
               " file:consult(\"/data/c.txt\")}",
           "{ok,{error,efbig}}");
    /* a term of more than 4 KiB is lexed and parsed over several calls
     * (a reader job); an error in it is located from the file's start
     * (erl 25: {3003,erl_parse,["syntax error before: ","error"]}) */
    expect(ms, "begin ok = file:write_file(\"/data/c.txt\", [\"{ok, [\", lists:join(\",\", [integer_to_list(I) || I <- lists:seq(0, 4999)]), \"]}.\\nok.\\n\"]),"
               " {ok, [{ok, L}, ok]} = file:consult(\"/data/c.txt\"), L =:= lists:seq(0, 4999) end",
           "true");
    expect(ms, "{file:write_file(\"/data/c.txt\", [\"ok.\\n[\\n\", lists:duplicate(3000, \"1,\\n\"), \"ok error].\\n\"]),"
               " file:consult(\"/data/c.txt\")}",
           "{ok,{error,{3003,erl_parse,[\"syntax error before: \",\"error\"]}}}");
    /* erl_parse's shapes (erl 25 gives these for the same files) */
    expect(ms, "{file:write_file(\"/data/c.txt\", <<\"{ok,\\n ok}.\\n[1,2 3].\\n\">>), file:consult(\"/data/c.txt\")}",
           "{ok,{error,{3,erl_parse,[\"syntax error before: \",\"3\"]}}}");
    expect(ms, "{file:write_file(\"/data/c.txt\", <<\"{ok 'Ab c'}.\">>), file:consult(\"/data/c.txt\")}",
           "{ok,{error,{1,erl_parse,[\"syntax error before: \",\"'Ab c'\"]}}}");
    expect(ms, "{file:write_file(\"/data/c.txt\", <<\"ok.\\n[X].\\n\">>), file:consult(\"/data/c.txt\")}",
           "{ok,{error,{2,erl_parse,\"bad term\"}}}");
    expect(ms, "{file:write_file(\"/data/c.txt\", <<\"ok.\\nok\">>), file:consult(\"/data/c.txt\")}",
           "{ok,{error,{2,erl_parse,[\"syntax error before: \",[]]}}}");
    /* 1,000 forms (6,000 bytes): parsed over several builtin calls, in
     * order; an error's line counts from the file's start (erl 25: 1001) */
    expect(ms, "begin ok = file:write_file(\"/data/c.txt\", [[\"{ok,\", integer_to_list(I), \"}.\\n\"] || I <- lists:seq(1, 1000)]),"
               " {ok, L} = file:consult(\"/data/c.txt\"), L =:= [{ok, I} || I <- lists:seq(1, 1000)] end",
           "true");
    expect(ms, "{file:write_file(\"/data/c.txt\", [lists:duplicate(1000, \"{ok}.\\n\"), \"{ok,,}.\\n\"]),"
               " element(1, element(2, file:consult(\"/data/c.txt\")))}",
           "{ok,1001}");
    expect(ms, "[file:consult(\"/data/sub\"), file:consult(\"/data/nope\"), file:delete(\"/data/c.txt\")]",
           "[{error,eisdir},{error,enoent},ok]");
    hl_mounts_free(ms);
}

/* ---- listings in batches (vm/bif_file.c) ---------------------------------------- */

/* The descriptors this process has open now. */
static int open_fds(void) {
    int n = 0;
    DIR *d = opendir("/proc/self/fd");
    assert_non_null(d);
    while (readdir(d)) n++;
    closedir(d);
    return n;
}

/* root/data/REL holding n empty files f0000 ... */
static void many_files(const char *rel, int n) {
    mkdirs(rel);
    char p[256];
    path(p, sizeof p, rel);
    int dfd = open(p, O_RDONLY | O_DIRECTORY);
    assert_true(dfd >= 0);
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "f%04d", i);
        int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL, 0644);
        assert_true(fd >= 0);
        close(fd);
    }
    close(dfd);
}

/* {ok,[...]} of the directory's names as readdir gives them: OTP's
 * list_dir/1 order (erl 25 gives `ls -U`'s order, unsorted). */
static char *readdir_order(const char *rel, bool sorted) {
    char p[256];
    path(p, sizeof p, rel);
    DIR *d = opendir(p);
    assert_non_null(d);
    char names[64][16];
    memset(names, 0, sizeof names);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)))
        if (de->d_name[0] != '.' && strlen(de->d_name) < sizeof names[0]) memcpy(names[n++], de->d_name, strlen(de->d_name) + 1);
    closedir(d);
    if (sorted) qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    char *out = malloc(64 * 20 + 16);
    size_t o = (size_t)sprintf(out, "{ok,[");
    for (int i = 0; i < n; i++) o += (size_t)sprintf(out + o, "%s\"%s\"", i ? "," : "", names[i]);
    sprintf(out + o, "]}");
    return out;
}

/* A listing reads a batch per builtin call (3 here) and builds its list
 * in pieces: the names in the directory's order, as OTP; sorted by bytes in
 * the deterministic profile; list_dir_all/1 keeps a name that is not UTF-8
 * as a binary, list_dir/1 leaves it out (erl 25, +fnuw: a warning). */
static void listing_order(void **state) {
    (void)state;
    many_files("data/many", 40);
    hl_mounts *ms = mounts(0, 0, 0);
    hl_vm_fs_set_list_batch(ms, 3);
    char *want = readdir_order("data/many", false);
    expect(ms, "file:list_dir(\"/data/many\")", want);
    expect(ms, "file:list_dir(<<\"/data/many\">>)", want);
    free(want);
    mkdirs("data/raw");
    put("data/raw/ok", "");
    put("data/raw/\xff", "");
    expect(ms, "file:list_dir(\"/data/raw\")", "{ok,[\"ok\"]}");
    /* a mount's own directory, twice: each listing has a descriptor of its
     * own (a duplicate of the mount's shared its offset: the second was []) */
    expect(ms, "{file:list_dir(\"/ro\"), file:list_dir(\"/ro\")}", "{{ok,[\"r.txt\"]},{ok,[\"r.txt\"]}}");
    expect(ms, "lists:sort(element(2, file:list_dir_all(\"/data/raw\"))) =:= [\"ok\", <<255>>]", "true");
    hl_mounts_free(ms);
    /* the deterministic profile (read-only mounts): byte order, sorted a
     * few merge steps per call */
    assert_int_equal(hl_mounts_new(&ms), HL_OK);
    char p[256];
    path(p, sizeof p, "data");
    assert_int_equal(hl_mounts_add(ms, p, "/data", 0, 0, 0, 0, NULL), HL_OK);
    hl_vm_fs_set_list_batch(ms, 3);
    want = readdir_order("data/many", true);
    hl_module *m = compile("-module(t).\n-export([f/0]).\nf() -> file:list_dir(\"/data/many\").\n", true);
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    assert_int_equal(hl_limits_set_deterministic(l, 1, 7), HL_OK);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, l, &t), HL_OK);
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "f", 0, &fn, NULL), HL_OK);
    hl_value *r = NULL;
    assert_int_equal(hl_tenant_call(t, fn, NULL, 0, &r, NULL), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 1, &text, NULL), HL_OK);
    size_t o = 0; /* ~p's line breaks undone */
    for (const char *c = text; *c; c++) {
        if (*c == '\n') {
            while (c[1] == ' ') c++;
            continue;
        }
        text[o++] = *c;
    }
    text[o] = '\0';
    assert_string_equal(text, want);
    hl_free(text);
    hl_value_free(r);
    hl_tenant_free(t);
    hl_limits_free(l);
    hl_module_free(m);
    hl_mounts_free(ms);
    free(want);
}

/* A listing keeps its directory open between builtin calls; it is closed
 * (and its slot of the set given back) however the listing ends early: the
 * tenant freed while its call is pending, the call stopped by its reduction
 * limit, the process killed. Past HL_VM_FS_MAX_OPEN_DIRS listings at once,
 * a listing is {error, emfile}. No descriptor is leaked. */
static void listing_released(void **state) {
    (void)state;
    /* a directory of 1,000 names of 204 bytes: each entry read costs 5
     * reductions with a batch of 1, so a listing takes more than a
     * process's slice (4,000) and is mid-way when the slice ends. In
     * tmpfs when there is one: creating files on a busy disk is slow */
    char kdir[64];
    snprintf(kdir, sizeof kdir, "/dev/shm/hl_kill_XXXXXX");
    if (!mkdtemp(kdir)) {
        snprintf(kdir, sizeof kdir, "/tmp/hl_kill_XXXXXX");
        assert_non_null(mkdtemp(kdir));
    }
    int dfd = open(kdir, O_RDONLY | O_DIRECTORY);
    assert_true(dfd >= 0);
    for (int i = 0; i < 1000; i++) {
        char name[208];
        memset(name, 'k', 200);
        snprintf(name + 200, 8, "%04d", i);
        int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL, 0644);
        assert_true(fd >= 0);
        close(fd);
    }
    close(dfd);
    hl_mounts *ms = NULL;
    assert_int_equal(hl_mounts_new(&ms), HL_OK);
    assert_int_equal(hl_mounts_add(ms, kdir, "/kill", 0, 0, 0, 0, NULL), HL_OK);
    char p[256];
    path(p, sizeof p, "data/sub");
    assert_int_equal(hl_mounts_add(ms, p, "/sub", 0, 0, 0, 0, NULL), HL_OK);
    hl_vm_fs_set_list_batch(ms, 1);
    int fds0 = open_fds();
    hl_module *m = compile("-module(t).\n-export([f/0]).\nf() -> file:list_dir(\"/kill\").\n", true);
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "f", 0, &fn, NULL), HL_OK);
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    /* 1: the tenant freed while its call is pending mid-listing */
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, l, &t), HL_OK);
    hl_value *r = NULL;
    assert_int_equal(hl_tenant_start(t, fn, NULL, 0, NULL), HL_OK);
    /* a few reductions at a time until the listing has its directory open */
    for (int i = 0; i < 100 && hl_vm_fs_open_dirs(ms) == 0; i++)
        assert_int_equal(hl_tenant_resume(t, 10, &r, NULL), HL_PENDING);
    assert_int_equal(hl_vm_fs_open_dirs(ms), 1);
    assert_int_equal(open_fds(), fds0 + 1);
    hl_tenant_free(t);
    assert_int_equal(hl_vm_fs_open_dirs(ms), 0);
    assert_int_equal(open_fds(), fds0);
    /* 2: the call stopped by its reduction limit mid-listing */
    assert_int_equal(hl_limits_set(l, HL_LIMIT_REDUCTIONS, 200), HL_OK);
    assert_int_equal(hl_tenant_new(m, l, &t), HL_OK);
    hl_error *err = NULL;
    assert_int_equal(hl_tenant_call(t, fn, NULL, 0, &r, &err), HL_ELIMIT);
    hl_error_free(err);
    assert_int_equal(hl_vm_fs_open_dirs(ms), 0);
    assert_int_equal(open_fds(), fds0);
    hl_tenant_free(t);
    hl_limits_free(l);
    hl_module_free(m);
    /* 3: 64 processes each mid-listing hold every slot (a 65th listing is
     * emfile); killed, they give them back at once */
    static const char src[] =
        "-module(t).\n-export([f/0]).\n"
        "f() -> Self = self(),\n"
        "    Ps = [spawn(fun() -> Self ! go, file:list_dir(\"/kill\"), Self ! finished end) || _ <- lists:seq(1, 64)],\n"
        "    [receive go -> ok end || _ <- Ps],\n"
        "    Full = file:list_dir(\"/sub\"),\n"
        "    [exit(P, kill) || P <- Ps],\n"
        "    Again = file:list_dir(\"/sub\"),\n"
        "    Finished = receive finished -> yes after 0 -> no end,\n"
        "    {Full, Again, Finished}.\n";
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "files"), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "processes"), HL_OK);
    assert_int_equal(hl_compile(eng, "t.erl", src, sizeof src - 1, o, &m, &err), HL_OK);
    hl_compile_options_free(o);
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    assert_int_equal(hl_tenant_new(m, l, &t), HL_OK);
    assert_int_equal(hl_module_function(m, "f", 0, &fn, NULL), HL_OK);
    assert_int_equal(hl_tenant_call(t, fn, NULL, 0, &r, &err), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 1, &text, NULL), HL_OK);
    assert_string_equal(text, "{{error,emfile},{ok,[\"b.txt\"]},no}");
    hl_free(text);
    hl_value_free(r);
    hl_tenant_free(t);
    hl_limits_free(l);
    hl_module_free(m);
    assert_int_equal(hl_vm_fs_open_dirs(ms), 0);
    assert_int_equal(open_fds(), fds0);
    hl_mounts_free(ms);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", kdir);
    assert_int_equal(system(cmd), 0);
}

/* lib/file.erl's errors/0 lists the atoms in vm_fs.h's order. */
static void error_table(void **state) {
    (void)state;
    FILE *f = fopen(HL_SOURCE_DIR "/lib/file.erl", "r");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *at = strstr(text, "errors() ->");
    assert_non_null(at);
    at = strchr(at, '{');
    for (int code = 1; code < HL_FE__COUNT; code++) {
        while (*at == '{' || *at == ',' || *at == ' ' || *at == '\n') at++;
        const char *name = hl_vm_fs_err_name(code);
        if (strncmp(at, name, strlen(name)) != 0) fail_msg("code %d: %s, file.erl has %.12s", code, name, at);
        at += strlen(name);
    }
    while (*at == ' ' || *at == '\n') at++;
    assert_int_equal(*at, '}');
}

/* ---- containment ------------------------------------------------------------------- */

/* Every escape, in one mode. No result may hold the secret. */
static void escapes_in(hl_mounts *ms) {
    char p[256], cmd[512];
    expect(ms, "file:read_file(\"/data/../secret/s.txt\")", "{error,enoent}");
    expect(ms, "file:read_file(\"/data/../../../../etc/passwd\")", "{error,enoent}");
    expect(ms, "file:read_file(\"../../etc/passwd\")", "{error,enoent}");
    snprintf(cmd, sizeof cmd, "file:read_file(\"%s/secret/s.txt\")", root); /* the host's absolute path */
    expect(ms, cmd, "{error,enoent}");
    expect(ms, "file:read_file(\"/etc/passwd\")", "{error,enoent}");
    expect(ms, "file:list_dir(\"/data/..\")", "{ok,[\"data\",\"ro\"]}"); /* the guest's own root */
    /* links: never followed, in the middle of a path or at its end */
    expect(ms, "file:read_file(\"/data/out_abs/s.txt\")", "{error,eloop}");
    expect(ms, "file:read_file(\"/data/out_rel/s.txt\")", "{error,eloop}");
    expect(ms, "file:read_file(\"/data/file_out\")", "{error,eloop}");
    expect(ms, "file:read_file(\"/data/in_link\")", "{error,eloop}");
    expect(ms, "file:list_dir(\"/data/out_rel\")", "{error,eloop}");
    expect(ms, "file:write_file(\"/data/file_out\", <<\"pwned\">>)", "{error,eloop}");
    expect(ms, "file:write_file(\"/data/out_rel/new.txt\", <<\"pwned\">>)", "{error,eloop}");
    expect(ms, "file:make_dir(\"/data/out_rel/d\")", "{error,eloop}");
    expect(ms, "file:delete(\"/data/out_abs/s.txt\")", "{error,eloop}");
    expect(ms, "file:rename(\"/data/out_rel/s.txt\", \"/data/stolen\")", "{error,eloop}");
    /* deleting or renaming a link acts on the link, inside the mount */
    path(p, sizeof p, "secret/s.txt");
    struct stat st;
    assert_int_equal(stat(p, &st), 0);
    assert_int_equal(st.st_size, 6); /* untouched */
    path(p, sizeof p, "secret/new.txt");
    assert_int_not_equal(access(p, F_OK), 0);
    /* a name with a NUL byte, a component too long, a path too long */
    expect(ms, "file:read_file(<<\"/data/a.txt\", 0, \"x\">>)", "{error,einval}");
    expect(ms, "file:read_file(lists:duplicate(300, $a))", "{error,enametoolong}");
    expect(ms, "file:read_file(lists:append(lists:duplicate(2100, \"/x\")))", "{error,enametoolong}");
}

static void escapes(void **state) {
    (void)state;
    hl_mounts *ms = mounts(0, 0, 0);
    escapes_in(ms);
    hl_mounts_free(ms);
    ms = mounts(0, 0, 0);
    hl_vm_fs_force_fallback(ms, true); /* as on a kernel without openat2 */
    escapes_in(ms);
    hl_mounts_free(ms);
}

/* A FIFO would block an open for reading, a device would stream forever:
 * only regular files are opened, and nothing blocks. */
static void special_files(void **state) {
    (void)state;
    hl_mounts *ms = mounts(0, 0, 0);
    expect(ms, "file:read_file(\"/data/fifo\")", "{error,eacces}");
    expect(ms, "file:write_file(\"/data/fifo\", <<\"x\">>)", "{error,eacces}");
    expect(ms, "element(3, element(2, file:read_file_info(\"/data/fifo\")))", "other");
    hl_mounts_free(ms);
    hl_mounts *dev = NULL;
    assert_int_equal(hl_mounts_new(&dev), HL_OK);
    assert_int_equal(hl_mounts_add(dev, "/dev", "/dev", 1, 0, 0, 0, NULL), HL_OK);
    expect(dev, "file:read_file(\"/dev/zero\")", "{error,eacces}");
    expect(dev, "file:read_file(\"/dev/null\")", "{error,eacces}");
    expect(dev, "file:write_file(\"/dev/null\", <<\"x\">>)", "{error,eacces}");
    hl_mounts_free(dev);
}

/* A directory swapped for a link to the secret while a guest reads through
 * it, 400 times: the guest sees the inside file or an error, never the
 * secret (the check and the use are the same descriptor walk). */
typedef struct flipper {
    _Atomic int stop;
    char dir[256], tmp[256], link[256];
} flipper;

static void *flip(void *arg) {
    flipper *f = arg;
    while (!atomic_load(&f->stop)) {
        rename(f->dir, f->tmp);  /* the real directory aside */
        rename(f->link, f->dir); /* the link in its place */
        rename(f->dir, f->link);
        rename(f->tmp, f->dir);
    }
    return NULL;
}

static void race_in(hl_mounts *ms) {
    flipper f;
    atomic_init(&f.stop, 0);
    path(f.dir, sizeof f.dir, "data/swap");
    path(f.tmp, sizeof f.tmp, "data/swap_tmp");
    path(f.link, sizeof f.link, "data/swap_link");
    char secret[256];
    path(secret, sizeof secret, "secret");
    (void)mkdir(f.dir, 0755);
    char p[300];
    snprintf(p, sizeof p, "%s/s.txt", f.dir);
    FILE *fp = fopen(p, "w");
    assert_non_null(fp);
    fputs("inside", fp);
    fclose(fp);
    (void)symlink(secret, f.link);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, flip, &f), 0);
    hl_status st;
    char *got = run_on(ms,
                       "lists:foldl(fun(_, {In, Err, Out}) ->"
                       "  case file:read_file(\"/data/swap/s.txt\") of"
                       "    {ok, <<\"inside\">>} -> {In + 1, Err, Out};"
                       "    {ok, _} -> {In, Err, Out + 1};"
                       "    {error, _} -> {In, Err + 1, Out} end end, {0, 0, 0}, lists:seq(1, 400))",
                       0, &st, NULL);
    atomic_store(&f.stop, 1);
    pthread_join(th, NULL);
    assert_int_equal(st, HL_OK);
    int in = 0, err = 0, out = 0;
    assert_int_equal(sscanf(got, "{%d,%d,%d}", &in, &err, &out), 3);
    free(got);
    assert_int_equal(out, 0);
    assert_int_equal(in + err, 400);
}

static void race(void **state) {
    (void)state;
    hl_mounts *ms = mounts(0, 0, 0);
    race_in(ms);
    hl_mounts_free(ms);
    ms = mounts(0, 0, 0);
    hl_vm_fs_force_fallback(ms, true);
    race_in(ms);
    hl_mounts_free(ms);
}

/* ---- bounds -------------------------------------------------------------------------- */

static void quotas(void **state) {
    (void)state;
    /* 10 bytes written, 2 files created, 6 bytes the largest file */
    hl_mounts *ms = mounts(10, 2, 6);
    expect(ms, "file:write_file(\"/data/q1\", <<\"1234567\">>)", "{error,efbig}");
    expect(ms, "file:read_file(\"/data/secret_size\")", "{error,enoent}");
    expect(ms, "file:read_file(\"/ro/r.txt\")", "{ok,<<\"read me\">>}"); /* /ro has the defaults */
    expect(ms, "file:read_file(\"/data/sub/b.txt\")", "{ok,<<\"bee\">>}");
    expect(ms, "[file:write_file(\"/data/q1\", <<\"123456\">>), file:write_file(\"/data/q1\", <<\"1234\">>),"
               " file:write_file(\"/data/q1\", <<\"1\">>)]",
           "[ok,ok,{error,enospc}]");
    uint64_t bytes = 0, files = 0;
    assert_int_equal(hl_mounts_usage(ms, "/data", &bytes, &files), HL_OK);
    assert_int_equal(bytes, 10);
    assert_int_equal(files, 1);
    expect(ms, "[file:make_dir(\"/data/q2\"), file:make_dir(\"/data/q3\"), file:write_file(\"/data/q1\", <<>>)]",
           "[ok,{error,enospc},ok]");
    assert_int_equal(hl_mounts_usage(ms, "/data", &bytes, &files), HL_OK);
    assert_int_equal(files, 2);
    /* a read above the largest-file quota */
    put("data/big7", "1234567");
    expect(ms, "file:read_file(\"/data/big7\")", "{error,efbig}");
    expect(ms, "[file:delete(\"/data/q1\"), file:del_dir(\"/data/q2\"), file:delete(\"/data/big7\")]", "[ok,ok,ok]");
    hl_mounts_free(ms);
}

/* A 100 MB file: above the default largest-file quota (efbig); with a
 * larger quota, above a small heap (the heap limit stops the run before
 * anything is read); a 1 MiB read is charged its reductions. */
static void huge_files(void **state) {
    (void)state;
    char p[256];
    path(p, sizeof p, "data/huge");
    int fd = open(p, O_WRONLY | O_CREAT, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 100 << 20), 0); /* sparse: no disk used */
    close(fd);
    path(p, sizeof p, "data/mib");
    fd = open(p, O_WRONLY | O_CREAT, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 1 << 20), 0);
    close(fd);
    hl_mounts *ms = mounts(0, 0, 0);
    expect(ms, "file:read_file(\"/data/huge\")", "{error,efbig}");
    hl_mounts_free(ms);
    ms = mounts(0, 0, 200u << 20);
    hl_status st;
    char *got = run_on(ms, "file:read_file(\"/data/huge\")", 8u << 20, &st, NULL);
    if (st != HL_ELIMIT) fail_msg("%d %s", st, got);
    free(got);
    uint64_t reds = 0;
    got = run_on(ms, "byte_size(element(2, file:read_file(\"/data/mib\")))", 0, &st, &reds);
    assert_int_equal(st, HL_OK);
    assert_string_equal(got, "1048576");
    assert_true(reds >= (1u << 20) / 64);
    free(got);
    /* above a binary's maximum (16 MiB), whatever the quota: efbig */
    path(p, sizeof p, "data/big20");
    fd = open(p, O_WRONLY | O_CREAT, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 20 << 20), 0);
    close(fd);
    expect(ms, "file:read_file(\"/data/big20\")", "{error,efbig}");
    unlink(p);
    /* a write of several chunks, read back whole */
    expect(ms, "B = binary:copy(<<\"0123456789abcdef\">>, 65537), {file:write_file(\"/data/w4\", [B, \"!\"]),"
               " element(2, file:read_file(\"/data/w4\")) =:= <<B/binary, \"!\">>}",
           "{ok,true}");
    hl_mounts_free(ms);
    /* a write that passes the bytes quota in its third chunk: enospc, and
     * what was written stays (as on a full disk) */
    ms = mounts(600000, 0, 0);
    expect(ms, "{file:write_file(\"/data/w4\", binary:copy(<<0>>, 1048576)),"
               " byte_size(element(2, file:read_file(\"/data/w4\")))}",
           "{{error,enospc},524288}");
    expect(ms, "file:delete(\"/data/w4\")", "ok");
    hl_mounts_free(ms);
    path(p, sizeof p, "data/huge");
    unlink(p);
    path(p, sizeof p, "data/mib");
    unlink(p);
}

/* ---- the API ------------------------------------------------------------------------ */

static void mounts_api(void **state) {
    (void)state;
    hl_mounts *ms = NULL;
    hl_error *err = NULL;
    char p[256];
    path(p, sizeof p, "data");
    assert_int_equal(hl_mounts_new(&ms), HL_OK);
    assert_int_equal(hl_mounts_add(ms, p, "data", 0, 0, 0, 0, &err), HL_EMISUSE); /* relative guest path */
    hl_error_free(err);
    assert_int_equal(hl_mounts_add(ms, "/nonexistent/hl", "/x", 0, 0, 0, 0, &err), HL_EMISUSE);
    assert_non_null(strstr(hl_error_message(err), "cannot open the host directory /nonexistent/hl"));
    hl_error_free(err);
    path(p, sizeof p, "data/a.txt");
    assert_int_equal(hl_mounts_add(ms, p, "/x", 0, 0, 0, 0, &err), HL_EMISUSE); /* not a directory */
    hl_error_free(err);
    path(p, sizeof p, "data");
    assert_int_equal(hl_mounts_add(ms, p, "/x/", 0, 0, 0, 0, NULL), HL_OK);
    assert_int_equal(hl_mounts_add(ms, p, "/x", 0, 0, 0, 0, &err), HL_EMISUSE); /* twice */
    hl_error_free(err);
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    assert_int_equal(hl_mounts_add(ms, p, "/y", 0, 0, 0, 0, &err), HL_EMISUSE); /* in use */
    hl_error_free(err);
    hl_mounts_free(ms); /* the limits keep theirs */
    hl_limits_free(l);
    /* without mounts, a granted program sees nothing */
    static const char src[] = "-module(t).\n-export([f/0]).\nf() -> {file:read_file(\"/x\"), file:list_dir(\"/\")}.\n";
    hl_module *m = compile(src, true);
    hl_value *r = NULL;
    assert_int_equal(hl_run(m, "f", NULL, 0, NULL, &r, NULL), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 0, &text, NULL), HL_OK);
    assert_string_equal(text, "{{error,enoent},{error,enoent}}");
    hl_free(text);
    hl_value_free(r);
    hl_module_free(m);
}

/* A process the guest spawns sees the run's mounts (and nothing more). */
static void spawned_processes(void **state) {
    (void)state;
    static const char src[] =
        "-module(t).\n-export([f/0]).\n"
        "f() -> P = self(), spawn(fun() -> P ! {file:read_file(\"/data/a.txt\"), file:read_file(\"/data/../secret/s.txt\")} end),\n"
        "       receive R -> R end.\n";
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "files"), HL_OK);
    assert_int_equal(hl_compile_options_grant_capability(o, "processes"), HL_OK);
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_compile(eng, "t.erl", src, sizeof src - 1, o, &m, &err), HL_OK);
    hl_compile_options_free(o);
    hl_mounts *ms = mounts(0, 0, 0);
    hl_limits *l = NULL;
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    hl_mounts_free(ms);
    hl_tenant *t = NULL;
    assert_int_equal(hl_tenant_new(m, l, &t), HL_OK);
    hl_limits_free(l);
    uint32_t fn;
    assert_int_equal(hl_module_function(m, "f", 0, &fn, NULL), HL_OK);
    hl_value *r = NULL;
    assert_int_equal(hl_tenant_call(t, fn, NULL, 0, &r, &err), HL_OK);
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 1, &text, NULL), HL_OK);
    assert_string_equal(text, "{{ok,<<\"hello\">>},{error,enoent}}");
    hl_free(text);
    hl_value_free(r);
    hl_tenant_free(t);
    hl_module_free(m);
}

/* A policy's mounts: opened for each run (its quotas count per run). */
static void policy_mounts(void **state) {
    (void)state;
    char doc[512];
    snprintf(doc, sizeof doc,
             "{\"mounts\": [{\"host\": \"%s/data\", \"guest\": \"/data\", \"mode\": \"rw\","
             " \"quota\": {\"bytes_written\": 4}}]}",
             root);
    hl_policy *pol = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_policy_from_json("p.json", doc, strlen(doc), &pol, &err), HL_OK);
    hl_compile_options *o = NULL;
    assert_int_equal(hl_policy_compile_options(pol, &o, &err), HL_OK);
    static const char src[] =
        "-module(t).\n-export([f/0]).\nf() -> {file:write_file(\"/data/p\", <<\"abc\">>), file:write_file(\"/data/p\", "
        "<<\"de\">>), file:read_file(\"/data/a.txt\")}.\n";
    hl_module *m = NULL;
    assert_int_equal(hl_compile(eng, "t.erl", src, sizeof src - 1, o, &m, &err), HL_OK);
    for (int i = 0; i < 2; i++) { /* the same each run: a fresh quota */
        hl_value *r = NULL;
        assert_int_equal(hl_run_policy(m, pol, "f", NULL, 0, NULL, &r, NULL, NULL, NULL, &err), HL_OK);
        char *text = NULL;
        assert_int_equal(hl_value_to_text(r, 1, &text, NULL), HL_OK);
        assert_string_equal(text, "{ok,{error,enospc},{ok,<<\"hello\">>}}");
        hl_free(text);
        hl_value_free(r);
    }
    char p[256];
    path(p, sizeof p, "data/p");
    unlink(p);
    hl_module_free(m);
    hl_compile_options_free(o);
    hl_policy_free(pol);
}

/* The deterministic profile over read-only mounts (docs/files.md): the
 * files a run reads are inputs like its arguments. Given the same files,
 * runs replay exactly (result and reductions), one-shot under a policy,
 * as a tenant from that policy, and through the fallback path as through
 * openat2; another content gives another result, and the old content the
 * old one again. A read-write mount is refused with the profile, in
 * whichever order the two are set. */
static char *det_call(hl_module *m, const hl_policy *pol, hl_limits *lim, uint64_t *reds) {
    hl_value *r = NULL;
    hl_error *err = NULL;
    hl_status st;
    if (pol) {
        hl_usage u;
        st = hl_run_policy(m, pol, "f", NULL, 0, NULL, &r, NULL, NULL, &u, &err);
        *reds = u.reductions;
    } else {
        hl_tenant *t = NULL;
        assert_int_equal(hl_tenant_new(m, lim, &t), HL_OK);
        uint32_t fn;
        assert_int_equal(hl_module_function(m, "f", 0, &fn, NULL), HL_OK);
        st = hl_tenant_call(t, fn, NULL, 0, &r, &err);
        *reds = hl_tenant_reductions(t);
        hl_tenant_free(t);
    }
    if (st != HL_OK) fail_msg("det run: %s", err ? hl_error_message(err) : hl_status_name(st));
    char *text = NULL;
    assert_int_equal(hl_value_to_text(r, 1, &text, NULL), HL_OK); /* ~p */
    hl_value_free(r);
    return text;
}

static void deterministic_replay(void **state) {
    (void)state;
    mkdirs("det");
    mkdirs("det/sub");
    put("det/a.txt", "abc");
    put("det/t.cfg", "{1, \"two\", <<\"three\">>}.\n[4.5].\n");
    static const char src[] =
        "-module(d).\n-export([f/0]).\n"
        "f() ->\n"
        "    {ok, A} = file:read_file(\"/in/a.txt\"),\n"
        "    {ok, L} = file:list_dir(\"/in\"),\n"
        "    {ok, Info} = file:read_file_info(\"/in/a.txt\"),\n"
        "    {ok, Ts} = file:consult(\"/in/t.cfg\"),\n"
        "    R = [rand:uniform(1000) || _ <- lists:seq(1, byte_size(A))],\n"
        "    {A, L, Info, Ts, R, erlang:system_time(), erlang:monotonic_time()}.\n";
    hl_compile_options *o = NULL;
    assert_int_equal(hl_compile_options_new(&o), HL_OK);
    static const char *const caps[] = {"files", "clocks", "random"};
    for (size_t i = 0; i < 3; i++) assert_int_equal(hl_compile_options_grant_capability(o, caps[i]), HL_OK);
    hl_module *m = NULL;
    hl_error *err = NULL;
    assert_int_equal(hl_compile(eng, "d.erl", src, sizeof src - 1, o, &m, &err), HL_OK);
    hl_compile_options_free(o);
    char dir[256];
    path(dir, sizeof dir, "det");

    hl_policy *pol = NULL;
    assert_int_equal(hl_policy_new(&pol), HL_OK);
    assert_int_equal(hl_policy_add_mount(pol, dir, "/in", 0, 0, 0, 0, &err), HL_OK);
    assert_int_equal(hl_policy_set_deterministic(pol, 1, 7, &err), HL_OK);
    uint64_t r1, r2, r3, r4;
    char *t1 = det_call(m, pol, NULL, &r1), *t2 = det_call(m, pol, NULL, &r2);
    assert_string_equal(t1, t2);
    assert_int_equal(r1, r2);
    /* the virtual clock and the files' epoch times */
    assert_true(strncmp(t1, "{<<\"abc\">>,", 9) == 0);
    assert_non_null(strstr(t1, "[\"a.txt\",\"sub\",\"t.cfg\"]"));
    assert_non_null(strstr(t1, "{file_info,3,regular,read,"));
    assert_non_null(strstr(t1, "{{1970,1,1},{0,0,0}}"));
    assert_non_null(strstr(t1, "[{1,\"two\",<<\"three\">>},[4.5]]"));
    assert_non_null(strstr(t1, "9466848"));
    /* a tenant from the policy, and one over a mount set forced through
     * the fallback path: the same result and reductions */
    hl_limits *l = NULL;
    assert_int_equal(hl_policy_limits(pol, &l), HL_OK);
    char *t3 = det_call(m, NULL, l, &r3);
    hl_limits_free(l);
    hl_mounts *ms = NULL;
    assert_int_equal(hl_mounts_new(&ms), HL_OK);
    assert_int_equal(hl_mounts_add(ms, dir, "/in", 0, 0, 0, 0, NULL), HL_OK);
    hl_vm_fs_force_fallback(ms, true);
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_deterministic(l, 1, 7), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    char *t4 = det_call(m, NULL, l, &r4);
    hl_limits_free(l);
    hl_mounts_free(ms);
    assert_string_equal(t3, t1);
    assert_int_equal(r3, r1);
    assert_string_equal(t4, t1);
    assert_int_equal(r4, r1);
    hl_free(t2), hl_free(t3), hl_free(t4);
    /* the files are inputs: another content, another result; the same
     * content again, the same result and reductions again */
    put("det/a.txt", "abcd");
    t2 = det_call(m, pol, NULL, &r2);
    assert_string_not_equal(t2, t1);
    assert_non_null(strstr(t2, "<<\"abcd\">>"));
    put("det/a.txt", "abc");
    t3 = det_call(m, pol, NULL, &r3);
    assert_string_equal(t3, t1);
    assert_int_equal(r3, r1);
    hl_free(t1), hl_free(t2), hl_free(t3);

    /* read-write mounts: refused with the profile, whichever comes first */
    assert_int_equal(hl_policy_add_mount(pol, dir, "/out", 1, 0, 0, 0, &err), HL_EMISUSE);
    assert_non_null(strstr(hl_error_message(err), "read-only mounts only"));
    hl_error_free(err);
    hl_policy_free(pol);
    assert_int_equal(hl_policy_new(&pol), HL_OK);
    assert_int_equal(hl_policy_add_mount(pol, dir, "/out", 1, 0, 0, 0, &err), HL_OK);
    assert_int_equal(hl_policy_set_deterministic(pol, 1, 7, &err), HL_EMISUSE);
    assert_non_null(strstr(hl_error_message(err), "/out is read-write"));
    hl_error_free(err);
    assert_int_equal(hl_policy_set_deterministic(pol, 0, 0, &err), HL_OK);
    hl_policy_free(pol);
    ms = mounts(0, 0, 0); /* /data is read-write */
    assert_int_equal(hl_limits_new(&l), HL_OK);
    assert_int_equal(hl_limits_set_deterministic(l, 1, 7), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_EMISUSE);
    assert_int_equal(hl_limits_set_deterministic(l, 0, 0), HL_OK);
    assert_int_equal(hl_limits_set_mounts(l, ms), HL_OK);
    assert_int_equal(hl_limits_set_deterministic(l, 1, 7), HL_EMISUSE);
    hl_limits_free(l);
    hl_mounts_free(ms);
    hl_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refused_without_grant), cmocka_unit_test(otp_shapes),  cmocka_unit_test(error_table),
        cmocka_unit_test(escapes),               cmocka_unit_test(special_files), cmocka_unit_test(race),
        cmocka_unit_test(quotas),                cmocka_unit_test(huge_files),  cmocka_unit_test(mounts_api),
        cmocka_unit_test(policy_mounts),         cmocka_unit_test(spawned_processes),
        cmocka_unit_test(deterministic_replay),  cmocka_unit_test(listing_order), cmocka_unit_test(listing_released),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
