package pipeline

import (
	"errors"

	"github.com/tokengen/tokengen/internal/model"
)

// expandTokens is replaced by internal/expand once it lands.
func expandTokens(list []*model.Token, e *model.Expand, c *model.Config, p *model.Platform, dtcg bool) ([]*model.Token, error) {
	return nil, errors.New("expand is not supported yet")
}
