%% lib/calendar.erl — OTP 25's calendar for Hyperlang: proleptic Gregorian
%% dates counted from year 0, ISO weeks, RFC 3339 strings to and from
%% system time, timestamps to dates. local_time/0 and universal_time/0 read
%% the run's clock, so a guest may call them only with the capability
%% `clocks` (docs/capabilities.md). A run has no time zone: local time is
%% UTC, so the local/universal conversions are the identity (on valid
%% datetimes, badarg otherwise), and system_time_to_rfc3339 without an
%% offset option formats as UTC ("+00:00"), which is what OTP prints on a
%% host whose zone is UTC.
%% Written for Hyperlang from OTP's documented behaviour, not copied.
-module(calendar).
-export([date_to_gregorian_days/1, date_to_gregorian_days/3,
         datetime_to_gregorian_seconds/1, day_of_the_week/1, day_of_the_week/3,
         gregorian_days_to_date/1, gregorian_seconds_to_datetime/1,
         is_leap_year/1, iso_week_number/1, last_day_of_the_month/2,
         rfc3339_to_system_time/1, rfc3339_to_system_time/2,
         seconds_to_daystime/1, seconds_to_time/1, system_time_to_rfc3339/1,
         system_time_to_rfc3339/2, time_difference/2, time_to_seconds/1,
         valid_date/1, valid_date/3,
         local_time/0, universal_time/0, now_to_datetime/1, now_to_universal_time/1,
         now_to_local_time/1, local_time_to_universal_time/1, universal_time_to_local_time/1,
         system_time_to_universal_time/2, system_time_to_local_time/2]).

%% Seconds from year 0 to 1970 (719528 days) and to year 10000 (2932897
%% days) appear as literals: 62167219200 and 253402300800.

date_to_gregorian_days(Year, Month, Day) when is_integer(Day), Day > 0 ->
    Last = last_day_of_the_month(Year, Month),
    if Day =< Last ->
            days_before_year(Year) + days_before_month(Month) + leap_extra(Year, Month) + Day - 1
    end.

date_to_gregorian_days({Year, Month, Day}) -> date_to_gregorian_days(Year, Month, Day).

datetime_to_gregorian_seconds({Date, Time}) ->
    86400 * date_to_gregorian_days(Date) + time_to_seconds(Time).

%% Monday is 1; day 0 (year 0, January 1st) was a Saturday.
day_of_the_week(Year, Month, Day) ->
    (date_to_gregorian_days(Year, Month, Day) + 5) rem 7 + 1.

day_of_the_week({Year, Month, Day}) -> day_of_the_week(Year, Month, Day).

gregorian_days_to_date(Days) ->
    {Year, DayOfYear} = year_of_day(Days),
    {Month, DayOfMonth} = month_of_day(Year, DayOfYear),
    {Year, Month, DayOfMonth}.

gregorian_seconds_to_datetime(Secs) when Secs >= 0 ->
    {gregorian_days_to_date(Secs div 86400), seconds_to_time(Secs rem 86400)}.

is_leap_year(Y) when is_integer(Y), Y >= 0 -> leap(Y).

leap(Y) when Y rem 4 =:= 0, Y rem 100 > 0 -> true;
leap(Y) when Y rem 400 =:= 0 -> true;
leap(_) -> false.

iso_week_number({Year, Month, Day}) ->
    D = date_to_gregorian_days({Year, Month, Day}),
    Week1 = iso_week1_start(Year),
    Week1Next = iso_week1_start(Year + 1),
    if Week1 =< D andalso D < Week1Next ->
            {Year, (D - Week1) div 7 + 1};
       D < Week1 ->
            %% a year has 53 weeks when it starts or ends on a Thursday
            Weeks = case day_of_the_week(Year - 1, 1, 1) of
                        4 -> 53;
                        _ -> case day_of_the_week(Year - 1, 12, 31) of
                                 4 -> 53;
                                 _ -> 52
                             end
                    end,
            {Year - 1, Weeks};
       Week1Next =< D ->
            {Year + 1, 1}
    end.

%% The Monday of ISO week 1: the week holding the year's first Thursday.
iso_week1_start(Year) ->
    Jan1 = date_to_gregorian_days(Year, 1, 1),
    Dow = day_of_the_week(Year, 1, 1),
    if Dow =< 4 -> Jan1 - Dow + 1;
       true -> Jan1 + 7 - Dow + 1
    end.

last_day_of_the_month(Y, M) when is_integer(Y), Y >= 0 -> month_length(Y, M).

