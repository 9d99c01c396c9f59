/* bif_float.c — float text builtins over term/float_format.c: option and
 * argument checking as OTP (badarg), term building, reduction charging.
 * The text is at most HL_FLOAT_TEXT_MAX bytes, so formatting is bounded;
 * parsing walks the guest's list or binary and is charged by its length. */
#include "vm/bif_float.h"

#include <string.h>

#include "base/mem.h"
#include "term/arith.h"
#include "term/float_format.h"

enum { COST_SHIFT = 4 };

static hl_term_status text_to_list(hl_heap *h, const char *s, int len, hl_term *out) {
    if (len == 0) {
        *out = HL_NIL;
        return HL_TERM_OK;
    }
    hl_term *c;
    hl_term_status st = hl_heap_alloc(h, 2 * (size_t)len, &c);
    if (st != HL_TERM_OK) return st;
    for (int i = 0; i < len; i++) {
        c[2 * i] = hl_make_small((unsigned char)s[i]);
        c[2 * i + 1] = i + 1 < len ? hl_make_cons(c + 2 * (i + 1)) : HL_NIL;
    }
    *out = hl_make_cons(c);
    return HL_TERM_OK;
}

/* Formats a[0] with the options (NULL for the arity-1 forms) into text. */
static hl_term_status format(hl_vm_proc *p, hl_term f, const hl_term *opts, char text[HL_FLOAT_TEXT_MAX], int *len) {
    if (!hl_is_float(f)) return HL_TERM_BADARG;
    hl_float_fmt fmt = hl_float_fmt_default();
    if (opts) {
        uint64_t steps = 0;
        hl_term_status st = hl_float_fmt_parse(*opts, &fmt, &steps);
        p->bif_cost = steps >> COST_SHIFT;
        if (st != HL_TERM_OK) return st;
    }
    *len = hl_float_format(hl_float_val(f), &fmt, text);
    return *len < 0 ? HL_TERM_BADARG : HL_TERM_OK;
}

static hl_term_status to_list(hl_vm_proc *p, const hl_term *a, const hl_term *opts, hl_term *out) {
    char text[HL_FLOAT_TEXT_MAX];
    int len;
    hl_term_status st = format(p, a[0], opts, text, &len);
    return st == HL_TERM_OK ? text_to_list(&p->heap, text, len, out) : st;
}
static hl_term_status to_binary(hl_vm_proc *p, const hl_term *a, const hl_term *opts, hl_term *out) {
    char text[HL_FLOAT_TEXT_MAX];
    int len;
    hl_term_status st = format(p, a[0], opts, text, &len);
    return st == HL_TERM_OK ? hl_make_binary(&p->heap, text, (size_t)len, out) : st;
}

hl_term_status hl_vm_bif_float_to_list1(hl_vm_proc *p, const hl_term *a, hl_term *out) { return to_list(p, a, NULL, out); }
hl_term_status hl_vm_bif_float_to_list2(hl_vm_proc *p, const hl_term *a, hl_term *out) { return to_list(p, a, &a[1], out); }
hl_term_status hl_vm_bif_float_to_binary1(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return to_binary(p, a, NULL, out);
}
hl_term_status hl_vm_bif_float_to_binary2(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    return to_binary(p, a, &a[1], out);
}

static hl_term_status parse_bytes(hl_vm_proc *p, const unsigned char *s, size_t n, hl_term *out) {
    double d;
    hl_term_status st = hl_float_parse(s, n, &d);
    return st == HL_TERM_OK ? hl_make_float(&p->heap, d, out) : st;
}

hl_term_status hl_vm_bif_list_to_float(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    size_t n = 0;
    hl_term l = a[0];
    for (; hl_is_cons(l); l = hl_cdr(l), n++) {
        hl_term c = hl_car(l);
        if (!hl_is_small(c) || hl_small_val(c) < 0 || hl_small_val(c) > 255) break;
    }
    p->bif_cost = (uint64_t)n >> COST_SHIFT;
    if (l != HL_NIL || n == 0) return HL_TERM_BADARG; /* also a non-byte element */
    unsigned char small[256];
    unsigned char *buf = n <= sizeof small ? small : hl_mem_alloc(n);
    if (!buf) return HL_TERM_NOMEM;
    size_t i = 0;
    for (l = a[0]; hl_is_cons(l); l = hl_cdr(l)) buf[i++] = (unsigned char)hl_small_val(hl_car(l));
    hl_term_status st = parse_bytes(p, buf, n, out);
    if (buf != small) hl_mem_free(buf);
    return st;
}

hl_term_status hl_vm_bif_binary_to_float(hl_vm_proc *p, const hl_term *a, hl_term *out) {
    if (!hl_is_binary_obj(a[0])) return HL_TERM_BADARG;
    const unsigned char *b;
    uint64_t off, bits;
    hl_bitstring_view(a[0], &b, &off, &bits);
    if (bits % 8 != 0 || bits == 0) return HL_TERM_BADARG;
    size_t n = (size_t)(bits / 8);
    p->bif_cost = (uint64_t)n >> COST_SHIFT;
    if (off % 8 == 0) return parse_bytes(p, b + off / 8, n, out);
    /* A sub-binary at an odd bit offset: realign the bytes first. */
    unsigned char small[256];
    unsigned char *buf = n <= sizeof small ? small : hl_mem_alloc(n);
    if (!buf) return HL_TERM_NOMEM;
    const unsigned char *src = b + off / 8;
    unsigned sh = (unsigned)(off % 8);
    for (size_t i = 0; i < n; i++) buf[i] = (unsigned char)(src[i] << sh | src[i + 1] >> (8 - sh));
    hl_term_status st = parse_bytes(p, buf, n, out);
    if (buf != small) hl_mem_free(buf);
    return st;
}
