-module(macros).
f() -> ?LINE.
g() -> ?FILE.
h() -> ?MODULE_STRING.
i() -> ?X(1).
j() -> ??X.
k() -> ?MODULE.
