-module(string_limits).
-export([copies/0, upper/0, chars/0, split/0, find/0, length/0, lexemes/0, to_list/0]).
%% string/unicode probes for tests/conformance/run.sh (no expected file):
%% huge inputs must stop with the limit that is set (reductions, heap or
%% deadline), never run on inside one builtin call. Big inputs are built
%% by doubling, so building them costs almost nothing.
big(B, 0) -> B;
big(B, N) -> big(<<B/binary, B/binary>>, N - 1).

deep(L, 0) -> L;
deep(L, N) -> deep([L, L], N - 1).

copies() -> erlang:length(string:copies("abc", 10000000)).
%% 10 MB, then 160 MB
upper() -> byte_size(string:uppercase(big(<<"abcdefghij">>, 20))).
chars() -> byte_size(unicode:characters_to_binary(deep([$a, <<"bc">>, 16#3B1], 26))).
split() -> erlang:length(string:split(big(<<"abcdefghi,">>, 20), <<",">>, all)).
%% 200 searches of 10 MB for a needle that is not there
find() ->
    B = big(<<"abcdefghij">>, 20),
    [nomatch = string:find(B, <<"ax">>) || _ <- lists:seq(1, 200)].
length() -> string:length(big(<<"a\x{301}b"/utf8>>, 22)).
lexemes() -> erlang:length(string:lexemes(big(<<"ab  cd ">>, 21), " ")).
to_list() -> erlang:length(unicode:characters_to_list(big(<<"\x{3B1}b"/utf8>>, 22))).
