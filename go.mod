module github.com/gambit-chess/gambit

go 1.26

require (
	github.com/dave/jennifer v1.7.1
	github.com/klauspost/compress v1.20.3
	github.com/stretchr/testify v1.12.1
	go.uber.org/goleak v1.3.0
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
