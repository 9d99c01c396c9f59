-module(ds_cal_leap).
-export([main/0]).
main() ->
    [[Y || Y <- lists:seq(1880, 2120), calendar:is_leap_year(Y)],
     calendar:is_leap_year(0), calendar:is_leap_year(400), calendar:is_leap_year(100),
     [calendar:last_day_of_the_month(Y, M) || Y <- [1900, 2000, 2023, 2024], M <- lists:seq(1, 12)],
     calendar:valid_date(2023, 2, 29), calendar:valid_date(2024, 2, 29),
     calendar:valid_date(2024, 13, 1), calendar:valid_date(2024, 0, 1),
     calendar:valid_date(2024, 1, 0), calendar:valid_date(-1, 1, 1),
     calendar:valid_date(2024, 4, 31), calendar:valid_date({2024, 4, 30}),
     calendar:valid_date(a, b, c) =:= false orelse error_expected].
