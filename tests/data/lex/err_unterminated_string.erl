a "abc
