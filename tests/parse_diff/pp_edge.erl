-module(pp_edge).
-export([f/1]).
%% Corners of macro expansion, compared with epp's output.
-define(ARGS(A, B, C), [A | [B | C]]).
-define(S(X), ??X).
-define(WRAP(E), begin E end).
-define(T, integer()).
-define(REC, rec).
-define(EMPTY, ).
-define(TWO, 1, 2).
-define(TAIL(X), X)).
-define(PAREN, ().
-define(LOC(X), {X, ?LINE}).
-define(OUTER(X), ?INNER(X, X)).
-define(INNER(A, B), {A, B}).
-type t() :: ?T | [?T].
-spec f(?T) -> term().
-record(?REC, {a = 1 :: ?T, b}).

f(X) ->
    Y = ?ARGS(fun(A) -> A end, case X of 1 -> [a, b]; _ -> [c] end, try X catch _:_ -> [] end),
    Z = ?ARGS(<<1, 2>>, {x, y}, [begin 1 end]),
    S = {?S(fun (A) -> A end), ?S(<<"bin">>), ?S('Q' ++ "s" ++ [$x, 1.5e3, 16#FF])},
    W = ?WRAP(X + 1),
    R = #?REC{a = ?EMPTY 2},
    L = [?TWO],
    P = ?TAIL(?PAREN X),
    {Y, Z, S, W, R, L, P, ?LOC(
        X), ?OUTER(?LOC(X)), ?S(?S(1))}.
