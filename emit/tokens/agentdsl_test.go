package tokens

import (
	"testing"

	"github.com/rosettac/rosettac/ir"
)

func TestAgentDSLComponents(t *testing.T) {
	checkComponents(t, ir.AgentDSL, []componentCase{{
		name: "schema, rows with an empty cell, a call",
		text: "[SCHEMA:USERS]\nID:int|NAME:str|AGE:int\n\n[DATA]\n1|Ann|30\n2|Bob|_\n\n[CALL]\n[GetWeather]\nCITY:New York\n",
		want: map[string][]Component{
			"o200k_base":  {{"schema lines", 27}, {"data cells", 8}, {"delimiters", 7}},
			"cl100k_base": {{"schema lines", 28}, {"data cells", 8}, {"delimiters", 7}},
		},
	}, {
		name: "result with status and error",
		text: "[RESULT]\n[TEMP:str|WIND:str]\n30C|10mph\n[STATUS:str]\nERROR\n[ERROR:str]\nInvalid city name\n",
		want: map[string][]Component{
			"o200k_base":  {{"schema lines", 21}, {"data cells", 8}, {"delimiters", 2}},
			"cl100k_base": {{"schema lines", 21}, {"data cells", 8}, {"delimiters", 2}},
		},
	}})
}
