%% hlbench.erl — the benchmark kernels, as guest source. The same file is
%% compiled by erlc for the BEAM rows, parsed by hl_check for the Hyperlang
%% front-end row, and (later) run by the Hyperlang VM rows. Every system in
%% bench/ implements exactly these kernels; bench/README.md defines them.
-module(hlbench).
-export([id/1, fib/1, sort/1, loop/1]).

%% A trivial call: id(42) = 42.
-spec id(term()) -> term().
id(X) -> X.

%% Naive doubly recursive Fibonacci: fib(20) = 6765, fib(30) = 832040.
-spec fib(non_neg_integer()) -> non_neg_integer().
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

%% N integers from the LCG x' = (x * 1103515245 + 12345) rem 2^31 started
%% at the seed 42; the seed itself is not an element, the first element is
%% the first x'. The list is in generation order; sort it ascending and
%% return the first plus the last element. The first element is 1250496027;
%% sort(1000) = 2151183773.
-spec sort(non_neg_integer()) -> non_neg_integer().
sort(N) ->
    Sorted = lists:sort(lcg(N, 42)),
    hd(Sorted) + last(Sorted).

lcg(0, _X) -> [];
lcg(N, X) ->
    Next = (X * 1103515245 + 12345) rem 2147483648,
    [Next | lcg(N - 1, Next)].

%% The module uses nothing from the standard library but lists:sort/1, so
%% the last element is taken by a local function (what lists:last/1 does).
last([X]) -> X;
last([_ | T]) -> last(T).

%% Count down to 0 by tail calls: loop(500) = 0.
-spec loop(non_neg_integer()) -> non_neg_integer().
loop(0) -> 0;
loop(N) -> loop(N - 1).
