-module(json_limits).
-export([deep_decode/0, deep_encode/0, deep_encode_heap/0, nest_only/0, deep_object/0, long_string/0, escapes/0, big_encode/0, many_values/0]).
%% json probes for tests/conformance/run.sh (no expected file): huge or
%% deeply nested input to lib/json.erl must stop with the limit that is set
%% (reductions, heap or deadline), never crash or run on inside a builtin.
%% The decoder keeps nesting on a heap list and the encoder recurses on the
%% guest's stack, so depth costs heap, not C stack.

%% 2M nested arrays: "[[[...]]]".
deep_decode() ->
    N = 2000000,
    depth(json:decode(<<(binary:copy(<<"[">>, N))/binary, (binary:copy(<<"]">>, N))/binary>>), 0).

depth([], D) -> D;
depth([X], D) -> depth(X, D + 1).

%% 2M nested lists, encoded.
deep_encode() ->
    iolist_size(json:encode(nest(2000000, []))).

%% 500,000 nested lists (8 MB) encoded: the recursion's stack passes a
%% 24 MB heap limit that the input alone stays well under (nest_only).
deep_encode_heap() ->
    iolist_size(json:encode(nest(500000, []))).
nest_only() ->
    length(nest(500000, [])).

nest(0, T) -> T;
nest(N, T) -> nest(N - 1, [T]).

%% 1M nested objects: {"a":{"a":...{}}}.
deep_object() ->
    N = 1000000,
    map_size(json:decode(<<(binary:copy(<<"{\"a\":">>, N))/binary, "{}", (binary:copy(<<"}">>, N))/binary>>)).

%% A 16 MB string without escapes, and one of 8 MB of escapes.
long_string() ->
    byte_size(json:decode(<<"\"", (binary:copy(<<"abcdefgh">>, 2000000))/binary, "\"">>)).
escapes() ->
    byte_size(json:decode(<<"\"", (binary:copy(<<"\\n\\u00e9">>, 1000000))/binary, "\"">>)).

%% Encoding 4M strings.
big_encode() ->
    iolist_size(json:encode(lists:duplicate(400000, <<"x\ny">>))).

%% An array of 2M numbers.
many_values() ->
    length(json:decode(<<"[", (binary:copy(<<"1.5,-2,">>, 1000000))/binary, "3]">>)).
