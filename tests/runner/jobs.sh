# tests/runner/jobs.sh — sourced by the suites that run many programs with
# `hl` (tests/conformance/run.sh, tests/conformance_proc/run.sh, ...): queue
# the command lines, run them all at once, then read each one's stdout,
# stderr and exit status from files.
#
# The jobs run through tests/runner/hl_jobs (ctest gives its path in
# HL_JOBS): one process forks a child per job that runs the `hl` command's
# own code, so the suite pays one exec and sanitizer start-up instead of one
# per program. Without it (a suite run by hand with only `hl`), each job is
# an `hl` process, with the same files. HL_JOBS_PARALLEL jobs run at once
# (default: one per core; many programs sleep in receive ... after).
#
#   source "$SRC/tests/runner/jobs.sh"
#   jobs_init "$HL" DIR           # DIR: a new directory under the suite's
#                                 # temporary one (the suite removes it)
#   jobs_add ARG...               # queues `hl ARG...`; its id is $JOBS_ID
#                                 # (leading env:NAME=VALUE arguments set
#                                 # NAME in that job's environment)
#   jobs_run                      # runs every queued job
#   "$JOBS_DIR/$id.out", "$JOBS_DIR/$id.err"; jobs_rc ID sets $rc
#
# Arguments may not be empty or contain a tab or a newline (jobs_add
# refuses them).

jobs_init() {
    JOBS_HL=$1
    JOBS_DIR=$2
    mkdir -p "$JOBS_DIR" || return 1
    JOBS_N=0
    : >"$JOBS_DIR/jobs"
}

jobs_add() {
    local IFS=$'\t' a
    for a in "$@"; do
        if [ -z "$a" ] || [[ "$a" == *$'\t'* || "$a" == *$'\n'* ]]; then
            echo "jobs_add: an argument is empty or holds a tab or a newline: '$a'" >&2
            return 1
        fi
    done
    JOBS_ID=$JOBS_N
    JOBS_N=$((JOBS_N + 1))
    printf '%s\t%s\n' "$JOBS_ID" "$*" >>"$JOBS_DIR/jobs"
}

jobs_run() {
    local p=${HL_JOBS_PARALLEL:-$(nproc)}
    if [ -n "${HL_JOBS:-}" ] && [ -x "$HL_JOBS" ]; then
        "$HL_JOBS" -j "$p" "$JOBS_DIR/jobs" "$JOBS_DIR"
        return
    fi
    # No runner: one `hl` process per job, p at a time.
    local id args running=0
    while IFS=$'\t' read -r -a args; do
        id=${args[0]}
        local envs=()
        while [ ${#args[@]} -gt 1 ] && [[ "${args[1]}" == env:* ]]; do
            envs+=("${args[1]#env:}")
            args=("${args[0]}" "${args[@]:2}")
        done
        {
            env "${envs[@]}" "$JOBS_HL" "${args[@]:1}" </dev/null >"$JOBS_DIR/$id.out" 2>"$JOBS_DIR/$id.err"
            echo $? >"$JOBS_DIR/$id.rc"
        } &
        running=$((running + 1))
        if [ "$running" -ge "$p" ]; then
            wait -n
            running=$((running - 1))
        fi
    done <"$JOBS_DIR/jobs"
    wait
}

# jobs_rc ID: sets rc to the job's exit status (255 when it has none).
jobs_rc() {
    rc=255
    [ -s "$JOBS_DIR/$1.rc" ] && read -r rc <"$JOBS_DIR/$1.rc"
}
