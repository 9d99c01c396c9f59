%% A realistic module.
-module(realistic).
-export([start/0, loop/1, fib/1]).
-record(state, {count = 0 :: non_neg_integer(), name = <<"x">> :: binary()}).

-spec fib(non_neg_integer()) -> non_neg_integer().
fib(0) -> 0;
fib(1) -> 1;
fib(N) when is_integer(N), N > 1 -> fib(N - 1) + fib(N - 2).

start() ->
    Pid = spawn(fun() -> loop(#state{}) end),
    Pid ! {self(), hello},
    receive
        {Pid, Reply} -> Reply
    after 1000 ->
        timeout
    end.

loop(#state{count = C} = S) ->
    receive
        {From, hello} when is_pid(From) ->
            From ! {self(), C},
            loop(S#state{count = C + 1});
        stop -> ok;
        _Other -> loop(S)
    end.

bits(<<X:4/integer-unit:1, Rest/binary>>) -> {X, Rest};
bits(_) -> error.

maps(M = #{key := V}) -> M#{key => V + 1.5e3, other => [1, 2 | []]}.

lc(L) -> [X * 2 || X <- L, X rem 2 =:= 0, X =/= 3] ++ [Y || <<Y>> <= <<1,2,3>>].

ops(A, B) -> A andalso B orelse not A xor B,
    (A band B) bor (A bxor B) bsl 2 bsr 1, bnot A, A div B, -A, +B,
    A == B, A /= B, A =< B, A >= B, A < B, A > B, A -- B.

tr() ->
    try erlang:error(x) of
        _ -> ok
    catch
        error:Reason:Stack -> {Reason, Stack}
    after
        ok
    end.

chars() -> [$a, $\n, $\s, $", $\\].
str() -> "hello, \"world\"\n" "concat".
fn() -> fun ?MODULE:fib/1.
