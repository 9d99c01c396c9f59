-module(import_defined).
-export([reverse/1]).
-import(lists, [reverse/1]).
reverse(X) -> X.
