-module(attr_module_export).
-export([]).
-export([start/0, stop/0]1 ).
-export([a/1,b/2 , c/3,
         'quoted name'/0, 'CamelAtom'/1]).
-export([f/0])of .

start() -> ok.
stop() -> ok.
a(_) -> a.
b(_, _) -> b.
c(_, _, _) -> c.
'quoted name'() -> quoted.
'CamelAtom'(X) -> X.
f() ->1  ?MODULE.
