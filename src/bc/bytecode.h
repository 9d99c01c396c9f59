/* bytecode.h — the Hyperlang program image format (version 1): constants,
 * operand kinds, opcode numbers and the limits the gate enforces.
 *
 * The normative description is docs/bytecode.md; this header is its C
 * mirror. Codegen emits images in this format, the gate (gate.h) checks
 * them, the loader (load.h) turns a gated image into threaded code. */
#ifndef HL_BC_BYTECODE_H
#define HL_BC_BYTECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HL_BC_MAGIC 0x43424C48u /* "HLBC" read as a little-endian u32 */
#define HL_BC_VERSION 2u
#define HL_BC_HEADER_WORDS 10u /* u32 words in the header */
#define HL_BC_HEADER_BYTES (HL_BC_HEADER_WORDS * 4u)

/* Limits (docs/bytecode.md §7). Operand values are 28-bit, so every index
 * fits one operand word. */
#define HL_BC_MAX_X 256u            /* x0 .. x255 */
#define HL_BC_MAX_FRAME 65536u      /* y slots in one frame (the allocate charges 1 per 512) */
#define HL_BC_MAX_ARITY 255u        /* Erlang's own maximum */
#define HL_BC_MAX_TRY_DEPTH 32u     /* try/catch nested in one frame */
#define HL_BC_MAX_ATOMS 65536u      /* atoms in one program's pool */
#define HL_BC_MAX_ATOM_BYTES 1020u  /* 255 code points of UTF-8 */
#define HL_BC_MAX_LITERALS (1u << 20)
#define HL_BC_MAX_LITERAL_BYTES (16u << 20) /* one literal's encoding */
#define HL_BC_MAX_FUNCTIONS (1u << 20)
#define HL_BC_MAX_CODE_WORDS (1u << 26)
#define HL_BC_MAX_LINES (1u << 26)
#define HL_BC_MAX_IMAGE_BYTES (256u << 20)
#define HL_BC_MAX_HEAP_NEED (1u << 24) /* words in one test_heap */
#define HL_BC_MAX_LIST 65536u       /* entries in one operand list */
#define HL_BC_MAX_BIG_BYTES 8192u   /* magnitude bytes of a bignum literal */
#define HL_BC_MAX_BINDINGS 1024u    /* entries in the binding table */
#define HL_BC_MAX_IMPORTS 65536u    /* entries in the import table */

/* Header flags (word 9). HL_BC_FLAG_BINDINGS: a binding table follows the
 * line table (docs/bytecode.md §2.7); images without bindings are unchanged. */
#define HL_BC_FLAG_BINDINGS 1u
/* HL_BC_FLAG_IMPORTS: an import table follows (after the binding table when
 * both are present; docs/bytecode.md §2.8). */
#define HL_BC_FLAG_IMPORTS 2u
#define HL_BC_MAX_MAP_PAIRS 128u    /* (key, value) pairs in one map instruction */

/* Operand word: bits 3..0 the kind, bits 31..4 the value (28 bits). For
 * HL_K_INT the value is a two's-complement 28-bit signed integer. An
 * opcode word has kind HL_K_OP and the opcode number as its value. */
typedef enum hl_bc_kind {
    HL_K_X = 0,      /* x register index < HL_BC_MAX_X */
    HL_K_Y = 1,      /* y slot index < current frame size */
    HL_K_LIT = 2,    /* literal table index */
    HL_K_INT = 3,    /* small integer, -2^27 .. 2^27-1 */
    HL_K_ATOM = 4,   /* program atom pool index */
    HL_K_NIL = 5,    /* [] (value 0) */
    HL_K_LABEL = 6,  /* code word offset (instruction start, same function) */
    HL_K_NOFAIL = 7, /* in an 'f' position: raise instead of branching (value 0) */
    HL_K_FUNC = 8,   /* function table index */
    HL_K_BIF = 9,    /* builtin id (allowlist table) */
    HL_K_U = 10,     /* unsigned number */
    HL_K_IMPORT = 11, /* import table index (call_ext*) */
    HL_K_OP = 15     /* opcode word */
} hl_bc_kind;

#define HL_BC_WORD(kind, value) ((uint32_t)(((uint32_t)(value) << 4) | (uint32_t)(kind)))
#define HL_BC_KIND(w) ((unsigned)((w) & 15u))
#define HL_BC_VALUE(w) ((uint32_t)(w) >> 4)
#define HL_BC_INTVAL(w) ((int32_t)(uint32_t)(w) >> 4) /* arithmetic shift: sign-extends */
#define HL_BC_INT_MIN (-(1 << 27))
#define HL_BC_INT_MAX ((1 << 27) - 1)

/* Opcode flags (opcodes.def). */
#define T 1u /* terminator: no fall-through */
#define C 2u /* constructs: consumes the test_heap reservation */
#define G 4u /* may collect: clears the reservation */
#define R 8u /* charges a reduction */

