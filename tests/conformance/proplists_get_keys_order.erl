-module(proplists_get_keys_order).
-export([main/0]).
%% proplists:get_keys/1 returns OTP 25's set order (sets:to_list of a
%% version 1 set), not a sorted list: small and growing key sets, mixed
%% key types, repeated keys, entries that are skipped.
main() ->
    Small = proplists:get_keys([b, {a, 1}, {c, 2, 3}, "x", 7, {}, {b, 3}, z]),
    Mixed = proplists:get_keys([{1, a}, {1.0, b}, {"s", c}, {<<"b">>, d}, {{t}, e},
                                {[], f}, {#{k => v}, g}, {-5, h}, {100000000000000000000, i}]),
    Grow = [proplists:get_keys([{K, K} || K <- lists:seq(1, N)]) || N <- [15, 16, 17, 40, 81, 200]],
    Atoms = proplists:get_keys([a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z] ++ [{'A', 1}, 'B']),
    {Small, Mixed, [lists:sublist(G, 20) || G <- Grow], [length(G) || G <- Grow], Atoms}.
