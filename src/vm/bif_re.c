/* bif_re.c — the C cores of lib/re.erl over PCRE2 (core/builtins.def,
 * guest 0: only the stdlib calls them):
 *   erlang:hl_re_compile(Pat, CFlags)
 *       {CaptureCount, [{NameBin, Group}]} or {error, MsgBin, Offset}
 *   erlang:hl_re_exec(Pat, CFlags, Subject, Start, MFlags, {Level, MatchLimit, DepthLimit})
 *       one bounded attempt from byte Start:
 *       {0, [{S, L} | ...]}  a match (every group, unset ones {-1, 0})
 *       1                    no match anywhere from Start
 *       {2, Next, Level}     no match starting in this slice: go on from Next
 *       {3, Level}           the slice's per-position limit or window was
 *                            too small: run it again at Level (more per
 *                            position, fewer positions)
 *       4 / 5                the match limit / depth (recursion) limit was hit
 *       6                    Subject is a binary at an odd bit offset: copy it
 *   erlang:hl_re_utf8(Bin, From)
 *       true (valid UTF-8 from From to the end), false, or Next (a chunk was
 *       valid; call again from Next)
 *
 * A compiled pattern is never taken from a term: lib/re.erl keeps only the
 * pattern's source and flags in its {re_pattern, ...} tuple, and every call
 * here compiles the source again (a guest can forge any term; PCRE2 bytecode
 * from one would be trusted code). No JIT: the interpreter honours the
 * match limit exactly and owns no executable memory.
 *
 * Bounded per call (docs/builtins.md, "re"): an attempt tries at most K
 * start positions (PCRE2's offset limit) with at most L backtracking steps
 * at each (PCRE2's match limit, counted per start position), on the subject
 * cut W bytes past the last position (a path reaching the cut is a hard
 * partial match: the attempt is made again with a larger W). Level
 * l + 8w has L = 4 * 8^l (at most WORK), W = 32 * 8^w and K the least of
 * WORK / L and the most positions with K * (K + W) <= 2^19 (512 at first);
 * the caller starts a slice at a low level and climbs when the limit or
 * the window stops the attempt, so cheap patterns try 512 positions per
 * call and a backtracking one is cut off after WORK steps at one position,
 * ~0.5 ms. Charged: K' * L / 64 + K' * S / 512 reductions (K' the
 * positions the attempt could have used, S the bytes from the first one to
 * the window's end) plus the pattern's compilation (one per 16 pattern
 * bytes). The last window is RE_WIN_MAX (256 KiB) past a single start
 * position: a path that needs more than that (e.g. `a*` over a megabyte
 * of a's) ends with the match limit, as a path that backtracks too much
 * does, since one pcre2_match call can be neither cut short (its limits
 * do not count a simple repeat's characters, callouts fire only between
 * pattern items) nor resumed (partial matching restarts from the start
 * position; only the DFA matcher resumes, with other semantics:
 * docs/limits.md, "re"). */
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "term/bits.h"
#include "term/heap.h"
#include "vm/bif_registry.h"
#include "vm/re_latin1_tables.h"
#include "vm/vm_internal.h"

#define BIF(name) static hl_term_status name(hl_vm_proc *p, const hl_term *a, hl_term *out)
#define H (&p->heap)

enum {
    RE_WORK = 1 << 14,        /* backtracking steps one attempt may take (~0.5 ms) */
    RE_LEVELS = 5,            /* per-position limits 4, 32, 256, 2048, 16384 */
    RE_WIN0 = 32,             /* window past the last start position: 32 << 3w bytes */
    RE_WLEVELS = 6,           /* ... the last one RE_WIN_MAX */
    RE_WIN_MAX = 1 << 18,     /* bytes one start position may scan past itself (~0.5 ms) */
    RE_SCAN_SHIFT = 9,        /* one reduction per 512 positions * bytes scanned (~2 ns a byte) */
    RE_COST_SHIFT = 6,        /* one reduction per 64 steps or bytes */
    RE_PAT_MAX = 1 << 16,     /* pattern bytes (PCRE2 also caps the compiled size) */
    RE_HEAP_KIB = 4096,       /* PCRE2's backtracking frames, per call */
    RE_UTF8_CHUNK = 1 << 18,  /* bytes hl_re_utf8 validates per call */
};

