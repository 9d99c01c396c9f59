-module(external_fun_variable).
-export([f/1]).
f(M) -> fun M:cmd/1.
