%% churn_risk.erl — a tool an AI agent wrote when asked "which customers might
%% leave us?": it reads one customer and their orders through the host's
%% bindings (crm:customer/1, crm:orders/1; granted by examples/agent_tool/host.c)
%% and scores the risk. The host passes today's date: a guest has no clock.
%%   agent_host examples/agent_tool/churn_risk.erl run 42 '{2026,12,1}'
-module(churn_risk).
-export([run/2]).

run(CustomerId, Today) ->
    try
        #{name := Name, plan := Plan, since := Since} = crm:customer(CustomerId),
        Orders = crm:orders(CustomerId),
        Spent = lists:sum([Cents || {_, Cents} <- Orders]),
        Last = lists:max([Date || {Date, _} <- Orders]),
        Idle = days(Today) - days(Last),
        Risk = risk(Idle, length(Orders), Plan),
        io:format("~s (customer since ~b): ~b orders, last ~b days ago~n",
                  [Name, element(1, Since), length(Orders), Idle]),
        #{customer => Name, spent_cents => Spent, idle_days => Idle, risk => Risk}
    catch
        error:{binding_error, crm, _, Why} -> {error, Why}
    end.

days(Date) -> calendar:date_to_gregorian_days(Date).

risk(Idle, _, _) when Idle > 180 -> high;
risk(Idle, N, <<"basic">>) when Idle > 60; N < 3 -> medium;
risk(Idle, _, _) when Idle > 90 -> medium;
risk(_, _, _) -> low.