/* lib/re.erl's compile flags (a bit each) and PCRE2's options */
static const uint32_t cflag_opts[] = {
    PCRE2_UTF,             /* 0 unicode */
    PCRE2_CASELESS,        /* 1 */
    PCRE2_MULTILINE,       /* 2 */
    PCRE2_DOTALL,          /* 3 */
    PCRE2_EXTENDED,        /* 4 */
    PCRE2_ANCHORED,        /* 5 */
    PCRE2_UNGREEDY,        /* 6 */
    PCRE2_DOLLAR_ENDONLY,  /* 7 */
    PCRE2_FIRSTLINE,       /* 8 */
    PCRE2_NO_AUTO_CAPTURE, /* 9 */
    PCRE2_DUPNAMES,        /* 10 */
    PCRE2_UCP,             /* 11 */
    PCRE2_NEVER_UTF,       /* 12 */
    PCRE2_NO_START_OPTIMIZE, /* 13 */
};
enum { CF_NBITS = sizeof cflag_opts / sizeof cflag_opts[0], CF_BSR_ANYCRLF = 1 << 14, CF_NL_SHIFT = 15 };
/* newline in bits 15..17: 0 lf (OTP's default), then cr, lf, crlf, anycrlf, any */
static const uint32_t newlines[] = {PCRE2_NEWLINE_LF,      PCRE2_NEWLINE_CR,      PCRE2_NEWLINE_LF,
                                    PCRE2_NEWLINE_CRLF,    PCRE2_NEWLINE_ANYCRLF, PCRE2_NEWLINE_ANY};

/* match flags (bits of MFlags) and PCRE2's match options */
static const uint32_t mflag_opts[] = {PCRE2_ANCHORED, PCRE2_NOTBOL, PCRE2_NOTEOL, PCRE2_NOTEMPTY,
                                      PCRE2_NOTEMPTY_ATSTART};
enum { MF_NBITS = sizeof mflag_opts / sizeof mflag_opts[0], MF_VALIDATED = 1 << 5 };

/* A byte-aligned binary's bytes, or false. */
static bool bin_bytes(hl_term t, const unsigned char **b, size_t *n) {
    if (!hl_is_binary_obj(t)) return false;
    uint64_t off, bits;
    hl_bitstring_view(t, b, &off, &bits);
    if ((off | bits) & 7) return false;
    *b += off / 8;
    *n = (size_t)(bits / 8);
    return true;
}

static bool small_in(hl_term t, int64_t lo, int64_t hi, int64_t *v) {
    if (!hl_is_small(t)) return false;
    *v = hl_small_val(t);
    return *v >= lo && *v <= hi;
}

