-module(spec_immediates).
-export([main/0]).
%% The specialised handlers that read an immediate constant from the code
%% word (specialise.def's i, m and n kinds) on every kind of value: =:= and
%% =/= against small integers, atoms and [] of a value in an x register and
%% of one kept in a frame across a call (0 =/= 0.0, a bignum is never one),
%% and a value in an x register or a frame slot plus or minus a small
%% constant at the small-integer boundary (the result overflows into a
%% bignum through the generic handler) or of another kind (badarith).
main() ->
    Vs = [0, 1, -1, 0.0, 1.0, (1 bsl 59) - 1, -(1 bsl 59), 1 bsl 59, -(1 bsl 59) - 1,
          1 bsl 64, ok, nok, [], [ok], {ok}, <<>>, "ok"],
    {[{eq_x(V), ne_x(V), eq_y(V), ne_y(V)} || V <- Vs],
     [{arith_x(V), arith_y(V)} || V <- Vs],
     count(5, 0), count(-3, 0)}.

eq_x(0) -> zero;
eq_x(ok) -> ok;
eq_x([]) -> nil;
eq_x((1 bsl 59) - 1) -> max_small;
eq_x(-(1 bsl 59)) -> min_small;
eq_x(_) -> other.

ne_x(V) when V =/= 0, V =/= ok, V =/= [] -> other;
ne_x(_) -> special.

%% V lives in a frame slot across id/1, then is tested against constants
eq_y(V) ->
    _ = id(V),
    if V =:= 1 -> {one, id(V)};
       V =:= nok -> {nok, id(V)};
       V =:= [] -> {nil, id(V)};
       V =:= -1 -> {minus_one, id(V)};
       true -> {other, id(V)}
    end.

ne_y(V) ->
    _ = id(V),
    R = if V =/= 1 -> ne; true -> eq end,
    {R, id(V)}.

arith_x(V) ->
    {t(fun() -> V + 1 end), t(fun() -> V - 1 end), t(fun() -> V + 7 end),
     t(fun() -> V - 7 end), t(fun() -> V + (-1) end), t(fun() -> V - (-1) end)}.

%% V in a frame slot across a call, then V + C / V - C into an x register
arith_y(V) ->
    t(fun() ->
          _ = id(V),
          A = V + 1,
          _ = id(A),
          B = V - 1,
          _ = id(B),
          C = V + 100000,
          _ = id(C),
          {A, B, C, V - 100000}
      end).

%% a countdown: the fused move + =:= immediate and the subtract of a small
count(0, Acc) -> Acc;
count(N, Acc) when N > 0 -> count(N - 1, Acc + N);
count(N, Acc) -> count(N + 1, Acc - N).

id(X) -> X.

t(F) ->
    try F() catch error:R -> {error, R} end.
