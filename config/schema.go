package config

import _ "embed"

// Schema is the JSON Schema (draft 2020-12) of the configuration file,
// rosettac.schema.json beside this file; rosettac config schema prints it,
// and editors that read a yaml-language-server comment or a schema store
// complete and check a rosettac.yaml with it.
//
//go:embed rosettac.schema.json
var Schema []byte
