%% Comparisons of terms larger than a quantum yield (docs/builtins.md), both
%% as builtins (==, <, min/max ... in a value) and as guard tests and
%% matches (the compare instructions): lists, nested lists, tuples, 1 vs
%% 1.0 under == and =:=, and differences found late.
-module(trap_compare).
-export([main/0]).

mk(N) -> lists:seq(1, N).
cl(A, B) when A < B -> lt; cl(A, B) when A == B -> eq; cl(_, _) -> gt.
ex(A, B) when A =:= B -> same; ex(A, B) when A =/= B -> diff.
ne(A, B) when A /= B -> ne; ne(_, _) -> eq.
ge(A, B) when A >= B -> ge; ge(_, _) -> lt.

main() ->
    Q = 65536,
    A0 = mk(Q + 4), % one list built in Erlang; the rest are copies by ++ (cheap in reductions)
    A = A0 ++ [Q + 5], B = A0 ++ [Q + 5], C = A0 ++ [1.0], D = A0 ++ [1],
    Row = lists:seq(1, 300),
    N1 = lists:duplicate(300, Row), N2 = lists:duplicate(300, lists:seq(1, 300)),
    N3 = lists:duplicate(299, Row) ++ [lists:seq(1, 299) ++ [301]],
    T = [{I, [I, {I}], <<I>>} || I <- lists:seq(1, 12000)],
    T2 = T ++ [],
    T3 = lists:droplast(T) ++ [{12000, [12000, {12001}], <<1>>}],
    Tup = list_to_tuple(A), Tup2 = list_to_tuple(C),
    {[A == B, A =:= B, A /= B, A =/= B, A < B, A =< B, A > B, A >= B,
      C == D, C =:= D, C < D, C > D, C =< D, D < C, D == C,
      N1 == N2, N1 =:= N2, N1 < N3, N3 > N2, N1 == N3,
      T == T2, T =:= T2, T < T3, T3 > T, T == T3,
      Tup == list_to_tuple(D), Tup2 =:= list_to_tuple(D), Tup2 < list_to_tuple(D), Tup < Tup2,
      length(min(A, C)), length(max(A, C)), min(C, D) =:= C, max(C, D) =:= C, min(D, C) =:= D,
      [A] == [B], {A, 1} < {B, 2}, {A, [C]} == {B, [D]}, [A | C] == [A | D]],
     [cl(A, B), cl(C, D), cl(D, C), cl(A, C), cl(T, T2), cl(T, T3), cl(T3, T), cl(N1, N3),
      ex(A, B), ex(C, D), ex(T, T2), ex(T, T3), ex(N1, N2), ne(A, B), ne(C, D), ne(T, T3),
      ge(A, B), ge(T, T3), ge(T3, T), ge(N3, N1),
      case A of B -> matched; _ -> no end,
      case {A, N1} of {B, N2} -> matched; _ -> no end,
      case C of D -> matched; _ -> no end,
      if A == B, T =/= T3 -> yes; true -> no end]}.
