-module(erl_bin_cmp_big).
-export([main/0]).

%% Comparisons of binaries of several megabytes, which the comparison
%% builtins and instructions do a megabyte per call (docs/builtins.md):
%% equal, differing early, in the middle or in the last byte, one a prefix
%% of the other, byte-aligned slices, and bitstrings at odd bit offsets.
main() ->
    N = 3000000,
    A = binary:copy(<<"0123456789">>, N div 10),
    B = binary:copy(<<"0123456789">>, N div 10),
    Last = <<(binary:part(A, 0, N - 1))/binary, $X>>,
    Mid = <<(binary:part(A, 0, 1500000))/binary, $/, (binary:part(A, 1500001, N - 1500001))/binary>>,
    Early = <<$/, (binary:part(A, 1, N - 1))/binary>>,
    Short = binary:part(A, 0, N - 10),
    Long = <<A/binary, 0>>,
    SliceA = binary:part(A, 10, N - 20),
    SliceB = binary:part(B, 20, N - 20),
    <<_:3, OddA/bitstring>> = A,
    <<_:3, OddB/bitstring>> = B,
    Pairs = [{A, B}, {A, Last}, {Last, A}, {A, Mid}, {Mid, A}, {A, Early}, {Early, A}, {A, Short},
             {Short, A}, {A, Long}, {Long, A}, {SliceA, SliceB}, {SliceA, binary:part(B, 10, N - 20)},
             {OddA, OddB}, {OddA, A}],
    [{X == Y, X =:= Y, X /= Y, X < Y, X >= Y, erlang:'<'(X, Y), erlang:'=:='(X, Y), max(X, Y) =:= X,
      [X] == [Y], {x, X} < {x, Y}, case X of Y -> same; _ -> diff end}
     || {X, Y} <- Pairs].
