-module(bin_construct_sizes).
-export([main/0]).
sz(N) -> <<1:N, 2:(N*2), 3:(N+1)/little>>.
main() ->
    L = [sz(N) || N <- [0, 1, 3, 8, 9, 16, 33, 64, 65]],
    {L, [bit_size(B) || B <- L], [byte_size(B) || B <- L]}.