/* Compiles pat under the flags; NULL with *err / *erroff set. */
static pcre2_code *re_compile(const unsigned char *pat, size_t n, int64_t cflags, int *err, PCRE2_SIZE *erroff) {
    uint32_t opts = PCRE2_USE_OFFSET_LIMIT;
    for (unsigned i = 0; i < CF_NBITS; i++)
        if (cflags & (1 << i)) opts |= cflag_opts[i];
    unsigned nl = (unsigned)(cflags >> CF_NL_SHIFT) & 7;
    pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
    if (!cc) {
        *err = PCRE2_ERROR_NOMEMORY;
        return NULL;
    }
    pcre2_set_newline(cc, nl < sizeof newlines / sizeof newlines[0] ? newlines[nl] : PCRE2_NEWLINE_LF);
    pcre2_set_bsr(cc, cflags & CF_BSR_ANYCRLF ? PCRE2_BSR_ANYCRLF : PCRE2_BSR_UNICODE);
    pcre2_set_parens_nest_limit(cc, 250);
    pcre2_set_character_tables(cc, hl_re_latin1_tables); /* OTP's Latin-1 classes and case */
    pcre2_code *code = pcre2_compile(pat, n, opts, err, erroff, cc);
    /* PCRE2's start-of-match bitmap in UTF-8 mode takes the characters
     * 128-255 of a class from the space bitmap (set_type_bits), which is
     * right only for its own ASCII tables: with OTP's Latin-1 tables a match
     * starting with \w on "É" would be skipped. Such a pattern is compiled
     * again without start optimisations; a pattern that starts with a fixed
     * code unit keeps them. */
    const uint8_t *bitmap = NULL;
    if (code && (opts & PCRE2_UTF) && !(opts & (PCRE2_UCP | PCRE2_NO_START_OPTIMIZE)) &&
        pcre2_pattern_info(code, PCRE2_INFO_FIRSTBITMAP, &bitmap) == 0 && bitmap) {
        pcre2_code_free(code);
        code = pcre2_compile(pat, n, opts | PCRE2_NO_START_OPTIMIZE, err, erroff, cc);
    }
    pcre2_compile_context_free(cc);
    return code;
}

static uint64_t compile_cost(size_t n) { return (n >> 4) + 1; }

BIF(b_re_compile) {
    const unsigned char *pat;
    size_t n;
    int64_t cflags;
    if (!bin_bytes(a[0], &pat, &n) || !small_in(a[1], 0, INT32_MAX, &cflags)) return HL_TERM_BADARG;
    if (n > RE_PAT_MAX) return HL_TERM_SYSTEM_LIMIT;
    p->bif_cost = compile_cost(n);
    int err = 0;
    PCRE2_SIZE erroff = 0;
    pcre2_code *code = re_compile(pat, n, cflags, &err, &erroff);
    if (!code) {
        if (err == PCRE2_ERROR_NOMEMORY) return HL_TERM_NOMEM;
        PCRE2_UCHAR msg[256];
        int len = pcre2_get_error_message(err, msg, sizeof msg);
        if (len < 0) len = 0;
        hl_bin_builder b;
        hl_term_status st = hl_bin_build_begin(H, (uint64_t)len * 8, &b);
        if (st != HL_TERM_OK) return st;
        memcpy(b.data, msg, (size_t)len);
        hl_term m = hl_bin_build_finish(&b);
        hl_term *c;
        st = hl_heap_alloc(H, 4, &c);
        if (st != HL_TERM_OK) return st;
        *out = hl_tuple_init(c, 3);
        c[1] = HL_AM(error), c[2] = m, c[3] = hl_make_small((int64_t)erroff);
        return HL_TERM_OK;
    }
    uint32_t ncap = 0, nnames = 0, esize = 0;
    PCRE2_SPTR table = NULL;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &ncap);
    pcre2_pattern_info(code, PCRE2_INFO_NAMECOUNT, &nnames);
    pcre2_pattern_info(code, PCRE2_INFO_NAMEENTRYSIZE, &esize);
    pcre2_pattern_info(code, PCRE2_INFO_NAMETABLE, &table);
    /* names: [{NameBin, Group}], the table's order (sorted by name) */
    hl_term names = HL_NIL;
    hl_term_status st = HL_TERM_OK;
    for (uint32_t i = nnames; i-- > 0 && st == HL_TERM_OK;) {
        PCRE2_SPTR e = table + (size_t)i * esize;
        size_t len = 0;
        while (len < esize - 2 && e[2 + len]) len++;
        hl_bin_builder b;
        st = hl_bin_build_begin(H, (uint64_t)len * 8, &b);
        if (st != HL_TERM_OK) break;
        memcpy(b.data, e + 2, len);
        hl_term nb = hl_bin_build_finish(&b);
        hl_term *c;
        st = hl_heap_alloc(H, 5, &c);
        if (st != HL_TERM_OK) break;
        hl_term tup = hl_tuple_init(c, 2);
        c[1] = nb, c[2] = hl_make_small((int64_t)(e[0] << 8 | e[1]));
        names = hl_cons_init(c + 3, tup, names);
    }
    pcre2_code_free(code);
    if (st != HL_TERM_OK) return st;
    hl_term *c;
    st = hl_heap_alloc(H, 3, &c);
    if (st != HL_TERM_OK) return st;
    *out = hl_tuple_init(c, 2);
    c[1] = hl_make_small((int64_t)ncap), c[2] = names;
    return HL_TERM_OK;
}

