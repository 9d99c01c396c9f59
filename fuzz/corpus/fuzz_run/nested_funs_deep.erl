%% Funs and comprehensions nested 30 deep compile and run (the lifted
%% functions were once named after their parent's lifted name, which passed
%% the 255-character atom limit at 25 levels: an internal error). The name
%% seen in a stack trace is OTP's '-Top/Arity-fun-N-' (printed here up to
%% N, which OTP numbers differently).
-module(nested_funs_deep).
-export([main/0]).

funs() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> ok end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end.

lcs() -> [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[X0 || X0 <- [0]] || X1 <- [1]] || X2 <- [2]] || X3 <- [3]] || X4 <- [4]] || X5 <- [5]] || X6 <- [6]] || X7 <- [7]] || X8 <- [8]] || X9 <- [9]] || X10 <- [10]] || X11 <- [11]] || X12 <- [12]] || X13 <- [13]] || X14 <- [14]] || X15 <- [15]] || X16 <- [16]] || X17 <- [17]] || X18 <- [18]] || X19 <- [19]] || X20 <- [20]] || X21 <- [21]] || X22 <- [22]] || X23 <- [23]] || X24 <- [24]] || X25 <- [25]] || X26 <- [26]] || X27 <- [27]] || X28 <- [28]] || X29 <- [29]].

mixed() -> fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [fun() -> [{leaf, Y0} || Y0 <- [0]] end || Y2 <- [2]] end || Y4 <- [4]] end || Y6 <- [6]] end || Y8 <- [8]] end || Y10 <- [10]] end || Y12 <- [12]] end || Y14 <- [14]] end || Y16 <- [16]] end || Y18 <- [18]] end || Y20 <- [20]] end || Y22 <- [22]] end || Y24 <- [24]] end || Y26 <- [26]] end || Y28 <- [28]] end.

crash(N) -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> fun() -> error({deep, N}) end end end end end end end end end end end end end end end end end end end end end end end end end end end end end end.

call(F) when is_function(F, 0) -> call(F());
call(X) -> X.

unwrap(F) when is_function(F, 0) -> unwrap(F());
unwrap([X]) -> unwrap(X);
unwrap(X) -> X.

prefix(Name) ->
    S = atom_to_list(Name),
    string:slice(S, 0, string:str(S, "-fun-") + 4).

main() ->
    io:format("~p~n", [call(funs())]),
    io:format("~p~n", [unwrap(lcs())]),
    io:format("~p~n", [unwrap(mixed())]),
    try call(crash(7)) of
        _ -> unexpected
    catch
        error:{deep, 7}:St ->
            {_, Name, _, _} = hd(St),
            io:format("~s~n", [prefix(Name)])
    end.
