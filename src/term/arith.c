/* arith.c — Erlang arithmetic operators and numeric BIFs on terms (see
 * arith.h). Small integers take fast paths; integers beyond them go to
 * bignum.c; mixed integer/float operations convert the integer the way OTP
 * does. A float result that is NaN or infinite is badarith: Erlang floats
 * are always finite. */
#include "term/arith.h"

#include <math.h>
#include <string.h>

#include "base/mem.h"
#include "term/bignum.h"
#include "term/int128.h"

hl_term_status hl_make_float(hl_heap *h, double d, hl_term *out) {
    if (!isfinite(d)) return HL_TERM_BADARITH;
    hl_term *p;
    hl_term_status st = hl_heap_alloc(h, HL_FLOAT_WORDS, &p);
    if (st != HL_TERM_OK) return st;
    *out = hl_float_init(p, d);
    return HL_TERM_OK;
}

bool hl_number_to_double(hl_term a, double *out) {
    if (hl_is_float(a)) {
        *out = hl_float_val(a);
        return true;
    }
    if (hl_is_integer(a)) return hl_int_to_double(a, out);
    return false;
}

enum fop { F_ADD, F_SUB, F_MUL, F_DIV };

/* The float path of a binary operator: both operands must be numbers. */
static hl_term_status float_op(hl_heap *h, enum fop op, hl_term a, hl_term b, hl_term *out) {
    double x, y, r;
    if (!hl_is_number(a) || !hl_is_number(b)) return HL_TERM_BADARITH;
    if (!hl_number_to_double(a, &x) || !hl_number_to_double(b, &y)) return HL_TERM_BADARITH;
    switch (op) {
    case F_ADD: r = x + y; break;
    case F_SUB: r = x - y; break;
    case F_MUL: r = x * y; break;
    default:
        if (y == 0.0) return HL_TERM_BADARITH;
        r = x / y;
        break;
    }
    return hl_make_float(h, r, out);
}

hl_term_status hl_arith_add_slow(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    hl_i128 x, y;
    if (hl_int_i128(a, &x) && hl_int_i128(b, &y)) return hl_int_make_i128(h, x + y, out);
    if (hl_is_integer(a) && hl_is_integer(b)) return hl_int_add(h, a, b, out);
    return float_op(h, F_ADD, a, b, out);
}

hl_term_status hl_arith_sub_slow(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    hl_i128 x, y;
    if (hl_int_i128(a, &x) && hl_int_i128(b, &y)) return hl_int_make_i128(h, x - y, out);
    if (hl_is_integer(a) && hl_is_integer(b)) return hl_int_sub(h, a, b, out);
    return float_op(h, F_SUB, a, b, out);
}

hl_term_status hl_arith_mul(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    if (hl_both_small(a, b)) {
        int64_t r;
        if (!__builtin_mul_overflow(hl_small_val(a), hl_small_val(b), &r))
            return hl_int_make_i64(h, r, out);
    }
    hl_i128 x, y, r;
    if (hl_int_i128(a, &x) && hl_int_i128(b, &y) && !__builtin_mul_overflow(x, y, &r))
        return hl_int_make_i128(h, r, out);
    if (hl_is_integer(a) && hl_is_integer(b)) return hl_int_mul(h, a, b, out);
    return float_op(h, F_MUL, a, b, out);
}

hl_term_status hl_arith_fdiv(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return float_op(h, F_DIV, a, b, out);
}

hl_term_status hl_arith_div(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    if (hl_both_small(a, b)) {
        int64_t y = hl_small_val(b);
        if (y == 0) return HL_TERM_BADARITH;
        return hl_int_make_i64(h, hl_small_val(a) / y, out); /* MIN/-1 becomes a bignum */
    }
    if (!hl_is_integer(a) || !hl_is_integer(b)) return HL_TERM_BADARITH;
    hl_i128 x, y;
    if (hl_int_i128(a, &x) && hl_int_i128(b, &y) && y != 0) return hl_int_make_i128(h, x / y, out);
    return hl_int_divrem(h, a, b, out, NULL);
}

hl_term_status hl_arith_rem(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    if (hl_both_small(a, b)) {
        int64_t y = hl_small_val(b);
        if (y == 0) return HL_TERM_BADARITH;
        *out = hl_make_small(hl_small_val(a) % y);
        return HL_TERM_OK;
    }
    if (!hl_is_integer(a) || !hl_is_integer(b)) return HL_TERM_BADARITH;
    hl_i128 x, y;
    if (hl_int_i128(a, &x) && hl_int_i128(b, &y) && y != 0) return hl_int_make_i128(h, x % y, out);
    return hl_int_divrem(h, a, b, NULL, out);
}

static hl_term_status bitop(hl_heap *h, enum hl_bitop op, hl_term a, hl_term b, hl_term *out) {
    if (hl_both_small(a, b)) { /* the tag bits 0011 survive and/or; xor needs them back */
        *out = op == HL_BAND ? (a & b) : op == HL_BOR ? (a | b) : ((a ^ b) | HL_IMM_SMALL);
        return HL_TERM_OK;
    }
    if (!hl_is_integer(a) || !hl_is_integer(b)) return HL_TERM_BADARITH;
    return hl_int_bitop(h, op, a, b, out);
}