static hl_term_status small_result(hl_term *out, int64_t v) {
    *out = hl_make_small(v);
    return HL_TERM_OK;
}

/* Next character boundary at or after i (UTF-8 continuation bytes skipped). */
static size_t char_boundary(const unsigned char *s, size_t n, size_t i) {
    while (i < n && (s[i] & 0xC0) == 0x80) i++;
    return i;
}

BIF(b_re_exec) {
    const unsigned char *pat, *subj;
    size_t plen, n;
    int64_t cflags, start, mflags, level, mlimit, dlimit;
    if (hl_is_binary_obj(a[2]) && !bin_bytes(a[2], &subj, &n)) return small_result(out, 6); /* copy it first */
    if (!bin_bytes(a[0], &pat, &plen) || !small_in(a[1], 0, INT32_MAX, &cflags) || !bin_bytes(a[2], &subj, &n) ||
        !small_in(a[4], 0, INT32_MAX, &mflags) || !hl_is_tuple(a[5]) || hl_tuple_arity(a[5]) != 3 ||
        !small_in(hl_tuple_get(a[5], 0), 0, 8 * RE_WLEVELS - 1, &level) || level % 8 >= RE_LEVELS ||
        !small_in(hl_tuple_get(a[5], 1), 0, INT64_MAX >> 8, &mlimit) ||
        !small_in(hl_tuple_get(a[5], 2), 0, INT64_MAX >> 8, &dlimit))
        return HL_TERM_BADARG;
    if (!small_in(a[3], 0, (int64_t)n, &start)) return HL_TERM_BADARG;
    if (plen > RE_PAT_MAX) return HL_TERM_SYSTEM_LIMIT;
    bool utf = cflags & 1;
    /* never hand PCRE2 an unchecked subject or a start inside a character */
    if (utf && (!(mflags & MF_VALIDATED) || char_boundary(subj, n, (size_t)start) != (size_t)start))
        return HL_TERM_BADARG;
    uint64_t cost = compile_cost(plen);
    int err = 0;
    PCRE2_SIZE erroff = 0;
    pcre2_code *code = re_compile(pat, plen, cflags, &err, &erroff);
    if (!code) {
        p->bif_cost = cost;
        return err == PCRE2_ERROR_NOMEMORY ? HL_TERM_NOMEM : HL_TERM_BADARG;
    }
    /* this attempt's per-position limit, positions and window */
    unsigned llev = (unsigned)(level % 8), wlev = (unsigned)(level / 8);
    /* PCRE2 answers no match (not partial) when the subject it sees is
     * shorter than the pattern's minimum length: the window must hold it */
    uint32_t minlen = 0;
    pcre2_pattern_info(code, PCRE2_INFO_MINLENGTH, &minlen);
    uint64_t minbytes = (uint64_t)minlen * (utf ? 4 : 1);
    while (wlev + 1 < RE_WLEVELS && ((uint64_t)RE_WIN0 << (3 * wlev)) < minbytes) wlev++;
    uint64_t eff = (uint64_t)(mlimit < RE_WORK ? mlimit : RE_WORK);
    uint64_t lim = (uint64_t)4 << (3 * llev);
    if (lim > RE_WORK) lim = RE_WORK;
    bool final = lim >= eff;
    if (final) lim = eff;
    uint64_t win = (uint64_t)RE_WIN0 << (3 * wlev);
    uint64_t k = lim ? RE_WORK / lim : RE_WORK;
    /* each position may scan to the window's end: K * (K + W) <= 2^19 */
    static const uint16_t kmax[RE_WLEVELS] = {512, 512, 128, 16, 2, 1};
    if (win > RE_WIN_MAX) win = RE_WIN_MAX;
    if (k > kmax[wlev]) k = kmax[wlev];
    bool anchored = (mflags & 1) || (cflags & (1 << 5));
    if (anchored) k = 1;
    size_t last = (size_t)start + (size_t)k - 1; /* the last start position */
    if (last > n || last < (size_t)start) last = n;
    /* the subject PCRE2 sees ends at the window; a path that reaches that
     * end is a partial match (hard), and the slice is tried again with a
     * larger window: a complete match or no match in the window is the
     * same in the whole subject */
    size_t end = n - last > win ? last + (size_t)win : n;
    uint32_t mopts = PCRE2_NO_UTF_CHECK;
    for (unsigned i = 0; i < MF_NBITS; i++)
        if (mflags & (1 << i)) mopts |= mflag_opts[i];
    if (!utf) mopts &= ~PCRE2_NO_UTF_CHECK;
    if (end < n) mopts |= PCRE2_PARTIAL_HARD;
    hl_term_status st = HL_TERM_OK;
    pcre2_match_context *mc = pcre2_match_context_create(NULL);
    pcre2_match_data *md = mc ? pcre2_match_data_create_from_pattern(code, NULL) : NULL;
    int rc = PCRE2_ERROR_NOMEMORY;
    if (md) {
        pcre2_set_match_limit(mc, (uint32_t)lim);
        uint64_t dl = dlimit < (int64_t)RE_WORK ? (uint64_t)dlimit : RE_WORK;
        pcre2_set_depth_limit(mc, (uint32_t)dl);
        pcre2_set_heap_limit(mc, RE_HEAP_KIB);
        pcre2_set_offset_limit(mc, last);
        rc = pcre2_match(code, subj, end, (PCRE2_SIZE)start, mopts, md, mc);
    }
    size_t span = last - (size_t)start + 1, used = span;
    PCRE2_SIZE *ov = md ? pcre2_get_ovector_pointer(md) : NULL;
    if (rc >= 0 && ov[0] >= (PCRE2_SIZE)start && ov[0] - (PCRE2_SIZE)start < span) used = (size_t)(ov[0] - (PCRE2_SIZE)start) + 1;
    /* every position tried may have used its limit and scanned the window */
    cost += (used * lim) >> RE_COST_SHIFT;
    cost += (used * (uint64_t)(end - (size_t)start)) >> RE_SCAN_SHIFT;
    p->bif_cost = cost;
    if (rc >= 0) {
        uint32_t ncap = 0;
        pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &ncap);
        size_t groups = (size_t)ncap + 1;
        hl_term *c;
        st = hl_heap_alloc(H, groups * 5 + 3, &c);
        if (st == HL_TERM_OK) {
            hl_term l = HL_NIL;
            uint32_t set = (uint32_t)rc ? (uint32_t)rc : pcre2_get_ovector_count(md);
            for (size_t g = groups; g-- > 0;) {
                hl_term *t = c + g * 5;
                hl_term tup = hl_tuple_init(t, 2);
                if (g < set && ov[2 * g] != PCRE2_UNSET) {
                    t[1] = hl_make_small((int64_t)ov[2 * g]);
                    t[2] = hl_make_small((int64_t)(ov[2 * g + 1] - ov[2 * g]));
                } else {
                    t[1] = hl_make_small(-1), t[2] = hl_make_small(0);
                }
                l = hl_cons_init(t + 3, tup, l);
            }
            hl_term *r = c + groups * 5;
            *out = hl_tuple_init(r, 2);
            r[1] = hl_make_small(0), r[2] = l;
        }
    } else if (rc == PCRE2_ERROR_NOMATCH) {
        if (last >= n || anchored) {
            st = small_result(out, 1);
        } else {
            size_t next = utf ? char_boundary(subj, n, last + 1) : last + 1;
            hl_term *c;
            st = hl_heap_alloc(H, 4, &c);
            if (st == HL_TERM_OK) {
                *out = hl_tuple_init(c, 3);
                c[1] = hl_make_small(2), c[2] = hl_make_small((int64_t)next), c[3] = hl_make_small((int64_t)(llev + 8 * wlev));
            }
        }
    } else if (rc == PCRE2_ERROR_PARTIAL && wlev + 1 == RE_WLEVELS) {
        /* one start position's path goes past RE_WIN_MAX bytes: the match
         * limit (a single pcre2_match cannot be cut short or resumed, so
         * its scan is what bounds the call; docs/limits.md, "re") */
        st = small_result(out, 4);
    } else if ((rc == PCRE2_ERROR_MATCHLIMIT && !final) || rc == PCRE2_ERROR_PARTIAL) {
        hl_term *c;
        st = hl_heap_alloc(H, 3, &c);
        if (st == HL_TERM_OK) {
            *out = hl_tuple_init(c, 2);
            c[1] = hl_make_small(3), c[2] = hl_make_small(rc == PCRE2_ERROR_PARTIAL ? (int64_t)(llev + 8 * (wlev + 1)) : (int64_t)(llev + 1 + 8 * wlev));
        }
    } else if (rc == PCRE2_ERROR_MATCHLIMIT) {
        st = small_result(out, 4);
    } else if (rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT) {
        st = small_result(out, 5);
    } else if (rc == PCRE2_ERROR_NOMEMORY) {
        st = HL_TERM_NOMEM;
    } else {
        st = HL_TERM_BADARG; /* a bad offset or a UTF error: never expected from lib/re.erl */
    }
    if (md) pcre2_match_data_free(md);
    if (mc) pcre2_match_context_free(mc);
    pcre2_code_free(code);
    return st;
}

