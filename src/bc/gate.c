/* gate.c — the bytecode gate (docs/bytecode.md §4). Deliberately separate
 * from codegen and simple: a structural parse of the image with every size
 * checked, then per function a decode pass (opcodes, operand kinds and
 * ranges, labels on instruction starts) and a flow pass (frames, try/catch
 * handlers, heap reservations) over an explicit worklist — no recursion.
 * A stdlib image takes the two halves apart: its structure when it is
 * loaded (hl_gate_check_tables), each function's passes when the function
 * is first called (hl_gate_check_function). */
#include "bc/gate.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "base/utf8.h"

typedef struct gate {
    const uint8_t *bytes;
    size_t size;
    size_t pos;
    hl_bc_image *img;
    char *err;
    size_t errlen;
    /* The code being checked: words and their classes (written by the
     * decode pass) and marks, each indexed by code offset - base: the whole
     * image's (base 0) or one function's (hl_gate_check_function). */
    const uint32_t *code;
    uint8_t *classes;
    uint32_t base;
    uint8_t *mark; /* per code word: MARK_* bits (opcode words) */
    /* the label operands of the function being decoded: (instruction pc,
     * operand word) pairs, checked once its instruction starts are known */
    uint32_t (*labels)[2];
    uint32_t nlabels;
    uint32_t lim[16]; /* per operand kind: values must lie below (check_code) */
    /* the flow pass's arrays, sized once for the longest function */
    int32_t *flow_at;
    struct fstate *flow_states;
    uint32_t *flow_work;
    uint32_t flow_cap; /* states flow_states holds */
    bool tables_only; /* hl_gate_check_tables: the code passes are left for later */
    bool nomem;       /* it failed for lack of memory, not a refusal (no_memory) */
} gate;

/* A code offset as an index into g's code, classes and marks. */
#define AT(pc) ((pc) - g->base)