hl_term_status hl_arith_band(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return bitop(h, HL_BAND, a, b, out);
}
hl_term_status hl_arith_bor(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return bitop(h, HL_BOR, a, b, out);
}
hl_term_status hl_arith_bxor(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return bitop(h, HL_BXOR, a, b, out);
}

static hl_term_status shift(hl_heap *h, hl_term a, hl_term b, bool left, hl_term *out) {
    if (hl_both_small(a, b)) {
        int64_t v = hl_small_val(a), s = hl_small_val(b);
        if (!left) s = -s;
        if (s <= 0) {
            *out = hl_make_small(s <= -63 ? (v < 0 ? -1 : 0) : v >> -s);
            return HL_TERM_OK;
        }
        int64_t r;
        if (s < 62 && !__builtin_mul_overflow(v, (int64_t)1 << s, &r))
            return hl_int_make_i64(h, r, out);
    }
    if (!hl_is_integer(a) || !hl_is_integer(b)) return HL_TERM_BADARITH;
    return hl_int_shift(h, a, b, left, out);
}

hl_term_status hl_arith_bsl(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return shift(h, a, b, true, out);
}
hl_term_status hl_arith_bsr(hl_heap *h, hl_term a, hl_term b, hl_term *out) {
    return shift(h, a, b, false, out);
}

hl_term_status hl_arith_bnot(hl_heap *h, hl_term a, hl_term *out) {
    if (hl_is_small(a)) {
        *out = hl_make_small(~hl_small_val(a));
        return HL_TERM_OK;
    }
    if (!hl_is_big(a)) return HL_TERM_BADARITH;
    return hl_int_bnot(h, a, out);
}

hl_term_status hl_arith_neg(hl_heap *h, hl_term a, hl_term *out) {
    if (hl_is_integer(a)) return hl_int_neg(h, a, out);
    if (hl_is_float(a)) return hl_make_float(h, -hl_float_val(a), out);
    return HL_TERM_BADARITH;
}

hl_term_status hl_arith_plus(hl_heap *h, hl_term a, hl_term *out) {
    (void)h;
    if (!hl_is_number(a)) return HL_TERM_BADARITH;
    *out = a;
    return HL_TERM_OK;
}

/* ---- BIFs ---- */

hl_term_status hl_bif_abs(hl_heap *h, hl_term a, hl_term *out) {
    if (hl_is_small(a)) {
        int64_t v = hl_small_val(a);
        return hl_int_make_i64(h, v < 0 ? -v : v, out);
    }
    if (hl_is_big(a)) {
        if (!hl_big_is_neg(a)) {
            *out = a;
            return HL_TERM_OK;
        }
        return hl_int_neg(h, a, out);
    }
    if (hl_is_float(a)) {
        double d = hl_float_val(a);
        if (!(d < 0.0)) { /* -0.0 stays -0.0, as in OTP (it is not below 0.0) */
            *out = a;
            return HL_TERM_OK;
        }
        return hl_make_float(h, -d, out);
    }
    return HL_TERM_BADARG;
}

hl_term_status hl_bif_float(hl_heap *h, hl_term a, hl_term *out) {
    if (hl_is_float(a)) {
        *out = a;
        return HL_TERM_OK;
    }
    double d;
    if (!hl_is_integer(a) || !hl_int_to_double(a, &d)) return HL_TERM_BADARG;
    return hl_make_float(h, d, out);
}

static hl_term_status to_integer(hl_heap *h, hl_term a, double (*fn)(double), hl_term *out) {
    if (hl_is_integer(a)) {
        *out = a;
        return HL_TERM_OK;
    }
    if (!hl_is_float(a)) return HL_TERM_BADARG;
    return hl_int_from_double(h, fn(hl_float_val(a)), out);
}

/* C's round() rounds half away from zero, like erlang:round/1. */
hl_term_status hl_bif_round(hl_heap *h, hl_term a, hl_term *out) { return to_integer(h, a, round, out); }
hl_term_status hl_bif_trunc(hl_heap *h, hl_term a, hl_term *out) { return to_integer(h, a, trunc, out); }
hl_term_status hl_bif_floor(hl_heap *h, hl_term a, hl_term *out) { return to_integer(h, a, floor, out); }
hl_term_status hl_bif_ceil(hl_heap *h, hl_term a, hl_term *out) { return to_integer(h, a, ceil, out); }

/* ---- integer text ---- */

static bool base_of(hl_term base, unsigned *out) {
    if (!hl_is_small(base)) return false;
    int64_t b = hl_small_val(base);
    if (b < 2 || b > 36) return false;
    *out = (unsigned)b;
    return true;
}

