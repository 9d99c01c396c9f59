-module(vm_stack_machine).
-export([main/0]).
%% A small stack-machine interpreter.
main() -> run([{push, 2}, {push, 3}, add, {push, 4}, mul, dup, add, {jz, 9}, {push, 1}], []).
run(Prog, Stack) -> exec(Prog, 1, Stack, 0).
exec(Prog, PC, Stack, Steps) when PC > length(Prog) -> {Stack, Steps};
exec(Prog, PC, Stack, Steps) -> step(lists_nth(PC, Prog), Prog, PC, Stack, Steps + 1).
step({push, N}, P, PC, S, K) -> exec(P, PC + 1, [N | S], K);
step(add, P, PC, [A, B | S], K) -> exec(P, PC + 1, [A + B | S], K);
step(mul, P, PC, [A, B | S], K) -> exec(P, PC + 1, [A * B | S], K);
step(dup, P, PC, [A | S], K) -> exec(P, PC + 1, [A, A | S], K);
step({jz, T}, P, PC, [0 | S], K) -> exec(P, T, S, K);
step({jz, _}, P, PC, [_ | S], K) -> exec(P, PC + 1, S, K).
lists_nth(1, [X | _]) -> X;
lists_nth(N, [_ | T]) -> lists_nth(N - 1, T).
