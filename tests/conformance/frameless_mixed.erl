%% frameless_mixed.erl — a function with a frame whose clause dispatch runs
%% frameless (docs/codegen.md "Register model"): clauses that need no
%% frame return without allocating; a clause that makes a non-tail call
%% allocates after it matched and copies the head's values (arguments,
%% head variables, pattern parts) to its frame. Heads with guard builtins,
%% binary and map patterns, several clauses of each kind.
-module(frameless_mixed).
-export([main/0]).

fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

%% Head variables used after calls; frameless clauses before and after.
walk([], Acc, _) -> lists:reverse(Acc);
walk([{K, V} | T], Acc, F) when is_atom(K), byte_size(V) > 2 ->
    W = F(V),
    walk(T, [{K, W, size(V)} | Acc], F);
walk([{K, _} | T], Acc, F) when is_integer(K) -> walk(T, [K | Acc], F);
walk([<<A, B, Rest/binary>> | T], Acc, F) ->
    X = F(Rest),
    walk(T, [{A, B, X, Rest} | Acc], F);
walk([#{k := K} = M | T], Acc, F) ->
    Y = F(K),
    walk(T, [{map, Y, maps:size(M)} | Acc], F);
walk([H | T], Acc, F) -> walk(T, [{other, H} | Acc], F).

%% A frameless clause that builds (collects), then a framed one.
grow(0, L) -> {done, length(L)};
grow(N, L) when N rem 7 =:= 0 -> grow(N - 1, [lists:seq(1, N rem 13) | L]);
grow(N, L) -> grow(N - 1, [{N, [N]} | L]).

%% No clause matches: function_clause with the arguments.
pick(a, X) -> X;
pick(b, X) -> {ok, lists:sum(X)}.

main() ->
    F = fun(X) when is_binary(X) -> byte_size(X); (X) -> {f, X} end,
    R1 = [fib(N) || N <- lists:seq(0, 20)],
    R2 = walk([{abc, <<"hello">>}, {7, x}, <<1, 2, 3, 4>>, #{k => kv, z => 1}, {abc, <<"hi">>}, q],
              [], F),
    R3 = grow(800, []),
    R4 = {pick(a, 1), pick(b, [1, 2, 3]), catch pick(c, 1)},
    {R1, R2, R3, element(1, element(2, R4)), element(1, R4), element(1, element(2, element(3, R4)))}.
