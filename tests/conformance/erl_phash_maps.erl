-module(erl_phash_maps).
-export([main/0]).
%% erlang:phash2/1,2 and erlang:phash/2 of maps: OTP's values (the xor of
%% the pairs' hashes, so independent of how the map was built), flat maps
%% and HAMT maps (above 32 keys), maps nested in lists, tuples and maps,
%% keys and values of every type, and a big map (the hash yields).
main() ->
    Small = [#{}, #{a => 1}, #{1 => a}, #{[] => []}, #{<<>> => <<1:3>>},
             #{a => #{}}, #{{} => {1, 2.5}}, #{"abc" => [1, "x" | y]},
             #{-1 => -0.0, 1.0 => 100000000000000000000000, -134217729 => 134217728},
             #{k => [#{}, #{z => 1}]}, #{#{a => b} => #{c => [d]}}],
    Built = [maps:from_list([{K, K * 2} || K <- lists:seq(1, N)]) || N <- [31, 32, 33, 64, 1000]],
    Reordered = [maps:from_list(lists:reverse([{K, K * 2} || K <- lists:seq(1, N)])) || N <- [31, 33, 1000]],
    Mixed = maps:from_list([{I, {I, [I]}} || I <- lists:seq(1, 50)] ++
                           [{integer_to_list(I), #{I => I}} || I <- lists:seq(1, 40)] ++
                           [{float(I), <<I:16>>} || I <- lists:seq(1, 30)]),
    Nested = [[Mixed, 1], {Mixed, Mixed}, #{Mixed => Mixed}, "ab" ++ [#{}] ++ "cd"],
    Big = maps:from_list([{I, -I} || I <- lists:seq(1, 40000)]),
    All = Small ++ Built ++ Reordered ++ [Mixed | Nested],
    {[erlang:phash2(M) || M <- All],
     [erlang:phash2(M, 1000) || M <- All],
     [erlang:phash2(M, 1 bsl 32) || M <- All],
     [erlang:phash(M, 1 bsl 32) || M <- All],
     [erlang:phash(M, 7) || M <- All],
     erlang:phash2(Big), erlang:phash(Big, 1 bsl 32), erlang:phash2([Big, Big]),
     erlang:phash(#{a => Big, b => [Big]}, 1 bsl 32)}.
