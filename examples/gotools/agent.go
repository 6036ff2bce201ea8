package gotools

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Agent is a hand-written implementation of the generated Service: a weather
// and documentation agent over fixed data.
type Agent struct {
	Docs    []Doc
	Cleared []string // the cities ClearCache forgot, "*" for all
}

// Doc is one document the agent can find.
type Doc struct {
	ID, Title, URL string
}

var _ Service = (*Agent)(nil)

// GetWeather answers for known cities and fails for others; FORCAST_DAYS is
// optional, and when it is given it must be 1 to 7.
func (a *Agent) GetWeather(ctx context.Context, in GetWeatherInput) ([]GetWeatherOutput, error) {
	temps := map[string]string{"Paris": "18C", "New York": "30C"}
	t, ok := temps[in.City]
	if !ok {
		return nil, errors.New("Invalid city name")
	}
	days := int64(1)
	if in.ForcastDays != nil {
		days = *in.ForcastDays
	}
	if days < 1 || days > 7 {
		return nil, fmt.Errorf("FORCAST_DAYS must be 1 to 7, not %d", days)
	}
	rows := make([]GetWeatherOutput, 0, days)
	for range days {
		rows = append(rows, GetWeatherOutput{Temperature: t, Humidity: "70%", WindSpeed: "10mph"})
	}
	return rows, nil
}

// SearchDocuments returns the documents whose title holds the query, at most
// MAX_RESULTS of them; a document without a URL has none in its row.
func (a *Agent) SearchDocuments(ctx context.Context, in SearchDocumentsInput) ([]SearchDocumentsOutput, error) {
	var rows []SearchDocumentsOutput
	for _, d := range a.Docs {
		if in.MaxResults != nil && int64(len(rows)) >= *in.MaxResults {
			break
		}
		if !strings.Contains(strings.ToLower(d.Title), strings.ToLower(in.Query)) {
			continue
		}
		// An OUT str left "" is absent (_): a document without a URL.
		rows = append(rows, SearchDocumentsOutput{ID: d.ID, Title: d.Title, URL: d.URL, Relevance: ptr(1.0 / float64(len(rows)+1))})
	}
	return rows, nil
}

// ClearCache declares no OUT fields: it returns no rows, and its [RESULT] has
// only a status.
func (a *Agent) ClearCache(ctx context.Context, in ClearCacheInput) ([]ClearCacheOutput, error) {
	city := "*"
	if in.City != nil {
		city = *in.City
	}
	a.Cleared = append(a.Cleared, city)
	return nil, nil
}

func ptr[T any](v T) *T { return &v }
