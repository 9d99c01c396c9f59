-module(ds_cal_days).
-export([main/0]).
main() ->
    Dates = [{0, 1, 1}, {0, 12, 31}, {1, 1, 1}, {1970, 1, 1}, {1999, 12, 31}, {2000, 2, 29},
             {2000, 3, 1}, {1900, 2, 28}, {1900, 3, 1}, {2024, 2, 29}, {2026, 11, 30},
             {9999, 12, 31}, {10000, 1, 1}, {123456, 7, 8}],
    [{D, calendar:date_to_gregorian_days(D), calendar:day_of_the_week(D),
      calendar:gregorian_days_to_date(calendar:date_to_gregorian_days(D)),
      calendar:iso_week_number(D), calendar:valid_date(D)} || D <- Dates] ++
    [calendar:date_to_gregorian_days(2020, 6, 15), calendar:day_of_the_week(2020, 6, 15),
     [calendar:gregorian_days_to_date(N) || N <- [0, 1, 59, 60, 365, 366, 730119, 730120, 1000000]]].
