/* load.c — the loader (docs/bytecode.md §5): gated image → threaded code
 * with pre-decoded operands, literals in a literal area owned by the
 * program (never on a process heap), atoms interned as one pool. It trusts
 * the gate for every structural property and checks only what the gate
 * cannot know (builtins this VM implements, literal kinds the term layer
 * supports, allocation failures). A stdlib module is translated function
 * by function, each when it is first called, after the gate checked it
 * (hl_load_lazy_in; "loading function by function" below). */
#include "vm/load.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "base/meter.h"
#include "term/map.h"
#include "vm/bif_registry.h"
#include "vm/vm_internal.h"

__attribute__((format(printf, 3, 4))) static bool lfail(char *err, size_t errlen, const char *fmt, ...);
static bool lfail(char *err, size_t errlen, const char *fmt, ...) {
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return false;
}

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

/* ---- literals ---------------------------------------------------------- */

typedef struct lframe {
    hl_term *base;
    uint32_t idx, count;
    uint8_t kind;   /* LF_* */
    hl_term *dest;  /* LF_MAP: where the finished map goes */
} lframe;

/* LF_MAP: keys go to base[0..n), values to base[n..2n) (scratch words in
 * the literal's block), and the map itself is built by the map layer into
 * the program's map-literal heap when its last value is in. */
enum { LF_TUPLE, LF_LIST, LF_MAP };

/* Words one gated literal needs in the literal area (maps: only the
 * scratch key/value arrays; their nodes live in pg->lit_maps). */
static bool lit_words(const uint8_t *s, size_t n, size_t *words) {
    size_t p = 0, w = 0;
    uint64_t pending = 1;
    while (pending) {
        pending--;
        uint8_t tag = s[p++];
        uint32_t v;
        switch (tag) {
        case HL_BC_LIT_SMALL: case HL_BC_LIT_FLOAT:
            w += tag == HL_BC_LIT_FLOAT ? HL_FLOAT_WORDS : 0;
            p += 8;
            break;
        case HL_BC_LIT_BIG:
            v = rd32(s + p + 1);
            w += 1 + (v + 7) / 8;
            p += 5 + v;
            break;
        case HL_BC_LIT_ATOM: p += 4; break;
        case HL_BC_LIT_NIL: break;
        case HL_BC_LIT_TUPLE:
            v = rd32(s + p), p += 4;
            w += 1 + (size_t)v;
            pending += v;
            break;
        case HL_BC_LIT_LIST:
            v = rd32(s + p), p += 4;
            w += 2 * (size_t)v;
            pending += (uint64_t)v + 1;
            break;
        case HL_BC_LIT_BINARY:
            v = rd32(s + p), p += 4;
            w += v <= HL_HEAP_BIN_MAX ? 2 + (v + 7) / 8 : HL_REFC_BIN_WORDS;
            p += v;
            break;
        case HL_BC_LIT_MAP:
            v = rd32(s + p), p += 4;
            w += 2 * (size_t)v;
            pending += 2 * (uint64_t)v;
            break;
        default:
            return false;
        }
    }
    (void)n;
    *words = w;
    return true;
}

static bool add_bin(hl_program *pg, hl_binary *b) {
    hl_binary **nb = hl_mem_realloc_array(pg->lit_bins, (size_t)pg->n_lit_bins + 1, sizeof *nb);
    if (!nb) return false;
    pg->lit_bins = nb;
    pg->lit_bins[pg->n_lit_bins++] = b;
    pg->bytes += sizeof *b + b->size + sizeof *nb;
    return true;
}

/* A map literal from its n keys and values (equal keys: the last wins). */
static bool build_map(hl_program *pg, uint32_t i, const hl_term *kv, uint32_t n, hl_term *out, char *err,
                      size_t errlen) {
    if (!pg->lit_maps) {
        hl_heap *h = hl_mem_calloc(1, sizeof *h);
        if (!h) return lfail(err, errlen, "out of memory");
        /* No limit of its own: the image size bounds it. */
        if (hl_heap_init(h, 0, UINT64_MAX) != HL_TERM_OK) {
            hl_mem_free(h);
            return lfail(err, errlen, "out of memory");
        }
        pg->lit_maps = h;
    }
    hl_term_status st = hl_map_new(pg->lit_maps, kv, n ? kv + n : kv, n, out); /* kv: NULL when n = 0 */
    if (st == HL_TERM_SYSTEM_LIMIT) return lfail(err, errlen, "literal %u: a map this large is not supported yet", i);
    if (st != HL_TERM_OK) return lfail(err, errlen, "out of memory");
    return true;
}

