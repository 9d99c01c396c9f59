-module(edge_patterns).
-export([p/2]).
-record(r = {a, _} = Y, Y) -> X;
p({A} = {B}, _) -> {A, B};
p([H | T] = L, [_, _ | _]) -> {H, T, L};
p([A, B, C | D], _) -> {A, B, C, D};
p([[[X]]], {{{X}}}) -> X;
p(<<A:8, B:A/binary, C/binary>>/, <<D/utf8, _/bits>>) -> {A, B, C, D};
p(#{a := #{b := [V | _]}}, #r{a = #r{b = W}}) -> {V, W};
p({_, _, _, _}, _Ignored) -> four;
p(#r{a = 1, b = _}, #r{_ = '_'}) -> rec;
p("abc" ++ Tail, [$x | "yz" ++ T2]) -> {Tail, T2};
p({tag, [_ | _] = Xs, <<_:1, Rest/bitstring>> = Bs}, _) -> {Xs, Rest, Bs};
p(1.0, -1.0) -> floats;
p($a, $\n) -> chars;
p('quoted atom', 'ok') -> atoms;
p(16#FF, 2#1010) -> ints;
p(100000000000000000000000, _) -> big;
p(?MODULE, _) -> module;
p(#r.a, #r.b) -> indexes;
p(_, _) -> fallback.
