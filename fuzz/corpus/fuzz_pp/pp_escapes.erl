-module(pp_escapes).
-export([main/0]).
main() -> ["a\\b", "tab\tx", "nl\n", "\e", "\"q\"", [0], [127]].
