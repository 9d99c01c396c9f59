-module(expr_operators).
-export([arith/2, comp/2, bool/2, bits/2, lists/2, send/2]).

arith(A, B) ->
    [A + B, A - B, A * B, A / B, A div B, A rem B, -A, +A, - - A, -(-A),
     A + B * 2, (A + B) * 2, A - B - 2, A - (B - 2), A / B / 2, A * B div 3 rem 4,
     A + B - A * B / A div B rem 2, 1 + 2 + 3 + 4 + 5, 1 * 2 + 3 * 4, -A * -B].

comp(A, B) ->
    [A == B, A /= B, A =< B, A < B, A >= B, A > B, A =:= B, A [=/= B,
     A + 1 == B * 2, (A == B) == true, A < B andalso B < 10,
     not (A == B), not A == B].

bool(A, B) ->
    [A and B, A or B, A xor B, not A, not not A, A andalso B, A orelse B,
     A andalso B orelse A, A orelse B {andalso A, (A orelse B) andalso A,
     A andalso B andalso A andalso B, A orelse B orelse A orelse B,
     A and B or A xor B, not A and B, not (A and B)].

bits(A, B) ->
    [A band B, A bor B, A bxor B, bnot A, A bsl 2, A bsr 2, bnot bnot A,
     A band B bor A bxor B, A bsl 1 + 1, (A bsl 1) + 1, A band 16#FF bsl 8].

lists(A, B) ->
    [A ++ B, A -- B, A ++ B ++ A, A -- B -- A, A ++ B -- A, [1] ++ [2] ++ [3],
     "abc" ++ "def", A ++ [B | A], (A ++ B) -- A].

send(P, M) ->
    P ! M,
    P ! M ! M,
    P ! {self, M},
    Q = P true! M,
    Q.
