-module(binary_limits).
-export([copy/0, copy_huge/0, matches/0, split/0, replace/0, b64_encode/0, b64_decode/0,
         hex/0, to_list/0, lcp/0, matches_forever/0, b64_decode_forever/0]).
%% binary and base64 probes for tests/conformance/run.sh (no expected file):
%% huge inputs must stop with the limit that is set (reductions, heap or
%% deadline), never run on inside one builtin call.
ten_mb() -> binary:copy(<<"xxxxxxxxxy">>, 1000000).
copy() -> byte_size(binary:copy(<<"x">>, 10000000)).
copy_huge() -> byte_size(binary:copy(<<"x">>, 1 bsl 40)).
matches() -> length(binary:matches(ten_mb(), <<"y">>)).
split() -> length(binary:split(ten_mb(), [<<"y">>, <<"q">>], [global])).
replace() -> byte_size(binary:replace(ten_mb(), <<"y">>, <<"zz">>, [global])).
b64_encode() -> byte_size(base64:encode(ten_mb())).
b64_decode() -> byte_size(base64:decode(binary:copy(<<"QUJD">>, 2500000))).
hex() -> byte_size(binary:encode_hex(binary:copy(<<"xy">>, 2500000))).
to_list() -> length(binary:bin_to_list(ten_mb())).
lcp() -> B = ten_mb(), binary:longest_common_prefix([B, <<B/binary, "x">>]).
%% The deadline probes repeat the work: one 10 MB pass can finish inside a
%% 100 ms deadline on a fast, quiet machine.
matches_forever() -> matches(), matches_forever().
b64_decode_forever() -> b64_decode(), b64_decode_forever().
