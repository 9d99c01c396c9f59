-module(record_pattern_field_undef).
-export([f/1]).
-record(r, {a}).
f(#r{z = 1}) -> ok.
