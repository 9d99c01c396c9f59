/* constfold.c — constant integer expressions in patterns (`-1`, `1 + 2`,
 * `16#FF band 3`, `Big - 7`), folded at compile time as OTP does
 * (erl_lint/erl_expand accept any constant integer expression there).
 * Arbitrary precision through GMP's mpz layer; every intermediate result is
 * capped in bits so a hostile `1 bsl 100000000` or repeated squaring cannot
 * take unbounded memory or time, and recursion is capped in depth. */
#include "core/constfold.h"

#include <gmp.h>
#include <limits.h>
#include <string.h>

#include "front/token.h"

enum { FOLD_MAX_DEPTH = 64 };

static bool fold(const hl_ast *p, mpz_t out, int depth, size_t max_bits) {
    if (depth > FOLD_MAX_DEPTH) return false;
    switch ((hl_ast_kind)p->kind) {
    case HL_AST_CHAR:
        mpz_set_si(out, (long)p->u.integer.i);
        return true;
    case HL_AST_INTEGER:
        if (p->flags & HL_AST_INT_BIG) return mpz_set_str(out, p->u.integer.digits.ptr, 10) == 0;
        mpz_set_si(out, (long)p->u.integer.i);
        return true;
    case HL_AST_OP1:
        if (!fold(p->u.arg, out, depth + 1, max_bits)) return false;
        if (p->op == HL_TOK_PLUS) return true;
        if (p->op == HL_TOK_MINUS) return mpz_neg(out, out), true;
        if (p->op == HL_TOK_BNOT) return mpz_com(out, out), true;
        return false;
    case HL_AST_OP2: break;
    default: return false;
    }
    mpz_t b;
    mpz_init(b);
    bool ok = fold(p->u.bin.left, out, depth + 1, max_bits) && fold(p->u.bin.right, b, depth + 1, max_bits);
    if (ok) {
        switch (p->op) {
        case HL_TOK_PLUS: mpz_add(out, out, b); break;
        case HL_TOK_MINUS: mpz_sub(out, out, b); break;
        case HL_TOK_STAR:
            ok = mpz_sizeinbase(out, 2) + mpz_sizeinbase(b, 2) <= max_bits;
            if (ok) mpz_mul(out, out, b);
            break;
        case HL_TOK_DIV: /* truncating, like Erlang */
            ok = mpz_sgn(b) != 0;
            if (ok) mpz_tdiv_q(out, out, b);
            break;
        case HL_TOK_REM:
            ok = mpz_sgn(b) != 0;
            if (ok) mpz_tdiv_r(out, out, b);
            break;
        case HL_TOK_BAND: mpz_and(out, out, b); break;
        case HL_TOK_BOR: mpz_ior(out, out, b); break;
        case HL_TOK_BXOR: mpz_xor(out, out, b); break;
        case HL_TOK_BSL: case HL_TOK_BSR: {
            /* X bsl N = X bsr -N; shifts are bounded by the bit cap. */
            ok = mpz_fits_slong_p(b);
            if (!ok) break;
            long n = mpz_get_si(b);
            if (p->op == HL_TOK_BSR) n = n == LONG_MIN ? LONG_MAX : -n;
            if (n >= 0) {
                ok = (size_t)n <= max_bits && mpz_sizeinbase(out, 2) + (size_t)n <= max_bits;
                if (ok) mpz_mul_2exp(out, out, (mp_bitcnt_t)n);
            } else {
                unsigned long s = n == LONG_MIN ? (unsigned long)LONG_MAX : (unsigned long)-n;
                mpz_fdiv_q_2exp(out, out, (mp_bitcnt_t)s); /* floor: -1 bsr 1 = -1 */
            }
            break;
        }
        default: ok = false; break;
        }
    }
    mpz_clear(b);
    return ok && mpz_sizeinbase(out, 2) <= max_bits;
}

bool hl_core_const_int(const hl_ast *p, size_t max_bits, hl_arena *arena, hl_core_lit *out, bool *oom) {
    *oom = false;
    if (p->kind != HL_AST_OP1 && p->kind != HL_AST_OP2) return false;
    mpz_t v;
    mpz_init(v);
    bool ok = fold(p, v, 0, max_bits);
    if (ok) {
        if (mpz_fits_slong_p(v) && sizeof(long) == sizeof(int64_t)) {
            out->kind = HL_LIT_INT;
            out->u.i = (int64_t)mpz_get_si(v);
        } else {
            size_t cap = mpz_sizeinbase(v, 10) + 2;
            char *text = hl_arena_alloc(arena, cap);
            if (!text) {
                *oom = true;
                ok = false;
            } else {
                mpz_get_str(text, 10, v);
                out->kind = HL_LIT_BIGINT;
                out->u.digits.ptr = text;
                out->u.digits.len = (uint32_t)strlen(text);
            }
        }
    }
    mpz_clear(v);
    return ok;
}
