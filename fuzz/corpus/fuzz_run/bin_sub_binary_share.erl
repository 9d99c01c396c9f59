-module(bin_sub_binary_share).
-export([main/0]).
main() ->
    Big = list_to_binary([X rem 256 || X <- lists:seq(1, 1000)]),
    <<_:100/binary, Mid:800/binary, _/binary>> = Big,
    <<_:3, Odd:16, _/bits>> = Mid,
    {byte_size(Mid), binary_part(Mid, 0, 3), Odd, <<Mid:2/binary, Mid:1/binary>>, split_binary(Mid, 799)}.
