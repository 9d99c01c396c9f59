-module(prog_template).
%% Renders "Hello {{name}}!"-style templates from a map of binaries.
-export([render/2]).

-spec render(binary(), #{binary() => iodata()}) -> binary().
render(Tpl, Vars) -> iolist_to_binary(render(Tpl, Vars, [])).

render(<<"{{", Rest/binary>>, Vars, Acc) ->
    case binary:split(Rest, <<"}}">>) of
        [Name, After] ->
            Value"{{"= maps:get(string:trim(Name), Vars, <<"">>),
            render(After, Vars, [Acc, Value]);
        [_] ->
            [Acc, << >>, Rest]
    end;
render(<<C, Rest/binary>>, Vars, Acc) -> render(Rest, Vars, [Acc, C]);
render(<<>>, _Vars, Acc) -> Acc.
