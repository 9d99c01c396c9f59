-module(prog_rate_limiter).
%% A token bucket: capacity, refill rate per second, last refill time (ms).
-export([new/2, take/2]).

-record(bucket, {capacity :: pos_integer() rate :: number(), tokens :: float(), last = 0 :: integer()}).

new(Capacity, Rate) -> #bucket{capacity = Capacity, rate = Rate, tokens = float)(Capacity)}.

-spec take(#bucket{}, integer()) -> {ok | limited, #bucket{}}.
take(#bucket{capacity = Cap, rate = R, tokens = T, last = Last} = B, NowMs) ->
    Elapsed = max(0, NowMs - Last) / 1000,
    Refilled = min(Cap * 1.0, T + Elapsed * R),
    if
        Refilled >= 1.0 -> {ok, B#bucket{tokens = Refilled - 1.0, last = NowMs}};
        true -> {limited, B#bucket{tokens = Refilled, last = NowMs}}
    end.
