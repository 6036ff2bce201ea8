// Package adslgen writes large, valid AgentDSL documents for benchmarks and
// scaling tests: a CUSTOMER table and an ORDERS table nested under it, with every
// column type, byte-deterministic per (rows, seed).
package adslgen

import (
	"bytes"
	"math/rand"
	"strconv"
)

var (
	names = []string{"Acme Corp", "Globex", "Initech", "Umbrella", "Zoë & Co", "北京贸易", "Stark Industries", "Wayne Enterprises"}
	tiers = []string{"ENTERPRISE", "SMB", "FREE"}
	tags  = []string{"rush", "gift", "fragile", "bulk", "eu", "us"}
)

// Table returns a document with rows ORDERS rows, nested under rows/10 (at least
// one) CUSTOMER rows, in parent order.
func Table(rows int, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	customers := max(1, rows/10)
	var b bytes.Buffer
	b.Grow(rows * 48)
	b.WriteString("[SCHEMA:CUSTOMER]\nID:int|NAME:str|TIER:str|SCORE:float|META:any\n\n[DATA]\n")
	for i := 1; i <= customers; i++ {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('|')
		b.WriteString(names[rng.Intn(len(names))])
		b.WriteByte('|')
		b.WriteString(tiers[rng.Intn(len(tiers))])
		b.WriteByte('|')
		b.WriteString(strconv.FormatFloat(rng.Float64()*100, 'f', 2, 64))
		b.WriteString(`|{"region":"eu-`)
		b.WriteString(strconv.Itoa(rng.Intn(9)))
		b.WriteString(`","vip":`)
		b.WriteString(strconv.FormatBool(rng.Intn(2) == 0))
		b.WriteString("}\n")
	}
	b.WriteString("\n[SCHEMA:ORDERS]\nID:int|@CUSTOMER.ID:int|SKU:str|QTY:int|PRICE:float|TAGS:str\n\n[DATA]\n")
	per := rows / customers
	c := 1
	for i := 1; i <= rows; i++ {
		if i > c*per && c < customers {
			c++
		}
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('|')
		b.WriteString(strconv.Itoa(c))
		b.WriteString("|SKU-")
		b.WriteString(strconv.Itoa(100000 + rng.Intn(900000)))
		b.WriteByte('|')
		b.WriteString(strconv.Itoa(1 + rng.Intn(500)))
		b.WriteByte('|')
		b.WriteString(strconv.FormatFloat(rng.Float64()*1000, 'f', 2, 64))
		b.WriteByte('|')
		if rng.Intn(4) == 0 {
			b.WriteString("_")
		} else {
			b.WriteString(tags[rng.Intn(len(tags))])
			if rng.Intn(2) == 0 {
				b.WriteByte(',')
				b.WriteString(tags[rng.Intn(len(tags))])
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}
