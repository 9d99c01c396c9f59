-module(bin_construct_utf).
-export([main/0]).
main() ->
    {<<"abc"/utf8>>, <<"abc"/utf16>>, <<"ab"/utf32>>, <<16#1F600/utf8>>, <<16#1F600/utf16>>,
     <<16#1F600/utf16-little>>, <<16#E9/utf8>>, <<16#20AC/utf8>>, <<16#10FFFF/utf32-little>>,
     <<"h"/utf16-little>>, <<1024/utf8, 65/utf8>>}.
