/* term.h — the tagged 64-bit term word: tags, constructors, tests and
 * accessors for every term type (layout in docs/terms.md). Everything here is
 * inline and branch-light because the interpreter's hot loop lives on it. */
#ifndef HL_TERM_TERM_H
#define HL_TERM_TERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t hl_term;

/* Status of every term operation that can fail. */
typedef enum hl_term_status {
    HL_TERM_OK = 0,
    HL_TERM_BADARG,       /* wrong type or value: Erlang badarg */
    HL_TERM_BADARITH,     /* arithmetic error: Erlang badarith */
    HL_TERM_SYSTEM_LIMIT, /* a size limit (bignum bits, atom length): system_limit */
    HL_TERM_HEAP_LIMIT,   /* the process heap limit would be exceeded */
    HL_TERM_NOMEM,        /* the host allocator failed */
    HL_TERM_BUDGET,       /* a work budget ran out (compare/hash of huge or
                             heavily shared terms): charge it and stop */
} hl_term_status;

/* ---- primary tag (bits 1..0) ---- */
enum {
    HL_TAG_HEADER = 0,
    HL_TAG_CONS = 1,
    HL_TAG_BOXED = 2,
    HL_TAG_IMMED = 3,
};
#define HL_TAG_PRIMARY_MASK UINT64_C(3)

/* ---- immediates (low 4 bits) ---- */
enum {
    HL_IMM_SMALL = 0x3,
    HL_IMM_ATOM = 0x7,
    HL_IMM_SPECIAL = 0xB,
    HL_IMM_HANDLE = 0xF,
};
#define HL_IMM_MASK UINT64_C(0xF)
#define HL_IMM_SHIFT 4

#define HL_NIL ((hl_term)0x0B)
#define HL_NONE ((hl_term)0x1B) /* the internal non-value; never a guest term */

#define HL_SMALL_BITS 60
#define HL_SMALL_MAX ((int64_t)((UINT64_C(1) << (HL_SMALL_BITS - 1)) - 1))
#define HL_SMALL_MIN (-HL_SMALL_MAX - 1)

static inline unsigned hl_primary(hl_term t) { return (unsigned)(t & HL_TAG_PRIMARY_MASK); }
static inline bool hl_is_immed(hl_term t) { return (t & 3) == 3; }
static inline bool hl_is_cons(hl_term t) { return (t & 3) == HL_TAG_CONS; }
static inline bool hl_is_boxed(hl_term t) { return (t & 3) == HL_TAG_BOXED; }
static inline bool hl_is_nil(hl_term t) { return t == HL_NIL; }
static inline bool hl_is_list(hl_term t) { return hl_is_cons(t) || t == HL_NIL; }

/* Small integers. */
static inline bool hl_is_small(hl_term t) { return (t & HL_IMM_MASK) == HL_IMM_SMALL; }
static inline bool hl_both_small(hl_term a, hl_term b) {
    return (((a ^ HL_IMM_SMALL) | (b ^ HL_IMM_SMALL)) & HL_IMM_MASK) == 0;
}
static inline bool hl_small_fits(int64_t v) { return v >= HL_SMALL_MIN && v <= HL_SMALL_MAX; }
/* Precondition: hl_small_fits(v). Shift as unsigned: no UB on negatives. */
static inline hl_term hl_make_small(int64_t v) {
    return ((uint64_t)v << HL_IMM_SHIFT) | HL_IMM_SMALL;
}
static inline int64_t hl_small_val(hl_term t) { return (int64_t)t >> HL_IMM_SHIFT; }

/* Atoms. */
static inline bool hl_is_atom(hl_term t) { return (t & HL_IMM_MASK) == HL_IMM_ATOM; }
static inline hl_term hl_make_atom(uint32_t index) {
    return ((uint64_t)index << HL_IMM_SHIFT) | HL_IMM_ATOM;
}
/* The payload: a static index, or (dynamic atoms) an entry address (term/atom.h). */
static inline uint64_t hl_atom_index(hl_term t) { return t >> HL_IMM_SHIFT; }

