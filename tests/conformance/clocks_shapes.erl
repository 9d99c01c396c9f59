%% hl-run-flags: --grant clocks
%% The clocks (capability `clocks`): what every run must see whatever the
%% time is: the shapes and units of erlang:system_time/0,1,
%% monotonic_time/0,1, time_offset/0,1, timestamp/0, now/0, os:timestamp/0,
%% os:system_time/0,1, localtime/0, universaltime/0, date/0, time/0 and
%% calendar:local_time/0, universal_time/0, their agreement, and the pure
%% conversions (convert_time_unit/3, calendar:now_to_*, system_time_to_*).
-module(clocks_shapes).
-export([main/0]).
main() ->
    Units = [second, millisecond, microsecond, nanosecond, native, perf_counter, 1000, 3],
    N0 = erlang:system_time(),
    Sys = [erlang:system_time(U) || U <- Units],
    M0 = erlang:monotonic_time(),
    Mono = [erlang:monotonic_time(U) || U <- Units],
    Offs = [erlang:time_offset(U) || U <- Units],
    {Me, Se, Us} = erlang:timestamp(),
    {Me2, Se2, Us2} = os:timestamp(),
    OsS = os:system_time(second),
    OsN = os:system_time(),
    L = erlang:localtime(),
    U0 = erlang:universaltime(),
    {Da, Ti} = {date(), time()},
    CL = calendar:local_time(),
    CU = calendar:universal_time(),
    Now1 = now(),
    Now2 = erlang:now(),
    N1 = erlang:system_time(),
    M1 = erlang:monotonic_time(),
    Checks = [
        lists:all(fun erlang:is_integer/1, [N0, M0, N1, M1, OsS, OsN | Sys ++ Mono ++ Offs]),
        N1 >= N0, M1 >= M0,
        %% after 2020, before 2100 (seconds)
        hd(Sys) > 1577836800, hd(Sys) < 4102444800,
        abs(N0 - (M0 + erlang:time_offset())) < 60 * 1000000000,
        abs(OsS - hd(Sys)) < 60,
        abs(Me * 1000000 + Se - hd(Sys)) < 60, abs(Me2 * 1000000 + Se2 - hd(Sys)) < 60,
        Us >= 0, Us < 1000000, Us2 >= 0, Us2 < 1000000, Se < 1000000,
        lists:all(fun(X) -> is_tuple(X) andalso calendar:valid_date(element(1, X)) end, [L, U0, CL, CU]),
        calendar:valid_date(Da), tuple_size(Ti) =:= 3,
        calendar:datetime_to_gregorian_seconds(U0) - 62167219200 - hd(Sys) < 60,
        calendar:datetime_to_gregorian_seconds(CU) - calendar:datetime_to_gregorian_seconds(U0) < 60,
        Now1 < Now2, abs(calendar:datetime_to_gregorian_seconds(calendar:now_to_datetime(Now2)) - 62167219200 - hd(Sys)) < 60
    ],
    Conv = [erlang:convert_time_unit(T, From, To)
            || T <- [-1500000001, -1, 0, 1, 999, 1000, 1500000001, 1 bsl 70, -(1 bsl 70)],
               From <- [native, second, millisecond, 7],
               To <- [second, microsecond, nanosecond, 3]],
    Bad = [catch erlang:convert_time_unit(1, second, minute), catch erlang:convert_time_unit(1, 0, second),
           catch erlang:convert_time_unit(1.5, second, second), catch erlang:system_time(-1)],
    Pure = [calendar:now_to_datetime({1234, 567890, 1}), calendar:now_to_universal_time({0, 0, 0}),
            calendar:now_to_local_time({1600, 0, 999999}),
            calendar:system_time_to_universal_time(1700000000123, millisecond),
            calendar:system_time_to_local_time(-1, second),
            calendar:universal_time_to_local_time({{2024, 2, 29}, {23, 59, 59}}),
            calendar:local_time_to_universal_time({{2000, 1, 1}, {0, 0, 0}}),
            element(1, element(2, catch calendar:universal_time_to_local_time({{2023, 2, 29}, {0, 0, 0}})))],
    {Checks, Conv, [element(1, element(2, B)) || B <- Bad], Pure}.