/* Length of the valid UTF-8 sequence at s[0..n) (RFC 3629: no overlongs, no
 * surrogates, at most U+10FFFF), 0 when invalid or cut off. */
static size_t utf8_seq(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c == 0xE0) len = 3, lo = 0xA0;
    else if (c == 0xED) len = 3, hi = 0x9F;
    else if (c >= 0xE1 && c <= 0xEF) len = 3;
    else if (c == 0xF0) len = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) len = 4;
    else if (c == 0xF4) len = 4, hi = 0x8F;
    else return 0;
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return len;
}

BIF(b_re_utf8) {
    const unsigned char *s;
    size_t n;
    int64_t from;
    if (!bin_bytes(a[0], &s, &n) || !small_in(a[1], 0, (int64_t)n, &from)) return HL_TERM_BADARG;
    size_t i = (size_t)from, stop = n - i > RE_UTF8_CHUNK ? i + RE_UTF8_CHUNK : n;
    while (i < stop) {
        size_t l = utf8_seq(s + i, n - i);
        if (!l) break;
        i += l;
    }
    p->bif_cost = ((i - (size_t)from) >> RE_COST_SHIFT) + 1;
    if (i >= n) *out = HL_AM(true);
    else if (i >= stop) *out = hl_make_small((int64_t)i);
    else *out = HL_AM(false);
    return HL_TERM_OK;
}

const hl_vm_bif_reg hl_vm_bifs_re[] = {
    {HL_BI_HL_RE_COMPILE, b_re_compile},
    {HL_BI_HL_RE_EXEC, b_re_exec},
    {HL_BI_HL_RE_UTF8, b_re_utf8},
};
const size_t hl_vm_bifs_re_count = sizeof hl_vm_bifs_re / sizeof hl_vm_bifs_re[0];
