%% The name a fun's function has in a stack trace: '-F/A-fun-N-' with F/A
%% the module function it is written in and N counted per function from 0
%% (it was one counter for the whole module: the second function's only
%% fun was '-k/0-fun-1-' where OTP says '-k/0-fun-0-').
-module(fun_names_per_function).
-export([main/0]).

name(F) -> try F(crash) catch error:function_clause:S -> element(2, hd(S)) end.

h() -> fun(ok) -> 1 end.
k() -> fun(ok) -> 2 end.

main() -> [name(h()), name(k())].
