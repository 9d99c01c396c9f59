%% Map keys large enough to be hashed in pieces across VM calls
%% (vm/vm_map.c): binaries (heap, refc, sub-binary at a byte offset and at
%% a bit offset), a shared-structure term, a long list, a bignum, tuples
%% holding them. Lookups, updates, removals, the map's order (which is its
%% hash's: OTP's), a flat map turning into a HAMT with such keys in it,
%% and equal keys built apart, as OTP 25 gives them.
-module(map_key_big).
-export([main/0]).
dag(0) -> [1, 2, 3];
dag(K) -> D = dag(K - 1), {D, D}.
base() -> maps:from_list([{I, I * I} || I <- lists:seq(1, 40)]).
main() ->
    B = binary:copy(<<"0123456789abcdef">>, 1 bsl 16),
    B2 = <<B/binary, "xyz">>,
    Sub = binary:part(B2, 1, byte_size(B2) - 1),
    <<_:3, Bits/bitstring>> = B2,
    D = dag(14),
    L = lists:seq(1, 70000),
    Big = (1 bsl 100000) + 7,
    Keys = [B, B2, Sub, Bits, D, L, Big, {D, B}, [B | D]],
    M = lists:foldl(fun(K, Acc) -> Acc#{K => erlang:phash2(K)} end, base(), Keys),
    io:format("~w~n", [[maps:get(K, M) || K <- Keys]]),
    io:format("~w~n", [[is_map_key(K, M) || K <- Keys]]),
    io:format("~w~n", [[erlang:phash2(K) || K <- maps:keys(M)]]),
    %% equal keys built apart find the same entries
    BC = binary:copy(<<"0123456789abcdef">>, 1 bsl 16),
    DC = dag(14),
    #{BC := V1, DC := V2} = M,
    io:format("~w~n", [{V1, V2, maps:find(DC, M), map_get(BC, M)}]),
    %% updates, removal, take
    M2 = M#{BC := updated, DC => also},
    io:format("~w~n", [{maps:get(B, M2), maps:get(D, M2), map_size(M2)}]),
    M3 = maps:remove(L, maps:remove(Sub, M2)),
    {Vb, M4} = maps:take(Bits, M3),
    io:format("~w~n", [{map_size(M3), Vb, map_size(M4), maps:is_key(Bits, M4), maps:update(Big, up, M4) =:= M4#{Big := up}}]),
    io:format("~w~n", [[erlang:phash2(K) || K <- maps:keys(M4)]]),
    %% a flat map of 32 keys holding them gets a 33rd: every key hashed
    F = maps:from_list([{K, 1} || K <- Keys] ++ [{I, I} || I <- lists:seq(1, 32 - length(Keys))]),
    F2 = F#{1000 => 2},
    F3 = maps:put("newer", 3, F),
    io:format("~w~n", [{map_size(F), map_size(F2), [erlang:phash2(K) || K <- maps:keys(F2)], maps:keys(F3) -- maps:keys(F2)}]),
    %% absent keys as large
    Absent = <<B/binary, "absent">>,
    Bad = try maps:get(Absent, M) catch error:{badkey, K} -> K =:= Absent end,
    io:format("~w~n", [{maps:get(Absent, M, none), maps:is_key(dag(13), M), Bad}]),
    erlang:phash2(maps:to_list(M4)).
