-module(layout_no_final_newline).
-export([f/0]).
f() -> ok.