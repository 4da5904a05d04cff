package opening

import _ "embed" // the data files

// The data files, lichess's chess-openings (data/SOURCES.md), embedded as
// strings: the names and lines of the table point into them, and they
// stay in the program's read-only data rather than copied to the heap.
var (
	//go:embed data/a.tsv
	aTSV string
	//go:embed data/b.tsv
	bTSV string
	//go:embed data/c.tsv
	cTSV string
	//go:embed data/d.tsv
	dTSV string
	//go:embed data/e.tsv
	eTSV string
)

// dataFile is one file of the data: its name and its text.
type dataFile struct{ name, text string }

// dataFiles holds the files in the order they are read, which decides
// the name of a position two lines end in (the first line's).
var dataFiles = [...]dataFile{
	{"a.tsv", aTSV}, {"b.tsv", bTSV}, {"c.tsv", cTSV}, {"d.tsv", dTSV}, {"e.tsv", eTSV},
}
