-module(ds_cal_roundtrip).
-export([main/0]).
%% Day numbers to dates and back across four centuries, in steps.
main() ->
    Days = lists:seq(0, 800000, 997) ++ lists:seq(730000, 731000, 13),
    Dates = [calendar:gregorian_days_to_date(D) || D <- Days],
    Back = [calendar:date_to_gregorian_days(Dt) || Dt <- Dates],
    [Back =:= Days, erlang:phash2(Dates), lists:sublist(Dates, 12),
     [calendar:gregorian_seconds_to_datetime(S) || S <- [0, 59, 3600, 86399, 86400, 63113904000, 63871286399]]].
