package main

import (
	"encoding/json"
	"os"
)

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
