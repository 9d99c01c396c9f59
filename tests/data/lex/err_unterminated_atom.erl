a 'abc
