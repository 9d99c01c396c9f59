-module(limits).
-export([loop/0, grow/0, count_to/1]).
%% Probe programs for tests/conformance/run.sh (no expected file: they are
%% stopped by a limit).
loop() -> loop().
grow() -> grow([]).
grow(L) -> grow([L, L | L]).
count_to(N) -> count_to(0, N).
count_to(N, N) -> N;
count_to(I, N) -> count_to(I + 1, N).
