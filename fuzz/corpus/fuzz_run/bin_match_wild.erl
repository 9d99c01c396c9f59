-module(bin_match_wild).
-export([main/0]).
f(<<_:3, X:5, _:8, Y/binary>>) -> {X, Y};
f(<<_/binary>>) -> other.
g(<<_:8/binary, _/bits>>) -> long;
g(_) -> short.
main() -> {f(<<255, 0, 1, 2>>), f(<<1>>), g(<<0:64>>), g(<<0:63>>), g(<<0:65>>)}.
