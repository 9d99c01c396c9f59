-module(bin_match_float).
-export([main/0]).
f(<<X/float, R/binary>>) -> {X, R};
f(<<X:32/float>>) -> {f32, X};
f(<<X:16/float>>) -> {f16, X};
f(B) -> {nomatch, B}.
main() ->
    [f(<<1.5/float>>), f(<<2.5:32/float>>), f(<<1.5:16/float>>), f(<<0:1,16#7FF:11,0:52>>),
     f(<<16#7FC00000:32>>), f(<<16#7C00:16>>), f(<<1.0e10/float-little>>), f(<<1,2,3>>)].
