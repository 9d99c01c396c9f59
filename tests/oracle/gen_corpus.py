#!/usr/bin/env python3
"""gen_corpus.py — writes the generated half of the parser's differential
corpus: tests/parse_diff/gen_NNN.erl.

A small grammar-based generator of OTP 25 Erlang source. It is random but
deterministic: it uses its own PRNG (splitmix64) seeded per file, so the
same script always writes the same bytes, whatever the Python version.
Every file it writes must be accepted by OTP 25's erl_parse (the expected
.ast files come from tests/oracle/ast_dump.escript, which fails loudly if
not). It writes only the grammar Hyperlang admits: -module, -export,
-record, -behaviour/-behavior, -vsn, -doc, -moduledoc, -spec, -callback,
-optional_callbacks, and ?MODULE as the only macro.

Each file gets a "flavour" that biases what it contains (deep nesting,
long flat lists, operator soup, types, binaries, records, maps, literals,
odd layout, ...), so the corpus covers every construct many times while
each file stays small enough to read when a diff points at it. Nesting
stays below 100 levels (the parser's default depth limit is 500).

Also writes COUNT/8 files gen_lit_NNN.erl, each a list of random
literals (random code points and escapes in atoms, strings and chars;
integers in random bases; floats with random exponents).

Usage: python3 tests/oracle/gen_corpus.py OUT_DIR [COUNT]
"""
import os
import sys

MASK = (1 << 64) - 1


class Rng:
    """splitmix64: tiny, stable across platforms and Python versions."""

    def __init__(self, seed):
        self.s = seed & MASK

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def chance(self, p):
        return self.below(1000000) < int(p * 1000000)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)


# ---------------------------------------------------------------- literals

PLAIN_ATOMS = ["ok", "error", "undefined", "foo", "bar", "baz", "x", "a1",
               "node@host", "with_underscore", "camelCase", "z9_Z", "true",
               "false", "nil", "héllo", "ßtraße", "ÿ", "état", "a@b@c"]
QUOTED_ATOMS = ["'hello world'", "'Capital'", "'_under'", "'with\\nnewline'",
                "'tab\\there'", "'quote\\'d'", "'back\\\\slash'", "'λ'",
                "'日本語'", "'case'", "'end'", "'receive'", "'fun'", "'after'",
                "'of'", "'when'", "'catch'", "'andalso'", "'div'", "'not'",
                "''", "'a.b'", "'1abc'", "'[]'", "'{}'", "'ok'", "'\\x{3bb}x'",
                "'\\101\\102'", "'\\e\\d\\s\\b\\f\\v\\r'", "'\\^a\\^Z'",
                "'emoji😀'", "'Ärger'", "'a\\zb'", "'\"dq\"'", "'spaces  in'",
                "'+'", "'=='", "'-'", "'@'", "'\\x41\\x{42}'", "'é'",
                "'mixed_Ωmega'"]
CHARS = ["$a", "$Z", "$0", "$ ", "$\\n", "$\\t", "$\\s", "$\\\\", "$\\'",
         "$\\\"", "$\\e", "$\\d", "$\\b", "$\\f", "$\\v", "$\\r", "$\\0",
         "$\\7", "$\\101", "$\\377", "$\\x41", "$\\x{1F600}", "$\\x{10FFFF}",
         "$\\^A", "$\\^z", "$\\^@", "$\\^?", "$\\^[", "$\\z", "$é", "$λ",
         "$😀", "$$", "$%", "$.", "$,", "$(", "$'", "$\"", "$\\x{0}",
         "$\\x7f", "$\\12", "$\\123", "$~", "$\\^_", "$ß"]
FLOATS = ["0.0", "1.0", "3.14", "2.5e3", "1.0e-10", "6.02E23", "1.5e+5",
          "123_456.789", "1_0.0_1", "1.0e1_0", "0.1", "9.999999999999999e300",
          "4.9e-324", "2.2250738585072014e-308", "1.7976931348623157e308",
          "100.0", "0.30000000000000004", "12345678901234567890.0",
          "5.0e-1", "7.0E0", "0.000001", "1.0e15", "1.0e16", "123.456e-7"]
STR_PIECES = ["abc", "Hello, World!", " ", "\\n", "\\t", "\\\\", "\\\"", "'",
              "\\'", "\\s", "\\e", "\\d", "\\b", "\\f", "\\v", "\\r", "\\0",
              "\\101", "\\7", "\\x41", "\\x{3bb}", "\\x{1F600}", "\\^A",
              "\\^z", "\\z", "é", "λ", "日本", "😀", "~p~n", "%", "#", "$",
              "ß", "tab\there", "{}", "[]", "\\12a", "\\x{0}", "Ω"]
VAR_NAMES = ["X", "Y", "Z", "Acc", "State", "N", "M", "Key", "Val", "T", "H",
             "Rest", "Xs", "Ys", "Bin", "Len", "Ärger", "Ökonom", "X1", "X_2",
             "Var@Host", "ÀÉ", "Long_Variable_Name_With_Parts", "Q"]
BIT_TYPES = ["integer", "float", "binary", "bytes", "bitstring", "bits",
             "utf8", "utf16", "utf32"]
SIGNS = ["signed", "unsigned"]
ENDIANS = ["big", "little", "native"]
REMOTES = [("lists", "reverse", 1), ("lists", "map", 2), ("lists", "foldl", 3),
           ("lists", "seq", 2), ("lists", "keyfind", 3), ("maps", "get", 2),
           ("maps", "put", 3), ("maps", "from_list", 1), ("erlang", "element", 2),
           ("erlang", "length", 1), ("binary", "part", 3), ("string", "trim", 1),
           ("lists", "nth", 2), ("maps", "fold", 3), ("erlang", "max", 2)]
BIFS = [("element", 2), ("length", 1), ("hd", 1), ("tl", 1), ("abs", 1),
        ("tuple_size", 1), ("map_size", 1), ("byte_size", 1), ("max", 2),
        ("min", 2), ("is_integer", 1), ("is_atom", 1), ("size", 1),
        ("bit_size", 1), ("float", 1), ("round", 1), ("trunc", 1)]
GUARD_TESTS = ["is_atom", "is_binary", "is_bitstring", "is_boolean",
               "is_float", "is_function", "is_integer", "is_list", "is_map",
               "is_number", "is_pid", "is_tuple", "is_reference"]
