#!/usr/bin/env bash
# tests/conformance_otp/regen.sh — writes NAME.expected for the programs of
# this directory from real Erlang/OTP 25, with the oracle of
# tests/conformance_proc (its regen.sh: --verify, FILE.erl..., or all).
HERE=$(cd "$(dirname "$0")" && pwd)
HL_CONF_DIR="$HERE" exec bash "$HERE/../conformance_proc/regen.sh" "$@"
