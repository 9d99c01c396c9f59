-module(word_count).
-export([main/0]).
main() -> count(words("the cat and the hat and the bat"), []).
words(S) -> words(S, [], []).
words([], [], Acc) -> lists:reverse(Acc);
words([], W, Acc) -> lists:reverse([lists:reverse(W) | Acc]);
words([$\s | T], [], Acc) -> words(T, [], Acc);
words([$\s | T], W, Acc) -> words(T, [], [lists:reverse(W) | Acc]);
words([C | T], W, Acc) -> words(T, [C | W], Acc).
count([], Acc) -> lists:reverse(Acc);
count([W | Ws], Acc) -> case lists:keyfind(W, 1, Acc) of
    {W, N} -> count(Ws, store(W, N + 1, Acc));
    false -> count(Ws, [{W, 1} | Acc]) end.
store(K, V, [{K, _} | T]) -> [{K, V} | T];
store(K, V, [H | T]) -> [H | store(K, V, T)].
