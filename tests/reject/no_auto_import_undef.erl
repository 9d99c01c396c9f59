-module(no_auto_import_undef).
-export([f/1]).
-compile({no_auto_import, [size/1]}).
f(X) -> size(X).