month_length(_, 4) -> 30;
month_length(_, 6) -> 30;
month_length(_, 9) -> 30;
month_length(_, 11) -> 30;
month_length(Y, 2) ->
    case is_leap_year(Y) of
        true -> 29;
        _ -> 28
    end;
month_length(_, M) when is_integer(M), M > 0, M < 13 -> 31.

seconds_to_daystime(Secs) ->
    Days = Secs div 86400,
    Rest = Secs rem 86400,
    if Rest < 0 -> {Days - 1, seconds_to_time(Rest + 86400)};
       true -> {Days, seconds_to_time(Rest)}
    end.

seconds_to_time(Secs) when Secs >= 0, Secs < 86400 ->
    {Secs div 3600, Secs rem 3600 div 60, Secs rem 60}.

time_difference({{Y1, Mo1, D1}, {H1, Mi1, S1}}, {{Y2, Mo2, D2}, {H2, Mi2, S2}}) ->
    seconds_to_daystime(datetime_to_gregorian_seconds({{Y2, Mo2, D2}, {H2, Mi2, S2}}) -
                            datetime_to_gregorian_seconds({{Y1, Mo1, D1}, {H1, Mi1, S1}})).

time_to_seconds({H, M, S}) when is_integer(H), is_integer(M), is_integer(S) ->
    H * 3600 + M * 60 + S.

valid_date(Y, M, D) when is_integer(Y), is_integer(M), is_integer(D) -> valid(Y, M, D).

valid(Y, M, D) when Y >= 0, M > 0, M < 13, D > 0 -> D =< last_day_of_the_month(Y, M);
valid(_, _, _) -> false.

valid_date({Y, M, D}) -> valid_date(Y, M, D).

rfc3339_to_system_time(String) -> rfc3339_to_system_time(String, []).

rfc3339_to_system_time(String, Options) ->
    Unit = proplists:get_value(unit, Options, second),
    [Y1, Y2, Y3, Y4, $-, Mo1, Mo2, $-, D1, D2, _Sep,
     H1, H2, $:, Mi1, Mi2, $:, S1, S2 | Rest] = String,
    Hour = erlang:list_to_integer([H1, H2]),
    Min = erlang:list_to_integer([Mi1, Mi2]),
    Sec = erlang:list_to_integer([S1, S2]),
    Year = erlang:list_to_integer([Y1, Y2, Y3, Y4]),
    Month = erlang:list_to_integer([Mo1, Mo2]),
    Day = erlang:list_to_integer([D1, D2]),
    {Fraction, Offset} = lists:splitwith(fun(C) -> C >= $0 andalso C =< $9 orelse C =:= $. end, Rest),
    Time = datetime_to_gregorian_seconds({{Year, Month, Day}, {Hour, Min, Sec}}) - 62167219200,
    Secs = Time - offset_string(Offset),
    check_range(String, Options, Secs),
    Scaled = convert_time_unit(Secs, second, Unit),
    Scaled + copy_sign(fraction(Unit, Fraction), Scaled).

system_time_to_rfc3339(Time) -> system_time_to_rfc3339(Time, []).

%% Native time (nanoseconds) is formatted as milliseconds, as OTP 25 does.
system_time_to_rfc3339(Time, Options) ->
    case proplists:get_value(unit, Options, second) of
        native ->
            Offset = case proplists:get_value(offset, Options, "") of
                         N when is_integer(N) -> convert_time_unit(N, native, millisecond);
                         Other -> Other
                     end,
            format_rfc3339(convert_time_unit(Time, native, millisecond),
                           [{unit, millisecond}, {offset, Offset} | Options]);
        _ ->
            format_rfc3339(Time, Options)
    end.

format_rfc3339(Time, Options) ->
    Unit = proplists:get_value(unit, Options, second),
    OffsetOption = proplists:get_value(offset, Options, ""),
    Sep = proplists:get_value(time_designator, Options, $T),
    AdjustSecs = offset_adjustment(Time, Unit, OffsetOption),
    Offset = offset_text(OffsetOption, AdjustSecs),
    Adjusted = Time + convert_time_unit(AdjustSecs, second, Unit),
    Factor = factor(Unit),
    Secs = Adjusted div Factor,
    check_range(Time, Options, Secs),
    {{Year, Month, Day}, {Hour, Min, Sec}} =
        gregorian_seconds_to_datetime(Secs + 62167219200),
    lists:append([pad4(Year), "-", pad2(Month), "-", pad2(Day), [Sep],
                  pad2(Hour), ":", pad2(Min), ":", pad2(Sec),
                  fraction_text(Factor, Adjusted), Offset]).

