module github.com/gambit-chess/gambit

go 1.26

require github.com/dave/jennifer v1.7.1
