-module(not_in_allowlist).
-export([f/1]).
f(L) -> lists:nth(1, L).
