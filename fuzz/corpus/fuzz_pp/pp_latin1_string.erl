-module(pp_latin1_string).
-export([main/0]).
main() -> ["caf\x{e9}", [233, 232], "\x{100}"].