/* Builds literal i into its own block; iterative with an explicit stack. */
static bool build_literal(hl_program *pg, uint32_t i, const uint8_t *s, size_t n, char *err, size_t errlen) {
    size_t words;
    if (!lit_words(s, n, &words)) return lfail(err, errlen, "literal %u: unsupported tag", i);
    hl_term *blk = NULL;
    if (words) {
        /* Charged to the compilation's memory cap (base/meter.h) before it
         * is allocated: a literal's loaded form can be 16 times its
         * encoding (a list of [] is a byte per element, two words loaded). */
        if (!hl_meter_charge_mem(words * sizeof *blk)) return lfail(err, errlen, "over the compile memory limit");
        blk = hl_mem_calloc(words, sizeof *blk);
        if (!blk) return lfail(err, errlen, "out of memory");
        pg->lit_blocks[i] = blk;
        pg->bytes += words * sizeof *blk;
    }
    lframe *st = NULL;
    size_t depth = 0, cap = 0, p = 0;
    hl_term *top = blk, result = HL_NIL;
    uint64_t pending = 1;
    bool ok = true;
    while (pending && ok) {
        pending--;
        uint8_t tag = s[p++];
        hl_term v = HL_NIL;
        uint32_t k;
        bool container = false;
        lframe fr = {0};
        switch (tag) {
        case HL_BC_LIT_SMALL: {
            uint64_t u = rd64(s + p);
            int64_t x;
            memcpy(&x, &u, sizeof x);
            v = hl_make_small(x);
            p += 8;
            break;
        }
        case HL_BC_LIT_FLOAT: {
            uint64_t u = rd64(s + p);
            double d;
            memcpy(&d, &u, sizeof d);
            v = hl_float_init(top, d);
            top += HL_FLOAT_WORDS;
            p += 8;
            break;
        }
        case HL_BC_LIT_BIG: {
            bool neg = s[p] != 0;
            k = rd32(s + p + 1);
            p += 5;
            size_t nl = (k + 7) / 8;
            top[0] = hl_make_header(neg ? HL_SUB_NEG_BIG : HL_SUB_POS_BIG, nl);
            for (size_t j = 0; j < nl; j++) top[1 + j] = 0;
            for (uint32_t j = 0; j < k; j++) top[1 + j / 8] |= (uint64_t)s[p + j] << (8 * (j % 8));
            v = hl_make_boxed(top);
            top += 1 + nl;
            p += k;
            break;
        }
        case HL_BC_LIT_ATOM:
            v = pg->atoms[rd32(s + p)];
            p += 4;
            break;
        case HL_BC_LIT_NIL:
            break;
        case HL_BC_LIT_TUPLE:
            k = rd32(s + p), p += 4;
            top[0] = hl_make_header(HL_SUB_TUPLE, k);
            v = hl_make_boxed(top);
            if (k) fr = (lframe){top + 1, 0, k, LF_TUPLE, NULL}, container = true;
            top += 1 + k;
            pending += k;
            break;
        case HL_BC_LIT_LIST:
            k = rd32(s + p), p += 4;
            for (uint32_t j = 0; j + 1 < k; j++) top[2 * j + 1] = hl_make_cons(top + 2 * (j + 1));
            v = hl_make_cons(top);
            fr = (lframe){top, 0, k + 1, LF_LIST, NULL}, container = true;
            top += 2 * (size_t)k;
            pending += (uint64_t)k + 1;
            break;
        case HL_BC_LIT_BINARY:
            k = rd32(s + p), p += 4;
            if (k <= HL_HEAP_BIN_MAX) {
                size_t bw = (k + 7) / 8;
                top[0] = hl_make_header(HL_SUB_HEAP_BIN, 1 + bw);
                top[1] = k;
                memcpy(top + 2, s + p, k);
                v = hl_make_boxed(top);
                top += 2 + bw;
            } else {
                hl_binary *b = hl_binary_new(k);
                if (!b || !add_bin(pg, b)) {
                    if (b) hl_binary_decref(b);
                    ok = lfail(err, errlen, "out of memory");
                    break;
                }
                memcpy(b->data, s + p, k);
                top[0] = hl_make_header(HL_SUB_REFC_BIN, HL_REFC_BIN_WORDS - 1);
                top[1] = k;
                top[2] = (hl_term)(uintptr_t)b;
                top[3] = 0;
                v = hl_make_boxed(top);
                top += HL_REFC_BIN_WORDS;
            }
            p += k;
            break;
        case HL_BC_LIT_MAP:
            k = rd32(s + p), p += 4;
            if (k == 0) {
                ok = build_map(pg, i, top, 0, &v, err, errlen);
                break;
            }
            fr = (lframe){top, 0, 2 * k, LF_MAP, NULL}, container = true;
            top += 2 * (size_t)k;
            pending += 2 * (uint64_t)k;
            break;
        default:
            ok = lfail(err, errlen, "literal %u: unsupported tag", i);
            break;
        }
        if (!ok) break;
        /* Place v into the innermost open container (or as the result). */
        hl_term *slot = &result;
        if (depth) {
            lframe *t = &st[depth - 1];
            uint32_t half = t->count / 2;
            slot = t->kind == LF_TUPLE ? &t->base[t->idx]
                   : t->kind == LF_MAP ? &t->base[(t->idx % 2) * half + t->idx / 2]
                   : t->idx + 1 < t->count ? &t->base[2 * (size_t)t->idx]
                                           : &t->base[2 * (size_t)(t->count - 2) + 1];
            t->idx++;
        }
        *slot = v; /* a map's value comes when it is complete (below) */
        fr.dest = slot;
        if (container) {
            if (depth == cap) {
                size_t nc = cap ? 2 * cap : 8;
                lframe *ns = hl_mem_realloc_array(st, nc, sizeof *ns);
                if (!ns) {
                    ok = lfail(err, errlen, "out of memory");
                    break;
                }
                st = ns, cap = nc;
            }
            st[depth++] = fr;
        }
        /* Close every container that is now complete, innermost first (a
         * new container is never complete): a map is built only once all
         * its keys and values, nested maps included, are. */
        while (depth && st[depth - 1].idx == st[depth - 1].count && ok) {
            lframe *t = &st[--depth];
            if (t->kind == LF_MAP) ok = build_map(pg, i, t->base, t->count / 2, t->dest, err, errlen);
        }
    }
    hl_mem_free(st);
    pg->literals[i] = result;
    return ok;
}

/* ---- code -------------------------------------------------------------- */

const hl_term *const hl_vm_const_base = HL_VM_CONST_BASE;

static hl_tword const_operand(hl_program *pg, hl_term t) {
    pg->consts[pg->n_consts] = t;
    hl_tword idx = (hl_tword)(&pg->consts[pg->n_consts++] - HL_VM_CONST_BASE);
    return HL_VM_OPND_C(idx);
}

static hl_term const_term(const hl_program *pg, uint32_t w) {
    switch (HL_BC_KIND(w)) {
    case HL_K_LIT: return pg->literals[HL_BC_VALUE(w)];
    case HL_K_INT: return hl_make_small(HL_BC_INTVAL(w));
    case HL_K_ATOM: return pg->atoms[HL_BC_VALUE(w)];
    default: return HL_NIL;
    }
}

/* The code translate() reads: the gated words and classes of [lo, hi)
 * (the whole image, or one function of a module loaded function by
 * function), indexed by code offset - lo, and the image's tables. */
typedef struct code_view {
    const hl_bc_image *img;
    const uint32_t *code;
    const uint8_t *classes;
    uint32_t lo, hi;
    /* a module loaded function by function: its state, and the function
     * being translated (NULL: every function at once) */
    struct hl_lazy *lazy;
    uint32_t fn;
} code_view;
#define VW(v, pc) ((v)->code[(pc) - (v)->lo])

static hl_tword fn_operand(hl_program *pg, const code_view *v, uint32_t callee, uint32_t at);
static hl_tword import_operand(hl_program *pg, uint32_t import);

/* Translates one operand word of class `cls` at code index `at`. */
static inline bool operand(hl_program *pg, const code_view *cv, uint32_t op, char cls, uint32_t at, char *err,
                    size_t errlen) {
    uint32_t w = VW(cv, at);
    unsigned k = HL_BC_KIND(w);
    uint32_t v = HL_BC_VALUE(w);
    hl_tword *out = &pg->code[at];
    switch (cls) {
    case 's': case 'd': case 'y': /* (registers: translate_view counts them) */
        if (k == HL_K_X) *out = HL_VM_OPND_X(v);
        else if (k == HL_K_Y) *out = HL_VM_OPND_Y(v);
        else *out = const_operand(pg, const_term(pg, w));
        break;
    case 'c': case 'a':
        *out = (hl_tword)const_term(pg, w);
        break;
    case 'l': case 'f':
        *out = k == HL_K_LABEL ? (hl_tword)&pg->code[v] : 0;
        break;
    case 'F':
        *out = op == HL_OP_make_fun ? (hl_tword)&pg->fun_sites[v] : fn_operand(pg, cv, v, at);
        break;
    case 'I':
        pg->import_sites[pg->n_import_sites][0] = at;
        pg->import_sites[pg->n_import_sites++][1] = v;
        *out = cv->lazy ? import_operand(pg, v) : 0; /* (hl_link patches it) */
        break;
    case 'B': {
        const hl_bc_builtin *b = &hl_bc_builtins[v];
        hl_vm_bif_fn fn = hl_vm_bif_by_id(v);
        if (!fn) return lfail(err, errlen, "builtin %s:%s/%u is not implemented", b->module, b->name, b->arity);
        *out = (hl_tword)fn;
        break;
    }
    default: /* 'u' */
        *out = (hl_tword)v;
        break;
    }
    return true;
}

