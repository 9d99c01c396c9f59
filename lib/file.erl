%% file.erl — OTP's whole-file API over the host's mounts (the `files`
%% capability, docs/files.md): read_file/1, write_file/2, list_dir/1,
%% list_dir_all/1, delete/1, make_dir/1, del_dir/1, read_file_info/1, rename/2, consult/1, with OTP's
%% return shapes. Names may be strings (deep lists of characters),
%% binaries or atoms, as in OTP; the C cores (erlang:hl_file_*, vm/bif_file.c)
%% take UTF-8 binaries and return ok, {ok, Value} or an error code, the
%% index of its atom in errors/0 (vm/vm_fs.h's HL_VM_FS_ERRORS, same order).
-module(file).
-export([read_file/1, write_file/2, list_dir/1, list_dir_all/1, delete/1, make_dir/1, del_dir/1,
         read_file_info/1, rename/2, consult/1]).

errors() ->
    {enoent, eacces, eisdir, enotdir, eexist, enospc, efbig, einval, enotempty, exdev, eloop,
     enametoolong, ebusy, eio, badarg, eperm, emfile}.

result(Code) when is_integer(Code) -> {error, element(Code, errors())};
result(R) -> R.

%% A name as the C cores take it: UTF-8 bytes, or badarg.
name(N) when is_binary(N) -> N;
name(N) when is_atom(N) -> atom_to_binary(N, utf8);
name(N) when is_list(N) ->
    try unicode:characters_to_binary(flat(N, [])) of
        B when is_binary(B) -> B;
        _ -> badarg
    catch
        error:_ -> badarg
    end;
name(_) -> badarg.

%% A deep list of characters, atoms and binaries, flattened (atoms to
%% their characters) without recursion as deep as the list.
flat([], Acc) -> lists:reverse(Acc);
flat([H | T], Acc) when is_integer(H); is_binary(H) -> flat(T, [H | Acc]);
flat([H | T], Acc) when is_atom(H) -> flat(atom_to_list(H) ++ T, Acc);
flat([H | T], Acc) when is_list(H) -> flat(H ++ T, Acc);
flat(_, _) -> [bad].

%% Reads and writes go a chunk per builtin call (vm/bif_file.c's
%% CHUNK_BYTES), so a large file is paid for and preemptible as it goes.
-define(CHUNK, 262144).

read_file(Name) ->
    case name(Name) of
        badarg -> {error, badarg};
        N -> read_chunks(N, 0, [])
    end.

%% Until the size the file has now is read (or it ends sooner).
read_chunks(N, Off, Acc) ->
    case erlang:hl_file_read(N, Off) of
        {ok, Bin, Size} ->
            Off2 = Off + byte_size(Bin),
            case byte_size(Bin) =:= 0 orelse Off2 >= Size of
                true when Acc =:= [] -> {ok, Bin};
                true -> {ok, iolist_to_binary(lists:reverse(Acc, [Bin]))};
                false -> read_chunks(N, Off2, [Bin | Acc])
            end;
        Code -> result(Code)
    end.

write_file(Name, Data) ->
    case {name(Name), bytes(Data)} of
        {badarg, _} -> {error, badarg};
        {_, badarg} -> {error, badarg};
        {N, B} ->
            {First, Rest} = split(B),
            case erlang:hl_file_write(N, First, byte_size(B)) of
                ok -> append(N, Rest);
                Code -> result(Code)
            end
    end.

append(_, <<>>) -> ok;
append(N, B) ->
    {Chunk, Rest} = split(B),
    case erlang:hl_file_write(N, Chunk, -1) of
        ok -> append(N, Rest);
        Code -> result(Code)
    end.

split(B) when byte_size(B) =< ?CHUNK -> {B, <<>>};
split(B) ->
    <<Chunk:?CHUNK/binary, Rest/binary>> = B,
    {Chunk, Rest}.

bytes(B) when is_binary(B) -> B;
bytes(L) when is_list(L) ->
    try iolist_to_binary(L) catch error:_ -> badarg end;
bytes(_) -> badarg.

%% The names in the directory's order, as OTP (byte order in the
%% deterministic profile: docs/files.md), as strings whatever the
%% argument's form; a name that is not UTF-8 is left out (OTP warns and
%% skips it), list_dir_all/1 gives it as a binary. The C core reads and
%% builds the list a bounded batch per builtin call.
list_dir(Name) -> list_dir(Name, skip).

