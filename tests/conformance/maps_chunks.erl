-module(maps_chunks).
-export([main/0]).
%% Maps past the builtins' put chunk (1,024 puts per call); the listing chunk
%% (8,192 pairs) is crossed in tests/unit/test_maps_limits.c.
main() ->
    N = 1200,
    M = maps:from_keys(lists:seq(1, N), 0),
    Ks = maps:keys(M), Vs = maps:values(M), L = maps:to_list(M),
    [length(Ks), length(Vs), length(L), lists:sum(Ks), lists:sum(Vs),
     Ks =:= [K || {K, _} <- L], lists:sort(Ks) =:= lists:seq(1, N),
     erlang:phash2(Ks), erlang:phash2(L),
     maps:fold(fun(K, _, A) -> A + K end, 0, M),
     lists:reverse(maps:fold(fun(K, _, A) -> [K | A] end, [], M)) =:= lists:reverse(Ks),
     maps:size(maps:filter(fun(K, _) -> K rem 7 =:= 0 end, M))].
