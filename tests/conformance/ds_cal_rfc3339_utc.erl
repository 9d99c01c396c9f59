-module(ds_cal_rfc3339_utc).
-export([main/0]).
%% Without an offset option OTP uses the host's zone; a Hyperlang run has
%% none and formats UTC, like OTP on a UTC host (where the oracle runs).
main() ->
    [calendar:system_time_to_rfc3339(0), calendar:system_time_to_rfc3339(1517498278),
     calendar:system_time_to_rfc3339(1517498278123, [{unit, millisecond}]),
     calendar:system_time_to_rfc3339(-86400, [{time_designator, $_}])].
