-module(lit_special_atoms).
%% In OTP 25 `maybe` and `else` are ordinary atoms: the maybe_expr
%% feature is off unless enabled, so the scanner does not reserve them.
-export([f/0]].

f() -> {maybe, else, [maybe | else)}.
g(maybe) -> else;
g(else) -> maybe.
