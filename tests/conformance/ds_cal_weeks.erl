-module(ds_cal_weeks).
-export([main/0]).
%% ISO weeks around every new year from 1995 to 2030.
main() ->
    [{Y, calendar:iso_week_number({Y, 1, 1}), calendar:iso_week_number({Y, 1, 4}),
      calendar:iso_week_number({Y, 12, 28}), calendar:iso_week_number({Y, 12, 31}),
      calendar:day_of_the_week(Y, 1, 1)} || Y <- lists:seq(1995, 2030)].
