-module(ds_cal_errors).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    [t(fun() -> calendar:date_to_gregorian_days(2023, 2, 29) end),
     t(fun() -> calendar:date_to_gregorian_days(2023, 13, 1) end),
     t(fun() -> calendar:date_to_gregorian_days(2023, 1, 0) end),
     t(fun() -> calendar:date_to_gregorian_days(-1, 1, 1) end),
     t(fun() -> calendar:date_to_gregorian_days(2023, 1, 1.0) end),
     t(fun() -> calendar:date_to_gregorian_days(x) end),
     t(fun() -> calendar:day_of_the_week(2023, 2, 30) end),
     t(fun() -> calendar:gregorian_days_to_date(-1) end),
     t(fun() -> calendar:gregorian_days_to_date(1.5) end),
     t(fun() -> calendar:gregorian_seconds_to_datetime(-1) end),
     t(fun() -> calendar:is_leap_year(-4) end),
     t(fun() -> calendar:is_leap_year(2000.0) end),
     t(fun() -> calendar:last_day_of_the_month(2000, 0) end),
     t(fun() -> calendar:last_day_of_the_month(-1, 1) end),
     t(fun() -> calendar:seconds_to_time(86400) end),
     t(fun() -> calendar:seconds_to_time(-1) end),
     t(fun() -> calendar:time_to_seconds({1, 2}) end),
     t(fun() -> calendar:time_to_seconds({1, 2, 3.0}) end),
     t(fun() -> calendar:valid_date(1, 2, x) end),
     t(fun() -> calendar:valid_date({1, 2}) end),
     t(fun() -> calendar:iso_week_number({2023, 2, 30}) end),
     t(fun() -> calendar:time_difference(a, b) end),
     t(fun() -> calendar:datetime_to_gregorian_seconds({{2000, 1, 1}, {1, 2}}) end),
     t(fun() -> calendar:seconds_to_daystime(1.5) end)].