/* The opcode of the instruction at code word `at`, or HL_OP__COUNT past the
 * end. (Instructions are contiguous, so the word after an instruction is
 * always the opcode word of the next one.) */
static unsigned op_at(const code_view *v, uint32_t at) {
    return at < v->hi ? HL_BC_VALUE(VW(v, at)) : HL_OP__COUNT;
}

/* The length of the instruction at pc from the classes (the next opcode
 * word, or the end of the view). */
static uint32_t view_insn_len(const code_view *v, uint32_t pc) {
    uint32_t e = pc + 1;
    while (e < v->hi && v->classes[e - v->lo]) e++;
    return e - pc;
}

/* The specialisation rules (vm/specialise.def) as data. */
/* A rule's test of an operand's value (specialise.def's `value`). */
enum { SPEC_any, SPEC_small, SPEC_two1, SPEC_tget, SPEC_tget2 };

typedef struct spec_rule {
    unsigned rop, op;
    const char *kinds;
    unsigned value; /* SPEC_* */
    unsigned next;
    const char *next_kinds;
    unsigned next2;
} spec_rule;

#define HL_OP_none HL_OP__COUNT /* "any instruction" in a rule */
static const spec_rule spec_rules[] = {
#define HL_SPEC(name, op, kinds, value, next, next_kinds, next2) \
    {HL_ROP_##name, HL_OP_##op, kinds, SPEC_##value, HL_OP_##next, next_kinds, HL_OP_##next2},
#include "vm/specialise.def"
#undef HL_SPEC
};
#undef HL_OP_none

/* Operand kinds as one word: 12 bits per operand position (a gated
 * operand's kind is below 12), one bit set per operand, for the first
 * RULE_MAX_KINDS operands. A rule's kind characters ('x', 'y', 'i' = INT,
 * 'c' = anything but a register, '*' = anything) become the set of admitted
 * kinds per position (all of them past its last character), so matching a
 * rule's kinds is one test, with no data-dependent loop: no operand kind
 * outside its position's set. */
#define RULE_MAX_KINDS 5
#define KIND_BITS 12
#define ALL_KINDS ((1u << KIND_BITS) - 1)

static uint64_t rule_allowed(const char *kinds) {
    uint64_t set = 0;
    size_t n = strlen(kinds);
    for (unsigned i = 0; i < RULE_MAX_KINDS; i++) {
        uint64_t m = ALL_KINDS;
        if (i < n) switch (kinds[i]) {
            case 'x': m = 1u << HL_K_X; break;
            case 'y': m = 1u << HL_K_Y; break;
            case 'i': case 'n': m = 1u << HL_K_INT; break;
            case 'm': m = 1u << HL_K_INT | 1u << HL_K_ATOM | 1u << HL_K_NIL; break;
            case 'c': m = ALL_KINDS & ~(1u << HL_K_X | 1u << HL_K_Y); break;
            default: break;
            }
        set |= m << (KIND_BITS * i);
    }
    return set;
}

/* How a specialised handler reads each of its first operands: 2 bits per
 * operand position, IMM_* (specialise.def: an i or m operand's word holds
 * the term itself, an n operand's the term of its negation), 0 the
 * generic way. */
enum { IMM_NONE = 0, IMM_TERM = 1, IMM_NEGATED = 2 };
#define IMM_BITS 2
_Static_assert(IMM_BITS * RULE_MAX_KINDS <= 16, "immediate encodings fit uint16_t");

static uint16_t rule_imm(const char *kinds) {
    uint16_t imm = 0;
    for (unsigned i = 0; i < RULE_MAX_KINDS && kinds[i]; i++) {
        unsigned e = kinds[i] == 'i' || kinds[i] == 'm' ? IMM_TERM : kinds[i] == 'n' ? IMM_NEGATED : IMM_NONE;
        imm |= (uint16_t)(e << (IMM_BITS * i));
    }
    return imm;
}

/* The word an immediate operand (bytecode word w, an integer, atom or []
 * constant: the rule's kinds admitted nothing else) holds. */
static hl_tword imm_operand(const hl_program *pg, uint32_t w, unsigned enc) {
    /* (an integer operand is a 28-bit value: its negation is a small) */
    return enc == IMM_NEGATED ? (hl_tword)hl_make_small(-(int64_t)HL_BC_INTVAL(w)) : (hl_tword)const_term(pg, w);
}

/* The kinds of an instruction's first operands (its nw operand words at w). */
static inline uint64_t operand_kinds(const uint32_t *w, uint32_t nw) {
#define KB(i) ((uint64_t)1 << (KIND_BITS * (i) + HL_BC_KIND(w[i])))
    switch (nw < RULE_MAX_KINDS ? nw : RULE_MAX_KINDS) {
    case 5: return KB(0) | KB(1) | KB(2) | KB(3) | KB(4);
    case 4: return KB(0) | KB(1) | KB(2) | KB(3);
    case 3: return KB(0) | KB(1) | KB(2);
    case 2: return KB(0) | KB(1);
    case 1: return KB(0);
    default: return 0;
    }
#undef KB
}

#define N_RULES (sizeof spec_rules / sizeof spec_rules[0])

/* The rules as data for one load: rule_head[op] is the first rule of op
 * (or -1) and next[r] the next of the same opcode, in specialise.def's
 * order; kinds/next_kinds as admitted-kind words (rule_allowed). */
typedef struct rule_index {
    int8_t head[HL_OP__COUNT];
    /* the first rule of op that needs no particular next instruction, and
     * the set of next instructions op's other rules fuse with: when the
     * next instruction is none of them, matching starts at head_plain */
    int8_t head_plain[HL_OP__COUNT];
    uint64_t fuses[HL_OP__COUNT][2];
    int8_t next[N_RULES];
    uint64_t kinds[N_RULES], next_kinds[N_RULES];
    /* how each rule reads its operands (rule_imm), how a pair's handler
     * reads its next instruction's, and the opcodes some rule reads an
     * immediate operand of */
    uint16_t imm[N_RULES], next_imm[N_RULES];
    uint64_t imm_ops[2];
} rule_index;

static void index_rules(rule_index *ri) {
    _Static_assert(N_RULES < 128, "rule indices are int8_t");
    _Static_assert(HL_K_IMPORT < KIND_BITS, "operand kinds fit KIND_BITS");
    _Static_assert(HL_OP__COUNT <= 128, "fuses holds 128 opcodes");
    memset(ri->head, -1, sizeof ri->head);
    memset(ri->head_plain, -1, sizeof ri->head_plain);
    memset(ri->fuses, 0, sizeof ri->fuses);
    memset(ri->imm_ops, 0, sizeof ri->imm_ops);
    for (size_t r = N_RULES; r-- > 0;) {
        const spec_rule *s = &spec_rules[r];
        ri->next[r] = ri->head[s->op];
        ri->head[s->op] = (int8_t)r;
        if (s->next == HL_OP__COUNT) ri->head_plain[s->op] = (int8_t)r;
        else ri->fuses[s->op][s->next >> 6] |= (uint64_t)1 << (s->next & 63);
        ri->kinds[r] = rule_allowed(spec_rules[r].kinds);
        ri->next_kinds[r] = rule_allowed(spec_rules[r].next_kinds);
        ri->imm[r] = rule_imm(s->kinds);
        ri->next_imm[r] = rule_imm(s->next_kinds);
        if (ri->imm[r]) ri->imm_ops[s->op >> 6] |= (uint64_t)1 << (s->op & 63);
    }
}

static bool has_imm_rule(const rule_index *ri, unsigned op) {
    return op < HL_OP__COUNT && (ri->imm_ops[op >> 6] >> (op & 63) & 1);
}

/* The rule (index into spec_rules) for the instruction at pc: the first of
 * specialise.def that matches it (and what follows it), or -1 (op itself).
 * A pair is fused only by what the next instruction is: running a fused
 * handler is exactly running the two instructions in sequence. That
 * includes how it reads the next instruction's operands: as that
 * instruction's own handler (the one a label reaching it runs) was
 * translated for, which its own rule says (rule_imm), so a pair whose
 * next instruction has rules reading immediates looks at that rule first.
 * nested: that look (no rule chains pairs; if one ever did, the answer is
 * -2, "cannot tell", and the pair is not fused, rather than a deeper look). */
static int specialise(const code_view *v, const rule_index *ri, uint32_t pc, unsigned op, uint32_t len, bool nested) {
    const uint32_t *w = &VW(v, pc) + 1;
    uint64_t kinds = operand_kinds(w, len - 1);
    uint32_t next_pc = pc + len, next_len = 0;
    unsigned next_op = op_at(v, next_pc);
    uint64_t next_kinds = 0; /* of the next instruction, once a rule needs them */
    bool fuses = next_op < HL_OP__COUNT && (ri->fuses[op][next_op >> 6] >> (next_op & 63) & 1);
    for (int r = fuses ? ri->head[op] : ri->head_plain[op]; r >= 0; r = ri->next[r]) {
        const spec_rule *s = &spec_rules[r];
        if (s->next != HL_OP__COUNT && s->next != next_op) continue;
        if (kinds & ~ri->kinds[r]) continue;
        if (s->value == SPEC_small && HL_BC_VALUE(w[0]) > HL_VM_ALLOC_SMALL) continue;
        if (s->value == SPEC_two1 && (len < 3 || HL_BC_VALUE(w[1]) != 2)) continue;
        if (s->next != HL_OP__COUNT) {
            if (!next_len) {
                next_len = view_insn_len(v, next_pc);
                next_kinds = operand_kinds(&VW(v, next_pc) + 1, next_len - 1);
            }
            if (next_kinds & ~ri->next_kinds[r]) continue;
            if (s->next2 != HL_OP__COUNT && op_at(v, next_pc + next_len) != s->next2) continue;
            if (s->value == SPEC_tget || s->value == SPEC_tget2) {
                /* is_tuple L1 X; test_arity L2 X N; get_tuple_element X I D:
                 * one register, I < N, D an x register; tget2: then
                 * get_tuple_element X I2 D2 likewise, and D is not X */
                if (next_pc + next_len + 4 > v->hi) continue;
                const uint32_t *ta = &VW(v, next_pc) + 1, *ge = &VW(v, next_pc + next_len) + 1;
                if (ta[1] != w[1] || ge[0] != w[1] ||
                    HL_BC_VALUE(ge[1]) >= HL_BC_VALUE(ta[2]) || HL_BC_KIND(ge[2]) != HL_K_X)
                    continue;
                if (s->value == SPEC_tget2 &&
                    (next_pc + next_len + 8 > v->hi || op_at(v, next_pc + next_len + 4) != HL_OP_get_tuple_element ||
                     ge[2] == w[1] || ge[4] != w[1] || HL_BC_VALUE(ge[5]) >= HL_BC_VALUE(ta[2]) ||
                     HL_BC_KIND(ge[6]) != HL_K_X))
                    continue;
            }
            if (has_imm_rule(ri, s->next)) {
                if (nested) return -2;
                int own = specialise(v, ri, next_pc, next_op, next_len, true);
                if (own < -1 || (own >= 0 ? ri->imm[own] : 0) != ri->next_imm[r]) continue;
            } else if (ri->next_imm[r]) {
                continue;
            }
            /* (a handler reading the instruction after next reads it the
             * generic way: no such pair over an opcode with immediate rules) */
            if (s->next2 != HL_OP__COUNT && has_imm_rule(ri, s->next2)) continue;
        }
        return r;
    }
    return -1;
}

/* One walk over the code words of the view: the gate recorded each
 * operand word's class (0 at an opcode word), so no signature is decoded
 * again. Register operands (most of them) and numbers are translated
 * inline. *x_used: raised to one past the highest x register named. */
static bool translate_view(hl_program *pg, const code_view *v, const rule_index *ri, uint32_t *x_used_io, char *err,
                           size_t errlen) {
    const hl_tword *handlers = hl_vm_handlers();
    hl_tword *out = pg->code;
    uint32_t n = v->hi, x_used = *x_used_io;
    for (uint32_t pc = v->lo; pc < n;) {
        unsigned op = HL_BC_VALUE(VW(v, pc));
        uint32_t end = pc + 1;
        while (end < n && v->classes[end - v->lo]) end++;
        /* the handler first: its immediate operands are translated its way */
        int r = ri->head[op] >= 0 ? specialise(v, ri, pc, op, end - pc, false) : -1;
        uint32_t imm = r >= 0 ? ri->imm[r] : 0;
        uint32_t at = pc + 1;
        for (; at < end; at++, imm >>= IMM_BITS) {
            unsigned c = v->classes[at - v->lo];
            uint32_t w = VW(v, at), val = HL_BC_VALUE(w);
            unsigned k = HL_BC_KIND(w);
            if (imm & ((1u << IMM_BITS) - 1)) {
                out[at] = imm_operand(pg, w, imm & ((1u << IMM_BITS) - 1));
            } else if ((c == 's' || c == 'd' || c == 'y') && (k == HL_K_X || k == HL_K_Y)) {
                if (k == HL_K_X && val >= x_used) x_used = val + 1;
                out[at] = k == HL_K_X ? HL_VM_OPND_X(val) : HL_VM_OPND_Y(val);
            } else if (c == 'u') {
                out[at] = (hl_tword)val;
            } else if (!operand(pg, v, op, (char)c, at, err, errlen)) {
                return false;
            }
        }
        /* A live count names x0..x(live-1) as roots: the process must keep
         * them valid terms (x_span), even ones no operand names. */
        int li = hl_bc_live_operand(op);
        if (li >= 0 && HL_BC_VALUE(VW(v, pc + 1 + (uint32_t)li)) > x_used) x_used = HL_BC_VALUE(VW(v, pc + 1 + (uint32_t)li));
        out[pc] = handlers[r >= 0 ? spec_rules[r].rop : op];
        pc = at;
    }
    *x_used_io = x_used;
    return true;
}

static bool translate(hl_program *pg, const hl_bc_image *img, char *err, size_t errlen) {
    rule_index ri;
    index_rules(&ri);
    code_view v = {.img = img, .code = img->code, .classes = img->classes, .lo = 0, .hi = img->n_code};
    uint32_t x_used = pg->x_used;
    if (!translate_view(pg, &v, &ri, &x_used, err, errlen)) return false;
    if (x_used > pg->x_used) pg->x_used = x_used;
    return true;
}

/* ---- loading function by function ------------------------------------- */

/* A stdlib module is loaded function by function (docs/bytecode.md §5,
 * "Stdlib images"): at load, only the image's tables are gated and built;
 * each function is gated (its decode and flow passes) and translated when
 * a call first reaches it. Until then a call reaches its stub, three words
 * [lazy_fn, module, index] the interpreter runs as if they were the
 * function's entry. Everything below runs under the module's lock; a
 * function is published by a release store of its state, and call sites
 * that named its stub are then patched to its entry with atomic stores
 * (the interpreter reads call operands atomically). */
enum { FN_COLD = 0, FN_READY = 1, FN_REFUSED = 2 };

typedef struct hl_lazy {
    hl_bc_image img;      /* the gated tables; code_bytes: the engine's image */
    pthread_mutex_t lock;
    uint8_t *state;       /* per function: FN_*, read with acquire */
    hl_tword *stubs;      /* per function: [lazy_fn, module, index] */
    /* Call sites (F operands of translated functions) that name a stub:
     * per function, a list of nodes (code index, callee, next node + 1) */
    uint32_t *pend_head;  /* per function: first node + 1, 0 none */
    uint32_t (*pend)[3];
    uint32_t n_pend, cap_pend;
    rule_index ri;
    uint32_t x_bound;     /* no function may name an x register at or above it */
} hl_lazy;

static bool fn_ready(const hl_program *p, uint32_t fn) {
    return !p->lazy || __atomic_load_n(&p->lazy->state[fn], __ATOMIC_ACQUIRE) == FN_READY;
}

const hl_tword *hl_program_entry(const hl_program *p, uint32_t fn) {
    return fn_ready(p, fn) ? &p->code[p->funcs[fn].entry] : &p->lazy->stubs[3 * (size_t)fn];
}

/* A call operand naming function `callee` of the module being translated:
 * its entry once it is translated (or when it is the function itself),
 * else its stub, noted so that publishing the callee patches the site. */
static hl_tword fn_operand(hl_program *pg, const code_view *v, uint32_t callee, uint32_t at) {
    hl_lazy *lz = v->lazy;
    if (!lz || callee == v->fn || lz->state[callee] == FN_READY) return (hl_tword)&pg->code[pg->funcs[callee].entry];
    /* room reserved by load_fn: at most one node per code word */
    lz->pend[lz->n_pend][0] = at;
    lz->pend[lz->n_pend][1] = callee;
    lz->pend[lz->n_pend][2] = lz->pend_head[callee];
    lz->pend_head[callee] = ++lz->n_pend;
    return (hl_tword)&lz->stubs[3 * (size_t)callee];
}

/* A call_ext operand of a module loaded function by function: the
 * callee's entry when its import is linked and the callee translated,
 * else the import's stub (hl_link made one per import), which links and
 * translates it on first use and patches the site (hl_link_lazy). */
static hl_tword import_operand(hl_program *pg, uint32_t import) {
    const hl_program_import *im = &pg->imports[import];
    const hl_program *t = __atomic_load_n(&im->target, __ATOMIC_ACQUIRE);
    if (t && fn_ready(t, __atomic_load_n(&im->fn, __ATOMIC_RELAXED)))
        return (hl_tword)&t->code[t->funcs[im->fn].entry];
    return pg->lazy_code ? (hl_tword)&pg->lazy_code[3 * (size_t)import] : 0;
}

/* Gates and translates function fn of p (p->lazy's lock held). */
static hl_fn_load load_fn(hl_program *p, uint32_t fn) {
    hl_lazy *lz = p->lazy;
    const hl_bc_function *f = &lz->img.funcs[fn];
    uint32_t n = f->end - f->entry;
    char why[200];
    if (lz->cap_pend - lz->n_pend < n) { /* at most one call site per word */
        size_t cap = (size_t)lz->n_pend + n + lz->cap_pend;
        uint32_t(*np)[3] = hl_mem_realloc_array(lz->pend, cap, sizeof *np);
        if (!np) return HL_FN_NOMEM;
        lz->pend = np;
        lz->cap_pend = (uint32_t)cap;
    }
    uint32_t *code = hl_mem_alloc((size_t)n * sizeof *code);
    uint8_t *classes = hl_mem_alloc(n);
    if (!code || !classes) {
        hl_mem_free(code);
        hl_mem_free(classes);
        return HL_FN_NOMEM;
    }
    hl_fn_load st = HL_FN_OK;
    bool nomem = false;
    if (!hl_gate_check_function(&lz->img, fn, code, classes, why, sizeof why, &nomem))
        st = nomem ? HL_FN_NOMEM : HL_FN_REFUSED;
    uint32_t n_consts = p->n_consts, n_sites = p->n_import_sites, n_pend = lz->n_pend;
    if (st == HL_FN_OK) {
        code_view v = {.img = &lz->img, .code = code, .classes = classes, .lo = f->entry, .hi = f->end,
                       .lazy = lz, .fn = fn};
        uint32_t x_used = f->arity + 1 > 4 ? f->arity + 1 : 4;
        /* the registers it names must lie below what the processes that
         * may run it were given (hl_stdlib_image.x_span, anticipated by
         * every importer): else it is refused like any gate refusal */
        if (!translate_view(p, &v, &lz->ri, &x_used, why, sizeof why) || x_used > lz->x_bound) st = HL_FN_REFUSED;
    }
    hl_mem_free(code);
    hl_mem_free(classes);
    if (st != HL_FN_OK) {
        /* undo what the translation noted (nothing of it was published) */
        p->n_consts = n_consts;
        p->n_import_sites = n_sites;
        while (lz->n_pend > n_pend) {
            lz->n_pend--;
            lz->pend_head[lz->pend[lz->n_pend][1]] = lz->pend[lz->n_pend][2];
        }
        if (st == HL_FN_REFUSED) __atomic_store_n(&lz->state[fn], FN_REFUSED, __ATOMIC_RELEASE);
        return st; /* out of memory: still cold, a later call tries again */
    }
    __atomic_store_n(&lz->state[fn], FN_READY, __ATOMIC_RELEASE);
    /* the call sites that named its stub now name its entry */
    hl_tword entry = (hl_tword)&p->code[f->entry];
    for (uint32_t k = lz->pend_head[fn]; k; k = lz->pend[k - 1][2])
        __atomic_store_n(&p->code[lz->pend[k - 1][0]], entry, __ATOMIC_RELEASE);
    lz->pend_head[fn] = 0;
    return HL_FN_OK;
}

hl_fn_load hl_program_fn_load(const hl_program *p, uint32_t fn, const hl_tword **entry) {
    if (fn >= p->n_functions) return HL_FN_REFUSED;
    hl_lazy *lz = p->lazy;
    uint8_t st = lz ? __atomic_load_n(&lz->state[fn], __ATOMIC_ACQUIRE) : FN_READY;
    if (st == FN_COLD) {
        pthread_mutex_lock(&lz->lock);
        /* the module is shared: only the words of this cold function and
         * the tables under the lock are written */
        st = lz->state[fn];
        if (st == FN_COLD) {
            hl_fn_load r = load_fn((hl_program *)p, fn);
            st = r == HL_FN_OK ? FN_READY : r == HL_FN_REFUSED ? FN_REFUSED : FN_COLD;
        }
        pthread_mutex_unlock(&lz->lock);
    }
    if (st == FN_COLD) return HL_FN_NOMEM;
    if (st == FN_REFUSED) return HL_FN_REFUSED;
    *entry = &p->code[p->funcs[fn].entry];
    return HL_FN_OK;
}

static void lazy_free(hl_lazy *lz) {
    if (!lz) return;
    hl_bc_image_free(&lz->img);
    hl_mem_free(lz->state);
    hl_mem_free(lz->stubs);
    hl_mem_free(lz->pend_head);
    hl_mem_free(lz->pend);
    pthread_mutex_destroy(&lz->lock);
    hl_mem_free(lz);
}

/* The per-function state of a module loaded from img (taken over). */
static bool lazy_new(hl_program *pg, hl_bc_image *img, uint32_t x_bound) {
    hl_lazy *lz = hl_mem_calloc(1, sizeof *lz);
    if (!lz) return false;
    if (pthread_mutex_init(&lz->lock, NULL) != 0) {
        hl_mem_free(lz);
        return false;
    }
    lz->state = hl_mem_calloc(pg->n_functions, sizeof *lz->state);
    lz->stubs = hl_mem_alloc((size_t)pg->n_functions * 3 * sizeof *lz->stubs);
    lz->pend_head = hl_mem_calloc(pg->n_functions, sizeof *lz->pend_head);
    pg->lazy = lz;
    if (!lz->state || !lz->stubs || !lz->pend_head) return false;
    hl_tword h = hl_vm_handlers()[HL_ROP_lazy_fn];
    for (uint32_t i = 0; i < pg->n_functions; i++) {
        lz->stubs[3 * (size_t)i] = h;
        lz->stubs[3 * (size_t)i + 1] = (hl_tword)(uintptr_t)pg;
        lz->stubs[3 * (size_t)i + 2] = i;
    }
    index_rules(&lz->ri);
    lz->x_bound = x_bound;
    lz->img = *img;
    memset(img, 0, sizeof *img);
    pg->bytes += sizeof *lz + (uint64_t)pg->n_functions * (sizeof *lz->state + 3 * sizeof *lz->stubs +
                                                          sizeof *lz->pend_head);
    return true;
}

/* ---- program ----------------------------------------------------------- */

void hl_program_free(hl_program *p) {
    if (!p) return;
    for (uint32_t i = 0; i < p->n_literals && p->lit_blocks; i++) hl_mem_free(p->lit_blocks[i]);
    for (uint32_t i = 0; i < p->n_lit_bins; i++) hl_binary_decref(p->lit_bins[i]);
    hl_mem_free(p->lit_bins);
    hl_mem_free(p->lit_blocks);
    if (p->lit_maps) hl_heap_free(p->lit_maps);
    hl_mem_free(p->lit_maps);
    hl_mem_free(p->literals);
    hl_mem_free(p->code);
    hl_mem_free(p->consts);
    hl_mem_free(p->atoms);
    hl_atom_pool_free(p->pool);
    hl_mem_free(p->funcs);
    hl_mem_free(p->fn_names);
    hl_mem_free(p->fn_modules);
    hl_mem_free(p->lines);
    hl_mem_free(p->bindings);
    hl_mem_free(p->fun_sites);
    hl_mem_free(p->imports);
    hl_mem_free(p->import_sites);
    hl_mem_free(p->linked);
    hl_mem_free(p->lazy_code);
    lazy_free(p->lazy);
    hl_mem_free(p);
}

bool hl_load(const hl_bc_image *img, hl_program **out, char *err, size_t errlen) {
    *out = NULL;
    hl_atom_table *own = hl_atom_table_new(HL_ATOM_TABLE_MAX);
    if (!own) return lfail(err, errlen, "out of memory");
    bool ok = hl_load_in(own, HL_ATOM_POOL_MAX, img, out, NULL, err, errlen);
    hl_atom_table_release(own); /* the program's pool keeps it */
    return ok;
}

/* hl_load_in, or (lazy) hl_load_lazy_in: then img is taken over and its
 * code is translated function by function, on first use. */
static bool load_image(hl_atom_table *atoms, size_t atom_quota, hl_bc_image *img, bool lazy, uint32_t x_bound,
                       hl_program **out, hl_atom_fault *fault, char *err, size_t errlen) {
    *out = NULL;
    hl_atom_fault why = HL_ATOM_FAULT_NONE;
    hl_program *pg = hl_mem_calloc(1, sizeof *pg);
    if (!pg) return lfail(err, errlen, "out of memory");
    bool ok = true;
    /* Atoms: the pool plus 'line' (not a static atom) for stack traces. */
    uint32_t na = img->n_atoms + 1;
    const char **names = hl_mem_calloc(na, sizeof *names);
    size_t *lens = hl_mem_calloc(na, sizeof *lens);
    pg->atoms = hl_mem_calloc(na, sizeof *pg->atoms);
    if (!names || !lens || !pg->atoms) ok = lfail(err, errlen, "out of memory");
    if (ok) {
        for (uint32_t i = 0; i < img->n_atoms; i++) names[i] = (const char *)img->atom_names[i], lens[i] = img->atom_lens[i];
        names[na - 1] = "line", lens[na - 1] = 4;
        hl_term_status st = hl_atom_pool_new_quota(atoms, atom_quota, names, lens, na, pg->atoms, &pg->pool, &why);
        if (st != HL_TERM_OK)
            ok = lfail(err, errlen, st == HL_TERM_NOMEM                ? "out of memory"
                                    : why == HL_ATOM_FAULT_QUOTA       ? "over the program's atom quota"
                                    : why == HL_ATOM_FAULT_TABLE_FULL ? "the engine's atom table is full"
                                                                       : "an atom name over the size limit");
        pg->n_atoms = img->n_atoms;
        pg->am_line = pg->atoms[na - 1];
        pg->am_module = pg->atoms[0];
    }
    hl_mem_free(names);
    hl_mem_free(lens);
    if (fault) *fault = why;
    /* Literals. */
    if (ok && img->n_literals) {
        pg->literals = hl_mem_calloc(img->n_literals, sizeof *pg->literals);
        pg->lit_blocks = hl_mem_calloc(img->n_literals, sizeof *pg->lit_blocks);
        pg->n_literals = img->n_literals;
        if (!pg->literals || !pg->lit_blocks) ok = lfail(err, errlen, "out of memory");
        for (uint32_t i = 0; ok && i < img->n_literals; i++)
            ok = build_literal(pg, i, img->lit_bytes[i], img->lit_lens[i], err, errlen);
    }
    /* Functions and lines. */
    if (ok) {
        pg->n_functions = img->n_functions;
        pg->funcs = hl_mem_calloc(img->n_functions, sizeof *pg->funcs);
        pg->fn_names = hl_mem_calloc(img->n_functions, sizeof *pg->fn_names);
        pg->fn_modules = hl_mem_calloc(img->n_functions, sizeof *pg->fn_modules);
        if (!pg->funcs || !pg->fn_names || !pg->fn_modules) ok = lfail(err, errlen, "out of memory");
        pg->fun_sites = hl_mem_calloc(img->n_functions, sizeof *pg->fun_sites);
        if (!pg->fun_sites) ok = lfail(err, errlen, "out of memory");
        pg->x_used = 4; /* x0..x3: what a raise hands a handler */
        for (uint32_t i = 0; ok && i < img->n_functions; i++) {
            if (img->funcs[i].arity + 1 > pg->x_used) pg->x_used = img->funcs[i].arity + 1;
            pg->fun_sites[i] = (hl_fun_site){pg, i};
            pg->funcs[i] = img->funcs[i];
            pg->fn_names[i] = pg->atoms[img->funcs[i].name];
            pg->fn_modules[i] = pg->atoms[img->funcs[i].module];
        }
        if (ok && img->n_lines) {
            pg->lines = hl_mem_calloc((size_t)img->n_lines * 2, sizeof *pg->lines);
            if (!pg->lines) ok = lfail(err, errlen, "out of memory");
            else memcpy(pg->lines, img->lines, (size_t)img->n_lines * 2 * sizeof *pg->lines);
            pg->n_lines = img->n_lines;
        }
    }
    /* Host bindings (resolved by the host, see host/binding.c). */
    if (ok && img->n_bindings) {
        pg->bindings = hl_mem_calloc(img->n_bindings, sizeof *pg->bindings);
        if (!pg->bindings) ok = lfail(err, errlen, "out of memory");
        for (uint32_t i = 0; ok && i < img->n_bindings; i++) {
            pg->bindings[i].module = pg->atoms[img->bindings[i][0]];
            pg->bindings[i].function = pg->atoms[img->bindings[i][1]];
            pg->bindings[i].arity = img->bindings[i][2];
        }
        if (ok) pg->n_bindings = img->n_bindings;
    }
    /* Imports (linked by hl_link once every module they name is loaded). */
    if (ok && img->n_imports) {
        pg->imports = hl_mem_calloc(img->n_imports, sizeof *pg->imports);
        if (!pg->imports) ok = lfail(err, errlen, "out of memory");
        for (uint32_t i = 0; ok && i < img->n_imports; i++) {
            pg->imports[i].module = pg->atoms[img->imports[i][0]];
            pg->imports[i].function = pg->atoms[img->imports[i][1]];
            pg->imports[i].arity = img->imports[i][2];
        }
        if (ok) pg->n_imports = img->n_imports;
        /* at most one I operand per 3 code words (call_ext is 3 words);
         * the first n_import_sites are written before they are read */
        pg->import_sites = ok ? hl_mem_alloc((size_t)(img->n_code / 3 + 1) * sizeof *pg->import_sites) : NULL;
        if (ok && !pg->import_sites) ok = lfail(err, errlen, "out of memory");
    }
    /* Code. */
    if (ok) {
        pg->n_code = img->n_code;
        /* every code word is written by translate() (lazy: a function's
         * words when it is first called; the others are never read);
         * consts up to n_consts */
        pg->code = hl_mem_alloc((size_t)img->n_code * sizeof *pg->code);
        pg->consts = hl_mem_alloc((size_t)img->n_code * sizeof *pg->consts);
        if (!pg->code || !pg->consts) ok = lfail(err, errlen, "out of memory");
        else if (lazy) pg->x_used = x_bound < 4 ? 4 : x_bound; /* what every function is checked against */
        else ok = translate(pg, img, err, errlen);
    }
    if (!ok) {
        hl_program_free(pg);
        return false;
    }
    if (pg->x_used > HL_BC_MAX_X) pg->x_used = HL_BC_MAX_X;
    pg->x_span = pg->x_used;
    /* the tables (the literal blocks and binaries are counted as built) */
    pg->bytes += sizeof *pg + (uint64_t)na * sizeof *pg->atoms +
                 (uint64_t)pg->n_literals * (sizeof *pg->literals + sizeof *pg->lit_blocks) +
                 (uint64_t)pg->n_functions *
                     (sizeof *pg->funcs + sizeof *pg->fn_names + sizeof *pg->fn_modules + sizeof *pg->fun_sites) +
                 (uint64_t)pg->n_lines * 2 * sizeof *pg->lines + (uint64_t)pg->n_bindings * sizeof *pg->bindings +
                 (uint64_t)pg->n_imports * sizeof *pg->imports +
                 (pg->import_sites ? ((uint64_t)img->n_code / 3 + 1) * sizeof *pg->import_sites : 0) +
                 (uint64_t)pg->n_code * (sizeof *pg->code + sizeof *pg->consts) +
                 (pg->lit_maps ? hl_heap_charged(pg->lit_maps) : 0);
    if (lazy && !lazy_new(pg, img, pg->x_used)) {
        hl_program_free(pg);
        return lfail(err, errlen, "out of memory");
    }
    *out = pg;
    return true;
}

bool hl_load_in(hl_atom_table *atoms, size_t atom_quota, const hl_bc_image *img, hl_program **out,
                hl_atom_fault *fault, char *err, size_t errlen) {
    return load_image(atoms, atom_quota, (hl_bc_image *)img, false, 0, out, fault, err, errlen);
}

bool hl_load_lazy_in(hl_atom_table *atoms, size_t atom_quota, hl_bc_image *img, uint32_t x_bound, hl_program **out,
                     hl_atom_fault *fault, char *err, size_t errlen) {
    bool ok = load_image(atoms, atom_quota, img, true, x_bound, out, fault, err, errlen);
    hl_bc_image_free(img); /* (taken over on success: then empty) */
    return ok;
}

int64_t hl_program_find(const hl_program *p, const char *name, size_t len, uint32_t arity) {
    for (uint32_t i = 0; i < p->n_functions; i++) {
        const hl_bc_function *f = &p->funcs[i];
        if (!(f->flags & HL_BC_FN_EXPORTED) || f->arity != arity) continue;
        size_t l;
        const char *n = hl_atom_name(p->fn_names[i], &l);
        if (l == len && memcmp(n, name, len) == 0) return i;
    }
    return -1;
}

int64_t hl_program_fn_at(const hl_program *p, uint32_t off) {
    if (off >= p->n_code) return -1;
    uint32_t lo = 0, hi = p->n_functions; /* last entry <= off */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->funcs[mid].entry <= off) lo = mid;
        else hi = mid;
    }
    return lo;
}

