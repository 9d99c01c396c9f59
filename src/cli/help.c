/* help.c — the `hl` command's help texts (all but `hl run`'s, which lives
 * with its options in cmd_run.c). docs/hl.1 is the manual made from them; a
 * test (tests/cli/run.sh) checks that every command and option named here
 * appears there. */
#include "cli.h"

const char hl_cli_main_help[] =
    "usage: hl COMMAND [ARGS]\n"
    "\n"
    "Hyperlang runs partly trusted Erlang programs in a sandbox: a program is\n"
    "compiled to checked bytecode, may call only what the sandbox allows (see\n"
    "`hl builtins`) and runs under limits.\n"
    "\n"
    "commands:\n"
    "  run [OPTIONS] FILE [MORE.erl...] FUNCTION [ARG...]\n"
    "                       compile FILE and call its FUNCTION(ARG...) under\n"
    "                       limits; print what it wrote, then the result\n"
    "  check [--program] FILE... [HEADER.hrl...]\n"
    "                       compile Erlang source files without running them\n"
    "  builtins [MODULE]    list the functions a guest may call (of MODULE)\n"
    "  serve --stdio | --http ADDR:PORT\n"
    "                       serve the sandbox to agents: an MCP server on stdio,\n"
    "                       or an HTTP JSON API\n"
    "  parse --dump FILE    print a file's syntax tree in erl_parse's abstract format\n"
    "  help [COMMAND]       show help for a command\n"
    "\n"
    "options:\n"
    "  -h, --help           show this help\n"
    "  --version            print the version\n"
    "\n"
    "exit status: 0 success, 1 guest exception, 2 rejected at compile time or bad\n"
    "usage, 3 a limit stopped the run.\n"
    "\n"
    "`hl help COMMAND` shows a command's options; the manual is hl(1).\n";

const char hl_cli_check_help[] =
    "usage: hl check [--grant NAME]... FILE... [HEADER.hrl...]\n"
    "       hl check --program [--grant NAME]... FILE... [HEADER.hrl...]\n"
    "\n"
    "Compiles each FILE as a Hyperlang guest module (Erlang source, OTP 25\n"
    "grammar and preprocessor, with the sandbox's restrictions: only admitted\n"
    "attributes, only granted calls) through every pass `hl run` uses, up to\n"
    "loading; nothing is run. With --program the files are one program, as\n"
    "`hl run FILE MORE.erl... FUNCTION` compiles them: each may call what the\n"
    "others export. The HEADER.hrl files are the only files a module's\n"
    "-include/-include_lib can name.\n"
    "\n"
    "  --grant NAME   compiles with a capability granted (repeatable), as\n"
    "                 `hl run --grant NAME` does: processes, clocks, random,\n"
    "                 files.\n"
    "                 Without it, their calls are refused, naming the capability.\n"
    "\n"
    "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE. A call the\n"
    "sandbox refuses says why: forbidden in the sandbox, needs a capability\n"
    "(which to grant), not implemented in this version, or a host binding\n"
    "that was not granted.\n"
    "Use - as FILE to read standard input.\n"
    "\n"
    "exit status: 0 every file accepted; 2 any file rejected or unreadable.\n";

const char hl_cli_parse_help[] =
    "usage: hl parse --dump FILE\n"
    "\n"
    "Parses FILE and prints its forms, one per line, exactly as OTP 25's\n"
    "io:format(\"~w.~n\", [Form]) prints erl_parse's abstract format (with\n"
    "{Line,Col} locations). Used to test the parser against real Erlang.\n"
    "\n"
    "exit status: 0 parsed; 2 rejected (diagnostics on stderr) or bad usage.\n";

const char hl_cli_builtins_help[] =
    "usage: hl builtins [MODULE]\n"
    "\n"
    "Lists what a guest program may call besides its own functions and the\n"
    "host bindings it was granted: without MODULE, each module with the number\n"
    "of its functions; with MODULE, its functions as Name/Arity, one a line,\n"
    "marked [auto] when callable without the module (erlang's auto-imported\n"
    "builtins), [guard] when allowed in guards, [capability] when only a\n"
    "granted capability allows it. The list is the compiler's own table: a\n"
    "call not in it is rejected at compile time.\n"
    "  hl builtins            the modules\n"
    "  hl builtins lists      lists:map/2, lists:foldl/3, ...\n"
    "\n"
    "exit status: 0 listed; 2 no such module (or bad usage).\n";
