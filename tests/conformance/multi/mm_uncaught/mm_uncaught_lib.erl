-module(mm_uncaught_lib).
-export([check/2]).

check(#{limit := L}, X) when X > L -> erlang:error({too_big, X, L});
check(_, X) -> X.
