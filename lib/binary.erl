%% lib/binary.erl — OTP 25's binary module as Hyperlang implements it
%% (core/builtins.def kind ERL). Searching, hex and the chunk loops call C
%% cores in src/vm/bif_binary.c that each do a bounded piece of work per call
%% (erlang:hl_bin_find/5, hl_bin_hex_enc/2, hl_bin_hex_dec/2), so every
%% function here stays preemptible whatever the size of its input. at/2,
%% first/1, last/1 and referenced_byte_size/1 are C builtins.
%% Written for Hyperlang from the documented semantics and erl's behaviour
%% (not copied from OTP); every error is badarg, as OTP's BIFs raise.
%%
%% A compiled pattern is {bm, Patterns} or {ac, Patterns}: Patterns a tuple
%% of the distinct non-empty binaries, longest first (so the first pattern
%% that matches at a position is the longest, OTP's rule). OTP's holds a
%% magic reference instead; both are opaque to programs.
-module(binary).
-export([compile_pattern/1, match/2, match/3, matches/2, matches/3, split/2, split/3,
         replace/3, replace/4, part/2, part/3, copy/1, copy/2, bin_to_list/1,
         bin_to_list/2, bin_to_list/3, list_to_bin/1, decode_unsigned/1,
         decode_unsigned/2, encode_unsigned/1, encode_unsigned/2,
         longest_common_prefix/1, longest_common_suffix/1, encode_hex/1, decode_hex/1]).


%% ---- patterns ----

compile_pattern(P) when is_binary(P), byte_size(P) > 0 -> {bm, {P}};
compile_pattern([_ | _] = L) -> compile_list(L, []);
compile_pattern(_) -> erlang:error(badarg).

compile_list([B | T], Acc) when is_binary(B), byte_size(B) > 0 ->
    compile_list(T, [{-byte_size(B), B} | Acc]);
compile_list([], Acc) ->
    case [B || {_, B} <- lists:usort(Acc)] of
        [One] -> {bm, {One}};
        Pats -> {ac, erlang:list_to_tuple(Pats)}
    end;
compile_list(_, _) -> erlang:error(badarg).

%% The pattern tuple of a pattern or compiled pattern.
pats({bm, T}) when is_tuple(T) -> T;
pats({ac, T}) when is_tuple(T) -> T;
pats(P) -> element(2, compile_pattern(P)).

subject(S) when is_binary(S) -> S;
subject(_) -> erlang:error(badarg).

%% ---- options ----

%% {Start, Stop} of the scope option (the last one given wins), checking
%% that every option is in Allowed; an improper tail is ignored, as OTP's
%% match, matches and split do. Returns {Start, Stop, Flags}.
options(S, Opts, Allowed) when is_list(Opts) -> options(S, Opts, Allowed, 0, byte_size(S), []);
options(_, _, _) -> erlang:error(badarg).

options(S, [{scope, {Start, Len}} | T], Allowed, _, _, Fl) when is_integer(Start), is_integer(Len) ->
    Size = byte_size(S),
    {A, B} = if Len < 0 -> {Start + Len, Start}; true -> {Start, Start + Len} end,
    if
        Start < 0; Start > Size; A < 0; B > Size -> erlang:error(badarg);
        true -> options(S, T, Allowed, A, B, Fl)
    end;
options(S, [{insert_replaced, Ins} | T], Allowed, A, B, Fl) ->
    case lists:member(insert_replaced, Allowed) of
        true -> options(S, T, Allowed, A, B, [{insert_replaced, Ins} | Fl]);
        false -> erlang:error(badarg)
    end;
options(S, [Flag | T], Allowed, A, B, Fl) when is_atom(Flag) ->
    case lists:member(Flag, Allowed) of
        true -> options(S, T, Allowed, A, B, [Flag | Fl]);
        false -> erlang:error(badarg)
    end;
options(_, [_ | _], _, _, _, _) -> erlang:error(badarg);
options(_, _, _, A, B, Fl) -> {A, B, Fl}.

%% ---- searching ----

%% The first match in [From, Stop): {Pos, Len} or nomatch.
first(S, Pats, From, Stop) ->
    case erlang:hl_bin_find(S, Pats, From, Stop, none) of
        none -> nomatch;
        {continue, R} -> first(S, Pats, R, Stop);
        false -> first(copy(S), Pats, From, Stop);
        Found -> Found
    end.

%% Every match in [From, Stop), non-overlapping, leftmost first, reversed.
all(S, Pats, From, Stop, Acc) ->
    case erlang:hl_bin_find(S, Pats, From, Stop, Acc) of
        {ok, Acc1} -> Acc1;
        {continue, R, Acc1} -> all(S, Pats, R, Stop, Acc1);
        false -> all(copy(S), Pats, From, Stop, Acc)
    end.

match(S, P) -> match(S, P, []).

match(S0, P, Opts) ->
    S = subject(S0),
    Pats = pats(P),
    {A, B, _} = options(S, Opts, []),
    first(S, Pats, A, B).

matches(S, P) -> matches(S, P, []).

matches(S0, P, Opts) ->
    S = subject(S0),
    Pats = pats(P),
    {A, B, _} = options(S, Opts, []),
    lists:reverse(all(S, Pats, A, B, [])).

%% ---- split ----

split(S, P) -> split(S, P, []).

split(S0, P, Opts) ->
    S = subject(S0),
    Pats = pats(P),
    {A, B, Fl} = options(S, Opts, [global, trim, trim_all]),
    TrimAll = lists:member(trim_all, Fl),
    Trim = TrimAll orelse lists:member(trim, Fl),
    Rev = case lists:member(global, Fl) of
              true -> split_all(S, Pats, A, B, TrimAll);
              false -> split_one(S, Pats, A, B)
          end,
    Rev1 = if
               TrimAll -> drop_empty_all(Rev);
               Trim -> drop_empty(Rev);
               true -> Rev
           end,
    lists:reverse(Rev1).

%% The pieces, last first.
split_one(S, Pats, A, B) ->
    case first(S, Pats, A, B) of
        nomatch -> [S];
        {Pos, Len} ->
            End = Pos + Len,
            [slice(S, End, byte_size(S) - End), slice(S, 0, Pos)]
    end.

split_all(S, Pats, A, B, DropEmpty) ->
    Tag = case DropEmpty of true -> 1; false -> 0 end,
    {S1, {_, Prev, Rev}} = split_loop(S, Pats, A, B, {Tag, 0, []}),
    [slice(S1, Prev, byte_size(S1) - Prev) | Rev].

split_loop(S, Pats, From, Stop, Acc) ->
    case erlang:hl_bin_find(S, Pats, From, Stop, Acc) of
        {ok, Acc1} -> {S, Acc1};
        {continue, R, Acc1} -> split_loop(S, Pats, R, Stop, Acc1);
        false -> split_loop(copy(S), Pats, From, Stop, Acc)
    end.

drop_empty([<<>> | T]) -> drop_empty(T);
drop_empty(L) -> L.

%% trim_all: split_one's two pieces, or split_all's pieces of which only
%% the last (first here) may still be empty (the search left out the rest).
drop_empty_all([A, B]) -> [X || X <- [A, B], X =/= <<>>];
drop_empty_all(L) -> drop_empty(L).

%% ---- replace ----

replace(S, P, R) -> replace(S, P, R, []).

replace(S0, P, R, Opts) when is_binary(R) ->
    S = subject(S0),
    Pats = pats(P),
    _ = erlang:length(Opts), %% replace/4 wants a proper list (badarg)
    {A, B, Fl} = options(S, Opts, [global, insert_replaced]),
    Ins = insert_positions(Fl, R),
    Ms = case lists:member(global, Fl) of
             true -> lists:reverse(all(S, Pats, A, B, []));
             false ->
                 case first(S, Pats, A, B) of
                     nomatch -> [];
                     M -> [M]
                 end
         end,
    case Ms of
        [] -> S;
        _ -> erlang:iolist_to_binary(replace_parts(S, Ms, 0, R, Ins, []))
    end;
replace(_, _, _, _) -> erlang:error(badarg).

%% The insert_replaced positions (the last option wins), sorted, checked
%% to lie within the replacement.
insert_positions(Fl, R) ->
    case [I || {insert_replaced, I} <- Fl] of
        [] -> [];
        [I | _] when is_integer(I) -> insert_positions([I], R, []);
        [L | _] when is_list(L) -> insert_positions(L, R, []);
        _ -> erlang:error(badarg)
    end.

insert_positions([I | T], R, Acc) when is_integer(I), I >= 0, I =< byte_size(R) ->
    insert_positions(T, R, [I | Acc]);
insert_positions([], _, Acc) -> lists:sort(Acc);
insert_positions(_, _, _) -> erlang:error(badarg).

%% The pieces in reverse order (tail recursion: no deep stack on many matches).
replace_parts(S, [{Pos, Len} | T], Prev, R, Ins, Acc) ->
    M = replacement(R, Ins, erlang:binary_part(S, Pos, Len), 0),
    replace_parts(S, T, Pos + Len, R, Ins, [M, erlang:binary_part(S, Prev, Pos - Prev) | Acc]);
replace_parts(S, [], Prev, _, _, Acc) ->
    lists:reverse(Acc, [erlang:binary_part(S, Prev, byte_size(S) - Prev)]).

replacement(R, [], _, From) -> erlang:binary_part(R, From, byte_size(R) - From);
replacement(R, [I | T], M, From) -> [erlang:binary_part(R, From, I - From), M | replacement(R, T, M, I)].

%% ---- parts, copies, lists ----

part(B, {Pos, Len}) -> part(B, Pos, Len);
part(_, _) -> erlang:error(badarg).

part(B, Pos, Len) -> small(erlang:binary_part(B, Pos, Len)).

%% As OTP, a part of at most 64 bytes is a copy (not a slice of a larger
%% binary): binary:referenced_byte_size/1 tells them apart.
slice(S, Pos, Len) -> small(erlang:binary_part(S, Pos, Len)).

small(B) when byte_size(B) =< 64 -> <<B/binary, <<>>/binary>>;
small(B) -> B.

copy(B) -> copy(B, 1).

%% Doubling: about log2(N) constructions, the largest the result itself
%% (so the construction cap and the heap limit stop a huge one early).
copy(B, N) when is_binary(B), is_integer(N), N >= 0 -> repeat(B, N);
copy(_, _) -> erlang:error(badarg).

repeat(_, 0) -> <<>>;
repeat(B, 1) -> <<B/binary, <<>>/binary>>;
repeat(B, N) ->
    H = repeat(B, N div 2),
    case N rem 2 of
        0 -> <<H/binary, H/binary>>;
        1 -> <<H/binary, H/binary, B/binary>>
    end.

bin_to_list(B) when is_binary(B) -> to_list(B, byte_size(B), []);
bin_to_list(_) -> erlang:error(badarg).

bin_to_list(B, {Pos, Len}) -> bin_to_list(B, Pos, Len);
bin_to_list(_, _) -> erlang:error(badarg).

bin_to_list(B, Pos, Len) when is_binary(B) -> bin_to_list(erlang:binary_part(B, Pos, Len));
bin_to_list(_, _, _) -> erlang:error(badarg).

%% From the end, a bounded chunk per builtin call.
to_list(_, 0, Acc) -> Acc;
to_list(B, End, Acc) ->
    Start = if End > 65536 -> End - 65536; true -> 0 end,
    to_list(B, Start, erlang:binary_to_list(B, Start + 1, End) ++ Acc).

list_to_bin(L) when is_list(L) -> erlang:list_to_binary(L);
list_to_bin(_) -> erlang:error(badarg).

%% ---- integers ----

decode_unsigned(B) -> decode_unsigned(B, big).

decode_unsigned(B, big) when is_binary(B) ->
    Size = byte_size(B) * 8,
    <<N:Size/unsigned-big>> = B,
    N;
decode_unsigned(B, little) when is_binary(B) ->
    Size = byte_size(B) * 8,
    <<N:Size/unsigned-little>> = B,
    N;
decode_unsigned(_, _) -> erlang:error(badarg).

encode_unsigned(N) -> encode_unsigned(N, big).

%% The byte count comes from the hex digits (a linear conversion), not
%% from shifting a bignum byte by byte.
encode_unsigned(N, End) when is_integer(N), N >= 0, (End =:= big orelse End =:= little) ->
    Size = (byte_size(erlang:integer_to_binary(N, 16)) + 1) div 2 * 8,
    case End of
        big -> <<N:Size/unsigned-big>>;
        little -> <<N:Size/unsigned-little>>
    end;
encode_unsigned(_, _) -> erlang:error(badarg).

%% ---- common prefix and suffix ----

longest_common_prefix(L) -> common(L, prefix).

longest_common_suffix(L) -> common(L, suffix).

common([B | T], Dir) when is_binary(B) -> common(T, Dir, B, byte_size(B));
common(_, _) -> erlang:error(badarg).

common([B | T], Dir, First, N) when is_binary(B) ->
    Max = erlang:min(N, byte_size(B)),
    common(T, Dir, First, same(Dir, First, B, 0, Max));
common([], _, _, N) -> N;
common(_, _, _, _) -> erlang:error(badarg).

%% How many of the first (or last) Max bytes of A and B agree, given the
%% first Lo do: whole chunks compared by the VM, then a halving search
%% inside the chunk that differs.
same(Dir, A, B, Lo, Max) when Lo < Max ->
    K = erlang:min(65536, Max - Lo),
    case slice(Dir, A, Lo, K) =:= slice(Dir, B, Lo, K) of
        true -> same(Dir, A, B, Lo + K, Max);
        false -> narrow(Dir, A, B, Lo, Lo + K)
    end;
same(_, _, _, Lo, _) -> Lo.

%% The first Lo bytes agree, the first Hi do not.
narrow(_, _, _, Lo, Hi) when Hi - Lo =< 1 -> Lo;
narrow(Dir, A, B, Lo, Hi) ->
    Mid = (Lo + Hi) div 2,
    case slice(Dir, A, Lo, Mid - Lo) =:= slice(Dir, B, Lo, Mid - Lo) of
        true -> narrow(Dir, A, B, Mid, Hi);
        false -> narrow(Dir, A, B, Lo, Mid)
    end.

slice(prefix, X, Off, Len) -> erlang:binary_part(X, Off, Len);
slice(suffix, X, Off, Len) -> erlang:binary_part(X, byte_size(X) - Off - Len, Len).

%% ---- hex ----

encode_hex(B) when is_binary(B) -> hex(B, 0, <<>>, enc);
encode_hex(_) -> erlang:error(badarg).

decode_hex(B) when is_binary(B), byte_size(B) rem 2 =:= 0 -> hex(B, 0, <<>>, dec);
decode_hex(_) -> erlang:error(badarg).

hex(B, Pos, Acc, Dir) ->
    R = case Dir of
            enc -> erlang:hl_bin_hex_enc(B, Pos);
            dec -> erlang:hl_bin_hex_dec(B, Pos)
        end,
    case R of
        false -> hex(copy(B), Pos, Acc, Dir);
        {Piece, Next} ->
            Acc1 = <<Acc/binary, Piece/binary>>,
            case Next =:= byte_size(B) of
                true -> Acc1;
                false -> hex(B, Next, Acc1, Dir)
            end
    end.
