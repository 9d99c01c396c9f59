-module(state_machine).
-export([main/0]).
%% A turnstile / door state machine driven by events.
main() -> run(locked, [coin, push, push, coin, coin, push, kick], []).
run(S, [], Log) -> {S, lists:reverse(Log)};
run(S, [E | Es], Log) -> {S2, Out} = step(S, E), run(S2, Es, [{S, E, Out} | Log]).
step(locked, coin) -> {unlocked, unlock};
step(locked, push) -> {locked, alarm};
step(unlocked, coin) -> {unlocked, refund};
step(unlocked, push) -> {locked, lock};
step(S, _) -> {S, ignored}.
