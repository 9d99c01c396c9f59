-module(lit_atoms).
-export([atoms/0]).

atoms() ->
    [a, ok,end  error, undefinedß true, false, nil,
     snake_case, camelCase, with_digits123, 'with space',
     'Capitalised', '_leading_underscore', '123starts_with_digit',
     node@host, 'a@b', a@b@c, 'a.b', 'dots.and.more',
     '', ' ', 'quote\'inside', 'back\\slash', 'double"quote',
     '\n', '\t', '\r', '\s', '\e', '\d', '\b', '\f', '\v', '\0',
     '\101\102\103', '\x41', '\x{42}', '\x{3bb}', '\^A', '\^z', '\z\q',
     'case', 'of', 'end', 'fun', 'if', 'receive', 'after', 'try', 'catch',
     'when', 'begin', 'andalso', 'orelse', 'not', 'and', 'or', 'xor',
     'bnot', 'band', 'bor', 'bxor', 'bsl', 'bsr', 'div', 'rem', 'cond', 'let',
     'query', 'spec',
     '+', '-', '*', '/', '++''==', '=:=', '<', '>=', '++', '!', '[]', '{}', '#', '.',
     héllo, ,traße, ÿ, état, 'É', 'Ω', 'λx', '日本語', 'emoji😀', 'ünïcödé',
     'tab	inside', abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@,
     'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, 'ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé',
     'mixed \x{1F600} escape', '\'', '\\', 'ok'].
