-module(recv_try).
-export([main/0]).
%% receive inside try (body, of, catch and after parts) and inside catch.
main() ->
    A = try receive after 0 -> ok end of ok -> receive after 0 -> of_ok end catch _:_ -> caught end,
    B = try receive after 0 -> throw(boom) end catch throw:boom -> receive after 1 -> handled end end,
    C = (catch receive after 0 -> erlang:error(oops) end),
    D = try receive after 0 -> 1 end after receive after 0 -> ignored end end,
    E = try
            receive after 0 -> erlang:exit(bye) end
        catch
            exit:R -> {exit, R}
        end,
    {A, B, element(1, C), D, E}.
