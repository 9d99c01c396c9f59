-module(file_read).
-export([f/0]).
f() -> file:read_file("/etc/passwd").
