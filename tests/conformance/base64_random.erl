%% base64_random.erl -- property cases: encode/decode round trips of
%% pseudo-random bytes, then the four decoders on encodings with random
%% white space, padding, NULs and bad characters inserted; the expected
%% output (values and exceptions) is erl's.
-module(base64_random).
-export([main/0]).

main() ->
    {Cases, _} = lists:mapfoldl(fun(_, S) -> one(S) end, 777, lists:seq(1, 50)),
    Cases.

rand(S, N) -> S1 = (S * 1103515245 + 12345) rem 2147483648, {(S1 bsr 16) rem N, S1}.

bytes(S, 0, Acc) -> {list_to_binary(Acc), S};
bytes(S, N, Acc) -> {B, S1} = rand(S, 256), bytes(S1, N - 1, [B | Acc]).

noise(S, <<>>, Acc) -> {list_to_binary(lists:reverse(Acc)), S};
noise(S, <<C, Rest/binary>>, Acc) ->
    {K, S1} = rand(S, 40),
    Extra = case K of
                0 -> [$\s]; 1 -> [$\n]; 2 -> [$\r, $\n]; 3 -> [$=]; 4 -> [0]; 5 -> [$*]; 6 -> [$\t];
                _ -> []
            end,
    noise(S1, Rest, [C | lists:reverse(Extra)] ++ Acc).

t(F) -> try F() catch C:R -> {C, R} end.

one(S0) ->
    {N, S1} = rand(S0, 20),
    {B, S2} = bytes(S1, N, []),
    E = base64:encode(B),
    {Noisy, S3} = noise(S2, E, []),
    {Cut, S4} = rand(S3, 3),
    In = binary:part(Noisy, 0, byte_size(Noisy) - erlang:min(Cut, byte_size(Noisy))),
    {{E, base64:decode(E) =:= B, base64:encode_to_string(binary_to_list(B)) =:= binary_to_list(E), In,
      t(fun() -> base64:decode(In) end), t(fun() -> base64:mime_decode(In) end),
      t(fun() -> base64:decode_to_string(binary_to_list(In)) end), t(fun() -> base64:mime_decode_to_string(In) end)}, S4}.
