-module(float_badarg).
-export([main/0]).

%% An uncaught badarg from float_to_list/2 (a text too long for OTP's buffer).
main() -> float_to_list(-10.0, [{decimals, 252}]).
