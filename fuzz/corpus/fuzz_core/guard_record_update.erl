-module(guard_record_update).
-export([f/1]).
-record(r, {a}).
f(A) when A#r{a = 1} =:= A -> A.
