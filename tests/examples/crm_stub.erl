%% crm_stub.erl — the answers examples/agent_tool/host.c gives, as a module, so
%% tests/examples/oracle.sh can run the agent tool under real OTP.
-module(crm).
-export([customer/1, orders/1]).
customer(42) -> #{name => <<"Acme Tools">>, plan => <<"pro">>, since => {2021,3,14}};
customer(7) -> #{name => <<"Umbrella Ltd">>, plan => <<"basic">>, since => {2025,11,5}};
customer(_) -> erlang:error({binding_error, crm, customer, <<"no such customer">>}).
orders(42) -> [{{2026,6,2}, 120000}, {{2026,8,19}, 56000}, {{2026,9,1}, 9900}];
orders(7) -> [{{2025,11,20}, 4900}].
