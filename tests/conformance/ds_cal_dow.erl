-module(ds_cal_dow).
-export([main/0]).
main() ->
    [[calendar:day_of_the_week(Y, M, 1) || M <- lists:seq(1, 12)] || Y <- [1, 1600, 1900, 1970, 2000, 2024, 2100]] ++
    [[calendar:last_day_of_the_month(Y, 2) || Y <- lists:seq(1896, 1912)],
     [calendar:iso_week_number({2020, 12, D}) || D <- lists:seq(25, 31)],
     [calendar:iso_week_number({2021, 1, D}) || D <- lists:seq(1, 11)],
     [calendar:iso_week_number({Y, 6, 15}) || Y <- [1, 4, 100, 400, 2000]]].