typedef enum hl_opcode {
#define HL_OP(name, sig, flags) HL_OP_##name,
#include "bc/opcodes.def"
#undef HL_OP
    HL_OP__COUNT
} hl_opcode;

#undef T
#undef C
#undef G
#undef R
#define HL_OPF_TERM 1u
#define HL_OPF_CONS 2u
#define HL_OPF_GC 4u
#define HL_OPF_RED 8u

typedef struct hl_opinfo {
    const char *name;
    const char *sig; /* signature, see opcodes.def */
    unsigned flags;
} hl_opinfo;

extern const hl_opinfo hl_bc_ops[HL_OP__COUNT];

/* The operand index (0-based, after the opcode word) of op's `live` count
 * (the x registers that are roots if it collects), or -1 when op has none. */
static inline int hl_bc_live_operand(unsigned op) { /* inline: the loader asks for every instruction */
    switch (op) {
    case HL_OP_allocate: case HL_OP_test_heap: case HL_OP_add: case HL_OP_sub: case HL_OP_mul:
    case HL_OP_put_map_assoc: case HL_OP_put_map_exact: case HL_OP_bs_create: case HL_OP_bs_get: return 1;
    case HL_OP_bif: return 2;
    default: return -1;
    }
}

/* Literal encoding tags (docs/bytecode.md §3.3). */
typedef enum hl_bc_lit_tag {
    HL_BC_LIT_SMALL = 1, /* i64 LE, in small range */
    HL_BC_LIT_BIG = 2,   /* u8 sign, u32 nbytes, magnitude LE (normalised) */
    HL_BC_LIT_FLOAT = 3, /* f64 LE, finite */
    HL_BC_LIT_ATOM = 4,  /* u32 atom index */
    HL_BC_LIT_NIL = 5,
    HL_BC_LIT_TUPLE = 6, /* u32 arity, elements */
    HL_BC_LIT_LIST = 7,  /* u32 n >= 1, n heads, then the tail */
    HL_BC_LIT_BINARY = 8, /* u32 nbytes, bytes */
    HL_BC_LIT_MAP = 9    /* u32 n, n (key, value) pairs */
} hl_bc_lit_tag;

/* Small-integer range of the term layer (60-bit). */
#define HL_BC_SMALL_MIN (-(INT64_C(1) << 59))
#define HL_BC_SMALL_MAX ((INT64_C(1) << 59) - 1)

/* Function table entry flags. */
#define HL_BC_FN_EXPORTED 1u

/* Builtin descriptor (the allowlist table the gate and the VM share). The
 * names are held inline, not as pointers: the table is read-only data the
 * dynamic loader need not relocate (~1,900 pointers, six pages copied on
 * write at every start of `hl`). bytecode.c checks every name fits. */
#define HL_BC_BUILTIN_MODULE_MAX 12 /* bytes, NUL included */
#define HL_BC_BUILTIN_NAME_MAX 32
typedef struct hl_bc_builtin {
    char module[HL_BC_BUILTIN_MODULE_MAX];
    char name[HL_BC_BUILTIN_NAME_MAX];
    uint32_t arity;
    bool is_bif; /* callable by the `bif` instruction */
    bool is_erl; /* a stdlib function written in Erlang: reached by call_ext */
    uint8_t module_len, name_len; /* their strlen: the gate's name compares test these first */
} hl_bc_builtin;

/* The builtin allowlist: id = index. */
extern const hl_bc_builtin hl_bc_builtins[];
extern const uint32_t hl_bc_builtin_count;

/* Bit syntax segment descriptor (the `desc` operand of bs_create/bs_get,
 * docs/bytecode.md §3.1). */
enum {
    HL_BS_INTEGER = 0, HL_BS_FLOAT = 1, HL_BS_BINARY = 2, HL_BS_BITSTRING = 3,
    HL_BS_UTF8 = 4, HL_BS_UTF16 = 5, HL_BS_UTF32 = 6,
};
#define HL_BS_TYPE(d) ((d) & 7u)
#define HL_BS_SIGNED 8u
#define HL_BS_ENDIAN(d) (((d) >> 4) & 3u) /* 0 big, 1 little, 2 native (= little) */
#define HL_BS_HAS_SIZE 64u
#define HL_BS_UNIT(d) (((d) >> 7) & 0x1FFu) /* 1..256 */
#define HL_BS_SKIP (1u << 16)
#define HL_BS_DESC_BITS 17u /* every higher bit must be 0 */
#define HL_BS_DESC(type, is_signed, endian, has_size, unit)                                        \
    ((uint32_t)(type) | ((is_signed) ? HL_BS_SIGNED : 0u) | ((uint32_t)(endian) << 4) |           \
     ((has_size) ? HL_BS_HAS_SIZE : 0u) | ((uint32_t)(unit) << 7))

#endif