/* Immediate handles (internal pids/ports/catch marks): 4-bit subtag, 56-bit payload. */
static inline bool hl_is_handle_immed(hl_term t) { return (t & HL_IMM_MASK) == HL_IMM_HANDLE; }
static inline hl_term hl_make_handle_immed(unsigned subtag, uint64_t payload) {
    return (payload << 8) | ((uint64_t)(subtag & 0xF) << 4) | HL_IMM_HANDLE;
}
enum { HL_HANDLE_PID = 0, HL_HANDLE_PORT = 1, HL_HANDLE_REF = 2 }; /* immediate handle subtags */
static inline unsigned hl_handle_immed_subtag(hl_term t) { return (unsigned)(t >> 4) & 0xF; }
static inline uint64_t hl_handle_immed_payload(hl_term t) { return t >> 8; }

/* ---- pointers ---- */
static inline hl_term *hl_cons_ptr(hl_term t) { return (hl_term *)(uintptr_t)(t - HL_TAG_CONS); }
static inline hl_term *hl_boxed_ptr(hl_term t) { return (hl_term *)(uintptr_t)(t - HL_TAG_BOXED); }
static inline hl_term hl_make_cons(const hl_term *cell) { return (hl_term)(uintptr_t)cell + HL_TAG_CONS; }
static inline hl_term hl_make_boxed(const hl_term *obj) { return (hl_term)(uintptr_t)obj + HL_TAG_BOXED; }
static inline hl_term hl_car(hl_term t) { return hl_cons_ptr(t)[0]; }
static inline hl_term hl_cdr(hl_term t) { return hl_cons_ptr(t)[1]; }

/* ---- headers ---- */
enum hl_subtag {
    HL_SUB_TUPLE = 0,
    HL_SUB_POS_BIG = 1,
    HL_SUB_NEG_BIG = 2,
    HL_SUB_FLOAT = 3,
    HL_SUB_FUN = 4,
    HL_SUB_HEAP_BIN = 5,
    HL_SUB_REFC_BIN = 6,
    HL_SUB_SUB_BIN = 7,
    HL_SUB_FLATMAP = 8,
    HL_SUB_HASHMAP = 9,   /* reserved: HAMT maps above 32 keys */
    HL_SUB_HANDLE = 10,   /* reserved: boxed handles (references, resources) */
    HL_SUB_MATCH_CTX = 11 /* reserved: bit-syntax match contexts */
};
#define HL_HEADER_ARITY_MAX (UINT64_MAX >> 8)

static inline hl_term hl_make_header(unsigned subtag, uint64_t arity) {
    return (arity << 8) | ((uint64_t)subtag << 2);
}
static inline bool hl_is_header(hl_term w) { return (w & 3) == HL_TAG_HEADER; }
static inline unsigned hl_header_subtag(hl_term h) { return (unsigned)(h >> 2) & 0x3F; }
static inline uint64_t hl_header_arity(hl_term h) { return h >> 8; }
/* The header word of a boxed term. */
static inline hl_term hl_boxed_header(hl_term t) { return hl_boxed_ptr(t)[0]; }
static inline bool hl_is_boxed_sub(hl_term t, unsigned subtag) {
    /* Header low byte is subtag<<2 | 00: one compare of the low 8 bits. */
    return hl_is_boxed(t) && (hl_boxed_header(t) & 0xFF) == ((hl_term)subtag << 2);
}

/* Tuples. */
static inline bool hl_is_tuple(hl_term t) { return hl_is_boxed_sub(t, HL_SUB_TUPLE); }
static inline size_t hl_tuple_arity(hl_term t) { return (size_t)hl_header_arity(hl_boxed_header(t)); }
/* Element i, 0-based (Erlang's element(i+1, T)). */
static inline hl_term *hl_tuple_elems(hl_term t) { return hl_boxed_ptr(t) + 1; }
static inline hl_term hl_tuple_get(hl_term t, size_t i) { return hl_boxed_ptr(t)[1 + i]; }