uint32_t hl_program_line_at(const hl_program *p, uint32_t off) {
    if (p->n_lines == 0 || p->lines[0] > off) return 0;
    uint32_t lo = 0, hi = p->n_lines;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->lines[2 * mid] <= off) lo = mid;
        else hi = mid;
    }
    /* Only within the same function. */
    int64_t f = hl_program_fn_at(p, off);
    if (f < 0 || p->lines[2 * lo] < p->funcs[f].entry) return 0;
    return p->lines[2 * lo + 1];
}

/* ---- linking ------------------------------------------------------------ */

bool hl_link(hl_program *p, hl_link_resolve resolve, void *ctx, char *err, size_t errlen) {
    uint32_t nlazy = 0;
    for (uint32_t i = 0; i < p->n_imports; i++) {
        hl_program_import *im = &p->imports[i];
        const hl_program *t = NULL;
        uint32_t fn = 0;
        hl_link_answer a = resolve(ctx, im->module, im->function, im->arity, &t, &fn);
        if (a == HL_LINK_LATER && p->linker) {
            im->target = NULL;
            nlazy++;
            uint32_t need = p->linker->x_span_of(p->linker->ctx, im->module);
            if (need > p->x_lazy) p->x_lazy = need;
            continue;
        }
        if (a != HL_LINK_FOUND || !t || fn >= t->n_functions || !(t->funcs[fn].flags & HL_BC_FN_EXPORTED) ||
            t->funcs[fn].arity != im->arity) {
            size_t ml, fl;
            const char *mn = hl_atom_name(im->module, &ml);
            const char *fname = hl_atom_name(im->function, &fl);
            return lfail(err, errlen, "%.*s:%.*s/%u is not a function of a loaded module", (int)ml, mn, (int)fl,
                         fname, im->arity);
        }
        im->target = t, im->fn = fn;
        if (!fn_ready(t, fn)) nlazy++; /* its first call translates it */
    }
    /* A module loaded function by function translates its call_ext sites
     * later: each names its import's stub until the callee is ready. */
    if (nlazy || (p->lazy && p->n_imports)) {
        /* one stub per import (indexed like the imports): [lazy, this
         * module, import index] */
        hl_mem_free(p->lazy_code);
        p->lazy_code = hl_mem_calloc((size_t)p->n_imports * 3, sizeof *p->lazy_code);
        if (!p->lazy_code) return lfail(err, errlen, "out of memory");
        p->bytes += (uint64_t)p->n_imports * 3 * sizeof *p->lazy_code;
        hl_tword lazy = hl_vm_handlers()[HL_ROP_lazy];
        for (uint32_t i = 0; i < p->n_imports; i++) {
            p->lazy_code[3 * i] = lazy;
            p->lazy_code[3 * i + 1] = (hl_tword)(uintptr_t)p;
            p->lazy_code[3 * i + 2] = i;
        }
    }
    for (uint32_t i = 0; i < p->n_import_sites; i++) {
        uint32_t k = p->import_sites[i][1];
        const hl_program_import *im = &p->imports[k];
        p->code[p->import_sites[i][0]] = im->target && fn_ready(im->target, im->fn)
                                              ? (hl_tword)&im->target->code[im->target->funcs[im->fn].entry]
                                              : (hl_tword)&p->lazy_code[3 * k];
    }
    p->imports_linked = true;
    return true;
}

