%% gen_event: swapping supervised handlers. A supervised handler swapped by
%% swap_handler/3 or by its own {swap_handler, ...} return stays supervised
%% by the same process, which gets {gen_event_EXIT, Old, {swapped, New, Pid}};
%% swap_sup_handler/3 makes the caller the new supervisor; an unsupervised
%% handler swapped with swap_sup_handler/3 sends nothing for the old one.
-module(event_sup_swap).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init({Args, _Prev}) -> {ok, Args};
init(S) -> {ok, S}.

handle_event({swap, Id, To}, Id) -> {swap_handler, x, Id, {?MODULE, To}, To};
handle_event(crash, crash_me) -> exit(crashed);
handle_event(_, S) -> {ok, S}.

handle_call(get, S) -> {ok, S, S}.
terminate(_, S) -> S.

flush(Self) ->
    receive
        {gen_event_EXIT, H, {swapped, New, Pid}} ->
            io:format("gen_event_EXIT ~p swapped to ~p by me: ~p~n", [H, New, Pid =:= Self]),
            flush(Self);
        {gen_event_EXIT, H, R} ->
            io:format("gen_event_EXIT ~p ~p~n", [H, R]),
            flush(Self)
    after 0 -> ok
    end.

main() ->
    Self = self(),
    {ok, M} = gen_event:start(),
    ok = gen_event:add_sup_handler(M, {?MODULE, a}, a),
    ok = gen_event:swap_handler(M, {{?MODULE, a}, x}, {{?MODULE, b}, b}),
    flush(Self),
    ok = gen_event:sync_notify(M, {swap, b, crash_me}),
    flush(Self),
    ok = gen_event:sync_notify(M, crash),
    flush(Self),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:add_handler(M, {?MODULE, c}, c),
    ok = gen_event:swap_sup_handler(M, {{?MODULE, c}, x}, {{?MODULE, d}, d}),
    flush(Self),
    d = gen_event:delete_handler(M, {?MODULE, d}, x),
    flush(Self),
    %% another process takes over a supervised handler
    ok = gen_event:add_sup_handler(M, {?MODULE, e}, e),
    spawn(fun() ->
                  ok = gen_event:swap_sup_handler(M, {{?MODULE, e}, x}, {{?MODULE, f}, f}),
                  Self ! swapped,
                  receive never -> ok end
          end),
    receive swapped -> ok end,
    flush(Self),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:stop(M),
    flush(Self),
    ok.
