-module(binaries).
-export([double/0, hold/0, hold_slices/0]).
%% Binary probes for tests/conformance/run.sh (no expected file: they are
%% stopped by the heap limit). Off-heap (refcounted) binaries are charged to
%% the heap that references them.
%% A binary that doubles: one construction fails cleanly at the limit.
double() -> double(<<0:8000>>).
double(B) -> double(<<B/binary, B/binary>>).
%% Many 1 MB refcounted binaries kept alive: little on-heap data each.
hold() -> hold(0, []).
hold(N, Acc) -> hold(N + 1, [<<N:8000000>> | Acc]).
%% Sub-binaries keep their whole binary alive and charged.
hold_slices() -> hold_slices(0, []).
hold_slices(N, Acc) ->
    <<_:8, Slice:1/binary, _/binary>> = <<N:800000>>,
    hold_slices(N + 1, [Slice | Acc]).