/* Bignums. */
static inline bool hl_is_big(hl_term t) {
    if (!hl_is_boxed(t)) return false;
    unsigned s = hl_header_subtag(hl_boxed_header(t));
    return s == HL_SUB_POS_BIG || s == HL_SUB_NEG_BIG;
}
static inline bool hl_big_is_neg(hl_term t) {
    return hl_header_subtag(hl_boxed_header(t)) == HL_SUB_NEG_BIG;
}
static inline size_t hl_big_nlimbs(hl_term t) { return (size_t)hl_header_arity(hl_boxed_header(t)); }
static inline const uint64_t *hl_big_limbs(hl_term t) { return hl_boxed_ptr(t) + 1; }
static inline bool hl_is_integer(hl_term t) { return hl_is_small(t) || hl_is_big(t); }

/* Floats: boxed, 2 words. */
#define HL_FLOAT_WORDS 2
static inline bool hl_is_float(hl_term t) { return hl_is_boxed_sub(t, HL_SUB_FLOAT); }
static inline double hl_float_val(hl_term t) {
    double d;
    memcpy(&d, hl_boxed_ptr(t) + 1, sizeof d);
    return d;
}
/* Writes a float object into 2 words at p and returns its term. */
static inline hl_term hl_float_init(hl_term *p, double d) {
    p[0] = hl_make_header(HL_SUB_FLOAT, 1);
    memcpy(p + 1, &d, sizeof d);
    return hl_make_boxed(p);
}
static inline bool hl_is_number(hl_term t) { return hl_is_integer(t) || hl_is_float(t); }

/* Funs: [header | program* | function index | env...]. */
static inline bool hl_is_fun(hl_term t) { return hl_is_boxed_sub(t, HL_SUB_FUN); }
static inline size_t hl_fun_env_size(hl_term t) { return (size_t)hl_header_arity(hl_boxed_header(t)) - 2; }
static inline const void *hl_fun_program(hl_term t) { return (const void *)(uintptr_t)hl_boxed_ptr(t)[1]; }
/* A fun's index word: the function's index in its program, with
 * HL_FUN_EXPORT set for an external fun (`fun M:F/A`, made by
 * erlang:hl_export_fun/3), which prints and compares as one. */
#define HL_FUN_EXPORT (UINT64_C(1) << 62)
static inline uint64_t hl_fun_index(hl_term t) { return hl_boxed_ptr(t)[2] & ~HL_FUN_EXPORT; }
static inline bool hl_fun_is_export(hl_term t) { return (hl_boxed_ptr(t)[2] & HL_FUN_EXPORT) != 0; }
static inline hl_term *hl_fun_env(hl_term t) { return hl_boxed_ptr(t) + 3; }

/* Maps (flat): [header | keys tuple | values...]. */
#define HL_FLATMAP_MAX 32
static inline bool hl_is_flatmap(hl_term t) { return hl_is_boxed_sub(t, HL_SUB_FLATMAP); }
static inline bool hl_is_map(hl_term t) {
    if (!hl_is_boxed(t)) return false;
    unsigned s = hl_header_subtag(hl_boxed_header(t));
    return s == HL_SUB_FLATMAP || s == HL_SUB_HASHMAP;
}
static inline size_t hl_flatmap_size(hl_term t) { return (size_t)hl_header_arity(hl_boxed_header(t)) - 1; }
static inline hl_term hl_flatmap_keys(hl_term t) { return hl_boxed_ptr(t)[1]; }
static inline hl_term *hl_flatmap_values(hl_term t) { return hl_boxed_ptr(t) + 2; }
/* Maps above 32 keys (HAMT, map.c / hamt.c; docs/terms.md §1): every node
 * is a HASHMAP object whose word 1 is a small holding the 16-bit slot
 * bitmap and the flags below; the root (HEAD) has the key count as a small
 * in word 2; then the children in slot order: [K|V] cells or inner nodes. */
#define HL_HAMT_HEAD ((uint64_t)1 << 16)
#define HL_HAMT_COLLISION ((uint64_t)1 << 17)
static inline bool hl_is_hashmap(hl_term t) { return hl_is_boxed_sub(t, HL_SUB_HASHMAP); }
static inline size_t hl_hashmap_size(hl_term t) { return (size_t)hl_small_val(hl_boxed_ptr(t)[2]); }

