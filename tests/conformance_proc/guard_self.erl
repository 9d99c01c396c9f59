-module(guard_self).
-export([main/0]).
%% self/0 is one of OTP's guard BIFs: in a guard, in a nested guard
%% expression, and in a clause that fails to the next one.
main() ->
    Me = self(),
    Other = spawn(fun() -> receive stop -> ok end end),
    R = [mine(Me), mine(Other), both(Me, Me), both(Me, Other)],
    Other ! stop,
    R.

mine(P) when P =:= self() -> mine;
mine(_) -> other.

both(A, B) when A =:= self(), is_pid(B), B =/= self() -> split;
both(A, B) when A =:= self(); B =:= self() -> same;
both(_, _) -> neither.
