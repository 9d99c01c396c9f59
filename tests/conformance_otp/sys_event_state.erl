%% sys:get_state/1,2 and sys:replace_state/2,3 on a gen_event manager: the
%% state is the list of {Module, Id, State} of the installed handlers
%% (Id false for a plain Module handler); a replace fun that fails or
%% returns another shape leaves that handler's state alone.
-module(sys_event_state).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

main() ->
    {ok, M} = gen_event:start({local, sys_ev}),
    io:format("~p~n", [sys:get_state(sys_ev)]),
    ok = gen_event:add_handler(sys_ev, ?MODULE, {plain, 1}),
    ok = gen_event:add_handler(sys_ev, {?MODULE, x}, {x, 2}),
    ok = gen_event:add_handler(sys_ev, {?MODULE, y}, {y, 3}),
    io:format("~p~n", [sys:get_state(sys_ev)]),
    io:format("~p~n", [sys:get_state(M, 1000) =:= sys:get_state(sys_ev)]),
    R = sys:replace_state(sys_ev, fun({Mod, x, {x, N}}) -> {Mod, x, {x, N * 10}};
                                     ({_, y, _}) -> wrong_shape;
                                     ({Mod, false, _}) -> {Mod, false, replaced}
                                  end),
    io:format("~p~n", [R]),
    io:format("~p~n", [[gen_event:call(sys_ev, H, get) || H <- gen_event:which_handlers(sys_ev)]]),
    R2 = sys:replace_state(sys_ev, fun({_, y, _}) -> error(crash);
                                      (Other) -> Other
                                   end, 1000),
    io:format("~p~n", [R2]),
    gen_event:stop(sys_ev).