hl_fn_load hl_link_lazy(const hl_program *p, uint32_t i, const hl_tword **entry) {
    if (i >= p->n_imports || !p->linker) return HL_FN_NOMEM;
    /* The module's tables are shared by every thread running its code:
     * these words are the only ones written after it is published. */
    hl_program_import *im = (hl_program_import *)&p->imports[i];
    const hl_program *t = __atomic_load_n(&im->target, __ATOMIC_ACQUIRE);
    uint32_t fn;
    if (t) {
        fn = __atomic_load_n(&im->fn, __ATOMIC_RELAXED);
    } else {
        if (!p->linker->resolve(p->linker->ctx, im->module, im->function, im->arity, &t, &fn) || !t ||
            fn >= t->n_functions || !(t->funcs[fn].flags & HL_BC_FN_EXPORTED) || t->funcs[fn].arity != im->arity)
            return HL_FN_NOMEM;
        __atomic_store_n(&im->fn, fn, __ATOMIC_RELAXED);
        __atomic_store_n(&im->target, t, __ATOMIC_RELEASE);
    }
    /* the callee gated and translated (a stdlib module's functions are,
     * on first use) */
    hl_fn_load st = hl_program_fn_load(t, fn, entry);
    if (st != HL_FN_OK) return st;
    /* Patch the call sites (once per import and thread at most): the
     * interpreter reads call operands atomically (interp.c, CALL_TARGET).
     * A module loaded function by function adds sites as it translates:
     * its lock. */
    hl_tword *code = (hl_tword *)p->code;
    if (p->lazy) pthread_mutex_lock(&p->lazy->lock);
    for (uint32_t s = 0; s < p->n_import_sites; s++)
        if (p->import_sites[s][1] == i)
            __atomic_store_n(&code[p->import_sites[s][0]], (hl_tword)*entry, __ATOMIC_RELEASE);
    if (p->lazy) pthread_mutex_unlock(&p->lazy->lock);
    return HL_FN_OK;
}

