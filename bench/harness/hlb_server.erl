%% hlb_server.erl — the BEAM side of the benchmark harness. One long-lived
%% `erl` runs this for the whole benchmark, so BEAM start-up is never timed.
%% It reads one command per line on stdin and answers one line on stdout:
%%
%%   run KERNEL ARG ITERS EXPECTED  ->  ok NANOSECONDS | bad VALUE | err TEXT
%%   quit                           ->  (halts)
%%
%% A batch calls hlbench:KERNEL(ARG) ITERS times in a loop with static
%% remote calls (so the loop costs what a call from another module costs)
%% and times the whole loop with erlang:monotonic_time/1. Every call's value
%% is matched against EXPECTED. The front-end kernels `parse`, `check` and
%% `compile` work on the text of hlbench.erl (path given at start), read once.
-module(hlb_server).
-export([main/1]).

main([SourcePath]) ->
    {ok, Bin} = file:read_file(SourcePath),
    Src = binary_to_list(Bin),
    Port = open_port({fd, 0, 1}, [binary, {line, 1024}, eof]),
    reply(Port, io_lib:format("hello ~s ~s ~s ~w",
                              [erlang:system_info(otp_release),
                               erlang:system_info(version),
                               erlang:system_info(emu_flavor),
                               erlang:system_info(schedulers_online)])),
    serve(Port, Src).

serve(Port, Src) ->
    receive
        {Port, {data, {eol, Line}}} ->
            case string:lexemes(binary_to_list(Line), " ") of
                ["run", K, A, I, E] ->
                    Answer = try
                                 batch(list_to_atom(K), list_to_integer(A),
                                       list_to_integer(I), list_to_integer(E), Src)
                             catch
                                 throw:{bad, V} -> io_lib:format("bad ~w", [V]);
                                 C:R -> io_lib:format("err ~w:~0p", [C, R])
                             end,
                    reply(Port, Answer),
                    serve(Port, Src);
                ["quit"] ->
                    halt(0);
                _ ->
                    reply(Port, "err unknown command"),
                    serve(Port, Src)
            end;
        {Port, eof} ->
            halt(0)
    end.

reply(Port, Text) ->
    port_command(Port, [Text, $\n]).

batch(Kernel, Arg, Iters, Expected, Src) ->
    T0 = erlang:monotonic_time(nanosecond),
    ok = loop(Kernel, Iters, Arg, Expected, Src),
    T1 = erlang:monotonic_time(nanosecond),
    io_lib:format("ok ~w", [T1 - T0]).

%% One loop per kernel so every call site is a static call.
loop(id, N, A, E, _) -> loop_id(N, A, E);
loop(fib, N, A, E, _) -> loop_fib(N, A, E);
loop(sort, N, A, E, _) -> loop_sort(N, A, E);
loop(sort100k, N, A, E, _) -> loop_sort100k(N, A, E);
loop(loop, N, A, E, _) -> loop_loop(N, A, E);
loop(gc, N, A, E, _) -> loop_gc(N, A, E);
loop(fact, N, A, E, _) -> loop_fact(N, A, E);
loop(print_pow2, N, A, E, _) -> loop_print_pow2(N, A, E);
loop(maps100k, N, A, E, _) -> loop_maps100k(N, A, E);
loop(binsplit1mb, N, A, E, _) -> loop_binsplit1mb(N, A, E);
loop(split1mb, N, A, E, _) -> loop_split1mb(N, A, E);
loop(pp10k, N, A, E, _) -> loop_pp10k(N, A, E);
loop(parse, N, _, E, Src) -> loop_parse(N, Src, E);
loop(check, N, _, E, Src) -> loop_check(N, Src, E);
loop(compile, N, _, E, Src) -> loop_compile(N, Src, E);
loop(K, _, _, _, _) -> error({unknown_kernel, K}).