__attribute__((format(printf, 2, 3))) static bool fail(gate *g, const char *fmt, ...);
static bool fail(gate *g, const char *fmt, ...) {
    if (g->err && g->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(g->err, g->errlen, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* An allocation failed: not a verdict on the image (a caller may try
 * again, hl_gate_check_function's nomem). */
static bool no_memory(gate *g) {
    g->nomem = true;
    return fail(g, "out of memory");
}

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool take(gate *g, size_t n, const uint8_t **out) {
    if (n > g->size - g->pos) return fail(g, "image truncated at byte %zu", g->pos);
    *out = g->bytes + g->pos;
    g->pos += n;
    return true;
}

static bool take32(gate *g, uint32_t *v) {
    const uint8_t *p = NULL;
    if (!take(g, 4, &p)) return false;
    *v = rd32(p);
    return true;
}

/* ---- atoms ---------------------------------------------------------- */

/* FNV-1a of an atom name, for the duplicate check. */
static uint32_t name_hash(const uint8_t *s, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 16777619u;
    return h;
}

/* Whether two of the n atom names are equal: an open-addressing hash set
 * of indices (linear in the names' bytes; no sort). */
static bool atoms_distinct(gate *g, const hl_bc_image *img, uint32_t n, bool *distinct) {
    size_t cap = 16;
    while (cap < 2 * (size_t)n) cap *= 2;
    uint32_t *slot = hl_mem_calloc(cap, sizeof *slot); /* atom index + 1; 0 empty */
    if (!slot) return no_memory(g);
    *distinct = true;
    for (uint32_t i = 0; i < n && *distinct; i++) {
        size_t len = img->atom_lens[i];
        size_t j = name_hash(img->atom_names[i], len) & (cap - 1);
        for (; slot[j]; j = (j + 1) & (cap - 1)) {
            uint32_t o = slot[j] - 1;
            if (img->atom_lens[o] == len && memcmp(img->atom_names[o], img->atom_names[i], len) == 0) {
                *distinct = false;
                break;
            }
        }
        slot[j] = i + 1;
    }
    hl_mem_free(slot);
    return true;
}

static bool check_atoms(gate *g, uint32_t n, uint32_t bytes) {
    hl_bc_image *img = g->img;
    const uint8_t *sec = NULL;
    if (!take(g, bytes, &sec)) return false;
    img->n_atoms = n;
    if (n == 0) return bytes == 0 ? true : fail(g, "atom section size mismatch");
    img->atom_names = hl_mem_calloc(n, sizeof *img->atom_names);
    img->atom_lens = hl_mem_calloc(n, sizeof *img->atom_lens);
    if (!img->atom_names || !img->atom_lens) return no_memory(g);
    size_t p = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (bytes - p < 2) return fail(g, "atom %u truncated", i);
        size_t len = (size_t)sec[p] | (size_t)sec[p + 1] << 8;
        p += 2;
        if (len > HL_BC_MAX_ATOM_BYTES) return fail(g, "atom %u: bad length %zu", i, len); /* '' is an atom */
        if (bytes - p < len) return fail(g, "atom %u truncated", i);
        size_t cps;
        if (!hl_utf8_valid(sec + p, len, &cps) || cps > 255) return fail(g, "atom %u: not a valid atom name", i);
        img->atom_names[i] = sec + p;
        img->atom_lens[i] = (uint16_t)len;
        p += len;
    }
    if (p != bytes) return fail(g, "atom section size mismatch");
    bool distinct = true;
    if (!atoms_distinct(g, img, n, &distinct)) return false;
    return distinct ? true : fail(g, "duplicate atom name");
}

/* ---- literals -------------------------------------------------------- */

/* Validates one encoded literal iteratively: `pending` counts the terms
 * still to read, so nesting needs no stack. */
static bool check_literal(gate *g, uint32_t li, const uint8_t *s, size_t n) {
    size_t p = 0;
    uint64_t pending = 1;
    while (pending) {
        pending--;
        if (p >= n) return fail(g, "literal %u truncated", li);
        uint8_t tag = s[p++];
        uint32_t v;
        switch (tag) {
        case HL_BC_LIT_SMALL: {
            if (n - p < 8) return fail(g, "literal %u truncated", li);
            uint64_t u = (uint64_t)rd32(s + p) | (uint64_t)rd32(s + p + 4) << 32;
            int64_t x;
            memcpy(&x, &u, sizeof x);
            if (x < HL_BC_SMALL_MIN || x > HL_BC_SMALL_MAX) return fail(g, "literal %u: small out of range", li);
            p += 8;
            break;
        }
        case HL_BC_LIT_BIG: {
            if (n - p < 5) return fail(g, "literal %u truncated", li);
            uint8_t sign = s[p];
            v = rd32(s + p + 1);
            p += 5;
            if (sign > 1 || v == 0 || v > HL_BC_MAX_BIG_BYTES || n - p < v)
                return fail(g, "literal %u: bad bignum", li);
            if (s[p + v - 1] == 0) return fail(g, "literal %u: bignum not normalised", li);
            if (v <= 8) { /* must be outside the small range */
                uint64_t m = 0;
                for (uint32_t k = 0; k < v; k++) m |= (uint64_t)s[p + k] << (8 * k);
                uint64_t lim = sign ? (UINT64_C(1) << 59) : (UINT64_C(1) << 59) - 1;
                if (m <= lim) return fail(g, "literal %u: bignum in small range", li);
            }
            p += v;
            break;
        }
        case HL_BC_LIT_FLOAT: {
            if (n - p < 8) return fail(g, "literal %u truncated", li);
            uint64_t u = (uint64_t)rd32(s + p) | (uint64_t)rd32(s + p + 4) << 32;
            if (((u >> 52) & 0x7FF) == 0x7FF) return fail(g, "literal %u: non-finite float", li);
            p += 8;
            break;
        }
        case HL_BC_LIT_ATOM:
            if (n - p < 4) return fail(g, "literal %u truncated", li);
            if (rd32(s + p) >= g->img->n_atoms) return fail(g, "literal %u: atom index out of range", li);
            p += 4;
            break;
        case HL_BC_LIT_NIL:
            break;
        case HL_BC_LIT_TUPLE:
        case HL_BC_LIT_LIST:
        case HL_BC_LIT_MAP:
            if (n - p < 4) return fail(g, "literal %u truncated", li);
            v = rd32(s + p);
            p += 4;
            if (tag == HL_BC_LIT_LIST && v == 0) return fail(g, "literal %u: empty list node", li);
            /* Every element takes at least one byte: bound before counting. */
            if (v > n) return fail(g, "literal %u: count exceeds size", li);
            pending += tag == HL_BC_LIT_TUPLE ? v : tag == HL_BC_LIT_LIST ? (uint64_t)v + 1 : 2 * (uint64_t)v;
            break;
        case HL_BC_LIT_BINARY:
            if (n - p < 4) return fail(g, "literal %u truncated", li);
            v = rd32(s + p);
            p += 4;
            if (n - p < v) return fail(g, "literal %u truncated", li);
            p += v;
            break;
        default:
            return fail(g, "literal %u: unknown tag %u", li, tag);
        }
        if (pending > n - p) return fail(g, "literal %u truncated", li);
    }
    if (p != n) return fail(g, "literal %u: trailing bytes", li);
    return true;
}

static bool check_literals(gate *g, uint32_t n, uint32_t bytes) {
    hl_bc_image *img = g->img;
    const uint8_t *sec = NULL;
    if (!take(g, bytes, &sec)) return false;
    img->n_literals = n;
    if (n == 0) return bytes == 0 ? true : fail(g, "literal section size mismatch");
    img->lit_bytes = hl_mem_calloc(n, sizeof *img->lit_bytes);
    img->lit_lens = hl_mem_calloc(n, sizeof *img->lit_lens);
    if (!img->lit_bytes || !img->lit_lens) return no_memory(g);
    size_t p = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (bytes - p < 4) return fail(g, "literal %u truncated", i);
        uint32_t len = rd32(sec + p);
        p += 4;
        if (len == 0 || len > HL_BC_MAX_LITERAL_BYTES || bytes - p < len)
            return fail(g, "literal %u: bad length", i);
        if (!check_literal(g, i, sec + p, len)) return false;
        img->lit_bytes[i] = sec + p;
        img->lit_lens[i] = len;
        p += len;
    }
    return p == bytes ? true : fail(g, "literal section size mismatch");
}

/* ---- functions, code, lines ----------------------------------------- */

static int cmp_pair(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static bool check_functions(gate *g, uint32_t n, uint32_t n_code) {
    hl_bc_image *img = g->img;
    img->n_functions = n;
    img->funcs = hl_mem_calloc(n, sizeof *img->funcs);
    if (!img->funcs) return no_memory(g);
    uint64_t *exp = hl_mem_calloc(n, sizeof *exp);
    if (!exp) return no_memory(g);
    uint32_t n_exp = 0;
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) {
        uint32_t w[6];
        for (int k = 0; k < 6 && ok; k++) ok = take32(g, &w[k]);
        if (!ok) break;
        hl_bc_function *f = &img->funcs[i];
        f->name = w[0], f->arity = w[1], f->entry = w[2], f->frame_size = w[3], f->flags = w[4], f->module = w[5];
        if (f->name >= img->n_atoms) ok = fail(g, "function %u: name out of range", i);
        else if (f->arity > HL_BC_MAX_ARITY) ok = fail(g, "function %u: arity too large", i);
        else if (f->frame_size > HL_BC_MAX_FRAME) ok = fail(g, "function %u: frame too large", i);
        else if (f->flags & ~HL_BC_FN_EXPORTED) ok = fail(g, "function %u: reserved bits set", i);
        else if (f->module >= img->n_atoms) ok = fail(g, "function %u: module out of range", i);
        else if (i == 0 ? f->entry != 0 : f->entry <= img->funcs[i - 1].entry)
            ok = fail(g, "function %u: entries not increasing from 0", i);
        else if (f->entry >= n_code) ok = fail(g, "function %u: entry out of range", i);
        if (ok && (f->flags & HL_BC_FN_EXPORTED)) exp[n_exp++] = (uint64_t)f->name << 8 | f->arity;
    }
    if (ok) {
        for (uint32_t i = 0; i < n; i++) img->funcs[i].end = i + 1 < n ? img->funcs[i + 1].entry : n_code;
        qsort(exp, n_exp, sizeof *exp, cmp_pair);
        for (uint32_t i = 1; i < n_exp && ok; i++)
            if (exp[i] == exp[i - 1]) ok = fail(g, "duplicate exported function");
    }
    hl_mem_free(exp);
    return ok;
}

/* The operand kinds each signature class admits (docs/bytecode.md §2.5),
 * as bit sets: one table lookup per operand word. */
#define KB(k) (1u << HL_K_##k)
static const uint16_t class_kinds[128] = {
    ['s'] = KB(X) | KB(Y) | KB(LIT) | KB(INT) | KB(ATOM) | KB(NIL),
    ['d'] = KB(X) | KB(Y),
    ['y'] = KB(Y),
    ['c'] = KB(LIT) | KB(INT) | KB(ATOM) | KB(NIL),
    ['l'] = KB(LABEL),
    ['f'] = KB(LABEL) | KB(NOFAIL),
    ['u'] = KB(U),
    ['a'] = KB(ATOM),
    ['F'] = KB(FUNC),
    ['B'] = KB(BIF),
    ['I'] = KB(IMPORT),
};
#undef KB

/* Per-instruction marks (g->mark, at the opcode word). */
enum {
    MARK_TARGET = 1, /* a jump target */
    MARK_Y = 2,      /* has a Y operand in a class the flow pass checks */
    MARK_LABEL = 4,  /* has a label operand */
    MARK_LEN_SHIFT = 3, /* bits 3..7: the instruction's length in words, 0 when 32 or more */
};

/* Classes whose Y operands the flow pass checks against the frame. */
static const bool class_reads_y[128] = {['s'] = true, ['d'] = true, ['y'] = true};

/* Checks one operand word against its class: the kind through class_kinds,
 * the value against g->lim (kinds without a range: UINT32_MAX; INT any
 * 28-bit value, U and LABEL checked per use; Y against the frame in the
 * flow pass). */
static inline bool check_operand(gate *g, uint32_t pc, char cls, uint32_t w) {
    unsigned k = HL_BC_KIND(w);
    uint32_t v = HL_BC_VALUE(w);
    if (!((class_kinds[(unsigned char)cls & 127] >> k) & 1))
        return fail(g, "code %u: operand kind %u not allowed for class '%c'", pc, k, cls);
    if (v >= g->lim[k] || (k == HL_K_BIF && !hl_bc_builtins[v].is_bif))
        return fail(g, "code %u: operand value %u out of range", pc, v);
    return true;
}

/* Decoded instruction: operand words and their classes, in order. The
 * list fields are filled by decode() (pass 1) only. */
typedef struct insn {
    uint32_t pc, op, len;
    const uint32_t *w;   /* operand words (w[0] = first operand) */
    const uint8_t *cls;  /* their classes (img->classes + pc + 1) */
    uint32_t nw;         /* operand words */
    uint32_t list_at;    /* index of the first list operand word (or nw) */
    uint32_t list_k;     /* list count */
} insn;

/* Marks what the later passes need of operand word pos (class cls, already
 * checked) of the instruction at pc. */
static inline void note_operand(gate *g, uint32_t pc, uint32_t pos, uint8_t cls) {
    unsigned k = HL_BC_KIND(g->code[AT(pos)]);
    if (k == HL_K_Y && class_reads_y[cls & 127]) g->mark[AT(pc)] |= MARK_Y;
    else if (k == HL_K_LABEL) {
        g->mark[AT(pc)] |= MARK_LABEL;
        g->labels[g->nlabels][0] = pc, g->labels[g->nlabels++][1] = pos;
    }
}

/* Decodes and kind/range-checks the instruction at pc within [.., end),
 * recording each operand word's class in g->classes. */
static bool decode(gate *g, uint32_t pc, uint32_t end, insn *in) {
    const uint32_t *code = g->code;
    uint8_t *classes = g->classes;
    uint32_t w0 = code[AT(pc)];
    if (HL_BC_KIND(w0) != HL_K_OP || HL_BC_VALUE(w0) >= HL_OP__COUNT)
        return fail(g, "code %u: not a known opcode word", pc);
    in->pc = pc;
    in->op = HL_BC_VALUE(w0);
    in->w = code + AT(pc) + 1;
    in->cls = classes + AT(pc) + 1;
    in->list_at = UINT32_MAX;
    in->list_k = 0;
    const char *sig = hl_bc_ops[in->op].sig;
    uint32_t pos = pc + 1, prev = 0;
    for (const char *c = sig; *c; c++) {
        if (*c == '*') {
            uint32_t n = (uint32_t)(c[1] - '0');
            uint32_t k = HL_BC_VALUE(prev);
            if (k > HL_BC_MAX_LIST) return fail(g, "code %u: list too long", pc);
            in->list_at = pos - (pc + 1), in->list_k = k;
            for (uint32_t i = 0; i < k; i++)
                for (uint32_t j = 0; j < n; j++) {
                    if (pos >= end) return fail(g, "code %u: instruction runs past the function", pc);
                    if (!check_operand(g, pc, c[2 + j], code[AT(pos)])) return false;
                    note_operand(g, pc, pos, (uint8_t)c[2 + j]);
                    classes[AT(pos)] = (uint8_t)c[2 + j];
                    pos++;
                }
            c += 1 + n;
            continue;
        }
        if (pos >= end) return fail(g, "code %u: instruction runs past the function", pc);
        if (!check_operand(g, pc, *c, code[AT(pos)])) return false;
        note_operand(g, pc, pos, (uint8_t)*c);
        classes[AT(pos)] = (uint8_t)*c;
        prev = code[AT(pos)];
        pos++;
    }
    in->len = pos - pc;
    in->nw = in->len - 1;
    if (in->list_at == UINT32_MAX) in->list_at = in->nw;
    if (in->len < 32) g->mark[AT(pc)] |= (uint8_t)(in->len << MARK_LEN_SHIFT);
    return true;
}

/* An instruction pass 1 accepted, from the classes it recorded (an operand
 * word's class is never 0): no signature to walk again. */
static void redecode(const gate *g, uint32_t pc, uint32_t end, insn *in) {
    const uint8_t *classes = g->classes;
    uint32_t e = pc + (g->mark[AT(pc)] >> MARK_LEN_SHIFT);
    if (e == pc) /* a long instruction: find its end */
        for (e = pc + 1; e < end && classes[AT(e)];) e++;
    in->pc = pc;
    in->op = HL_BC_VALUE(g->code[AT(pc)]);
    in->w = g->code + AT(pc) + 1;
    in->cls = classes + AT(pc) + 1;
    in->len = e - pc;
    in->nw = in->len - 1;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* A bit syntax segment descriptor (bc/bytecode.h): known type and
 * endianness, unit 1..256, no stray bits; skip only when matching. */
static bool bs_desc_ok(uint32_t d, bool matching) {
    if (d >> HL_BS_DESC_BITS) return false;
    if ((d & HL_BS_SKIP) && !matching) return false;
    return HL_BS_TYPE(d) <= HL_BS_UTF32 && HL_BS_ENDIAN(d) <= 2 && HL_BS_UNIT(d) >= 1 && HL_BS_UNIT(d) <= 256;
}

/* Per-opcode static rules (pass 1). */
static bool static_rules(gate *g, const hl_bc_function *fn, const insn *in) {
    const hl_bc_image *img = g->img;
    const uint32_t *w = in->w;
#define V(i) HL_BC_VALUE(w[i])
    switch (in->op) {
    case HL_OP_allocate:
        if (V(0) > fn->frame_size) return fail(g, "code %u: allocate above the function's frame size", in->pc);
        if (V(1) > HL_BC_MAX_X) return fail(g, "code %u: live count too large", in->pc);
        break;
    case HL_OP_test_heap:
        if (V(0) > HL_BC_MAX_HEAP_NEED) return fail(g, "code %u: heap need too large", in->pc);
        if (V(1) > HL_BC_MAX_X) return fail(g, "code %u: live count too large", in->pc);
        break;
    case HL_OP_call: case HL_OP_call_last: case HL_OP_call_only:
        if (V(0) != img->funcs[V(1)].arity) return fail(g, "code %u: call arity mismatch", in->pc);
        break;
    case HL_OP_call_ext: case HL_OP_call_ext_last: case HL_OP_call_ext_only:
        if (V(0) != img->imports[V(1)][2]) return fail(g, "code %u: call_ext arity mismatch", in->pc);
        break;
    case HL_OP_call_fun: case HL_OP_call_fun_last: case HL_OP_call_fun_only:
        if (V(0) > HL_BC_MAX_ARITY) return fail(g, "code %u: fun arity too large", in->pc);
        break;
    case HL_OP_is_function2:
        if (V(2) > HL_BC_MAX_ARITY) return fail(g, "code %u: arity too large", in->pc);
        break;
    case HL_OP_bif:
        if (hl_bc_builtins[V(1)].arity != V(3)) return fail(g, "code %u: builtin arity mismatch", in->pc);
        if (V(2) > HL_BC_MAX_X) return fail(g, "code %u: live count too large", in->pc);
        break;
    case HL_OP_add: case HL_OP_sub: case HL_OP_mul:
        if (V(1) > HL_BC_MAX_X) return fail(g, "code %u: live count too large", in->pc);
        break;
    case HL_OP_call_binding:
        /* The security invariant of bindings: only the program's own table. */
        if (V(1) >= img->n_bindings) return fail(g, "code %u: binding index outside the binding table", in->pc);
        if (V(0) != img->bindings[V(1)][2]) return fail(g, "code %u: binding arity mismatch", in->pc);
        break;
    case HL_OP_put_map_assoc: case HL_OP_put_map_exact:
        if (V(1) > HL_BC_MAX_X) return fail(g, "code %u: live count too large", in->pc);
        if (in->list_k > HL_BC_MAX_MAP_PAIRS) return fail(g, "code %u: too many map pairs", in->pc);
        break;
    case HL_OP_get_map_elements:
        if (in->list_k > HL_BC_MAX_MAP_PAIRS) return fail(g, "code %u: too many map pairs", in->pc);
        break;
    case HL_OP_make_fun:
        if (V(2) > img->funcs[V(1)].arity) return fail(g, "code %u: more free variables than arity", in->pc);
        break;
    case HL_OP_bs_create:
        if (V(1) > HL_BC_MAX_X) return fail(g, "code %u: live count too large", in->pc);
        for (uint32_t i = 0; i < in->list_k; i++)
            if (!bs_desc_ok(V(in->list_at + 3 * i), false)) return fail(g, "code %u: bad segment descriptor", in->pc);
        break;
    case HL_OP_bs_get:
        if (V(1) > HL_BC_MAX_X) return fail(g, "code %u: live count too large", in->pc);
        if (!bs_desc_ok(V(4), true)) return fail(g, "code %u: bad segment descriptor", in->pc);
        break;
    case HL_OP_select_val: case HL_OP_select_tuple_arity: {
        uint32_t k = in->list_k;
        if (k == 0) break;
        uint32_t small[32];
        uint32_t *keys = k <= 32 ? small : hl_mem_calloc(k, sizeof *keys);
        if (!keys) return no_memory(g);
        for (uint32_t i = 0; i < k; i++) keys[i] = w[in->list_at + 2 * i];
        qsort(keys, k, sizeof *keys, cmp_u32);
        bool dup = false;
        for (uint32_t i = 1; i < k && !dup; i++) dup = keys[i] == keys[i - 1];
        if (keys != small) hl_mem_free(keys);
        if (dup) return fail(g, "code %u: duplicate select value", in->pc);
        break;
    }
    default: break;
    }
#undef V
    return true;
}

/* Pass 1 over one function: decode, static rules, operand classes (so
 * instruction starts: the words of class 0). */
static bool pass_decode(gate *g, const hl_bc_function *fn) {
    insn in = {0};
    g->nlabels = 0;
    for (uint32_t pc = fn->entry; pc < fn->end; pc += in.len)
        if (!decode(g, pc, fn->end, &in) || !static_rules(g, fn, &in)) return false;
    /* Labels: instruction starts inside this function (the label operands
     * decode() listed). */
    const uint32_t *code = g->code;
    const uint8_t *classes = g->classes;
    for (uint32_t i = 0; i < g->nlabels; i++) {
        uint32_t at = g->labels[i][0], op = HL_BC_VALUE(code[AT(at)]);
        uint32_t t = HL_BC_VALUE(code[AT(g->labels[i][1])]);
        if (t < fn->entry || t >= fn->end || classes[AT(t)])
            return fail(g, "code %u: label %u is not an instruction of this function", at, t);
        /* Every cycle must pass a reduction-charging instruction: only
         * those may branch backward (to their own start or before). */
        if (t <= at && op != HL_OP_jump && !(hl_bc_ops[op].flags & HL_OPF_RED))
            return fail(g, "code %u: backward branch from a non-charging instruction", at);
        /* The receive loop's back edges go to its loop_rec (as in BEAM),
         * so they cannot be used as general charged jumps elsewhere. */
        if ((op == HL_OP_loop_rec_end || op == HL_OP_wait || op == HL_OP_wait_timeout) &&
            code[AT(t)] != HL_BC_WORD(HL_K_OP, HL_OP_loop_rec))
            return fail(g, "code %u: a receive loop edge must go to a loop_rec", at);
        g->mark[AT(t)] |= MARK_TARGET;
    }
    return true;
}

/* ---- flow pass ------------------------------------------------------- */

typedef struct fstate {
    int32_t frame;   /* -1: no frame */
    uint32_t heap;   /* words reserved */
    uint32_t ntry;
    uint16_t tries[HL_BC_MAX_TRY_DEPTH];
} fstate;

typedef struct flow {
    uint32_t base;      /* function entry */
    int32_t *at;        /* per code word of the function: state index or -1 */
    fstate *states;
    uint32_t nstates;
    uint32_t *work;     /* pcs to walk */
    uint32_t nwork;
    uint32_t cap;       /* states (and pending pcs) room: 1 + the function's label operands */
} flow;

static bool same_shape(const fstate *a, const fstate *b) {
    return a->frame == b->frame && a->ntry == b->ntry &&
           memcmp(a->tries, b->tries, a->ntry * sizeof a->tries[0]) == 0;
}

/* An edge to label t carrying state s (reservation reset at targets). */
static bool edge(gate *g, flow *f, uint32_t from, uint32_t t, const fstate *s) {
    fstate e = *s;
    e.heap = 0;
    int32_t i = f->at[t - f->base];
    if (i >= 0) {
        if (!same_shape(&f->states[i], &e)) return fail(g, "code %u: inconsistent frame/handlers at %u", from, t);
        return true;
    }
    /* every target is a label operand's (a fall-through into a target
     * too), so this never fails; checked all the same */
    if (f->nstates >= f->cap) return fail(g, "code %u: too many jump targets", from);
    f->at[t - f->base] = (int32_t)f->nstates;
    f->states[f->nstates++] = e;
    f->work[f->nwork++] = t;
    return true;
}

static bool slot_free(gate *g, const fstate *s, uint32_t pc, uint32_t y) {
    if (s->frame < 0 || y >= (uint32_t)s->frame) return fail(g, "code %u: y%u outside the frame", pc, y);
    for (uint32_t i = 0; i < s->ntry; i++)
        if (s->tries[i] == y) return fail(g, "code %u: y%u holds a handler", pc, y);
    return true;
}

static bool need_heap(gate *g, fstate *s, uint32_t pc, uint64_t words) {
    if (s->heap < words) return fail(g, "code %u: construction without heap reservation", pc);
    s->heap -= (uint32_t)words;
    return true;
}

/* Applies one instruction to s; returns false on a violation. */
static bool step(gate *g, flow *f, const insn *in, fstate *s) {
    const uint32_t *w = in->w;
    uint32_t pc = in->pc, op = in->op;
    unsigned flags = hl_bc_ops[op].flags;
#define V(i) HL_BC_VALUE(w[i])
    /* Y operands, except the handler slot named by the handler instructions. */
    bool handler_op = op == HL_OP_try || op == HL_OP_try_end || op == HL_OP_try_case ||
                      op == HL_OP_catch || op == HL_OP_catch_end;
    uint8_t mark = g->mark[AT(pc)];
    if (!handler_op && (mark & MARK_Y))
        for (uint32_t i = 0; i < in->nw; i++)
            if (HL_BC_KIND(w[i]) == HL_K_Y && class_reads_y[in->cls[i] & 127] && !slot_free(g, s, pc, V(i)))
                return false;
    switch (op) {
    case HL_OP_allocate:
        if (s->frame >= 0) return fail(g, "code %u: allocate with a frame", pc);
        s->frame = (int32_t)V(0);
        break;
    case HL_OP_deallocate:
        if (s->frame != (int32_t)V(0) || s->ntry) return fail(g, "code %u: deallocate mismatch", pc);
        s->frame = -1;
        break;
    case HL_OP_return: case HL_OP_call_only: case HL_OP_call_fun_only: case HL_OP_call_ext_only:
        if (s->frame >= 0) return fail(g, "code %u: needs no frame", pc);
        break;
    case HL_OP_call: case HL_OP_call_fun: case HL_OP_call_ext:
        if (s->frame < 0) return fail(g, "code %u: non-tail call without a frame", pc);
        break;
    case HL_OP_call_last: case HL_OP_call_ext_last:
        if (s->frame != (int32_t)V(2) || s->ntry) return fail(g, "code %u: call_last frame mismatch", pc);
        break;
    case HL_OP_call_fun_last:
        if (s->frame != (int32_t)V(1) || s->ntry) return fail(g, "code %u: call_fun_last frame mismatch", pc);
        break;
    case HL_OP_test_heap:
        s->heap = V(0);
        return true; /* not a GC-clear afterwards */
    case HL_OP_put_list:
        if (!need_heap(g, s, pc, 2)) return false;
        break;
    case HL_OP_put_tuple:
        if (!need_heap(g, s, pc, (uint64_t)V(1) + 1)) return false;
        break;
    case HL_OP_make_fun:
        if (!need_heap(g, s, pc, (uint64_t)V(2) + 3)) return false;
        break;
    case HL_OP_try: case HL_OP_catch: {
        uint32_t y = V(0), h = V(1);
        if (!slot_free(g, s, pc, y)) return false;
        if (s->ntry >= HL_BC_MAX_TRY_DEPTH) return fail(g, "code %u: handlers nested too deep", pc);
        /* Nested handlers use increasing slots: the VM finds the innermost
         * one as the highest marked slot of the topmost marked frame. */
        if (s->ntry && y <= s->tries[s->ntry - 1]) return fail(g, "code %u: nested handler slot not above its enclosing one", pc);
        /* The handler must begin with the matching try_case / catch_end. */
        const uint32_t *code = g->code;
        uint32_t want = op == HL_OP_try ? HL_OP_try_case : HL_OP_catch_end;
        if (code[AT(h)] != HL_BC_WORD(HL_K_OP, want) || code[AT(h) + 1] != HL_BC_WORD(HL_K_Y, y))
            return fail(g, "code %u: handler does not start with its %s", pc, hl_bc_ops[want].name);
        s->tries[s->ntry++] = (uint16_t)y;
        return edge(g, f, pc, h, s);
    }
    case HL_OP_try_end: case HL_OP_try_case: case HL_OP_catch_end:
        if (!s->ntry || s->tries[s->ntry - 1] != V(0)) return fail(g, "code %u: not the innermost handler", pc);
        s->ntry--;
        break;
    default: break;
    }
#undef V
    if (flags & HL_OPF_GC) s->heap = 0;
    /* Branch edges: every label operand. */
    if (mark & MARK_LABEL)
        for (uint32_t i = 0; i < in->nw; i++)
        if (HL_BC_KIND(w[i]) == HL_K_LABEL && !edge(g, f, pc, HL_BC_VALUE(w[i]), s)) return false;
    return true;
}

/* The flow pass over one function, in g's arrays (check_code sized them
 * for the longest function). */
static bool pass_flow(gate *g, const hl_bc_function *fn) {
    uint32_t n = fn->end - fn->entry;
    flow f = {.base = fn->entry, .at = g->flow_at, .states = g->flow_states, .work = g->flow_work,
              .cap = g->flow_cap};
    bool ok = true;
    memset(f.at, 0xFF, (size_t)n * sizeof *f.at); /* every entry -1 */
    fstate s0 = {.frame = -1};
    f.at[0] = 0;
    f.states[f.nstates++] = s0;
    f.work[f.nwork++] = fn->entry;
    while (ok && f.nwork) {
        uint32_t pc = f.work[--f.nwork];
        fstate s = f.states[f.at[pc - fn->entry]];
        for (bool first = true;; first = false) {
            if (pc >= fn->end) {
                ok = fail(g, "function falls off its end");
                break;
            }
            if (!first && (g->mark[AT(pc)] & MARK_TARGET)) { /* fall-through into a jump target */
                ok = edge(g, &f, pc, pc, &s);
                break;
            }
            insn in;
            redecode(g, pc, fn->end, &in);
            if (!(ok = step(g, &f, &in, &s))) break;
            if (hl_bc_ops[in.op].flags & HL_OPF_TERM) break;
            pc += in.len;
        }
    }
    return ok;
}

/* Host byte order is little-endian: the code section can be copied. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define GATE_LE 1
#else
#define GATE_LE 0
#endif

/* Value bounds per operand kind (check_operand), from the image's tables. */
static void set_limits(gate *g) {
    const hl_bc_image *img = g->img;
    for (unsigned k = 0; k < 16; k++) g->lim[k] = 0;
    g->lim[HL_K_X] = HL_BC_MAX_X;
    g->lim[HL_K_Y] = HL_BC_MAX_FRAME; /* against the frame in the flow pass */
    g->lim[HL_K_LIT] = img->n_literals;
    g->lim[HL_K_INT] = UINT32_MAX;    /* any 28-bit value */
    g->lim[HL_K_ATOM] = img->n_atoms;
    g->lim[HL_K_NIL] = 1;             /* value 0 only */
    g->lim[HL_K_LABEL] = UINT32_MAX;  /* per use (pass_decode) */
    g->lim[HL_K_NOFAIL] = 1;
    g->lim[HL_K_FUNC] = img->n_functions;
    g->lim[HL_K_BIF] = hl_bc_builtin_count;
    g->lim[HL_K_U] = UINT32_MAX;      /* per use */
    g->lim[HL_K_IMPORT] = img->n_imports;
}

/* The flow pass's arrays for functions of at most `longest` words and
 * `labels` label operands: a state per jump target (each one a label
 * operand's or the entry), and no more pending. */
static bool alloc_flow_arrays(gate *g, uint32_t longest, uint32_t labels) {
    g->flow_at = hl_mem_alloc((size_t)longest * sizeof *g->flow_at);
    g->flow_states = hl_mem_alloc(((size_t)labels + 1) * sizeof *g->flow_states);
    g->flow_work = hl_mem_alloc(((size_t)labels + 1) * sizeof *g->flow_work);
    g->flow_cap = labels + 1;
    return g->flow_at && g->flow_states && g->flow_work ? true : no_memory(g);
}

static void free_pass_arrays(gate *g) {
    hl_mem_free(g->mark);
    hl_mem_free(g->labels);
    hl_mem_free(g->flow_at);
    hl_mem_free(g->flow_states);
    hl_mem_free(g->flow_work);
}

static bool check_code(gate *g, uint32_t n_code) {
    hl_bc_image *img = g->img;
    const uint8_t *sec = NULL;
    size_t bytes;
    if (!hl_size_mul(n_code, 4, &bytes) || !take(g, bytes, &sec)) return false;
    img->n_code = n_code;
    img->code_bytes = sec;
    /* A stdlib image: its code is checked function by function when each
     * is first needed (hl_gate_check_function). */
    if (g->tables_only) return true;
    img->code = hl_mem_alloc(bytes);
    img->classes = hl_mem_calloc(n_code, 1);
    g->mark = hl_mem_calloc(n_code, 1);
    if (!img->code || !img->classes || !g->mark) return no_memory(g);
    if (GATE_LE) memcpy(img->code, sec, bytes);
    else
        for (uint32_t i = 0; i < n_code; i++) img->code[i] = rd32(sec + 4 * (size_t)i);
    g->code = img->code, g->classes = img->classes, g->base = 0;
    set_limits(g);
    uint32_t longest = 0;
    for (uint32_t i = 0; i < img->n_functions; i++)
        if (img->funcs[i].end - img->funcs[i].entry > longest) longest = img->funcs[i].end - img->funcs[i].entry;
    g->labels = hl_mem_alloc((size_t)longest * sizeof *g->labels); /* at most one per word */
    if (!g->labels) return no_memory(g);
    uint32_t most = 0; /* label operands in one function */
    for (uint32_t i = 0; i < img->n_functions; i++) {
        if (!pass_decode(g, &img->funcs[i])) return false;
        if (g->nlabels > most) most = g->nlabels;
    }
    if (!alloc_flow_arrays(g, longest, most)) return false;
    for (uint32_t i = 0; i < img->n_functions; i++) {
        /* the entry is reachable by calls: it is a target of sorts, not a label */
        if (!pass_flow(g, &img->funcs[i])) return false;
    }
    return true;
}

/* The line table: offsets inside the code, strictly increasing, and (once
 * the classes are known: the whole gate) each an instruction's start; for
 * a function checked on its own, hl_gate_check_function checks its lines. */
static bool check_lines(gate *g, uint32_t n) {
    hl_bc_image *img = g->img;
    img->n_lines = n;
    if (n == 0) return true;
    size_t bytes;
    const uint8_t *sec = NULL;
    if (!hl_size_mul(n, 8, &bytes) || !take(g, bytes, &sec)) return false;
    img->lines = hl_mem_alloc(bytes);
    if (!img->lines) return no_memory(g);
    for (uint32_t i = 0; i < 2 * n; i++) img->lines[i] = rd32(sec + 4 * (size_t)i);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t off = img->lines[2 * i];
        if (off >= img->n_code || (img->classes && img->classes[off]))
            return fail(g, "line %u: not an instruction", i);
        if (i && off <= img->lines[2 * i - 2]) return fail(g, "line %u: offsets not increasing", i);
    }
    return true;
}

/* ---- bindings ------------------------------------------------------- */

static bool atom_is_n(const hl_bc_image *img, uint32_t a, const char *s, size_t n) {
    return img->atom_lens[a] == n && memcmp(img->atom_names[a], s, n) == 0;
}

static bool atom_is(const hl_bc_image *img, uint32_t a, const char *s) { return atom_is_n(img, a, s, strlen(s)); }

/* The binding table (§2.7) at byte offset `at` (it ends the image; read
 * before the code so that call_binding can be checked against it). */
static bool check_bindings(gate *g, size_t at, uint32_t n) {
    hl_bc_image *img = g->img;
    img->n_bindings = n;
    img->bindings = hl_mem_calloc(n, sizeof *img->bindings);
    if (!img->bindings) return no_memory(g);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *e = g->bytes + at + 4 + 12 * (size_t)i;
        uint32_t mod = rd32(e), fun = rd32(e + 4), arity = rd32(e + 8);
        if (mod >= img->n_atoms || fun >= img->n_atoms) return fail(g, "binding %u: atom out of range", i);
        if (arity > HL_BC_MAX_ARITY) return fail(g, "binding %u: arity too large", i);
        /* A binding never stands for an allowlisted function or erlang:_. */
        if (atom_is(img, mod, "erlang")) return fail(g, "binding %u: module erlang is reserved", i);
        for (uint32_t b = 0; b < hl_bc_builtin_count; b++)
            if (hl_bc_builtins[b].arity == arity &&
                atom_is_n(img, mod, hl_bc_builtins[b].module, hl_bc_builtins[b].module_len) &&
                atom_is_n(img, fun, hl_bc_builtins[b].name, hl_bc_builtins[b].name_len))
                return fail(g, "binding %u: collides with the builtin allowlist", i);
        for (uint32_t k = 0; k < i; k++)
            if (img->bindings[k][0] == mod && img->bindings[k][1] == fun && img->bindings[k][2] == arity)
                return fail(g, "binding %u: duplicate", i);
        img->bindings[i][0] = mod, img->bindings[i][1] = fun, img->bindings[i][2] = arity;
    }
    return true;
}

/* ---- imports -------------------------------------------------------- */

/* The import table (§2.8) at byte offset `at`. An import names a function
 * of another module: one of the stdlib's Erlang functions on the allowlist
 * (an ERL entry of core/builtins.def), or a function of a module that is
 * not on the allowlist at all (another module of the same program, which
 * the linker resolves within the program only). A module the allowlist
 * names can be reached only through its allowlisted entries, and erlang
 * never: its functions are builtins (`bif`), not code. */
static bool check_imports(gate *g, size_t at, uint32_t n) {
    hl_bc_image *img = g->img;
    img->n_imports = n;
    img->imports = hl_mem_calloc(n, sizeof *img->imports);
    /* per module atom: 0 not looked at yet, 1 not on the allowlist, 2 on
     * it; so the allowlist is scanned once per module, not per import */
    uint8_t *mod_kind = hl_mem_calloc(img->n_atoms ? img->n_atoms : 1, 1);
    bool ok = img->imports && mod_kind;
    if (!ok) no_memory(g);
    for (uint32_t i = 0; ok && i < n; i++) {
        const uint8_t *e = g->bytes + at + 4 + 12 * (size_t)i;
        uint32_t mod = rd32(e), fun = rd32(e + 4), arity = rd32(e + 8);
        if (mod >= img->n_atoms || fun >= img->n_atoms) ok = fail(g, "import %u: atom out of range", i);
        else if (arity > HL_BC_MAX_ARITY) ok = fail(g, "import %u: arity too large", i);
        else if (atom_is(img, mod, "erlang")) ok = fail(g, "import %u: module erlang has no code to call", i);
        if (!ok) break;
        if (mod_kind[mod] == 0) {
            mod_kind[mod] = 1;
            for (uint32_t b = 0; b < hl_bc_builtin_count && mod_kind[mod] == 1; b++)
                if (atom_is_n(img, mod, hl_bc_builtins[b].module, hl_bc_builtins[b].module_len)) mod_kind[mod] = 2;
        }
        if (mod_kind[mod] == 2) {
            bool allowed = false;
            for (uint32_t b = 0; b < hl_bc_builtin_count && !allowed; b++)
                allowed = hl_bc_builtins[b].is_erl && hl_bc_builtins[b].arity == arity &&
                          atom_is_n(img, fun, hl_bc_builtins[b].name, hl_bc_builtins[b].name_len) &&
                          atom_is_n(img, mod, hl_bc_builtins[b].module, hl_bc_builtins[b].module_len);
            if (!allowed) ok = fail(g, "import %u: not an allowlisted stdlib function", i);
        }
        if (ok) img->imports[i][0] = mod, img->imports[i][1] = fun, img->imports[i][2] = arity;
    }
    hl_mem_free(mod_kind);
    return ok;
}

void hl_bc_image_free(hl_bc_image *img) {
    if (!img) return;
    hl_mem_free(img->atom_names);
    hl_mem_free(img->atom_lens);
    hl_mem_free(img->lit_bytes);
    hl_mem_free(img->lit_lens);
    hl_mem_free(img->funcs);
    hl_mem_free(img->code);
    hl_mem_free(img->classes);
    hl_mem_free(img->lines);
    hl_mem_free(img->bindings);
    hl_mem_free(img->imports);
    memset(img, 0, sizeof *img);
}

static bool check_image(const uint8_t *bytes, size_t size, bool tables_only, hl_bc_image *out, char *err,
                        size_t errlen) {
    gate g = {.bytes = bytes, .size = size, .img = out, .err = err, .errlen = errlen, .tables_only = tables_only};
    memset(out, 0, sizeof *out);
    if (err && errlen) err[0] = 0;
    uint32_t h[HL_BC_HEADER_WORDS];
    bool ok = bytes != NULL || size == 0;
    if (ok && size > HL_BC_MAX_IMAGE_BYTES) ok = fail(&g, "image too large");
    for (unsigned i = 0; ok && i < HL_BC_HEADER_WORDS; i++) ok = take32(&g, &h[i]);
    if (ok) {
        if (h[0] != HL_BC_MAGIC) ok = fail(&g, "bad magic");
        else if (h[1] != HL_BC_VERSION) ok = fail(&g, "unsupported format version %u", h[1]);
        else if (h[9] & ~(HL_BC_FLAG_BINDINGS | HL_BC_FLAG_IMPORTS)) ok = fail(&g, "reserved header flags set");
        else if (h[2] > HL_BC_MAX_ATOMS || h[4] > HL_BC_MAX_LITERALS || h[6] == 0 ||
                 h[6] > HL_BC_MAX_FUNCTIONS || h[7] == 0 || h[7] > HL_BC_MAX_CODE_WORDS ||
                 h[8] > HL_BC_MAX_LINES)
            ok = fail(&g, "a header count is out of range");
    }
    uint64_t base = 0, imports_at = 0;
    uint32_t n_bindings = 0, n_imports = 0;
    if (ok) {
        /* The sections must add up to the image size exactly (all in 64-bit:
         * no 32-bit product can overflow it). */
        base = HL_BC_HEADER_BYTES + (uint64_t)h[3] + h[5] + (uint64_t)h[6] * 24 + (uint64_t)h[7] * 4 +
               (uint64_t)h[8] * 8;
        uint64_t total = base;
        if (h[9] & HL_BC_FLAG_BINDINGS) {
            if (total > size || size - total < 4) ok = fail(&g, "binding table missing");
            else {
                n_bindings = rd32(bytes + total);
                if (n_bindings == 0 || n_bindings > HL_BC_MAX_BINDINGS)
                    ok = fail(&g, "binding count out of range");
                total += 4 + (uint64_t)n_bindings * 12;
            }
        }
        imports_at = total;
        if (ok && (h[9] & HL_BC_FLAG_IMPORTS)) {
            if (total > size || size - total < 4) ok = fail(&g, "import table missing");
            else {
                n_imports = rd32(bytes + total);
                if (n_imports == 0 || n_imports > HL_BC_MAX_IMPORTS) ok = fail(&g, "import count out of range");
                total += 4 + (uint64_t)n_imports * 12;
            }
        }
        if (ok && total != size) ok = fail(&g, "section sizes do not add up to the image size");
    }
    /* The binding and import tables are read in place before the code, so
     * that call_binding and call_ext can be checked against them. */
    ok = ok && check_atoms(&g, h[2], h[3]) && check_literals(&g, h[4], h[5]) &&
         check_functions(&g, h[6], h[7]) && (n_bindings == 0 || check_bindings(&g, (size_t)base, n_bindings)) &&
         (n_imports == 0 || check_imports(&g, (size_t)imports_at, n_imports)) && check_code(&g, h[7]) &&
         check_lines(&g, h[8]);
    if (ok && (n_bindings || n_imports)) { /* the tables were read in place: skip them */
        if (g.pos != base) ok = fail(&g, "section sizes do not add up to the image size");
        else g.pos = size;
    }
    if (ok && g.pos != size) ok = fail(&g, "trailing bytes");
    free_pass_arrays(&g);
    if (!ok) hl_bc_image_free(out);
    return ok;
}

bool hl_gate_check(const uint8_t *bytes, size_t size, hl_bc_image *out, char *err, size_t errlen) {
    return check_image(bytes, size, false, out, err, errlen);
}

bool hl_gate_check_tables(const uint8_t *bytes, size_t size, hl_bc_image *out, char *err, size_t errlen) {
    return check_image(bytes, size, true, out, err, errlen);
}

bool hl_gate_check_function(const hl_bc_image *img, uint32_t fn, uint32_t *code, uint8_t *classes, char *err,
                            size_t errlen, bool *nomem) {
    if (err && errlen) err[0] = 0;
    if (nomem) *nomem = false;
    if (!img->code_bytes || fn >= img->n_functions) return false;
    const hl_bc_function *f = &img->funcs[fn];
    uint32_t n = f->end - f->entry;
    gate g = {.img = (hl_bc_image *)img, .err = err, .errlen = errlen, .code = code, .classes = classes,
              .base = f->entry};
    for (uint32_t i = 0; i < n; i++) code[i] = rd32(img->code_bytes + 4 * ((size_t)f->entry + i));
    memset(classes, 0, n);
    set_limits(&g);
    g.mark = hl_mem_calloc(n, 1);
    g.labels = hl_mem_alloc((size_t)n * sizeof *g.labels);
    bool ok = g.mark && g.labels ? true : no_memory(&g);
    ok = ok && pass_decode(&g, f) && alloc_flow_arrays(&g, n, g.nlabels) && pass_flow(&g, f);
    /* its line entries (hl_gate_check_tables checked the table's order and
     * range): each an instruction start */
    uint32_t lo = 0, hi = img->n_lines; /* the first entry at or after the entry */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (img->lines[2 * mid] < f->entry) lo = mid + 1;
        else hi = mid;
    }
    for (uint32_t i = lo; ok && i < img->n_lines && img->lines[2 * i] < f->end; i++)
        if (classes[img->lines[2 * i] - f->entry]) ok = fail(&g, "line %u: not an instruction", i);
    free_pass_arrays(&g);
    if (nomem) *nomem = !ok && g.nomem;
    return ok;
}

uint32_t hl_bc_insn_len(const uint32_t *code, uint32_t pc) {
    const char *sig = hl_bc_ops[HL_BC_VALUE(code[pc])].sig;
    uint32_t pos = pc + 1, prev = 0;
    for (const char *c = sig; *c; c++) {
        if (*c == '*') {
            uint32_t n = (uint32_t)(c[1] - '0');
            pos += HL_BC_VALUE(prev) * n;
            c += 1 + n;
            continue;
        }
        prev = code[pos++];
    }
    return pos - pc;
}