bool hl_link_closure(hl_program *p) {
    uint32_t n = 1, cap = 8;
    const hl_program **set = hl_mem_calloc(cap, sizeof *set);
    if (!set) return false;
    set[0] = p;
    /* Breadth-first over the linked imports (a handful of modules). */
    for (uint32_t done = 0; done < n; done++) {
        const hl_program *m = set[done];
        for (uint32_t i = 0; i < m->n_imports; i++) {
            /* (another thread may be linking one of m's imports on first use) */
            const hl_program *t = __atomic_load_n(&m->imports[i].target, __ATOMIC_ACQUIRE);
            bool seen = t == NULL;
            for (uint32_t k = 0; k < n && !seen; k++) seen = set[k] == t;
            if (seen) continue;
            if (n == cap) {
                const hl_program **ns = hl_mem_realloc_array(set, (size_t)cap * 2, sizeof *ns);
                if (!ns) {
                    hl_mem_free(set);
                    return false;
                }
                set = ns, cap *= 2;
            }
            set[n++] = t;
        }
    }
    hl_mem_free(p->linked);
    p->linked = set;
    p->n_linked = n;
    p->x_span = p->x_used;
    for (uint32_t i = 0; i < n; i++) {
        if (set[i]->x_used > p->x_span) p->x_span = set[i]->x_used;
        /* what the modules they link on first use may name */
        if (set[i]->x_lazy > p->x_span) p->x_span = set[i]->x_lazy;
    }
    return true;
}

static bool holds(const hl_program *m, const hl_tword *ptr) { return ptr >= m->code && ptr < m->code + m->n_code; }

const hl_program *hl_program_of_code(const hl_program *p, const hl_tword *ptr) {
    if (holds(p, ptr)) return p;
    for (uint32_t i = 0; i < p->n_linked; i++)
        if (holds(p->linked[i], ptr)) return p->linked[i];
    /* a module linked on first use, after p's closure was taken */
    return p->linker && p->linker->of_code ? p->linker->of_code(p->linker->ctx, ptr) : NULL;
}

bool hl_program_links(const hl_program *p, const hl_program *m) {
    if (m == p) return true;
    for (uint32_t i = 0; i < p->n_linked; i++)
        if (p->linked[i] == m) return true;
    /* A stdlib module of the same engine: p may reach it through imports
     * linked on first use (its funs exist only if its code ran here). */
    return m->stdlib && p->linker && m->linker == p->linker;
}
