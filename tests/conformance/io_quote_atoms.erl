-module(io_quote_atoms).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~w", ['']), f("~p", ['a-b']), f("~w", ['hello World']), f("~w", [aBc]), f("~w", ['1a']),
     f("~w", [a@b]), f("~w", ['a.b']), f("~w", ['\n']), f("~w", ['é']), f("~w", [[true, false, undefined]]),
     f("~w", ['receive']), f("~w", ['_x'])].
