%% filename.erl — OTP's filename functions for Unix paths, pure (no
%% capability needed): join/1,2, basename/1,2, dirname/1, extension/1,
%% rootname/1,2, split/1, absname/1,2, pathtype/1. Names are strings (deep
%% lists of characters and atoms), binaries or atoms, and a result has the
%% argument's form (a binary when any argument is one), as in OTP. The
%% guest's working directory is "/" (docs/files.md): absname("x") is "/x".
%% Checked against OTP 25 by tests/conformance/filename_otp.erl.
-module(filename).
-export([join/1, join/2, basename/1, basename/2, dirname/1, extension/1, rootname/1, rootname/2,
         split/1, absname/1, absname/2, pathtype/1]).

%% ---- forms: every function works on a flat list of characters (bytes
%% for a binary argument) and gives the result back in the argument's form

chars(B) when is_binary(B) -> binary_to_list(B);
chars(A) when is_atom(A) -> atom_to_list(A);
chars(L) when is_list(L) -> flat(L, []).

flat([], Acc) -> lists:reverse(Acc);
flat([H | T], Acc) when is_integer(H) -> flat(T, [H | Acc]);
flat([H | T], Acc) when is_atom(H) -> flat(atom_to_list(H) ++ T, Acc);
flat([H | T], Acc) when is_list(H) -> flat(H ++ T, Acc);
flat([H | T], Acc) when is_binary(H) -> flat(binary_to_list(H) ++ T, Acc).

%% The bytes of a string when the result is a binary.
bytes(B) when is_binary(B) -> binary_to_list(B);
bytes(X) -> binary_to_list(unicode:characters_to_binary(chars(X))).

back(Form, L) when is_binary(Form) -> list_to_binary(L);
back(_, L) -> L.

%% ---- join

join([Name]) -> back(Name, tidy(chars(Name), []));
join([A, B | Rest]) -> join([join(A, B) | Rest]).

join(A, B) when is_binary(A); is_binary(B) ->
    list_to_binary(join_chars(bytes(A), bytes(B)));
join(A, B) -> join_chars(chars(A), chars(B)).

join_chars(_, [$/ | _] = B) -> tidy(B, []);
join_chars(A, []) -> tidy(A, []);
join_chars(A, B) -> tidy(A ++ [$/ | B], []).

%% Repeated separators become one, a "." component followed by a separator
%% goes, and a trailing separator goes (except the root's).
tidy([], [$/]) -> "/";
tidy([], [$/ | Acc]) -> lists:reverse(Acc);
tidy([], Acc) -> lists:reverse(Acc);
tidy([$/ | T], [$/ | _] = Acc) -> tidy(T, Acc);
tidy([$/ | T], [$., $/ | Acc]) -> tidy(T, [$/ | Acc]);
tidy([C | T], Acc) -> tidy(T, [C | Acc]).

%% ---- basename, dirname, extension, rootname

basename(Name) -> back(Name, base(chars(Name))).

%% After the last separator, one trailing separator dropped first.
base(L) ->
    R = case lists:reverse(L) of
            [$/ | T] -> T;
            T -> T
        end,
    lists:reverse(until_sep(R, [])).

until_sep([], Acc) -> lists:reverse(Acc);
until_sep([$/ | _], Acc) -> lists:reverse(Acc);
until_sep([C | T], Acc) -> until_sep(T, [C | Acc]).

%% The extension goes unless it is the whole base name; a binary argument
%% makes the result a binary.
basename(Name, Ext) ->
    B = base(chars(Name)),
    E = chars(Ext),
    R = case length(B) > length(E) andalso lists:suffix(E, B) of
            true -> lists:sublist(B, length(B) - length(E));
            false -> B
        end,
    case is_binary(Name) orelse is_binary(Ext) of
        true -> list_to_binary(R);
        false -> R
    end.

dirname(Name) -> back(Name, dir(chars(Name))).

dir(L) ->
    case drop_to_sep(lists:reverse(L)) of
        none -> ".";
        Before -> strip_seps(Before, hd(L))
    end.

drop_to_sep([]) -> none;
drop_to_sep([$/ | T]) -> T;
drop_to_sep([_ | T]) -> drop_to_sep(T).

%% The reversed part before the separator, its trailing separators dropped;
%% the root stays "/".
strip_seps([$/ | T], First) -> strip_seps(T, First);
strip_seps([], $/) -> "/";
strip_seps([], _) -> ".";
strip_seps(R, _) -> lists:reverse(R).

extension(Name) -> back(Name, ext(chars(Name))).

%% From the last "." of the last component, unless that is its first
%% character (".profile" has none).
ext(L) ->
    ext_rev(until_sep(lists:reverse(L), []), []).

ext_rev([], _) -> [];
ext_rev([$.], _) -> [];
ext_rev([$. | _], Acc) -> [$. | Acc];
ext_rev([C | T], Acc) -> ext_rev(T, [C | Acc]).

%% Up to the last "." of the last component, unless a separator is just
%% before it ("a/.b" stays; ".profile" and "." lose everything).
rootname(Name) ->
    L = chars(Name),
    back(Name, root_rev(lists:reverse(L), [])).

root_rev([], Acc) -> Acc;
root_rev([$/ | _] = R, Acc) -> lists:reverse(R) ++ Acc;
root_rev([$., $/ | _] = R, Acc) -> lists:reverse(R) ++ Acc;
root_rev([$. | T], _) -> lists:reverse(T);
root_rev([C | T], Acc) -> root_rev(T, [C | Acc]).

rootname(Name, Ext) ->
    L = chars(Name),
    E = chars(Ext),
    back(Name, case lists:suffix(E, L) of
                   true -> lists:sublist(L, length(L) - length(E));
                   false -> L
               end).

%% ---- split, absname, pathtype

split(Name) ->
    L = chars(Name),
    Parts = [P || P <- parts(L, [], []), P =/= []],
    Whole = case L of
                [$/ | _] -> ["/" | Parts];
                _ -> Parts
            end,
    case is_binary(Name) of
        true -> [list_to_binary(P) || P <- Whole];
        false -> Whole
    end.

parts([], Cur, Acc) -> lists:reverse([lists:reverse(Cur) | Acc]);
parts([$/ | T], Cur, Acc) -> parts(T, [], [lists:reverse(Cur) | Acc]);
parts([C | T], Cur, Acc) -> parts(T, [C | Cur], Acc).

absname(Name) -> absname(Name, "/").

absname(Name, Dir) ->
    case pathtype(Name) of
        absolute -> back(Name, tidy(chars(Name), []));
        relative -> join(absname(Dir), Name)
    end.

pathtype(Name) ->
    case chars(Name) of
        [$/ | _] -> absolute;
        _ -> relative
    end.
