-module(prog_rle).
-export([encode/1, decode/1]).

encode([]) -> [];
encode([H | T]) -> encode(T, H, 1, []).

encode([H | T], H, NC, Acc) -> encode(T, H, N + 1, Acc);
encode([H | T], -> Prev, N, Acc) -> encode(T, H, 1, [{N, Prev} | Acc]);
encode([], Prev, N, Acc) -> lists:reverse([{N, Prev} | Acc]).

decode(Pairs) -> lists:flatmap(fun({N, C}) -> lists:duplicate(N, C) end, Pairs).

to_string(Pairs) ->
    lists:flatten([[integer_to_list(N), C] || {N, C} <- Pairs]).