COMP_OPS = ["==", "/=", "=<", "<", ">=", ">", "=:=", "=/="]
ADD_OPS = ["+", "-", "bor", "bxor", "bsl", "bsr", "or", "xor"]
MUL_OPS = ["*", "/", "div", "rem", "band", "and"]
LIST_OPS = ["++", "--"]
PREFIX_OPS = ["+", "-", "bnot", "not"]
TYPE_NAMES0 = ["integer", "atom", "binary", "term", "any", "none", "pid",
               "float", "number", "boolean", "byte", "char", "string",
               "list", "map", "tuple", "non_neg_integer", "pos_integer",
               "neg_integer", "iolist", "iodata", "module", "mfa", "node",
               "timeout", "no_return", "reference", "bitstring", "nil",
               "nonempty_string", "arity", "function", "identifier",
               "maybe_improper_list", "nonempty_list", "fun"]
REMOTE_TYPES = [("erlang", "timestamp"), ("gen_server", "from"),
                ("unicode", "chardata"), ("file", "filename"),
                ("maps", "iterator"), ("sets", "set"), ("dict", "dict"),
                ("calendar", "datetime"), ("inet", "ip_address")]

# Operator levels, from erl_parse.yrl (OTP 25). Larger binds tighter.
L_CATCH, L_MATCH, L_ORELSE, L_ANDALSO, L_COMP, L_LIST, L_ADD, L_MUL, \
    L_PREFIX, L_MAP, L_CALL, L_REMOTE, L_MAX = \
    50, 100, 150, 160, 200, 300, 400, 500, 600, 650, 700, 800, 900


def paren(toks, lvl, need):
    if lvl < need:
        return ["("] + toks + [")"]
    return toks


