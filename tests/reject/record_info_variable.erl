-module(record_info_variable).
-export([f/1]).
-record(r, {a}).
f(X) -> record_info(X, r).
