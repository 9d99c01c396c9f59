#!/usr/bin/env bash
# tests/conformance_otp/run.sh — the programs that use OTP's behaviours
# (gen_server, gen_statem, gen_event, supervisor, timer, sys; issue 15),
# run and compared as tests/conformance_proc/run.sh does its own, with the
# behaviours' one-line crash reports dropped from the output (the oracle
# silences OTP's logger; docs/behaviours.md gives the report's format).
# Usage: bash run.sh <path-to-hl> <source-dir> [NAME...]
SRC=${2:?source dir}
HL_CONF_DIR="$SRC/tests/conformance_otp" HL_CONF_DROP_REPORTS=1 exec bash "$SRC/tests/conformance_proc/run.sh" "$@"