list_dir_all(Name) -> list_dir(Name, binary).

list_dir(Name, Raw) ->
    case name(Name) of
        badarg -> {error, badarg};
        N ->
            case result(erlang:hl_file_list(N)) of
                {ok, Names} -> {ok, strings(Names, Raw, [])};
                E -> E
            end
    end.

strings([], _, Acc) -> lists:reverse(Acc);
strings([B | T], Raw, Acc) ->
    case unicode:characters_to_list(B) of
        L when is_list(L) -> strings(T, Raw, [L | Acc]);
        _ when Raw =:= binary -> strings(T, Raw, [B | Acc]);
        _ -> strings(T, Raw, Acc)
    end.

delete(Name) ->
    case name(Name) of
        badarg -> {error, badarg};
        N -> result(erlang:hl_file_delete(N))
    end.

make_dir(Name) ->
    case name(Name) of
        badarg -> {error, badarg};
        N -> result(erlang:hl_file_make_dir(N))
    end.

del_dir(Name) ->
    case name(Name) of
        badarg -> {error, badarg};
        N -> result(erlang:hl_file_del_dir(N))
    end.

rename(From, To) ->
    case {name(From), name(To)} of
        {badarg, _} -> {error, badarg};
        {_, badarg} -> {error, badarg};
        {F, T} -> result(erlang:hl_file_rename(F, T))
    end.

%% OTP's #file_info{} record as a tuple: size, type, access, atime, mtime,
%% ctime (local time, which is UTC in the sandbox), mode, links,
%% major_device, minor_device, inode, uid, gid. The host's device, inode
%% and owner numbers are not shown (0); times are the epoch unless the
%% program also has `clocks` (docs/files.md).
read_file_info(Name) ->
    case name(Name) of
        badarg -> {error, badarg};
        N ->
            case erlang:hl_file_info(N) of
                {Size, Type, Access, A, M, C, Mode, Links} ->
                    {ok, {file_info, Size, element(Type + 1, {regular, directory, symlink, other}),
                          element(Access + 1, {none, read, write, read_write}),
                          datetime(A), datetime(M), datetime(C), Mode, Links, 0, 0, 0, 0, 0}};
                Code -> result(Code)
            end
    end.

datetime(S) -> calendar:gregorian_seconds_to_datetime(S + 62167219200).

%% The terms of a file, each ending with '.' (the C core reads the file
%% and parses its forms a bounded share per builtin call, the terms
%% reversed). Its atoms must be ones the
%% program could name (a guest never creates atoms): an unknown one is
%% {error, {Line, erl_parse, Message}} with our text; a syntax error is
%% erl_parse's {Line, erl_parse, ["syntax error before: ", Token]}, a
%% variable or an expression {Line, erl_parse, "bad term"}, as OTP.
consult(Name) ->
    case name(Name) of
        badarg -> {error, badarg};
        N ->
            case erlang:hl_file_consult(N) of
                {ok, Rev} -> {ok, lists:reverse(Rev)};
                {Line, 1, Tok} -> {error, {Line, erl_parse, ["syntax error before: ", text(Tok)]}};
                {Line, 2, _} -> {error, {Line, erl_parse, "bad term"}};
                {Line, _, Msg} -> {error, {Line, erl_parse, text(Msg)}};
                R -> result(R)
            end
    end.

text(B) ->
    case unicode:characters_to_list(B) of
        L when is_list(L) -> L;
        _ -> binary_to_list(B)
    end.
