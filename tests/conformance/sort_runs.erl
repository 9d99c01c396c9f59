-module(sort_runs).
-export([main/0]).
%% lists:sort/1 around the 4096-element runs its C core sorts in one call,
%% on mixed term types, presorted and reversed input, and on terms whose
%% comparisons are expensive (the core gives up and the run is sorted in
%% Erlang): every answer must be what OTP answers. (Sizes stay moderate: the
%% suite also runs with a collection at every allocation under ASan.)
main() ->
    Lens = [0, 1, 2, 3, 4095, 4096, 4097, 6000],
    Lcg = [check(lcg(N, 7)) || N <- Lens],
    Pre = [check(lists:seq(1, N)) || N <- [4096, 4500]],
    Rev = [check(lists:reverse(lists:seq(1, N))) || N <- [4096, 4500]],
    Mixed = lists:sort([b, 3, {1, 2}, [1], 2.5, a, "ab", {1}, 1 bsl 70, -(1 bsl 70), [], -1.5, c, 0]),
    Dups = lists:sort([X rem 7 || X <- lcg(4500, 3)]),
    Deep = [leaf(E) || E <- lists:sort([deep(15, I) || I <- [5, 3, 9, 1, 7, 2, 8, 6, 4, 10, 12, 11]])],
    {Lcg, Pre, Rev, Mixed, {length(Dups), hd(Dups), last(Dups), sorted(Dups)}, Deep}.

check(L) -> S = lists:sort(L), {length(S), sorted(S), first(S), sum(S, 0)}.
sum([], A) -> A;
sum([H | T], A) -> sum(T, A + H).
last([X]) -> X;
last([_ | T]) -> last(T).
first([]) -> none;
first([H | _]) -> H.

lcg(0, _) -> [];
lcg(N, X) -> Y = (X * 1103515245 + 12345) rem 2147483648, [Y | lcg(N - 1, Y)].

sorted([A, B | T]) when A =< B -> sorted([B | T]);
sorted([_, _ | _]) -> false;
sorted(_) -> true.

%% A tuple tree of depth K, shared inside (small) but fresh per call, whose
%% last leaf is X: two of them compare equal down to the last leaf.
deep(0, X) -> X;
deep(K, X) -> {shared(K - 1), deep(K - 1, X)}.
shared(0) -> 0;
shared(K) -> S = shared(K - 1), {S, S}.
leaf({_, R}) -> leaf(R);
leaf(X) -> X.
