-module(erl_limits).
-export([t2b_huge/0, t2b_compressed_huge/0, b2t_huge/0, b2t_inflate_huge/0]).
%% Probes for tests/conformance/run.sh (no expected file; they differ from
%% OTP on purpose): binary_to_term is capped per call (src/vm/bif_etf.c),
%% so a huge argument is system_limit at once instead of one long builtin
%% call; term_to_binary yields, and an encoding past the largest binary
%% (16 MiB) is system_limit. (Arguments built by bit syntax: cheap also
%% with a collection at every allocation.)
t2b_huge() -> B = <<0:72000000>>, byte_size(term_to_binary([B, B])).
t2b_compressed_huge() -> B = <<0:72000000>>, byte_size(term_to_binary({B, B}, [compressed])).
b2t_huge() -> binary_to_term(<<131, 109, 300000:32, 0:2400000>>).
b2t_inflate_huge() -> binary_to_term(<<131, 80, 300000:32, 120, 156, 1, 2, 3>>).