class Gen:
    def __init__(self, rng, flavour, modname):
        self.r = rng
        self.fl = flavour
        self.mod = modname
        self.records = {}      # name -> [field names]
        self.funs = []         # (name, arity)
        self.var_counter = 0
        self.max_depth = {"deep": 60, "deeptypes": 40}.get(flavour, 5)

    # ------------------------------------------------------------ helpers
    def fresh_var(self):
        self.var_counter += 1
        base = self.r.choice(VAR_NAMES)
        return "%s%d" % (base, self.var_counter)

    def atom(self):
        r = self.r
        if self.fl == "literals" or r.chance(0.15):
            return r.choice(QUOTED_ATOMS)
        return r.choice(PLAIN_ATOMS)

    def integer(self):
        r = self.r
        k = r.below(10)
        if k < 4:
            return str(r.below(1000))
        if k == 4:
            return str(r.below(10 ** r.between(10, 60)))  # big
        if k == 5:
            base = r.between(2, 36)
            digits = "0123456789abcdefghijklmnopqrstuvwxyz"[:base]
            n = r.between(1, 12)
            s = "".join(r.choice(digits) for _ in range(n))
            if r.chance(0.5):
                s = s.upper()
            return "%d#%s" % (base, self.underscore(s))
        if k == 6:
            return self.underscore(str(r.between(1, 10 ** 12)))
        if k == 7:
            return r.choice(["16#FF", "16#ff_ff", "2#1010_1010", "8#777",
                             "36#ZZ", "36#zz", "10#99", "1_000_000",
                             "16#DEAD_BEEF", "2#1", "0", "007"])
        if k == 8:
            return str(2 ** r.between(58, 200) + r.below(3) - 1)
        return str(r.below(100))

    def underscore(self, s):
        if len(s) < 3 or not self.r.chance(0.5):
            return s
        out = s[0]
        for c in s[1:]:
            if self.r.chance(0.3):
                out += "_"
            out += c
        return out

    def string(self):
        r = self.r
        n = r.between(0, 6)
        s = "".join(r.choice(STR_PIECES) for _ in range(n))
        toks = ['"%s"' % s]
        while r.chance(0.15):
            toks.append('"%s"' % r.choice(STR_PIECES))
        return toks

    def literal(self):
        r = self.r
        k = r.below(10)
        if k < 3:
            return [self.atom()]
        if k < 5:
            return [self.integer()]
        if k == 5:
            return [r.choice(CHARS)]
        if k == 6:
            return [r.choice(FLOATS)]
        if k == 7:
            return self.string()
        if k == 8:
            return ["?MODULE"]
        return [self.atom()]

    # ------------------------------------------------------------ patterns
    def pattern(self, d, env, top=False):
        """Returns (tokens, level). Binds fresh variables into env."""
        r = self.r
        if d <= 0:
            k = r.below(4)
        else:
            k = r.below(16)
        if k == 0:
            v = self.fresh_var()
            env.append(v)
            return [v], L_MAX
        if k == 1:
            return [r.choice(["_", "_Ignored", "_" + self.fresh_var()])], L_MAX
        if k in (2, 3):
            lit = self.literal()
            if lit == ["?MODULE"] or r.chance(0.2):
                return lit, L_MAX
            return lit, L_MAX
        if k == 4:
            n = r.below(4)
            el = []
            for i in range(n):
                if i:
                    el.append(",")
                el += self.pattern(d - 1, env)[0]
            return ["{"] + el + ["}"], L_MAX
        if k == 5:
            n = r.below(4)
            el = []
            for i in range(n):
                if i:
                    el.append(",")
                el += self.pattern(d - 1, env)[0]
            if n and r.chance(0.4):
                el += ["|"] + self.pattern(d - 1, env)[0]
            return ["["] + el + ["]"], L_MAX
        if k == 6:
            return self.bin_pattern(d - 1, env), L_MAX
        if k == 7 and self.records:
            name = r.choice(sorted(self.records))
            fields = self.records[name]
            if fields and r.chance(0.2):
                return ["#" + name + "." + r.choice(fields)], L_CALL
            el = []
            for f in fields:
                if r.chance(0.5):
                    if el:
                        el.append(",")
                    el += [f, "="] + self.pattern(d - 1, env)[0]
            if r.chance(0.1):
                if el:
                    el.append(",")
                el += ["_", "=", "_"]
            return ["#", name, "{"] + el + ["}"], L_CALL
        if k == 8:
            n = r.below(3)
            el = []
            for i in range(n):
                if i:
                    el.append(",")
                el += self.lit_key() + [":="] + self.pattern(d - 1, env)[0]
            return ["#{"] + el + ["}"], L_MAP
        if k == 9:
            t, _ = self.pattern(d - 1, env)
            return self.string() + ["++"] + paren(t, L_MAX, L_LIST), L_LIST
        if k == 10:
            return ["-", self.integer()] if r.chance(0.7) else \
                ["-", r.choice(FLOATS)], L_PREFIX
        if k == 11 and top:
            a, la = self.pattern(d - 1, env)
            b, lb = self.pattern(d - 1, env)
            return paren(a, la, L_ORELSE) + ["="] + paren(b, lb, L_MATCH), L_MATCH
        if k == 12:
            # constant arithmetic is a legal pattern
            return [self.integer(), r.choice(["+", "*", "-", "bsl"]),
                    str(r.below(9))], L_ADD if True else 0
        if k == 13:
            v = self.fresh_var()
            env.append(v)
            t, lt = self.pattern(d - 1, env)
            return ["("] + [v, "="] + t + [")"], L_MAX
        if k == 14:
            return self.string(), L_MAX
        v = self.fresh_var()
        env.append(v)
        return [v], L_MAX

    def lit_key(self):
        r = self.r
        k = r.below(4)
        if k == 0:
            return [self.atom()]
        if k == 1:
            return [self.integer()]
        if k == 2:
            return self.string()
        return ["{", self.atom(), ",", str(r.below(9)), "}"]

    def bin_pattern(self, d, env):
        r = self.r
        n = r.below(4)
        el = []
        for i in range(n):
            if i:
                el.append(",")
            kind = r.below(5)
            if kind == 0:
                v = self.fresh_var()
                env.append(v)
                el += [v] + self.bin_suffix(size_var=env)
            elif kind == 1:
                el += [str(r.below(256))] + self.bin_suffix()
            elif kind == 2:
                el += self.string() + self.bin_suffix(str_ok=True)
            elif kind == 3:
                el += ["_"] + [":", str(r.between(1, 64))]
            else:
                v = self.fresh_var()
                env.append(v)
                el += [v, "/", r.choice(["binary", "bits", "bytes", "bitstring"])]
        return ["<<"] + el + [">>"]

    def bin_suffix(self, size_var=None, str_ok=False):
        r = self.r
        out = []
        if r.chance(0.5):
            if size_var and r.chance(0.3):
                out += [":", r.choice(size_var)]
            else:
                out += [":", str(r.between(1, 64))]
        if r.chance(0.6):
            spec = []
            if str_ok:
                spec.append(r.choice(["utf8", "utf16", "utf32", "integer"]))
            else:
                if out:
                    spec.append(r.choice(["integer", "float", "binary", "bits"]))
                else:
                    spec.append(r.choice(BIT_TYPES))
            if r.chance(0.3):
                spec.append(r.choice(SIGNS))
            if r.chance(0.3):
                spec.append(r.choice(ENDIANS))
            if out and r.chance(0.3):
                spec.append("unit:%d" % r.between(1, 256))
            order = spec[:]
            if r.chance(0.3):
                order.reverse()
            body = []
            for i, s in enumerate(order):
                if i:
                    body.append("-")
                if s.startswith("unit:"):
                    body += ["unit", ":", s[5:]]
                else:
                    body.append(s)
            out += ["/"] + body
        return out

    # ------------------------------------------------------------ guards
    def guard(self, env):
        r = self.r
        alts = []
        for i in range(r.between(1, 3)):
            if i:
                alts.append(";")
            for j in range(r.between(1, 3)):
                if j:
                    alts.append(",")
                alts += self.guard_expr(2, env)[0]
        return ["when"] + alts

    def guard_expr(self, d, env):
        r = self.r
        k = r.below(9) if d > 0 else r.below(3)
        v = r.choice(env) if env else "X"
        if k == 0:
            return [v], L_MAX
        if k == 1:
            return self.literal(), L_MAX
        if k == 2:
            return [r.choice(GUARD_TESTS), "(", v, ")"], L_CALL
        if k == 3:
            a, la = self.guard_expr(d - 1, env)
            b, lb = self.guard_expr(d - 1, env)
            return paren(a, la, L_LIST) + [r.choice(COMP_OPS)] + \
                paren(b, lb, L_LIST), L_COMP
        if k == 4:
            a, la = self.guard_expr(d - 1, env)
            b, lb = self.guard_expr(d - 1, env)
            op = r.choice(["andalso", "orelse"])
            lvl = L_ANDALSO if op == "andalso" else L_ORELSE
            return paren(a, la, lvl + 1) + [op] + paren(b, lb, lvl), lvl
        if k == 5:
            a, la = self.guard_expr(d - 1, env)
            b, lb = self.guard_expr(d - 1, env)
            op = r.choice(ADD_OPS + MUL_OPS)
            lvl = L_ADD if op in ADD_OPS else L_MUL
            return paren(a, la, lvl) + [op] + paren(b, lb, lvl + 1), lvl
        if k == 6:
            name, ar = r.choice(BIFS)
            args = []
            for i in range(ar):
                if i:
                    args.append(",")
                args += self.guard_expr(d - 1, env)[0]
            if r.chance(0.2):
                return ["erlang", ":", name, "("] + args + [")"], L_CALL
            return [name, "("] + args + [")"], L_CALL
        if k == 7 and self.records:
            name = r.choice(sorted(self.records))
            if r.chance(0.5) or not self.records[name]:
                return ["is_record", "(", v, ",", name, ")"], L_CALL
            return [v, "#" + name + "." + r.choice(self.records[name])], L_CALL
        a, la = self.guard_expr(d - 1, env)
        return ["not"] + paren(a, la, L_PREFIX), L_PREFIX

    # ------------------------------------------------------------ expressions
    def exprs(self, d, env, n=None):
        r = self.r
        if n is None:
            n = r.between(1, 3)
        out = []
        env = list(env)
        for i in range(n):
            if i:
                out.append(",")
            if i < n - 1 and r.chance(0.4):
                pe = []
                p, lp = self.pattern(min(d, 2), pe, top=True)
                e, le = self.expr(d - 1, env)
                out += paren(p, lp, L_ORELSE) + ["="] + paren(e, le, L_MATCH)
                env += pe
            else:
                e, _ = self.expr(d - 1, env)
                out += e
        return out

    def args(self, d, env, n):
        out = []
        for i in range(n):
            if i:
                out.append(",")
            out += self.expr(d - 1, env)[0]
        return out

    def clauses_body(self, d, env):
        return ["->"] + self.exprs(d, env)

    def expr(self, d, env):
        """Returns (tokens, level)."""
        r = self.r
        if d <= 0:
            if env and r.chance(0.5):
                return [r.choice(env)], L_MAX
            return self.literal(), L_MAX
        k = r.below(40)
        if k < 4:
            if env and r.chance(0.6):
                return [r.choice(env)], L_MAX
            return self.literal(), L_MAX
        if k < 8:
            return self.binop(d, env)
        if k == 8:
            op = r.choice(PREFIX_OPS)
            a, la = self.expr(d - 1, env)
            return [op] + paren(a, la, L_PREFIX), L_PREFIX
        if k == 9:
            n = r.below(4)
            return ["{"] + self.args(d, env, n) + ["}"], L_MAX
        if k == 10:
            n = r.below(4)
            el = self.args(d, env, n)
            if n and r.chance(0.3):
                el += ["|"] + self.expr(d - 1, env)[0]
            return ["["] + el + ["]"], L_MAX
        if k == 11 and self.funs:
            name, ar = r.choice(self.funs)
            return [name, "("] + self.args(d, env, ar) + [")"], L_CALL
        if k == 12:
            m, f, ar = r.choice(REMOTES)
            if r.chance(0.1):
                m = "?MODULE"
            return [m, ":", f, "("] + self.args(d, env, ar) + [")"], L_CALL
        if k == 13:
            return self.fun_expr(d, env)
        if k == 14:
            return self.case_expr(d, env)
        if k == 15:
            return self.if_expr(d, env)
        if k == 16:
            return self.receive_expr(d, env)
        if k == 17:
            return self.try_expr(d, env)
        if k == 18:
            return ["begin"] + self.exprs(d, env) + ["end"], L_MAX
        if k == 19:
            return self.lc(d, env)
        if k == 20:
            return self.bc(d, env)
        if k == 21:
            return self.map_expr(d, env)
        if k == 22 and self.records:
            return self.record_expr(d, env)
        if k == 23:
            return self.bin_expr(d, env)
        if k == 24:
            a, la = self.expr(d - 1, env)
            return ["catch"] + a, L_CATCH
        if k == 25:
            a, la = self.expr(d - 1, env)
            b, lb = self.expr(d - 1, env)
            return paren(a, la, L_ORELSE) + ["!"] + paren(b, lb, L_MATCH), L_MATCH
        if k == 26:
            e, le = self.expr(d - 1, env)
            return ["("] + e + [")"], L_MAX
        if k == 27:
            return self.string(), L_MAX
        if k == 28:
            # call of a fun value or a parenthesised expression
            if env and r.chance(0.5):
                callee = [r.choice(env)]
            else:
                callee = ["("] + self.fun_expr(d - 1, env)[0] + [")"]
            return callee + ["("] + self.args(d, env, r.below(3)) + [")"], L_CALL
        if k == 29:
            return self.funref(), L_MAX
        if k == 30 and env:
            v = r.choice(env)
            return [v, "(", ")"], L_CALL
        return self.binop(d, env)

    def funref(self):
        r = self.r
        k = r.below(4)
        if k == 0 and self.funs:
            name, ar = r.choice(self.funs)
            return ["fun", name, "/", str(ar)]
        if k == 1:
            m, f, ar = r.choice(REMOTES)
            return ["fun", m, ":", f, "/", str(ar)]
        if k == 2:
            return ["fun", "?MODULE", ":", "f", "/", str(r.below(4))]
        return ["fun", r.choice(["M", "Mod"]), ":", r.choice(["F", "Fn"]),
                "/", r.choice(["A", "2"])]

    def binop(self, d, env):
        r = self.r
        kind = r.below(7)
        a, la = self.expr(d - 1, env)
        b, lb = self.expr(d - 1, env)
        if kind == 0:
            op = r.choice(COMP_OPS)
            return paren(a, la, L_LIST) + [op] + paren(b, lb, L_LIST), L_COMP
        if kind == 1:
            op = r.choice(LIST_OPS)
            return paren(a, la, L_ADD) + [op] + paren(b, lb, L_LIST), L_LIST
        if kind in (2, 3):
            op = r.choice(ADD_OPS)
            return paren(a, la, L_ADD) + [op] + paren(b, lb, L_MUL), L_ADD
        if kind == 4:
            op = r.choice(MUL_OPS)
            return paren(a, la, L_MUL) + [op] + paren(b, lb, L_PREFIX), L_MUL
        if kind == 5:
            return paren(a, la, L_COMP) + ["andalso"] + \
                paren(b, lb, L_ANDALSO), L_ANDALSO
        return paren(a, la, L_ANDALSO) + ["orelse"] + \
            paren(b, lb, L_ORELSE), L_ORELSE

    def fun_expr(self, d, env):
        r = self.r
        named = r.chance(0.25)
        name = "Self%d" % r.below(10) if named else None
        n = r.between(0, 2)
        out = ["fun"]
        for c in range(r.between(1, 3)):
            if c:
                out.append(";")
            cenv = list(env) + ([name] if named else [])
            if named:
                out.append(name)
            args = []
            for i in range(n):
                if i:
                    args.append(",")
                args += self.pattern(2, cenv)[0]
            out += ["("] + args + [")"]
            if r.chance(0.3):
                out += self.guard(cenv)
            out += self.clauses_body(d - 1, cenv)
        return out + ["end"], L_MAX

    def cr_clauses(self, d, env):
        r = self.r
        out = []
        for c in range(r.between(1, 3)):
            if c:
                out.append(";")
            cenv = list(env)
            out += self.pattern(2, cenv, top=True)[0]
            if r.chance(0.3):
                out += self.guard(cenv)
            out += self.clauses_body(d - 1, cenv)
        return out

    def case_expr(self, d, env):
        return ["case"] + self.expr(d - 1, env)[0] + ["of"] + \
            self.cr_clauses(d, env) + ["end"], L_MAX

    def if_expr(self, d, env):
        r = self.r
        out = ["if"]
        for c in range(r.between(1, 3)):
            if c:
                out.append(";")
            if c and r.chance(0.3):
                out += ["true"]
            else:
                out += self.guard(env)[1:]
            out += self.clauses_body(d - 1, env)
        return out + ["end"], L_MAX

    def receive_expr(self, d, env):
        r = self.r
        out = ["receive"]
        has_clauses = r.chance(0.8)
        if has_clauses:
            out += self.cr_clauses(d, env)
        if not has_clauses or r.chance(0.5):
            out += ["after", r.choice(["0", "1000", "infinity", "T"])]
            out += self.clauses_body(d - 1, env)
        return out + ["end"], L_MAX

    def try_expr(self, d, env):
        r = self.r
        out = ["try"] + self.exprs(d - 1, env)
        if r.chance(0.4):
            out += ["of"] + self.cr_clauses(d, env)
        has_catch = r.chance(0.8)
        if has_catch:
            out.append("catch")
            for c in range(r.between(1, 3)):
                if c:
                    out.append(";")
                cenv = list(env)
                k = r.below(5)
                if k == 0:
                    out += self.pattern(1, cenv)[0]
                elif k == 1:
                    out += [r.choice(["error", "exit", "throw", "_", "Class"]),
                            ":"] + self.pattern(1, cenv)[0]
                else:
                    st = self.fresh_var()
                    cenv.append(st)
                    out += [r.choice(["error", "exit", "throw", "_", "C"]), ":"] \
                        + self.pattern(1, cenv)[0] + [":", st]
                if r.chance(0.2):
                    out += self.guard(cenv)
                out += self.clauses_body(d - 1, cenv)
        if not has_catch or r.chance(0.3):
            out += ["after"] + self.exprs(d - 1, env)
        return out + ["end"], L_MAX

    def qualifiers(self, d, env):
        r = self.r
        out = []
        cenv = list(env)
        for i in range(r.between(1, 4)):
            if i:
                out.append(",")
            k = r.below(4)
            if k <= 1:
                pe = list(cenv)
                p = self.pattern(1, pe)[0]
                src = self.expr(min(d - 1, 2), cenv)[0]
                out += p + ["<-"] + src
                cenv = pe
            elif k == 2:
                pe = list(cenv)
                p = self.bin_pattern(1, pe)
                src = self.expr(min(d - 1, 2), cenv)[0]
                out += p + ["<="] + src
                cenv = pe
            else:
                out += self.expr(min(d - 1, 2), cenv)[0]
        return out, cenv

    def lc(self, d, env):
        q, cenv = self.qualifiers(d, env)
        return ["["] + self.expr(d - 1, cenv)[0] + ["||"] + q + ["]"], L_MAX

    def bc(self, d, env):
        q, cenv = self.qualifiers(d, env)
        head = self.bin_expr(d - 1, cenv)[0]
        return ["<<"] + head + ["||"] + q + [">>"], L_MAX

    def bin_expr(self, d, env):
        r = self.r
        n = r.below(4)
        el = []
        for i in range(n):
            if i:
                el.append(",")
            k = r.below(5)
            if k == 0:
                el += self.string() + self.bin_suffix(str_ok=True)
            elif k == 1 and env:
                el += [r.choice(env)] + self.bin_suffix(size_var=env)
            elif k == 2:
                e, le = self.expr(d - 1, env)
                el += paren(e, le, L_MAX) + self.bin_suffix()
            elif k == 3:
                el += [r.choice(["-", "+", "bnot"]), str(r.below(100))] + \
                    self.bin_suffix()
            else:
                el += [str(r.below(256))] + self.bin_suffix()
        return ["<<"] + el + [">>"], L_MAX

    def map_expr(self, d, env):
        r = self.r
        base = None
        if r.chance(0.4):
            if env and r.chance(0.6):
                base = [r.choice(env)]
            else:
                base = ["("] + self.expr(d - 1, env)[0] + [")"]
        n = r.below(4)
        el = []
        for i in range(n):
            if i:
                el.append(",")
            k, lk = self.expr(d - 1, env) if r.chance(0.3) else (self.lit_key(), L_MAX)
            v, lv = self.expr(d - 1, env)
            op = "=>" if base is None or r.chance(0.5) else ":="
            el += k + [op] + v
        toks = (base or []) + ["#{"] + el + ["}"]
        lvl = L_MAP
        while r.chance(0.2):
            toks += ["#{", self.atom(), "=>", self.integer(), "}"]
        return toks, lvl

    def record_expr(self, d, env):
        r = self.r
        name = r.choice(sorted(self.records))
        fields = self.records[name]
        k = r.below(4)
        if k == 0 and fields:
            return ["#" + name + "." + r.choice(fields)], L_CALL
        if k == 1 and env and fields:
            toks = [r.choice(env), "#" + name + "." + r.choice(fields)]
            while r.chance(0.3):
                n2 = r.choice(sorted(self.records))
                if not self.records[n2]:
                    break
                toks += ["#" + n2 + "." + r.choice(self.records[n2])]
            return toks, L_CALL
        el = []
        for f in fields:
            if r.chance(0.5):
                if el:
                    el.append(",")
                el += [f, "="] + self.expr(d - 1, env)[0]
        if r.chance(0.1):
            if el:
                el.append(",")
            el += ["_", "=", self.atom()]
        base = []
        if k == 2 and env:
            base = [r.choice(env)]
        elif k == 2:
            base = ["("] + self.expr(d - 1, env)[0] + [")"]
        return base + ["#", name, "{"] + el + ["}"], L_CALL

    # ------------------------------------------------------------ types
    def type(self, d, tvars):
        """Returns tokens of a top_type."""
        r = self.r
        t = self.type_union(d, tvars)
        if tvars and r.chance(0.1):
            return [r.choice(tvars), "::"] + t
        return t

    def type_union(self, d, tvars):
        r = self.r
        parts = [self.type_prim(d - 1, tvars)]
        while d > 0 and r.chance(0.25):
            parts.append(self.type_prim(d - 1, tvars))
        out = []
        for i, p in enumerate(parts):
            if i:
                out.append("|")
            out += p
        return out

    def int_type(self, d):
        r = self.r
        k = r.below(6)
        if k == 0:
            return [str(r.below(100))]
        if k == 1:
            return ["-", str(r.below(100))]
        if k == 2:
            return [str(r.below(9)), r.choice(["+", "-", "*", "bsl", "div",
                                               "band", "bor", "rem"]),
                    str(r.below(9))]
        if k == 3:
            return [r.choice(["bnot", "-", "+"]), "(", str(r.below(9)), ")"]
        if k == 4:
            return ["(", str(r.below(9)), "*", str(r.below(9)), "+", "1", ")"]
        return [r.choice(CHARS[:3])]

    def type_prim(self, d, tvars):
        r = self.r
        k = r.below(24) if d > 0 else r.below(6)
        if k == 0:
            return [r.choice(TYPE_NAMES0), "(", ")"]
        if k == 1:
            return [self.atom()]
        if k == 2 and tvars:
            return [r.choice(tvars)]
        if k == 3:
            return self.int_type(d)
        if k == 4:
            return self.int_type(d) + [".."] + self.int_type(d)
        if k == 5:
            return ["[", "]"]
        if k == 6:
            return ["[", ] + self.type(d - 1, tvars) + ["]"]
        if k == 7:
            return ["[", ] + self.type(d - 1, tvars) + [",", "...", "]"]
        if k == 8:
            n = r.below(4)
            out = ["{"]
            for i in range(n):
                if i:
                    out.append(",")
                out += self.type(d - 1, tvars)
            return out + ["}"]
        if k == 9:
            out = ["#{"]
            for i in range(r.below(3)):
                if i:
                    out.append(",")
                out += self.type(d - 1, tvars) + [r.choice(["=>", ":="])] + \
                    self.type(d - 1, tvars)
            return out + ["}"]
        if k == 10 and self.records:
            name = r.choice(sorted(self.records))
            out = ["#", name, "{"]
            first = True
            for f in self.records[name]:
                if r.chance(0.4):
                    if not first:
                        out.append(",")
                    first = False
                    out += [f, "::"] + self.type(d - 1, tvars)
            return out + ["}"]
        if k == 11:
            return r.choice([["<<", ">>"], ["<<", "_", ":", "8", ">>"],
                             ["<<", "_", ":", "_", "*", "8", ">>"],
                             ["<<", "_", ":", "3", ",", "_", ":", "_", "*", "4", ">>"],
                             ["<<", "_", ":", "_", "*", "1", ">>"],
                             ["<<", "_", ":", "1", "+", "2", ">>"]])
        if k == 12:
            return ["fun", "(", ")"]
        if k == 13:
            return ["fun", "(", "(", "...", ")", "->"] + self.type(d - 1, tvars) + [")"]
        if k == 14:
            out = ["fun", "(", "("]
            for i in range(r.below(3)):
                if i:
                    out.append(",")
                out += self.type(d - 1, tvars)
            return out + [")", "->"] + self.type(d - 1, tvars) + [")"]
        if k == 15:
            m, t = r.choice(REMOTE_TYPES)
            out = [m, ":", t, "("]
            if r.chance(0.3):
                out += self.type(d - 1, tvars)
            return out + [")"]
        if k == 16:
            return ["("] + self.type(d - 1, tvars) + [")"]
        if k == 17:
            name = r.choice(["list", "nonempty_list", "maybe_improper_list",
                             "tuple", "map", "my_type", "orddict"])
            out = [name, "("]
            n = {"maybe_improper_list": 2, "map": 2, "orddict": 2}.get(name, 1)
            if name == "tuple":
                n = 0
            for i in range(n):
                if i:
                    out.append(",")
                out += self.type(d - 1, tvars)
            return out + [")"]
        if k == 18:
            return ["{", "}"]
        if k == 19:
            return ["#{", "}"]
        if k == 20:
            return ["_"]
        if k == 21:
            return [r.choice(CHARS[:10])]
        return [r.choice(TYPE_NAMES0), "(", ")"]

    def fun_sig(self, d, arity, tvars):
        r = self.r
        out = ["("]
        for i in range(arity):
            if i:
                out.append(",")
            if tvars and r.chance(0.3):
                out += [r.choice(tvars)]
            elif r.chance(0.15):
                out += [self.fresh_var(), "::"] + self.type_union(d, tvars)
            else:
                out += self.type(d, tvars)
        out += [")", "->"] + self.type(d, tvars)
        return out

    def deep_sig(self, d, arity):
        """A signature whose result type is one long nested chain."""
        r = self.r
        kinds = r.choice([["list"], ["tuple"], ["fun"], ["union", "list"],
                          ["map", "tuple"], ["paren"], ["nelist", "fun"],
                          ["list", "tuple", "fun", "map", "paren", "remote"]])
        toks = ["atom", "(", ")"]
        for i in range(d):
            k = kinds[i % len(kinds)]
            if k == "list":
                toks = ["["] + toks + ["]"]
            elif k == "nelist":
                toks = ["["] + toks + [",", "...", "]"]
            elif k == "tuple":
                toks = ["{", "ok", ","] + toks + ["}"]
            elif k == "fun":
                toks = ["fun", "(", "(", "integer", "(", ")", ")", "->"] + \
                    toks + [")"]
            elif k == "union":
                toks = [str(i), "|"] + toks
            elif k == "map":
                toks = ["#{", "atom", "(", ")", "=>"] + toks + ["}"]
            elif k == "paren":
                toks = ["("] + toks + [")"]
            elif k == "remote":
                toks = ["sets", ":", "set", "("] + toks + [")"]
        out = ["("]
        for i in range(arity):
            if i:
                out.append(",")
            out += ["term", "(", ")"]
        return out + [")", "->"] + toks

    def spec(self, kind, name, arity):
        r = self.r
        d = r.between(1, 3)
        out = ["-", kind]
        if r.chance(0.1):
            out += [self.mod, ":"]
        out.append(name)
        for c in range(1 if r.chance(0.7) else r.between(2, 3)):
            if c:
                out.append(";")
            tvars = []
            if r.chance(0.3):
                tvars = ["T", "K", "V"][:r.between(1, 3)]
            if self.fl == "deeptypes" and c == 0:
                out += self.deep_sig(r.between(10, self.max_depth), arity)
            else:
                out += self.fun_sig(d, arity, tvars)
            if tvars:
                out.append("when")
                for i, v in enumerate(tvars):
                    if i:
                        out.append(",")
                    if r.chance(0.15):
                        out += ["is_subtype", "(", v, ","] + self.type(1, []) + [")"]
                    else:
                        out += [v, "::"] + self.type(1, [])
        if r.chance(0.1) and out[2] != self.mod:
            out = out[:2] + ["("] + out[2:] + [")"]
        return out + ["."]

    # ------------------------------------------------------------ forms
    def record_decl(self, name, fields):
        r = self.r
        out = ["-", "record", "(", name, ",", "{"]
        for i, f in enumerate(fields):
            if i:
                out.append(",")
            out.append(f)
            if r.chance(0.4):
                out += ["="] + self.expr(2, [])[0]
            if r.chance(0.4):
                out += ["::"] + self.type(2, [])
        return out + ["}", ")", "."]

    def function(self, name, arity):
        r = self.r
        out = []
        d = r.between(2, 4)
        for c in range(r.between(1, 4)):
            if c:
                out.append(";")
            env = []
            args = []
            for i in range(arity):
                if i:
                    args.append(",")
                args += self.pattern(2, env)[0]
            out += [name, "("] + args + [")"]
            if r.chance(0.3):
                out += self.guard(env)
            out.append("->")
            if self.fl == "deep" and c == 0:
                out += self.deep_expr(r.between(20, self.max_depth), env)
            elif self.fl == "flat" and c == 0:
                out += self.flat_expr(env)
            else:
                out += self.exprs(d, env)
        return out + ["."]

    def deep_expr(self, d, env):
        """One long chain of nested constructs, about d levels."""
        r = self.r
        kinds = r.choice([["paren"], ["tuple", "list"], ["case"], ["fun"],
                          ["begin", "paren", "tuple"], ["op"], ["map", "list"],
                          ["bin", "tuple"], ["try", "case", "if"],
                          ["lc", "tuple"], ["unop", "paren"], ["cons"],
                          ["tuple", "list", "case", "fun", "begin", "op",
                           "map", "try", "receive", "unop", "lc", "cons"]])
        inner = ["X0"] if env else [self.literal()[0]]
        if env:
            inner = [env[0]]
        toks = inner
        # Each wrapper adds roughly one AST level (a few add two or three);
        # keep the total well below 100.
        levels = min(d, 30) if len(kinds) > 3 else d
        for i in range(levels):
            k = kinds[i % len(kinds)] if len(kinds) < 4 else r.choice(kinds)
            if k == "paren":
                toks = ["("] + toks + [")"]
            elif k == "tuple":
                toks = ["{", self.atom(), ","] + toks + ["}"]
            elif k == "list":
                toks = ["["] + toks + ["]"]
            elif k == "cons":
                toks = ["[", str(i), "|"] + toks + ["]"]
            elif k == "case":
                toks = ["case", "X", "of", "_", "->"] + toks + ["end"]
            elif k == "if":
                toks = ["if", "true", "->"] + toks + ["end"]
            elif k == "fun":
                toks = ["fun", "(", ")", "->"] + toks + ["end"]
            elif k == "begin":
                toks = ["begin"] + toks + ["end"]
            elif k == "op":
                toks = [str(i), r.choice(["+", "*", "-", "++", "andalso",
                                          "==", "div", "orelse"]),
                        "("] + toks + [")"]
            elif k == "unop":
                toks = [r.choice(["-", "not", "bnot", "+"]), "("] + toks + [")"]
            elif k == "map":
                toks = ["#{", "k", "=>"] + toks + ["}"]
            elif k == "bin":
                toks = ["<<", "(", "byte_size", "("] + toks + [")", ")", ">>"]
            elif k == "try":
                toks = ["try"] + toks + ["catch", "_", "->", "ok", "end"]
            elif k == "receive":
                toks = ["receive", "_", "->"] + toks + ["end"]
            elif k == "lc":
                toks = ["[", "Y", "||", "Y", "<-"] + toks + ["]"]
        return toks

    def flat_expr(self, env):
        """Long flat sequences: lists, tuples, operator chains, clauses."""
        r = self.r
        k = r.below(7)
        n = r.between(100, 700)
        if k == 0:
            out = ["["]
            for i in range(n):
                if i:
                    out.append(",")
                out.append(str(i) if r.chance(0.7) else self.atom())
            return out + ["]"]
        if k == 1:
            out = ["{"]
            for i in range(n):
                if i:
                    out.append(",")
                out += self.literal()
            return out + ["}"]
        if k == 2:
            # a left-associative chain; its AST depth is its length, so
            # it stays below 100
            out = ["0"]
            for i in range(r.between(30, 90)):
                out += [r.choice(["+", "-", "*", "bor", "band", "bxor"]),
                        str(i)]
            return out
        if k == 3:
            # right-associative: ++ and andalso chains
            op = r.choice(["++", "andalso", "orelse", "--"])
            out = []
            for i in range(r.between(30, 90)):
                if i:
                    out.append(op)
                out += (["[", str(i), "]"] if op in ("++", "--")
                        else [r.choice(["true", "false", "X"])])
            return out
        if k == 4:
            out = ["<<"]
            for i in range(n):
                if i:
                    out.append(",")
                out += [str(i % 256)]
                if r.chance(0.3):
                    out += [":", str(r.between(1, 16))]
            return out + [">>"]
        if k == 5:
            out = ["case", "X", "of"]
            for i in range(r.between(40, 160)):
                if i:
                    out.append(";")
                out += [str(i), "->", self.atom()]
            return out + [";", "_", "->", "other", "end"]
        out = ["#{"]
        for i in range(r.between(40, 200)):
            if i:
                out.append(",")
            out += ["k%d" % i, "=>", str(i)]
        return out + ["}"]

    def module(self):
        r = self.r
        forms = [["-", "module", "(", self.mod, ")", "."]]
        # records first, so expressions can refer to them
        nrec = r.between(0, 3) if self.fl != "records" else r.between(2, 5)
        for i in range(nrec):
            name = r.choice(["rec", "state", "point", "node", "opts", "cfg"]) + str(i)
            nf = r.between(0, 6)
            fields = ["f%d" % j if r.chance(0.7) else
                      r.choice(["name%d", "value%d", "'quoted field %d'",
                                "count%d", "next%d", "'Data%d'"]) % j
                      for j in range(nf)]
            self.records[name] = fields
        nfun = r.between(1, 5)
        for i in range(nfun):
            self.funs.append((r.choice(["f", "g", "handle", "loop", "step",
                                        "eval", "do_it", "run"]) + str(i),
                              r.between(0, 4)))
        exports = ["-", "export", "(", "["]
        for i, (n, a) in enumerate(self.funs):
            if i:
                exports.append(",")
            exports += [n, "/", str(a)]
        forms.append(exports + ["]", ")", "."])
        if r.chance(0.2):
            forms.append(["-", r.choice(["behaviour", "behavior"]), "(",
                          r.choice(["gen_server", "gen_statem", "supervisor",
                                    "my_behaviour"]), ")", "."])
        if r.chance(0.15):
            forms.append(["-", "vsn", "("] + r.choice([["\"1.0\""], ["42"],
                                                     ["[", "1", ",", "2", "]"]])
                         + [")", "."])
        if r.chance(0.2):
            forms.append(["-", "moduledoc"] + self.string() + ["."])
        for name in self.records:
            forms.append(self.record_decl(name, self.records[name]))
        if r.chance(0.3):
            cbs = []
            for i in range(r.between(1, 3)):
                cname = "cb%d" % i
                ar = r.below(3)
                forms.append(self.spec("callback", cname, ar))
                cbs.append((cname, ar))
            if r.chance(0.5):
                oc = ["-", "optional_callbacks", "(", "["]
                for i, (n, a) in enumerate(cbs):
                    if i:
                        oc.append(",")
                    oc += [n, "/", str(a)]
                forms.append(oc + ["]", ")", "."])
        for name, ar in self.funs:
            if r.chance(0.2):
                forms.append(["-", "doc"] + self.string() + ["."])
            if r.chance(0.5) or self.fl in ("types", "deeptypes"):
                forms.append(self.spec("spec", name, ar))
            forms.append(self.function(name, ar))
        return forms


