-module(erl_t2b_maps).
-export([main/0]).
%% maps: small ones in key order; large ones in OTP's internal order by
%% default and in map-key order with deterministic.
build(N) -> lists:foldl(fun(K, M) -> M#{K => {v, K}} end, #{}, lists:seq(1, N)).
main() ->
    Mixed = (build(40))#{a => 1, 1.0 => x, "s" => y, {1} => z, <<"b">> => w, 2.0 => f},
    [term_to_binary(#{b => 1, a => 2, 1.0 => 3, 1 => 4}),
     term_to_binary(#{b => 1, a => 2, 1.0 => 3, 1 => 4}, [deterministic]),
     term_to_binary(build(33), [deterministic]),
     term_to_binary(Mixed, [deterministic]),
     term_to_binary(#{k => Mixed, j => #{}}, [deterministic]),
     byte_size(term_to_binary(Mixed)),
     binary_to_term(term_to_binary(Mixed)) =:= Mixed,
     binary_to_term(term_to_binary(Mixed, [deterministic])) =:= Mixed].
