-module(char_literals).
-export([main/0]).
main() -> {$a, $\n, $\s, $\\, $0, [$h, $i]}.