# ---------------------------------------------------------------- layout

def layout(forms, rng, style):
    """Joins token lists into source text. Tokens are always separated by
    some whitespace or a comment, so no two tokens can fuse."""
    out = []
    seps = {
        "plain": [" "],
        "compact": [" "],
        "lines": [" ", " ", " ", "\n    "],
        "tabs": ["\t", " ", "\t\t", "\n\t"],
        "crlf": [" ", "\r\n  ", " "],
        "comments": [" ", " ", " % a comment\n", "\n%% another; with ' and \" \n",
                     " %% ünïcödé comment ✓\n"],
        "odd": [" ", "\f", "\t", "\r\n", "\x0b", "\n\n\n", " \t \f "],
    }[style]
    nl = "\r\n" if style == "crlf" else "\n"
    for form in forms:
        if style == "comments" and rng.chance(0.5):
            out.append("%% form comment" + nl)
        parts = []
        for i, tok in enumerate(form):
            if i:
                if style in ("lines", "tabs", "crlf", "comments", "odd") \
                        and tok in (";", ",") and rng.chance(0.2):
                    parts.append(tok)
                    parts.append(nl + "    ")
                    continue
                if parts and parts[-1].endswith(nl + "    "):
                    parts.append(tok)
                    continue
                parts.append(rng.choice(seps))
            parts.append(tok)
        out.append("".join(parts) + nl)
    return "".join(out)