loop_id(0, _, _) -> ok;
loop_id(N, A, E) ->
    case hlbench:id(A) of
        E -> loop_id(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_fib(0, _, _) -> ok;
loop_fib(N, A, E) ->
    case hlbench:fib(A) of
        E -> loop_fib(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_sort(0, _, _) -> ok;
loop_sort(N, A, E) ->
    case hlbench:sort(A) of
        E -> loop_sort(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_sort100k(0, _, _) -> ok;
loop_sort100k(N, A, E) ->
    case hlbench:sort100k(A) of
        E -> loop_sort100k(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_loop(0, _, _) -> ok;
loop_loop(N, A, E) ->
    case hlbench:loop(A) of
        E -> loop_loop(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_gc(0, _, _) -> ok;
loop_gc(N, A, E) ->
    case hlbench:gc(A) of
        E -> loop_gc(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_fact(0, _, _) -> ok;
loop_fact(N, A, E) ->
    case hlbench:fact(A) of
        E -> loop_fact(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_print_pow2(0, _, _) -> ok;
loop_print_pow2(N, A, E) ->
    case hlbench:print_pow2(A) of
        E -> loop_print_pow2(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_maps100k(0, _, _) -> ok;
loop_maps100k(N, A, E) ->
    case hlbench:maps100k(A) of
        E -> loop_maps100k(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_binsplit1mb(0, _, _) -> ok;
loop_binsplit1mb(N, A, E) ->
    case hlbench:binsplit1mb(A) of
        E -> loop_binsplit1mb(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_split1mb(0, _, _) -> ok;
loop_split1mb(N, A, E) ->
    case hlbench:split1mb(A) of
        E -> loop_split1mb(N - 1, A, E);
        V -> throw({bad, V})
    end.

loop_pp10k(0, _, _) -> ok;
loop_pp10k(N, A, E) ->
    case hlbench:pp10k(A) of
        E -> loop_pp10k(N - 1, A, E);
        V -> throw({bad, V})
    end.

%% Source text to abstract forms: erl_scan + erl_parse (no epp; Hyperlang
%% does not preprocess either). Value 1 when every form parsed.
loop_parse(0, _, _) -> ok;
loop_parse(N, Src, E) ->
    case parse(Src) of
        {ok, _Forms} when E =:= 1 -> loop_parse(N - 1, Src, E);
        Other -> throw({bad, Other})
    end.

%% Source text to a checked module: the above plus erl_lint:module/1, the
%% checks (variables, functions, records, guards) compile does before codegen.
loop_check(0, _, _) -> ok;
loop_check(N, Src, E) ->
    {ok, Forms} = parse(Src),
    case erl_lint:module(Forms) of
        {ok, _Warnings} when E =:= 1 -> loop_check(N - 1, Src, E);
        Other -> throw({bad, Other})
    end.

%% Source text to a loadable .beam binary: scan, parse and compile:forms/2
%% (which lints, optimizes and generates code).
loop_compile(0, _, _) -> ok;
loop_compile(N, Src, E) ->
    {ok, Forms} = parse(Src),
    case compile:forms(Forms, [binary, return_errors]) of
        {ok, hlbench, Beam} when is_binary(Beam), E =:= 1 -> loop_compile(N - 1, Src, E);
        Other -> throw({bad, Other})
    end.

parse(Src) ->
    {ok, Tokens, _} = erl_scan:string(Src, {1, 1}),
    parse_forms(Tokens, [], []).

parse_forms([], [], Acc) -> {ok, lists:reverse(Acc)};
parse_forms([], _Partial, _) -> {error, unterminated_form};
parse_forms([{dot, _} = Dot | Rest], Partial, Acc) ->
    case erl_parse:parse_form(lists:reverse([Dot | Partial])) of
        {ok, Form} -> parse_forms(Rest, [], [Form | Acc]);
        Error -> Error
    end;
parse_forms([T | Rest], Partial, Acc) ->
    parse_forms(Rest, [T | Partial], Acc).
