-module(io_fmt_forms).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f(abc, []), f('~w!', [a]), f(<<"~w">>, [a]), f(<<"é~w"/utf8>>, [1]), f(<<255>>, []),
     f([126, 119], [x]), f("", []), f('', []), f(<<>>, []), f("~~~w~~", [1])].