FLAVOURS = ["mixed", "mixed", "mixed", "deep", "flat", "types", "deeptypes",
            "records", "literals", "mixed", "deep", "flat"]
STYLES = ["plain", "plain", "lines", "tabs", "crlf", "comments", "odd",
          "lines", "plain"]


def generate(index):
    rng = Rng(0x48794C616E67 ^ (index * 0x100000001B3))
    flavour = FLAVOURS[index % len(FLAVOURS)]
    style = STYLES[rng.below(len(STYLES))]
    mod = "gen_%03d" % index
    g = Gen(rng, flavour, mod)
    forms = g.module()
    text = layout(forms, rng, style)
    # The comment goes after the -module form: every corpus file starts
    # with -module.
    first = text.index(".") + 1
    return text[:first] + \
        " %% Generated by tests/oracle/gen_corpus.py (flavour %s, layout %s).\n" \
        % (flavour, style) + text[first:].lstrip(" ")


# ---------------------------------------------------------------- literals

def gen_literals(index):
    """A module whose one function returns a list of random literals:
    quoted atoms and strings of random code points and escapes, integers in
    random bases, big integers, floats with random exponents, chars."""
    r = Rng(0x4C6974 ^ (index * 0x9E3779B97F4A7C15))

    def cp():
        k = r.below(10)
        if k < 5:
            return r.between(0x20, 0x7E)
        if k < 7:
            return r.between(0xA0, 0xFF)
        if k == 7:
            return r.between(0x100, 0x2FFF)
        if k == 8:
            return r.between(0x1F300, 0x1FAFF)
        return r.choice([0x9, 0xA, 0xD, 0xC, 0xB, 0x1, 0x7F, 0x85, 0x80, 0x9F])

    def esc():
        k = r.below(6)
        if k == 0:
            return "\\" + r.choice("nrtvbfesd\\'\"")
        if k == 1:
            return "\\" + "%o" % r.below(512)
        if k == 2:
            return "\\x%02x" % r.below(256)
        if k == 3:
            return "\\x{%x}" % r.choice([r.below(0xD800), r.between(0xE000, 0x10FFFF)])
        if k == 4:
            return "\\^" + chr(r.between(0x40, 0x7E))
        return "\\" + r.choice("zqwyjklmgh")

    def body(q):
        out = []
        for _ in range(r.below(13)):
            if r.chance(0.3):
                out.append(esc())
            else:
                c = chr(cp())
                if c in (q, "\\"):
                    c = "\\" + c
                out.append(c)
        return "".join(out)

    def integer():
        k = r.below(10)
        if k < 4:
            base = r.between(2, 36)
            digs = [d for d in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    if int(d, 36) < base]
            return "%d#%s" % (base, "".join(r.choice(digs) for _ in range(r.between(1, 30))))
        if k < 7:
            return str(r.below(10 ** r.between(1, 80)))
        digits = str(r.between(1, 10 ** 12))
        return "_".join(digits[i:i + 2] for i in range(0, len(digits), 2))

    def flt():
        m = "%d.%d" % (r.below(10 ** r.between(1, 20)), r.below(10 ** r.between(1, 20)))
        if r.chance(0.6):
            m += r.choice("eE") + r.choice(["", "+", "-"]) + str(r.below(280))
        return m

    def charlit():
        if r.chance(0.4):
            return "$" + esc()
        c = chr(cp())
        return "$" + ("\\\\" if c == "\\" else c)

    items = []
    for _ in range(r.between(10, 60)):
        k = r.below(6)
        if k == 0:
            items.append("'" + body("'") + "'")
        elif k == 1:
            items.append('"' + body('"') + '"')
        elif k == 2:
            items.append(integer())
        elif k == 3:
            items.append(flt())
        elif k == 4:
            items.append(charlit())
        else:
            items.append('"' + body('"') + '" "' + body('"') + '"')
    return ("-module(gen_lit_%03d).\n%%%% Generated by tests/oracle/gen_corpus.py "
            "(random literals).\n-export([f/0]).\nf() -> [%s].\n"
            % (index, ",\n ".join(items)))


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: gen_corpus.py OUT_DIR [COUNT]\n")
        return 2
    out_dir = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 240
    for i in range(count):
        text = generate(i)
        path = os.path.join(out_dir, "gen_%03d.erl" % i)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    for i in range(count // 8):
        path = os.path.join(out_dir, "gen_lit_%03d.erl" % i)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(gen_literals(i))
    return 0


if __name__ == "__main__":
    sys.exit(main())