/* Binaries. */
#define HL_HEAP_BIN_MAX 64
/* Off-heap, reference-counted binary body. */
typedef struct hl_binary {
    _Atomic uint64_t refc;
    size_t size;             /* bytes allocated (and charged) */
    _Atomic uint64_t used;   /* bytes some REFC_BIN view covers: an append may
                                claim [used, size) in place (term/bits.c) */
    unsigned char data[];
} hl_binary;
static inline bool hl_is_binary_obj(hl_term t) {
    if (!hl_is_boxed(t)) return false;
    unsigned s = hl_header_subtag(hl_boxed_header(t));
    return s == HL_SUB_HEAP_BIN || s == HL_SUB_REFC_BIN || s == HL_SUB_SUB_BIN;
}
#define HL_REFC_BIN_WORDS 4
#define HL_SUB_BIN_WORDS 4

/* Bytes and bit size of a bitstring term (heap, refc or sub binary).
 * *bit_off is the starting bit offset into *bytes (0 unless a sub-binary). */
static inline void hl_bitstring_view(hl_term t, const unsigned char **bytes, uint64_t *bit_off,
                                     uint64_t *bit_size) {
    const hl_term *p = hl_boxed_ptr(t);
    uint64_t off = 0, size;
    if (hl_header_subtag(p[0]) == HL_SUB_SUB_BIN) {
        off = p[2];
        size = p[3];
        p = hl_boxed_ptr(p[1]);
    } else {
        size = p[1] * 8;
    }
    if (hl_header_subtag(p[0]) == HL_SUB_HEAP_BIN)
        *bytes = (const unsigned char *)(p + 2);
    else
        *bytes = ((const hl_binary *)(uintptr_t)p[2])->data;
    *bit_off = off;
    *bit_size = size;
}

/* Constructors over memory the caller got from the heap (hl_heap_need +
 * hl_heap_bump, or hl_heap_alloc). Elements are filled by the caller. */
static inline hl_term hl_cons_init(hl_term *p, hl_term head, hl_term tail) { /* 2 words */
    p[0] = head;
    p[1] = tail;
    return hl_make_cons(p);
}
static inline hl_term hl_tuple_init(hl_term *p, size_t arity) { /* 1 + arity words */
    p[0] = hl_make_header(HL_SUB_TUPLE, arity);
    return hl_make_boxed(p);
}
static inline hl_term hl_fun_init(hl_term *p, const void *program, uint64_t index,
                                  size_t nenv) { /* 3 + nenv words; env at p + 3 */
    p[0] = hl_make_header(HL_SUB_FUN, 2 + (uint64_t)nenv);
    p[1] = (hl_term)(uintptr_t)program;
    p[2] = index;
    return hl_make_boxed(p);
}
static inline size_t hl_heap_bin_words(size_t bytes) { return 2 + (bytes + 7) / 8; }
static inline hl_term hl_heap_bin_init(hl_term *p, const void *bytes, size_t len) { /* len <= 64 */
    size_t dw = (len + 7) / 8;
    p[0] = hl_make_header(HL_SUB_HEAP_BIN, 1 + dw);
    p[1] = len;
    if (dw) p[1 + dw] = 0;
    if (len) memcpy(p + 2, bytes, len);
    return hl_make_boxed(p);
}
static inline hl_term hl_sub_bin_init(hl_term *p, hl_term orig, uint64_t bit_off,
                                      uint64_t bit_size) { /* 4 words; orig not a sub-binary */
    p[0] = hl_make_header(HL_SUB_SUB_BIN, 3);
    p[1] = orig;
    p[2] = bit_off;
    p[3] = bit_size;
    return hl_make_boxed(p);
}

/* Words an object of header h occupies (header included). */
static inline size_t hl_object_words(hl_term h) { return 1 + (size_t)hl_header_arity(h); }

/* The class of a term in Erlang's term order:
 * number < atom < reference < fun < port < pid < tuple < map < nil < list < bitstring. */
enum hl_order_class {
    HL_ORD_NUMBER = 0,
    HL_ORD_ATOM,
    HL_ORD_REF,
    HL_ORD_FUN,
    HL_ORD_PORT,
    HL_ORD_PID,
    HL_ORD_TUPLE,
    HL_ORD_MAP,
    HL_ORD_NIL,
    HL_ORD_LIST,
    HL_ORD_BITSTRING,
};

#endif
