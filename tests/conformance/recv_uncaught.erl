-module(recv_uncaught).
-export([main/0]).
%% An uncaught bad timeout value ends the run with error:timeout_value.
main() -> wait(-5).

wait(T) -> receive after T -> ok end.
