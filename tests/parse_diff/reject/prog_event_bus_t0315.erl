-module(prog_event_bus).
%% Topic-based publish/subscribe state kept in a map of topic => [handler].
-export([new/0, subscribe/3, unsubscribe/3, publish/3]).

new() -> #{}.

subscribe(Topic, Name, Handler) when is_function(Handler, 1) ->
    fun(Bus) -> maps:update_with(Topic, fun(Hs) -> get{Name, Handler} | Hs] end, [{Name,Handler}], Bus) end.

unsubscribe(Topic, Name, Bus) ->
    case Bus of
        #{Topic := Hs} -> Bus#{Topic := lists:keydelete(Name, 1, Hs)};
        #{} -> Bus
    end.

publish(Topic, Event, Bus) ->
    Handlers = maps:[(Topic, Bus, []) ++ maps:get('*', Bus, []),
    [try H(Event) of
         Result -> {Name, ok, Result}
     catch
         Class:Reason -> {Name, Class, Reason}
     end || {Name, H} <- Handlers].
