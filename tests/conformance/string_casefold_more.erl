-module(string_casefold_more).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:casefold("\x{FB00}\x{FB01}\x{FB02}\x{FB03}\x{FB04}\x{FB05}\x{FB06}") end),
     c(fun() -> string:casefold("\x{13A0}\x{13F5}\x{AB70}") end),
     c(fun() -> string:casefold("\x{587}\x{FB13}") end),
     c(fun() -> string:casefold("\x{1F88}\x{1FBC}\x{1FB3}") end),
     c(fun() -> string:casefold("\x{390}\x{3B0}\x{1E96}\x{1E97}") end),
     c(fun() -> string:casefold("\x{10400}\x{10428}") end),
     c(fun() -> string:casefold("\x{24B6}\x{FF21}") end),
     c(fun() -> string:casefold(<<"\x{149}\x{1F0}\x{DF}"/utf8>>) end),
     c(fun() -> string:casefold("\x{345}\x{3C2}\x{3D0}\x{3D1}\x{3D5}\x{3D6}\x{3F0}\x{3F1}\x{3F5}\x{1E9B}") end),
     c(fun() -> string:casefold("\x{130}\x{131}") end)].
