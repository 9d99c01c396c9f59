-module(not_in_allowlist).
-export([f/1]).
f(L) -> lists:rkeymerge(1, L, []).
