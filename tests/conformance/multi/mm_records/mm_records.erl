-module(mm_records).
-export([main/0]).

-record(point, {x = 0, y = 0}).

%% Records are tuples: two modules that define the same record agree.
main() ->
    P = mm_records_geo:make(3, 4),
    #point{x = X, y = Y} = P,
    Q = mm_records_geo:move(P#point{x = 10}, 1, 1),
    {X, Y, Q, mm_records_geo:dist2(Q), is_record(Q, point)}.
