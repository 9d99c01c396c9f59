/* main.c — the `hl` executable's entry point. Everything the command does
 * is hl_cli_main (hl.c), which the test suites' job runner also calls
 * (tests/runner/hl_jobs.c), so both run the same code. */
#include "cli.h"

int main(int argc, char **argv) {
    return hl_cli_main(argc, argv);
}
