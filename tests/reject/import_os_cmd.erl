-module(import_os_cmd).
-export([f/0]).
-import(os, [cmd/1]).
f() -> cmd("ls").