/* Text of integer a in a buffer: *buf is either small_buf or allocated. */
static hl_term_status int_text(hl_term a, unsigned base, char *small_buf, char **buf, size_t *len) {
    size_t max = hl_int_text_max(a, base);
    *buf = small_buf;
    if (max > 80 && !(*buf = hl_mem_alloc(max))) return HL_TERM_NOMEM;
    hl_term_status st = hl_int_to_text(a, base, *buf, len);
    if (st != HL_TERM_OK && *buf != small_buf) {
        hl_mem_free(*buf);
        *buf = small_buf;
    }
    return st;
}

hl_term_status hl_bif_integer_to_list(hl_heap *h, hl_term a, hl_term base, hl_term *out) {
    unsigned b;
    if (!hl_is_integer(a) || !base_of(base, &b)) return HL_TERM_BADARG;
    char sb[80], *text;
    size_t len;
    hl_term_status st = int_text(a, b, sb, &text, &len);
    if (st != HL_TERM_OK) return st;
    hl_term *p;
    st = hl_heap_alloc(h, 2 * len, &p);
    if (st == HL_TERM_OK) {
        hl_term l = HL_NIL;
        for (size_t i = len; i-- > 0;) {
            hl_term *c = p + 2 * i;
            c[0] = hl_make_small((unsigned char)text[i]);
            c[1] = l;
            l = hl_make_cons(c);
        }
        *out = l;
    }
    if (text != sb) hl_mem_free(text);
    return st;
}

hl_term_status hl_make_binary(hl_heap *h, const void *bytes, size_t len, hl_term *out) {
    if (len <= HL_HEAP_BIN_MAX) {
        size_t dw = (len + 7) / 8;
        hl_term *p;
        hl_term_status st = hl_heap_alloc(h, 2 + dw, &p);
        if (st != HL_TERM_OK) return st;
        p[0] = hl_make_header(HL_SUB_HEAP_BIN, 1 + dw);
        p[1] = len;
        if (dw) p[1 + dw] = 0; /* deterministic padding */
        if (len) memcpy(p + 2, bytes, len);
        *out = hl_make_boxed(p);
        return HL_TERM_OK;
    }
    /* Refuse before allocating: the bytes would be charged to this heap. */
    if (!hl_heap_fits(h, 0, len)) return HL_TERM_HEAP_LIMIT;
    hl_binary *b = hl_binary_new(len);
    if (!b) return HL_TERM_NOMEM;
    memcpy(b->data, bytes, len);
    hl_term_status st = hl_heap_make_refc_bin(h, b, out);
    hl_binary_decref(b);
    return st;
}

hl_term_status hl_bif_integer_to_binary(hl_heap *h, hl_term a, hl_term base, hl_term *out) {
    unsigned b;
    if (!hl_is_integer(a) || !base_of(base, &b)) return HL_TERM_BADARG;
    char sb[80], *text;
    size_t len;
    hl_term_status st = int_text(a, b, sb, &text, &len);
    if (st != HL_TERM_OK) return st;
    st = hl_make_binary(h, text, len, out);
    if (text != sb) hl_mem_free(text);
    return st;
}

hl_term_status hl_bif_list_to_integer(hl_heap *h, hl_term list, hl_term base, hl_term *out) {
    unsigned b;
    if (!base_of(base, &b)) return HL_TERM_BADARG;
    size_t len = 0;
    hl_term l = list;
    for (; hl_is_cons(l); l = hl_cdr(l)) {
        hl_term c = hl_car(l);
        if (!hl_is_small(c) || hl_small_val(c) < 0 || hl_small_val(c) > 0x10FFFF) return HL_TERM_BADARG;
        len++;
    }
    if (l != HL_NIL || len == 0) return HL_TERM_BADARG;
    unsigned char *buf = hl_mem_alloc(len);
    if (!buf) return HL_TERM_NOMEM;
    size_t i = 0;
    for (l = list; hl_is_cons(l); l = hl_cdr(l)) {
        int64_t c = hl_small_val(hl_car(l));
        buf[i++] = c > 127 ? 0xFF : (unsigned char)c; /* never a digit */
    }
    hl_term_status st = hl_int_from_text(h, buf, len, b, out);
    hl_mem_free(buf);
    return st;
}

hl_term_status hl_bif_binary_to_integer(hl_heap *h, hl_term bin, hl_term base, hl_term *out) {
    unsigned b;
    if (!base_of(base, &b) || !hl_is_binary_obj(bin)) return HL_TERM_BADARG;
    const unsigned char *bytes;
    uint64_t off, bits;
    hl_bitstring_view(bin, &bytes, &off, &bits);
    if (bits % 8) return HL_TERM_BADARG;
    size_t len = (size_t)(bits / 8);
    if (off % 8 == 0) return hl_int_from_text(h, bytes + off / 8, len, b, out);
    unsigned char *buf = hl_mem_alloc(len ? len : 1);
    if (!buf) return HL_TERM_NOMEM;
    const unsigned char *src = bytes + off / 8;
    unsigned sh = (unsigned)(off % 8);
    for (size_t i = 0; i < len; i++)
        buf[i] = (unsigned char)((src[i] << sh) | (src[i + 1] >> (8 - sh)));
    hl_term_status st = hl_int_from_text(h, buf, len, b, out);
    hl_mem_free(buf);
    return st;
}
