-module(tokenizer_words).
-export([main/0]).
main() -> tokens("let x = 42 + y1;").
tokens([]) -> [];
tokens([C | T]) when C == $\s -> tokens(T);
tokens([C | _] = S) when C >= $a, C =< $z -> {W, R} = span(S, fun(X) -> (X >= $a andalso X =< $z) orelse (X >= $0 andalso X =< $9) end), [{id, W} | tokens(R)];
tokens([C | _] = S) when C >= $0, C =< $9 -> {D, R} = span(S, fun(X) -> X >= $0 andalso X =< $9 end), [{int, list_to_integer(D)} | tokens(R)];
tokens([C | T]) -> [{sym, [C]} | tokens(T)].
span([C | T], P) -> case P(C) of true -> {W, R} = span(T, P), {[C | W], R}; false -> {[], [C | T]} end;
span([], _) -> {[], []}.
