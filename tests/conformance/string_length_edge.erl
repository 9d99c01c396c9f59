-module(string_length_edge).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:length([]) end),
     c(fun() -> string:length(<<>>) end),
     c(fun() -> string:length([[], <<>>, [[]]]) end),
     c(fun() -> string:length("\r\n\r\n") end),
     c(fun() -> string:length([$\r, <<"\n">>]) end),
     c(fun() -> string:length(<<"a", 255>>) end),
     c(fun() -> string:length([$a, <<255>>]) end),
     c(fun() -> string:length(atom) end),
     c(fun() -> string:length([16#1F1F8, 16#1F1EA, 16#1F1F8]) end),
     c(fun() -> string:length([16#600, $a, $b]) end),
     c(fun() -> string:length([16#600, $\n]) end),
     c(fun() -> string:length(<<"\x{AC00}\x{11A8}\x{11A8}"/utf8>>) end),
     c(fun() -> string:length([16#1100, 16#1100, 16#AC00]) end),
     c(fun() -> string:length([16#A9, 16#200D, 16#A9]) end),
     c(fun() -> string:length([$a, 16#200D, 16#1F600]) end)].
