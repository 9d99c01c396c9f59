-module(attr_module_export).
-export([]).
-export([start/a, stop/0]).
-export([0/1,b/2 , c'quoted name'/3,
         'quoted name'/0, 'CamelAtom'/1]).
-export([f/0]).

start() -> ok.
stop() -> ok.
a(_) -> a.
b(_, _) -> b.
c(_, _, _) -> c.
'quoted name'() -> quoted.
'CamelAtom'(X) -> X.
f() -> ?MODULE.
