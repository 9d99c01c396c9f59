%% hl-run-flags: --max-heap-bytes 2000000
%% Loops that recurse from a try's of-clause and from its catch clauses run
%% in constant stack: those bodies are in tail position, as in OTP (a
%% server loop such as gen_statem's recurses from there). 200,000 rounds
%% each under a 2 MB heap limit; the try's values and exceptions unchanged.
-module(try_tail_loop).
-export([main/0]).

main() ->
    {of_loop(200000, 0), catch_loop(200000, 0), no_of_loop(200000),
     [f(X) || X <- [1, {t, 2}, oops, boom, nested]],
     element(1, element(2, catch g(nomatch)))}.

of_loop(0, Acc) -> Acc;
of_loop(N, Acc) ->
    try id(N) of
        M -> of_loop(M - 1, Acc + 1)
    catch
        _:_ -> never
    end.

catch_loop(0, Acc) -> Acc;
catch_loop(N, Acc) ->
    try throw(N) of
        _ -> never
    catch
        throw:M -> catch_loop(M - 1, Acc + 2)
    end.

no_of_loop(0) -> done;
no_of_loop(N) ->
    _ = try id(N) catch _:_ -> never end,
    no_of_loop(N - 1).

f(X) ->
    try k(X) of
        {t, N} -> {of_t, N};
        N when is_integer(N) -> {of_int, N};
        nested -> try k(boom) of _ -> no catch error:E -> {inner_caught, E} end
    catch
        throw:T -> {caught_throw, T};
        error:boom -> {caught_error, boom}
    end.

k(oops) -> throw(oops);
k(boom) -> error(boom);
k(X) -> X.

g(X) ->
    try k(X) of
        1 -> one
    catch
        throw:never -> no
    end.

id(X) -> X.
