-module(erl_t2b_big).
-export([main/0]).
%% encodings above the old 256 KiB cap, up to about 1.7 MB (term_to_binary
%% goes a quantum of work per call, its pending terms kept between calls):
%% byte-identical to OTP 25, plain and compressed, checked through sizes,
%% hashes and samples of the bytes. (The small terms first, the big ones
%% from builtins that build them in a few allocations: cheap also with a
%% collection at every allocation.)
main() ->
    Deep = lists:foldl(fun(I, Acc) -> {I, Acc} end, [], lists:seq(1, 1000)),
    M = maps:from_list([{I, I * I} || I <- lists:seq(1, 1000)]),
    Mixed = [{I, [I, float(I)], <<I:24>>, "s"} || I <- lists:seq(1, 500)],
    B = binary:copy(<<"abc">>, 100000),
    L = binary_to_list(binary:copy(<<1, 2, 3, 250, 251, 252, 253>>, 50000)),
    T = list_to_tuple(L),
    Ts = [B, L, T, {L, B, T}, [Deep, M, Mixed | L]],
    [summary(X, []) || X <- Ts]
    ++ [summary(X, [{compressed, 1}]) || X <- [B, L]]
    ++ [summary(M, [deterministic]), summary(B, [compressed])].

summary(X, Opts) ->
    Bin = term_to_binary(X, Opts),
    N = byte_size(Bin),
    {N, erlang:phash2(Bin), binary:part(Bin, 0, 8), binary:part(Bin, N div 2, 8), binary:part(Bin, N - 8, 8)}.