check_range(_, _, Secs) when Secs >= -62167219200, Secs < 253402300800 -> ok;
check_range(Arg, Options, _) -> erlang:error({badarg, [Arg, Options]}).

offset_text(Option, Secs0) when Option =:= ""; is_integer(Option) ->
    Sign = case Secs0 < 0 of
               true -> $-;
               false -> $+
           end,
    Secs = erlang:abs(Secs0),
    [Sign | lists:append([pad2(Secs div 3600), ":", pad2(Secs rem 3600 div 60)])];
offset_text(Option, _) -> Option.

%% "" is the local zone's offset in OTP; a run has no zone, so it is UTC.
offset_adjustment(_, _, "") -> 0;
offset_adjustment(_, _, Offset) when is_list(Offset) -> offset_string(Offset);
offset_adjustment(_, Unit, Offset) when is_integer(Offset) -> convert_time_unit(Offset, Unit, second).

offset_string("Z") -> 0;
offset_string("z") -> 0;
offset_string(Offset) ->
    [Sign, H1, H2 | Minutes] = Offset,
    Min = case Minutes of
              [$:, M1, M2] -> erlang:list_to_integer([M1, M2]);
              [] -> 0
          end,
    Adjust = 3600 * erlang:list_to_integer([H1, H2]) + 60 * Min,
    case Sign of
        $- -> -Adjust;
        $+ -> Adjust
    end.

fraction_text(1, _) -> "";
fraction_text(Factor, Time) ->
    Digits = erlang:integer_to_list(erlang:abs(Time rem Factor)),
    [$. | zeros(digits_of(Factor) - erlang:length(Digits), Digits)].

fraction(second, _) -> 0;
fraction(_, "") -> 0;
fraction(Unit, Fraction) -> erlang:round(factor(Unit) * erlang:list_to_float([$0 | Fraction])).

copy_sign(N1, N2) when N2 < 0 -> -N1;
copy_sign(N1, _) -> N1.

factor(second) -> 1;
factor(millisecond) -> 1000;
factor(microsecond) -> 1000000;
factor(nanosecond) -> 1000000000;
factor(native) -> 1000000000.

digits_of(1000) -> 3;
digits_of(1000000) -> 6;
digits_of(1000000000) -> 9.

zeros(0, S) -> S;
zeros(N, S) -> [$0 | zeros(N - 1, S)].

pad2(N) when N < 10 -> [$0 | erlang:integer_to_list(N)];
pad2(N) -> erlang:integer_to_list(N).

pad4(N) when N < 10 -> [$0, $0, $0 | erlang:integer_to_list(N)];
pad4(N) when N < 100 -> [$0, $0 | erlang:integer_to_list(N)];
pad4(N) when N < 1000 -> [$0 | erlang:integer_to_list(N)];
pad4(N) -> erlang:integer_to_list(N).

%% erlang:convert_time_unit/3 for the units it knows (native and
%% perf_counter are nanoseconds, as on Linux); scaling down floors.
convert_time_unit(Time, From, To) ->
    case {unit_parts(From), unit_parts(To)} of
        {F, T} when is_integer(Time), is_integer(F), is_integer(T) ->
            if F =:= T -> Time;
               true -> floor_div(Time * T, F)
            end;
        _ -> erlang:error(badarg, [Time, From, To])
    end.

floor_div(A, B) when A >= 0 -> A div B;
floor_div(A, B) -> -((-A + B - 1) div B).

unit_parts(second) -> 1;
unit_parts(millisecond) -> 1000;
unit_parts(microsecond) -> 1000000;
unit_parts(nanosecond) -> 1000000000;
unit_parts(native) -> 1000000000;
unit_parts(perf_counter) -> 1000000000;
unit_parts(seconds) -> 1;
unit_parts(milli_seconds) -> 1000;
unit_parts(micro_seconds) -> 1000000;
unit_parts(nano_seconds) -> 1000000000;
unit_parts(N) when is_integer(N), N > 0 -> N;
unit_parts(_) -> badarg.

%% Year and day-of-year of a day count: bounded by its 365- and 366-day
%% quotients, then narrowed by interpolation (one or two steps).
year_of_day(Day) when Day >= 0 ->
    YMax = Day div 365,
    YMin = Day div 366,
    {Y, D} = narrow(YMin, YMax, Day, days_before_year(YMin), days_before_year(YMax)),
    {Y, Day - D}.

