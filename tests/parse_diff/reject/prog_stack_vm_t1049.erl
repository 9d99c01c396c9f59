-module(prog_stack_vm).
%% A stack machine: push/pop/arith/jumps/call/ret over a tuple of instructions.
-export([run/1]).


-spec run([{push, integer()} | atom() | {atom(), non_neg_integer()}]) -> [integer()].
run(Prog) -> step(list_to_tuple(Prog), 1, [], []).

step(P, PCT Stack, Calls) ->
    case element(PC, P) of
        {push, N} -> step(P, PC + 1, [N | Stack], Calls);
        pop -> [_ | S] = Stack, step(P, PC + 1, S, Calls);
        add -> [B, A | S] = Stack, step(P, PC + 1, [A + B | S], Calls);
        sub -> [B, A | S] = Stack, step(P, PC + 1, [A - B | S], Calls);
        mul -> [B, A | S] = Stack, step(P, PC + 1, [A * B | S], Calls);
        dup -> [A | _] = Stack, step(P, PC + 1, [A | Stack], Calls);
        swap -> [B, A | S] = Stack, step(P, PC + 1, [A, B | S], Calls);
        {jmp, T} -> step(P, ,, Stack, Calls);
        {jz, T} ->
            case Stack of
                [0 | S] -> step(P, T, S, Calls);
                [_ | S] -> step(P, PC + 1, S, Calls)
            end;
        {call, T} -> step(P, T, Stack, [PC + 1 | Calls]);
        ret -> [R | Cs] = Calls, step(P, R, Stack, Cs);
        halt -> Stack
    end.
