%% filename's functions (lib/filename.erl) against OTP 25: strings, binaries,
%% atoms and deep lists; separators repeated and trailing; "." and ".."
%% components; dot files; the root. absname/1 only on absolute names (the
%% guest's working directory is "/", OTP's is where erl runs).
-module(filename_otp).
-export([main/0]).

names() ->
    ["", "/", "//", "a", "a/", "a//", "/a", "//a", "/a/b", "/a/b/", "a/b//c", "./a", "a/./b", "a/.",
     ".", "..", "../a", "a/..", "/a/../b", ".profile", "a/.b", "a.b.c", "a/b.", "a.b/", "x.erl/",
     "/usr/local/lib/x.tar.gz", "dir.d/file", "ö/é.txt", <<"/x/y.z">>, <<"a//b/">>, <<>>, <<"/">>,
     foo, 'a.b', ["a", [$/, "b"], '.c']].

main() ->
    [{N, filename:basename(N), filename:dirname(N), filename:extension(N), filename:rootname(N),
      filename:split(N), filename:pathtype(N)} || N <- names()] ++
    [{A, B, filename:join(A, B)} || A <- ["a", "/a", "a/", "", "/", ".", "a/.", "./a", "//a//", <<"b">>, x],
                                     B <- ["b", "/b", "./b", "b/", "", ".", "..", "b/./c", <<"c">>, y]] ++
    [filename:join(L) || L <- [["a"], ["/"], ["a", "b", "c"], ["/", "a", "../b"], [<<"a">>, "b"], ["a", <<"b">>, c],
                               ["a//"], ["", "x"]]] ++
    [filename:basename(N, E) || {N, E} <- [{"a/b.erl", ".erl"}, {"a/b.erl", "erl"}, {"a/b.erl", ".beam"},
                                           {<<"a/b.erl">>, ".erl"}, {"b.erl", <<".erl">>}, {"/a/b/", "b"}]] ++
    [filename:rootname(N, E) || {N, E} <- [{"a.erl", ".erl"}, {"a.erl", ".beam"}, {<<"x/a.erl">>, ".erl"},
                                           {"a.erl/", ".erl"}, {"a", "a"}]] ++
    [filename:absname(N) || N <- ["/", "/a/./b/.", "/a/../b", <<"/x//y/">>, "//a"]] ++
    [filename:absname(N, D) || {N, D} <- [{"b", "/a"}, {"b", "/a/"}, {"./b", "/a/."}, {<<"x">>, <<"/y">>},
                                          {"x", <<"/y">>}, {<<"x">>, "/y"}, {"/abs", "/d"}, {"../up", "/d/e"}]].
