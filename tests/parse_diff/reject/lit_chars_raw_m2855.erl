-module(lit_chars_raw).
%% $ followed by a raw character: tab, newline, carriage return, form
%% feed, vertical tab, space, NBSP, DEL, and escape-free Unicode.
-export([f/0]).

f() -> [$	, $
, $
, $, $, $ , $ , $, $, $é, $€, $😀].
g() -> w  controls".
h() -> 'raw  atom'.
