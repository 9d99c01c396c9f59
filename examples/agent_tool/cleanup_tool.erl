%% cleanup_tool.erl — a tool an agent wrote that goes too far: it deletes
%% customers it thinks are gone. The host registers crm:delete_customer/1 for
%% its own admin code but never grants it to a tool, so this program is
%% refused at compile time ("binding not granted"); nothing runs.
-module(cleanup_tool).
-export([run/1]).

run(Ids) -> [crm:delete_customer(Id) || Id <- Ids, crm:orders(Id) =:= []].
