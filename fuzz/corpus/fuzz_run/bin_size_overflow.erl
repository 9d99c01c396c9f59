-module(bin_size_overflow).
-export([main/0]).
%% Sizes OTP refuses outright (system_limit / badarg); sizes between our
%% 16 MiB cap and OTP's are a documented difference (docs/limits.md).
main() ->
    [c(fun() -> <<0:(id(1 bsl 60))>> end), c(fun() -> <<(id(<<>>)):(id(1 bsl 62))/binary>> end),
     c(fun() -> <<0:(id(-1 bsl 70))>> end), c(fun() -> <<0:(id(1 bsl 64))>> end)].
id(X) -> X.
c(F) -> try F() catch C:R -> {C, R} end.
