-module(recv_bad_timeout).
-export([main/0]).
%% A timeout that is not a non-negative integer (at most 2^32-1) or
%% `infinity` raises error:timeout_value, including 2^32 (one past OTP's
%% largest timeout) and bignums.
main() ->
    Bad = [-1, foo, 1.5, 1.0, "10", {10}, 4294967296, 1 bsl 70, -(1 bsl 70)],
    R = [try_after(V) || V <- Bad],
    {R, uncaught_last()}.

try_after(V) ->
    try receive after V -> no_error end
    catch C:E -> {C, E}
    end.

uncaught_last() ->
    {'EXIT', {Reason, _Stack}} = (catch receive after nope -> never end),
    Reason.