narrow(Min, Max, _, DMin, _) when Min == Max -> {Min, DMin};
narrow(Min, Max, Day, DMin, DMax) ->
    Mid = Min + ((Max - Min) * (Day - DMin)) div (DMax - DMin),
    MidLength = case is_leap_year(Mid) of
                    true -> 366;
                    false -> 365
                end,
    case days_before_year(Mid) of
        D when Day < D -> narrow(Min, Mid - 1, Day, DMin, days_before_year(Mid - 1));
        D when Day - D >= MidLength -> narrow(Mid + 1, Max, Day, days_before_year(Mid + 1), DMax);
        D -> {Mid, D}
    end.

month_of_day(Year, DayOfYear) ->
    E = case is_leap_year(Year) of
            true -> 1;
            false -> 0
        end,
    {Month, Day} = month_of(E, DayOfYear),
    {Month, Day + 1}.

month_of(_, D) when D < 31 -> {1, D};
month_of(E, D) when 31 =< D, D < 59 + E -> {2, D - 31};
month_of(E, D) when 59 + E =< D, D < 90 + E -> {3, D - (59 + E)};
month_of(E, D) when 90 + E =< D, D < 120 + E -> {4, D - (90 + E)};
month_of(E, D) when 120 + E =< D, D < 151 + E -> {5, D - (120 + E)};
month_of(E, D) when 151 + E =< D, D < 181 + E -> {6, D - (151 + E)};
month_of(E, D) when 181 + E =< D, D < 212 + E -> {7, D - (181 + E)};
month_of(E, D) when 212 + E =< D, D < 243 + E -> {8, D - (212 + E)};
month_of(E, D) when 243 + E =< D, D < 273 + E -> {9, D - (243 + E)};
month_of(E, D) when 273 + E =< D, D < 304 + E -> {10, D - (273 + E)};
month_of(E, D) when 304 + E =< D, D < 334 + E -> {11, D - (304 + E)};
month_of(E, D) when 334 + E =< D -> {12, D - (334 + E)}.

days_before_year(Y) when Y =< 0 -> 0;
days_before_year(Y) ->
    X = Y - 1,
    X div 4 - X div 100 + X div 400 + X * 365 + 366.

days_before_month(1) -> 0;
days_before_month(2) -> 31;
days_before_month(3) -> 59;
days_before_month(4) -> 90;
days_before_month(5) -> 120;
days_before_month(6) -> 151;
days_before_month(7) -> 181;
days_before_month(8) -> 212;
days_before_month(9) -> 243;
days_before_month(10) -> 273;
days_before_month(11) -> 304;
days_before_month(12) -> 334.

leap_extra(_, Month) when Month < 3 -> 0;
leap_extra(Year, _) ->
    case is_leap_year(Year) of
        true -> 1;
        false -> 0
    end.

%% ---- the clock and the (UTC) zone ----------------------------------------

local_time() -> erlang:localtime().

universal_time() -> erlang:universaltime().

now_to_datetime({MegaSecs, Secs, _MicroSecs}) ->
    gregorian_seconds_to_datetime(MegaSecs * 1000000 + Secs + 62167219200).

now_to_universal_time(Now) -> now_to_datetime(Now).

now_to_local_time({MegaSecs, Secs, MicroSecs}) ->
    universal_time_to_local_time(now_to_universal_time({MegaSecs, Secs, MicroSecs})).

local_time_to_universal_time(DateTime) -> utc_identity(DateTime).

universal_time_to_local_time(DateTime) -> utc_identity(DateTime).

system_time_to_universal_time(Time, TimeUnit) ->
    Secs = erlang:convert_time_unit(Time, TimeUnit, second),
    gregorian_seconds_to_datetime(Secs + 62167219200).

system_time_to_local_time(Time, TimeUnit) ->
    universal_time_to_local_time(system_time_to_universal_time(Time, TimeUnit)).

%% erlang:universaltime_to_localtime/1 in a UTC zone: a valid datetime is
%% itself, anything else badarg.
utc_identity({{Y, Mo, D}, {H, Mi, S}} = DateTime)
  when is_integer(H), H >= 0, H < 24, is_integer(Mi), Mi >= 0, Mi < 60,
       is_integer(S), S >= 0, S < 60 ->
    case valid_date(Y, Mo, D) of
        true -> DateTime;
        false -> erlang:error(badarg)
    end;
utc_identity(_) -> erlang:error(badarg).
