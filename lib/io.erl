%% lib/io.erl — io:format/fwrite/put_chars/nl/write for Hyperlang: the only
%% device is the run's captured output (docs/io.md), written as UTF-8 and
%% capped by the run's max_output_bytes (a write past it stops the run).
%% The text is made by io_lib and written by erlang:hl_put_chars/1, at most
%% 64 Ki list elements per call (preemptible however long the text).
%% Written for Hyperlang from OTP's documented behaviour, not copied.
-module(io).
-export([format/1, format/2, fwrite/1, fwrite/2, put_chars/1, nl/0, write/1]).

format(Format) -> format(Format, []).

format(Format, Args) ->
    Chars = try io_lib:format(Format, Args)
            catch error:_ -> erlang:error(badarg, [Format, Args])
            end,
    write_deep(Chars).

fwrite(Format) -> format(Format, []).

fwrite(Format, Args) -> format(Format, Args).

nl() -> write_chars("\n").

write(Term) -> write_deep(io_lib:write(Term)).

%% io_lib's deep character lists, written 65,536 characters at a time
%% (flattened a chunk at a time, without deep recursion, so a big text is
%% never copied whole). A flat piece of 1,024 characters or more (the text
%% of a ~p, a long ~s) goes to the builtin as it is, uncopied.
write_deep(Deep) ->
    case flat_len(Deep, 0) of
        false -> write_deep(Deep, [], [], 0);
        _ -> write_chars(Deep)
    end.

write_deep(L, Stack, Rev, 65536) ->
    write_chars(lists:reverse(Rev)),
    write_deep(L, Stack, [], 0);
write_deep([H | T], Stack, Rev, N) when is_list(H) ->
    case flat_len(H, 0) of
        Len when is_integer(Len), Len >= 1024 ->
            write_chars(lists:reverse(Rev)),
            write_chars(H),
            write_deep(T, Stack, [], 0);
        _ -> write_deep(H, [T | Stack], Rev, N)
    end;
write_deep([C | T], Stack, Rev, N) -> write_deep(T, Stack, [C | Rev], N + 1);
write_deep([], [T | Stack], Rev, N) -> write_deep(T, Stack, Rev, N);
write_deep([], [], Rev, _N) -> write_chars(lists:reverse(Rev)).

%% The length of a flat list of integers, or false (it stops at the first
%% element that is not an integer).
flat_len([C | T], N) when is_integer(C) -> flat_len(T, N + 1);
flat_len([], N) -> N;
flat_len(_, _) -> false.

%% Unicode chardata: a deep list of characters and UTF-8 binaries (any
%% list may end in a binary instead of []), or a binary. Characters are checked before anything is written.
put_chars(Chars) ->
    case chardata(Chars) of
        error -> erlang:error(badarg, [Chars]);
        Flat -> write_chars(Flat)
    end.

chardata(B) when is_binary(B) -> split_bins([B], []);
chardata(L) when is_list(L) ->
    case flat_valid(L) of
        true -> L;
        bins -> split_bins(L, []);
        deep -> deep(L, [], []);
        false -> error
    end;
chardata(_) -> error.

%% true: a flat list of characters; bins: flat, with binaries; deep: has
%% sublists (checked while flattening); false: something else.
flat_valid(L) -> flat_valid(L, true).
flat_valid([C | Cs], K) when is_integer(C), C >= 0, C < 16#D800 -> flat_valid(Cs, K);
flat_valid([C | Cs], K) when is_integer(C), C > 16#DFFF, C =< 16#10FFFF -> flat_valid(Cs, K);
flat_valid([B | Cs], true) when is_binary(B) -> flat_valid(Cs, bins);
flat_valid([B | Cs], K) when is_binary(B) -> flat_valid(Cs, K);
flat_valid([L | _], _K) when is_list(L) -> deep;
flat_valid([], K) -> K;
flat_valid(B, _K) when is_binary(B) -> deep;   % a binary tail: [$a | <<"b">>]
flat_valid(_, _) -> false.

%% Flattens and checks without deep recursion (Stack: the rests to come).
deep([C | Cs], Stack, Acc) when is_integer(C), C >= 0, C < 16#D800 -> deep(Cs, Stack, [C | Acc]);
deep([C | Cs], Stack, Acc) when is_integer(C), C > 16#DFFF, C =< 16#10FFFF -> deep(Cs, Stack, [C | Acc]);
deep([B | Cs], Stack, Acc) when is_binary(B) -> deep(Cs, Stack, [B | Acc]);
deep([L | Cs], Stack, Acc) when is_list(L) -> deep(L, [Cs | Stack], Acc);
deep(B, Stack, Acc) when is_binary(B) -> deep([], Stack, [B | Acc]);
deep([], [Cs | Stack], Acc) -> deep(Cs, Stack, Acc);
deep([], [], Acc) -> split_bins(lists:reverse(Acc), []);
deep(_, _, _) -> error.

%% Binaries above 64 KiB are cut (at a character boundary) for the builtin.
split_bins([B | Rest], Acc) when is_binary(B), byte_size(B) > 65536 ->
    At = boundary(B, 65536),
    <<H:At/binary, T/binary>> = B,
    split_bins([T | Rest], [H | Acc]);
split_bins([X | Rest], Acc) -> split_bins(Rest, [X | Acc]);
split_bins([], Acc) -> lists:reverse(Acc).

boundary(B, At) when At > 65532 ->
    case B of
        <<_:At/binary, C, _/binary>> when C band 16#C0 =:= 16#80 -> boundary(B, At - 1);
        _ -> At
    end;
boundary(_B, At) -> At.

write_chars(L) ->
    case erlang:hl_put_chars(L) of
        [] -> ok;
        Rest -> write_chars(Rest)
    end.
