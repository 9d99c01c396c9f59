-module(ds_cal_secs).
-export([main/0]).
main() ->
    DTs = [{{1970, 1, 1}, {0, 0, 0}}, {{2000, 2, 29}, {23, 59, 59}}, {{0, 1, 1}, {0, 0, 1}},
           {{2038, 1, 19}, {3, 14, 7}}, {{9999, 12, 31}, {23, 59, 59}}],
    [{DT, calendar:datetime_to_gregorian_seconds(DT),
      calendar:gregorian_seconds_to_datetime(calendar:datetime_to_gregorian_seconds(DT))} || DT <- DTs] ++
    [calendar:seconds_to_daystime(0), calendar:seconds_to_daystime(86399),
     calendar:seconds_to_daystime(86400), calendar:seconds_to_daystime(-1),
     calendar:seconds_to_daystime(-86400), calendar:seconds_to_daystime(-86401),
     calendar:seconds_to_daystime(123456789), calendar:seconds_to_time(0),
     calendar:seconds_to_time(86399), calendar:seconds_to_time(45296),
     calendar:time_to_seconds({1, 2, 3}), calendar:time_to_seconds({25, 61, 61}),
     calendar:time_to_seconds({-1, 0, 0}),
     calendar:time_difference({{2000, 1, 1}, {0, 0, 0}}, {{2001, 3, 4}, {5, 6, 7}}),
     calendar:time_difference({{2001, 3, 4}, {5, 6, 7}}, {{2000, 1, 1}, {0, 0, 0}}),
     calendar:time_difference({{2000, 1, 1}, {0, 0, 0}}, {{2000, 1, 1}, {0, 0, 0}})].
