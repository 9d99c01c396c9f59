-module(mm_uncaught).
-export([main/0]).

%% An exception from another module that nobody catches: the run ends with
%% it after what the program wrote.
main() ->
    io:format("before~n"),
    mm_uncaught_lib:check(#{limit => 3}, 7).
