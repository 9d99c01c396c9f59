-module(self_call).
-export([loop/1]).
loop(0) -> done;
loop(N) -> ?MODULE:loop(N - 1).
