#!/usr/bin/env bash
# regen-oracle.sh — the one command that regenerates every committed
# expectation that comes from real Erlang/OTP 25 (the oracle). Needs erl,
# escript and python3. Run from anywhere; writes into the source tree.
# Review the diff afterwards: a changed expectation is a behaviour change.
#
# To add an oracle output, append one step below (keep each step one line
# that names its script and its output).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# Globs below expand in byte order whatever the locale, so outputs that list
# files are the same on every machine.
export LC_COLLATE=C
otp=$(erl -noshell -eval 'io:format("~s", [erlang:system_info(otp_release)]), halt().')
if [ "$otp" != "25" ]; then
  echo "regen-oracle: expected OTP 25, found OTP $otp" >&2
  exit 1
fi
step() { echo "regen-oracle: $*"; }

# Floats as OTP prints them with ~w (src/base/fmt_float.c's test vectors).
step "tests/data/floats.txt"
escript tests/oracle/gen_floats.escript > tests/data/floats.txt
step "tests/data/floats_sample.txt"
escript tests/oracle/gen_floats_sample.escript > tests/data/floats_sample.txt
# float_to_list/1,2 with every option (src/term/float_format.c's vectors).
step "tests/data/float_format.txt"
escript tests/oracle/float_format.escript > tests/data/float_format.txt
step "tests/data/float_parse.txt"
escript tests/oracle/float_parse.escript > tests/data/float_parse.txt

# Lexer samples: tests/data/lex/NAME.tokens, erl_scan's view of NAME.erl.
step "tests/data/lex/*.tokens (tests/oracle/lex_dump.escript)"
for f in tests/data/lex/*.erl; do
  escript tests/oracle/lex_dump.escript "$f" > "${f%.erl}.tokens"
done

# Parser unit-test sample: tests/data/parse/*.ast.
if ls tests/data/parse/*.erl >/dev/null 2>&1; then
  step "tests/data/parse/*.ast (tests/oracle/ast_dump.escript)"
  escript tests/oracle/ast_dump.escript --write tests/data/parse/*.erl
fi

# SafeCore's table of auto-imported BIFs (erl_internal).
step "src/front/autoimport.def (tests/oracle/autoimport.escript)"
escript tests/oracle/autoimport.escript > src/front/autoimport.def

# Parser corpus: the generated .erl files, then every .ast from OTP's erl_parse.
step "tests/parse_diff/gen_*.erl (tests/oracle/gen_corpus.py)"
rm -f tests/parse_diff/gen_*.erl tests/parse_diff/gen_*.ast
python3 tests/oracle/gen_corpus.py tests/parse_diff 240
step "tests/parse_diff/*.ast (tests/oracle/ast_dump.escript)"
rm -f tests/parse_diff/*.ast
escript tests/oracle/ast_dump.escript --write tests/parse_diff/*.erl

step "tests/parse_diff/reject/otp_errors.txt (OTP must reject every reject/*.erl)"
escript tests/oracle/ast_dump.escript --reject tests/parse_diff/reject/*.erl \
  > tests/parse_diff/reject/otp_errors.txt

step "tests/data/print/terms*.txt, src/term/print_grapheme.h (tests/oracle/print_*.escript)"
escript tests/oracle/print_terms.escript > tests/data/print/terms.txt && ERL_FLAGS="+pc unicode" escript tests/oracle/print_terms.escript tpu > tests/data/print/terms_tpu.txt && escript tests/oracle/print_graphemes.escript > src/term/print_grapheme.h

# External Term Format vectors (src/term/etf_*.c): term_to_binary of seeded
# terms, and OTP's verdict on malformed inputs.
step "tests/data/etf/terms.txt (tests/oracle/etf_terms.escript)"
escript tests/oracle/etf_terms.escript > tests/data/etf/terms.txt
step "tests/data/etf/decode.txt (tests/oracle/etf_decode.escript)"
escript tests/oracle/etf_decode.escript > tests/data/etf/decode.txt

# Term-literal reader (src/term/reader.c): OTP's value of each text.
step "tests/data/reader/terms.txt (tests/oracle/reader_terms.escript)"
escript tests/oracle/reader_terms.escript > tests/data/reader/terms.txt

# Stdlib conformance programs (generated), then their expected output.
step "tests/conformance/std_*.erl (tests/oracle/gen_std_conformance.py)"
python3 tests/oracle/gen_std_conformance.py tests/conformance
step "tests/conformance/std_*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/std_*.erl
step "tests/conformance/preproc_*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/preproc_*.erl
step "tests/conformance/maps_*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/maps_*.erl
# The lists sort family on generated mixed inputs (erl helper, issue 5).
step "tests/conformance/erl_sortprop_*.erl (tests/oracle/gen_sort_props.escript)"
escript tests/oracle/gen_sort_props.escript tests/conformance
step "tests/conformance/erl_sortprop_*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/erl_sortprop_*.erl

# binary and base64 conformance programs (generated), then every
# binary_*/base64_* program's expected output (hand-written ones included).
step "tests/conformance/binary_*.erl, base64_*.erl (tests/oracle/gen_binary_conformance.py)"
python3 tests/oracle/gen_binary_conformance.py tests/conformance
step "tests/conformance/binary_*.expected, base64_*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/binary_*.erl tests/conformance/base64_*.erl

# rand's normal variates: OTP's ziggurat tables, read from its own rand
# module (lib/rand_normal.erl); then the rand and clocks programs' output.
step "lib/rand_normal.erl (tests/oracle/rand_tables.escript)"
escript tests/oracle/rand_tables.escript
step "tests/conformance/rand_*.expected, clocks_*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/rand_*.erl tests/conformance/clocks_*.erl

# Unicode data of lib/string.erl and lib/unicode.erl (grapheme classes, case
# maps, normalization) as OTP 25's unicode_util behaves.
step "src/vm/unicode_tables.h"
escript tests/oracle/unicode_tables.escript > src/vm/unicode_tables.h
escript tests/oracle/re_tables.escript > src/vm/re_latin1_tables.h
step "tests/conformance/string_*, unicode_*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/string_*.erl tests/conformance/unicode_*.erl
# io_lib / io programs (hand-written; their output and results from erl).
step "tests/conformance/io_*.expected, io_big/*.expected (tests/oracle/conformance.escript)"
escript tests/oracle/conformance.escript tests/conformance/io_*.erl tests/conformance/io_big/*.erl
# Programs of several modules (each multi/NAME/ directory is one program).
step "tests/conformance/multi/*.expected (tests/oracle/conformance.escript DIR)"
escript tests/oracle/conformance.escript tests/conformance/multi/*/
# The examples/ programs as tests/examples/check.sh runs them (the agent
# tool against crm_stub.erl, the host's bindings as a module).
step "tests/examples/*.expected (tests/examples/oracle.sh)"
bash tests/examples/oracle.sh .

# Programs with processes (main/0 in a fresh process; leftovers killed).
step "tests/conformance_proc/*.expected (tests/conformance_proc/regen.sh)"
bash tests/conformance_proc/regen.sh

echo "regen-oracle: done; review with git status / git diff"
