-module(ds_cal_diff).
-export([main/0]).
main() ->
    Base = {{2000, 1, 1}, {12, 0, 0}},
    Others = [{{2000, 1, 1}, {12, 0, 1}}, {{2000, 1, 1}, {11, 59, 59}}, {{1999, 12, 31}, {12, 0, 0}},
              {{2024, 2, 29}, {0, 0, 0}}, {{1, 1, 1}, {0, 0, 0}}, {{9999, 12, 31}, {23, 59, 59}}],
    [calendar:time_difference(Base, O) || O <- Others] ++
    [calendar:time_difference(O, Base) || O <- Others] ++
    [calendar:seconds_to_daystime(S) || S <- [-1, -86399, -86400, -86401, 86401, 123456789, -123456789]].
