-module(bank).
-export([main/0]).
%% An account ledger with error handling.
main() -> Ops = [{deposit, 100}, {withdraw, 30}, {withdraw, 500}, {deposit, -5}, {withdraw, 70}],
    lists:reverse(element(2, apply_all(Ops, {0, []}))).
apply_all([], Acc) -> Acc;
apply_all([Op | Ops], {Bal, Log}) ->
    try op(Op, Bal) of
        NewBal -> apply_all(Ops, {NewBal, [{ok, NewBal} | Log]})
    catch
        throw:Why -> apply_all(Ops, {Bal, [{rejected, Why} | Log]})
    end.
op({deposit, N}, _) when N =< 0 -> throw(bad_amount);
op({deposit, N}, B) -> B + N;
op({withdraw, N}, B) when N > B -> throw(insufficient);
op({withdraw, N}, B) -> B - N.
