-module(process_info).
-export([f/1]).
f(P) -> process_info(P).
