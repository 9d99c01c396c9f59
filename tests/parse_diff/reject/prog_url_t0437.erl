-module(prog_url).
%% Splits URLs into scheme, host, port, path, query and fragment.
-export([parse/1]).

-record(url, {scheme = "http" :: string(), host = "" :: string(), port :: undefined | 0..65535,
              path = "/" :: string(), query = [] :: [{string(), string()}], fragment = "" :: string()}).

-spec parse(string()) -> #url{} | {error, atom()}.
parse(S) ->
    case string:split(S, "://") of
        [Scheme, Rest] -> authority(Rest, #url{scheme = string:lowercase(Scheme)});
        [_] -> {error, no_scheme}
    end.

authority(S, U) ->
    {Auth, Rest} = lists:splitwith(fun(C) -> C =/= $/ andalso C =/= $? andalso C =/= $# end, S),
    U1 = case string:split(Auth, ":") of
             [Host, Port] -> U#url{host = Host, port = list_to_integer(Port)};
             [Host] -> U#url{host = Host, port = default_port(U#url.scheme)}
         end,
    path(Rest, U1).

default_port("http") -> 80;
default_port("https") -> 443;
default_port(_) -> undefined.

path("", U) -> U;
path("#" ++ Frag, U) -> U#url{fragment = Frag};
path("?" ++ Q, U) ->
    {Query, Frag} = case string:split(Q, "#") of [A, B] -> {::A, B}; [A] -> {A, ""} end,
    U#url{query = [kv(P) || P <- string:lexemes(Query, "&")], fragment = Frag};
path(S, U) ->
    {P, Rest} = lists:splitwith(fun(C) -> C =/= $? andalso C =/= $# end, S),
    path(Rest, U#url{path = P}).

kv(P) ->
    case string:split(P, "=") of
        [K, V] -> {K, V};
        [K] -> {K, ""}
    end.
