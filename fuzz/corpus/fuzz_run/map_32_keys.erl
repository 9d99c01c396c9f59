-module(map_32_keys).
-export([main/0]).
%% The largest flat map: 32 keys, literal and built one key at a time.
build(0, M) -> M;
build(N, M) -> build(N - 1, M#{N => N * N}).
main() ->
    L = #{1 => a, 2 => b, 3 => c, 4 => d, 5 => e, 6 => f, 7 => g, 8 => h, 9 => i, 10 => j,
          11 => k, 12 => l, 13 => m, 14 => n, 15 => o, 16 => p, 17 => q, 18 => r, 19 => s, 20 => t,
          21 => u, 22 => v, 23 => w, 24 => x, 25 => y, 26 => z, 27 => aa, 28 => bb, 29 => cc,
          30 => dd, 31 => ee, 32 => ff},
    B = build(32, #{}),
    {map_size(L), map_size(B), map_get(17, B), B, L#{32 := last}}.
