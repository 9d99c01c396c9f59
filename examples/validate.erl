%% validate.erl — a validation rule, as a host would let each customer write
%% their own: a sign-up form (a map) is checked against a list of rules and
%% either accepted or refused with every reason at once.
%%   hl run examples/validate.erl check '#{email => "ann@example.com", age => 34, country => "FR"}'
%%   hl run examples/validate.erl main
-module(validate).
-export([check/1, main/0]).

%% Each rule: {Field, Test, ReasonWhenItFails}.
rules() ->
    [{email, fun is_email/1, not_an_email},
     {age, fun(A) -> is_integer(A) andalso A >= 18 end, under_18},
     {age, fun(A) -> is_integer(A) andalso A =< 130 end, implausible_age},
     {country, fun(C) -> lists:member(C, ["FR", "DE", "NL", "SE"]) end, country_not_served}].

check(Form) when is_map(Form) ->
    Failed = [{Field, Reason}
              || {Field, Test, Reason} <- rules(),
                 not Test(maps:get(Field, Form, undefined))],
    case Failed of
        [] -> ok;
        _ -> {error, Failed}
    end.

is_email(S) when is_list(S) ->
    case string:split(S, "@", all) of
        [User, Domain] -> User =/= "" andalso length(string:split(Domain, ".", all)) >= 2;
        _ -> false
    end;
is_email(_) -> false.

main() ->
    Forms = [#{email => "ann@example.com", age => 34, country => "FR"},
             #{email => "bob@", age => 16, country => "US"},
             #{email => "cy@example.org", age => 200, country => "SE"},
             #{age => 40, country => "DE"}],
    lists:foreach(fun(F) -> io:format("~p~n  -> ~p~n", [F, check(F)]) end, Forms),
    length([F || F <- Forms, check(F) =:= ok]).
