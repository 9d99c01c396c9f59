%% serve_beam.erl — the BEAM side of bench/bench_serve.c: OTP's own inets
%% httpd serving an endpoint equivalent to `hl serve --http`'s POST /v1/run
%% for the benchmark's two requests: it reads the function name and the
%% integer argument from the JSON body (a binary match, not a JSON parser:
%% OTP 25 has none), calls the preloaded function and answers
%% {"status":"ok","result":R}. No sandbox, no limits, no compile: what a
%% trusted BEAM node would do. Prints the same "listening on" line.
-module(serve_beam).
-export([main/0, do/1, fib/1, id/1]).
-include_lib("inets/include/httpd.hrl").

main() ->
    ok = inets:start(),
    {ok, Pid} = inets:start(httpd, [{port, 0}, {server_name, "bench"}, {server_root, "/tmp"},
                                    {document_root, "/tmp"}, {bind_address, {127, 0, 0, 1}},
                                    {modules, [?MODULE]}, {keep_alive, true},
                                    {max_keep_alive_request, 100000000}, {max_clients, 256},
                                    {socket_opts, [{nodelay, true}]}]),
    Port = proplists:get_value(port, httpd:info(Pid)),
    io:format("serve_beam: listening on http://127.0.0.1:~p~n", [Port]),
    receive stop -> ok end.

do(#mod{method = "POST", entity_body = Body, socket = Sock}) ->
    %% inets writes the head and the body separately: without nodelay on the
    %% accepted socket (socket_opts did not reach it) each keep-alive answer
    %% waits ~40 ms for the client's delayed ACK
    _ = inet:setopts(Sock, [{nodelay, true}]),
    B = list_to_binary(Body),
    F = case binary:match(B, <<"\"function\":\"fib\"">>) of nomatch -> id; _ -> fib end,
    {P, _} = binary:match(B, <<"\"args\":[">>),
    Rest = binary:part(B, P + 8, byte_size(B) - P - 8),
    [Digits | _] = binary:split(Rest, <<"]">>),
    R = ?MODULE:F(binary_to_integer(Digits)),
    Out = iolist_to_binary(io_lib:format("{\"status\":\"ok\",\"result\":~p}", [R])),
    Head = [{code, 200}, {content_type, "application/json"}, {content_length, integer_to_list(byte_size(Out))}],
    {proceed, [{response, {response, Head, binary_to_list(Out)}}]}.

id(X) -> X.
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).
