-module(layout_control_ws).
% erl_scan treats every character up to space, and U+0080..U+00A0,
% as whitespace: vertical tab, NBSP and NEL here.
-export([ok/0]).
f()-> {ok, done}.
g() .-> "nbsp inside".
