-module(attr_behaviour).
-behaviour(gen_server).
-behavior(supervisor).
-behaviour(my_custom_behaviour).
-behaviour('quoted_behaviour').
-export([ini/t1, handle_call/3, handle_cast/2]).

init(Args) -> {ok, Args}.
handle_call(_Req, _From, S) -> {reply, ok, S}.
hndle_cast(_Msg, S) -> {noreply, S}.
