%% report.erl — a program reading a mounted directory (the `files`
%% capability, docs/files.md): every *.csv order file the host shows at
%% /orders is read and summed per customer, and the report is written to
%% the read-write mount /out, whose quota the host chose.
%%   hl run --mount examples/files/orders:/orders --mount OUTDIR:/out:rw examples/files/report.erl main
%% Without the mounts a guest sees no file at all; without the grant the
%% program does not compile ("needs the files capability").
-module(report).
-export([main/0, summarise/2]).

main() -> summarise("/orders", "/out").

summarise(In, Out) ->
    {ok, Names} = file:list_dir(In),
    Csvs = [N || N <- lists:sort(Names), filename:extension(N) =:= ".csv"],
    Rows = lists:append([rows(filename:join(In, N)) || N <- Csvs]),
    Totals = lists:foldl(fun({C, Cents}, Acc) -> maps:update_with(C, fun(T) -> T + Cents end, Cents, Acc) end,
                         #{}, Rows),
    Lines = [io_lib:format("~s ~.2f~n", [C, T / 100]) || {C, T} <- lists:sort(maps:to_list(Totals))],
    ok = file:write_file(filename:join(Out, "totals.txt"), Lines),
    {ok, Written} = file:read_file(filename:join(Out, "totals.txt")),
    {length(Csvs), lists:sort(maps:to_list(Totals)), byte_size(Written)}.

%% The rows of one file after its header: {Customer, Cents}.
rows(Path) ->
    {ok, Bin} = file:read_file(Path),
    [_Header | Lines] = binary:split(Bin, <<"\n">>, [global, trim_all]),
    [begin
         [C, _Sku, Q, U] = binary:split(L, <<",">>, [global]),
         {binary_to_list(C), binary_to_integer(Q) * binary_to_integer(U)}
     end || L <- Lines].
