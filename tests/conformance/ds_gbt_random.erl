-module(ds_gbt_random).
-export([main/0]).
%% Interleaved inserts and deletes from a fixed LCG: every intermediate
%% tree shape must equal OTP's.
main() ->
    {T, Trace} = run(600, 7, gb_trees:empty(), []),
    [erlang:phash2(lists:reverse(Trace)), gb_trees:size(T), erlang:phash2(T), gb_trees:balance(T) =:= T,
     erlang:phash2(gb_trees:balance(T))].
run(0, _, T, Trace) -> {T, Trace};
run(N, Seed, T, Trace) ->
    S1 = (Seed * 1103515245 + 12345) rem 2147483648,
    K = S1 rem 300,
    T1 = case S1 rem 3 of
             0 -> gb_trees:delete_any(K, T);
             _ -> gb_trees:enter(K, N, T)
         end,
    run(N - 1, S1, T1, [erlang:phash2(T1) | Trace]).
