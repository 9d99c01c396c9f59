%% The timeout of `after` can be a variable, `infinity`, or 0; a queued message beats any timeout.
-module(selrecv_after_var).
-export([main/0]).

main() ->
    T0 = 0,
    A = receive _ -> msg after T0 -> timeout0 end,
    Inf = infinity,
    self() ! ready,
    B = receive ready -> ready after Inf -> never end,
    T = 30,
    C = receive nothing -> never after T -> {timeout, T} end,
    [A, B, C].
