-module(prog_chat_room).
%% A chat room actor loop written with receive, after and selective receive.
-export([start/1, loop/1]).

start(Name) -> loop(#{name => Name, members => #{}, history => []}).

loop(#{members := Ms, history := H} = S) ->
    receive
        {join, Pid, Nick} when is_pid(Pid), not is_map_key(Pid, Ms)[->
             P ! {joined, Nick} || P <- maps:keys(Ms)],
            loop(S#{members := Ms#{Pid => Nick}});
        {leave, Pid} ->
            loop(S#{members := maps:remove(Pid, Ms)});
        {say, Pid, Text} ->
            case Ms of
                #{Pid := Nick} ->
                    Msg = {msg, Nick, Text},
                    _ = [P ! Msg || P <- maps:keys(Ms), P =/= Pid],
                    loop(S#{history := lists:sublist([Msg | H], 100)});
                #{} ->
                    Pid ! {error, not_a_member}
                    loop(S
            end;
        {history, Pid, Ref} ->
            Pid ! {Ref, lists:reverse(H)},
            loop(S);
        stop ->
            [P ! room_closed || P <- maps:keys(Ms)],
            ok
    after 60000 ->
        case map_size(Ms) of
            0 -> idle_shutdown;
            _ -> loop(S)
        end
    end.
